// Tally's phone entry: the live preview and the outbox. The page works without this file
// (the form posts and the server redraws it); this only redraws in place as fields change,
// and keeps a save made while the network is down until it can be sent.
//
// What the screen shows is what is saved. Every input counts (`edits`); a redraw asked is
// drawn only if it is the last one asked and nothing was changed since it was sent, so an
// answer never puts back a value typed over meanwhile, and a group is replaced only where
// what it asks changed (values still typed carried over, the focus kept). Save takes the
// fields as they stand at the tap; if the preview on screen is not theirs it asks for it
// first, draws it, and sends the save with the preview's identity, which the server checks
// against its own preview of the same fields.
(function () {
  "use strict";
  var form = document.getElementById("deal");
  if (!form) return;
  var fields = document.getElementById("fields") || document.createElement("div");
  var preview = document.getElementById("preview") || document.createElement("div");
  var box = document.getElementById("outbox") || document.createElement("p");
  var said = box.dataset;  // the page's words for what the script says
  var edits = 0, asked = 0, pending = 0, timer = 0;
  var drawnFor = null, shown = "";  // the fields the preview on screen answers, its identity
  function busy() {
    if (pending || timer) form.setAttribute("data-busy", ""); else form.removeAttribute("data-busy");
  }
  function data(extra) {
    var d = new URLSearchParams(new FormData(form));
    var open = form.querySelectorAll("details[data-fold][open]");  // drawn open again
    for (var i = 0; i < open.length; i++) d.append("open", open[i].dataset.fold);
    for (var k in extra || {}) d.set(k, extra[k]);
    return d;
  }
  function facts(d) {  // the part of a form's data a preview answers: its fields
    var out = new URLSearchParams();
    d.forEach(function (v, k) { if (k.indexOf("|") >= 0) out.append(k, v); });
    return out.toString();
  }
  // an answer: {status, j}; a table or night gone: {gone}; the network lost: rejected
  function ask(url, body) {
    return fetch(url, {method: "POST", body: body, credentials: "same-origin",
      headers: {"X-Tally-Fetch": "1"}}).then(function (r) {
        var json = r.json().catch(function () { return {}; });
        if (r.ok || r.status === 409) return json.then(function (j) { return {status: r.status, j: j}; });
        if ([401, 403, 404, 410].indexOf(r.status) >= 0)
          return json.then(function (j) { return {status: r.status, j: j, gone: true}; });
        throw new Error("http " + r.status);
      });
  }
  function errors(j) {
    var shown = fields.querySelectorAll("p.err[id^='err-']");
    for (var i = 0; i < shown.length; i++) {
      var f = shown[i].id.slice(4), line = (j.errors || {})[f];
      if (f === "form") continue;
      shown[i].textContent = line || "";
      shown[i].hidden = !line;
      shown[i].parentNode.classList.toggle("bad", !!line);
    }
  }
  function notes(j) {  // what the engine says beside a field (the indicator's Ooba ×2)
    var said = j.said || {}, shown = fields.querySelectorAll("p.said");
    for (var i = 0; i < shown.length; i++) {
      var f = shown[i].id.slice(5);
      if (said[f]) shown[i].textContent = said[f]; else shown[i].remove();
    }
    for (var k in said) {
      var group = fields.querySelector("fieldset[data-field='" + k + "']");
      if (!group || document.getElementById("said-" + k)) continue;
      var p = document.createElement("p");
      p.className = "said"; p.id = "said-" + k; p.setAttribute("aria-live", "polite");
      p.textContent = said[k];
      group.querySelector("legend").after(p);
    }
  }
  // ---- redrawing: only the groups whose questions changed --------------------------------
  function group(el) { return el.matches("details") ? el.querySelector("fieldset") || el : el; }
  function keyOf(el) {
    var g = group(el);
    return g.dataset && g.dataset.field ? "f:" + g.dataset.field : el.id ? "#" + el.id :
      "n:" + (el.getAttribute("name") || el.outerHTML);
  }
  function shape(el) {  // what a group asks, without what is filled in or said of it
    var g = group(el);
    if (!g.matches("fieldset")) return g.outerHTML;
    var c = g.cloneNode(true);
    c.classList.remove("bad");
    c.querySelectorAll("p.err, p.said").forEach(function (p) { p.remove(); });
    c.querySelectorAll("input").forEach(function (i) {
      i.removeAttribute("checked");
      if (i.type === "text") i.removeAttribute("value");
    });
    return c.outerHTML;
  }
  function values() {  // the controls' values on screen, by name
    var out = {};
    fields.querySelectorAll("input[name]:not([type=hidden])").forEach(function (i) {
      var list = out[i.name] = out[i.name] || [];
      if (i.type === "radio" || i.type === "checkbox") { if (i.checked) list.push(i.value); }
      else list.push(i.value);
    });
    return out;
  }
  function carry(el, had) {  // a new group keeps what the screen held in its controls
    el.querySelectorAll("input[name]:not([type=hidden])").forEach(function (i) {
      var v = had[i.name];
      if (!v) return;
      if (i.type === "radio" || i.type === "checkbox") i.checked = v.indexOf(i.value) >= 0;
      else i.value = v[0];
    });
    return el;
  }
  function patch(html) {
    var t = document.createElement("template");
    t.innerHTML = html;
    var old = {}, had = values(), focus = document.activeElement;
    var name = focus && fields.contains(focus) ? focus.name : null;
    var at = name && focus.selectionStart != null ? [focus.selectionStart, focus.selectionEnd] : null;
    Array.prototype.forEach.call(fields.children, function (el) { old[keyOf(el)] = el; });
    var next = Array.prototype.map.call(t.content.children, function (el) {
      var was = old[keyOf(el)];
      return was && shape(was) === shape(el) ? was : carry(el, had);
    });
    Array.prototype.slice.call(fields.children).forEach(function (el) {
      if (next.indexOf(el) < 0) el.remove();
    });
    next.forEach(function (el, i) {  // the groups kept stay in place (the focus with them)
      if (fields.children[i] !== el) fields.insertBefore(el, fields.children[i] || null);
    });
    if (name && !fields.contains(focus)) {
      var again = fields.querySelector("input[name='" + CSS.escape(name) + "']:not([type=radio])");
      if (again) { again.focus(); if (at) again.setSelectionRange(at[0], at[1]); }
    }
  }
  function draw(j) {
    patch(j.fields);
    errors(j); notes(j);
    preview.innerHTML = j.preview;
  }
  // a redraw asked: drawn if still the screen's (the last asked, nothing changed since);
  // resolves to "drawn", "overtaken" or "lost"
  function draft() {
    clearTimeout(timer); timer = 0;
    var mine = ++asked, at = edits, body = data(), of = facts(body);
    pending++; busy();
    return ask(form.dataset.draft, body).then(function (a) {
      if (a.gone) { gone(a, null); return "lost"; }
      if (mine !== asked || at !== edits) return "overtaken";
      draw(a.j); drawnFor = of; shown = a.j.shown || "";
      return "drawn";
    }, function () { return "lost"; }).then(function (state) {
      pending--; busy(); return state;
    });
  }
  form.addEventListener("change", function (e) {
    var t = e.target;
    if (t.type === "radio" || t.type === "checkbox") { edits++; draft(); }
  });
  form.addEventListener("input", function (e) {
    var t = e.target;
    if (t.type === "radio" || t.type === "checkbox" || t.name === "reason") return;
    edits++;
    clearTimeout(timer);
    timer = setTimeout(draft, 200);
    busy();
  });
  document.addEventListener("click", function (e) {
    var b = e.target.closest && e.target.closest("button[data-expect],button[data-same]");
    if (!b) return;
    e.preventDefault();
    if (b.dataset.expect) form.elements.expect.value = b.dataset.expect;
    save(b.dataset.same ? {same: "yes"} : {});
  });
  form.addEventListener("submit", function (e) {
    var s = e.submitter;
    if (s && s.value === "update") return;
    e.preventDefault();
    save(s && s.value === "void" ? {action: "void"} : {});
  });
  // ---- saving -------------------------------------------------------------------------
  var saving = false, entry = !!form.elements.key, untouched = -1;  // edits at a fresh form
  function line(text) {
    var p = document.getElementById("save-error") || document.getElementById("fix-error");
    if (!p) return;
    p.textContent = text || ""; p.hidden = !text;
    if (text) p.scrollIntoView({block: "center"});
  }
  function save(extra) {
    if (saving) return;
    if (edits === untouched) { box.scrollIntoView({block: "start"}); return; }  // nothing new
    var body = data(Object.assign({action: "save"}, extra)), at = edits;
    var of = facts(body), voiding = body.get("action") === "void";
    saving = true;
    line("");
    var ready = voiding || (drawnFor === of && !pending && !timer) ? Promise.resolve("drawn")
      : draft();
    ready.then(function (state) {
      if (state === "overtaken" || edits !== at) {  // changed since the tap: look again
        saving = false; line(said.changed); return null;
      }
      if (state === "drawn" && !voiding && drawnFor === of && shown) body.set("shown", shown);
      return send(form.getAttribute("action"), body).then(function (j) {
        saving = false;
        if (j) answer(j);
      });
    });
  }
  function answer(j) {
    if (j.saved) { location.assign(j.saved); return; }
    var fe = document.getElementById("fix-error");
    if (fe) { fe.textContent = j.fix_error || ""; fe.hidden = !j.fix_error; }
    var old = document.getElementById("conflict") || document.getElementById("same");
    if (old) old.remove();
    if (j.fields !== undefined) {
      draw(j); drawnFor = null; shown = "";
    }
    if (j.conflict) {
      var div = document.createElement("div");
      div.innerHTML = j.conflict;
      form.parentNode.insertBefore(div.firstElementChild, form);
      if (j.next) form.elements.expect.value = j.next;
      window.scrollTo(0, 0);
    } else {
      var bad = fields.querySelector(".bad") || document.getElementById("err-form");
      if (bad) bad.scrollIntoView({block: "center"});
    }
  }
  function newKey() {
    var bytes = new Uint8Array(12);
    crypto.getRandomValues(bytes);
    form.elements.key.value = Array.prototype.map.call(bytes, function (b) {
      return ("0" + b.toString(16)).slice(-2); }).join("");
  }
  function used(j) {  // the form's key saved another deal: this one stays, to save anew
    if (entry) newKey();
    line(j.error || "");
  }
  function send(url, body) {
    return ask(url, body).then(function (a) {
      if (a.gone) { line(goneLine(a)); return null; }
      if (a.status === 409 && a.j.form_used !== undefined) { used(a.j); return null; }
      return a.j;
    }, function () {
      queue(url, body);
      return null;
    });
  }
  // ---- the outbox: a save the network lost is kept here and sent when it can be ----------
  var KEY = "tally-outbox:" + location.pathname, LOST = KEY + ":not-saved";
  var blank = {fields: fields.innerHTML, preview: preview.innerHTML};
  var lostBox = document.getElementById("not-saved");
  function read(key) { try { return JSON.parse(localStorage.getItem(key) || "[]"); } catch (x) { return []; } }
  function waiting() { return read(KEY); }
  function keep(list) { localStorage.setItem(KEY, JSON.stringify(list)); show(); }
  function content() {  // the deal in words, to copy: the preview's summary, else the fields
    var s = preview.querySelector(".summary");
    if (s && s.textContent) return s.textContent;
    var out = [];
    fields.querySelectorAll("fieldset.field").forEach(function (g) {
      var got = [];
      g.querySelectorAll("input").forEach(function (i) {
        if ((i.type === "radio" || i.type === "checkbox") && i.checked)
          got.push(i.parentNode.textContent.trim());
        else if (i.type === "text" && i.value)
          got.push((i.closest("label").querySelector("span") || {}).textContent + " " + i.value);
      });
      if (got.length) out.push(g.querySelector("legend").textContent + ": " + got.join(", "));
    });
    return out.join("; ");
  }
  function queue(url, body) {
    var number = body.get("expect") || form.dataset.number || "", key = body.get("key") || url;
    var list = waiting().filter(function (x) { return (x.key || x.url) !== key; });
    list.push({url: url, body: body.toString(), key: key, number: number, text: content()});
    keep(list);
    if (entry) fresh(Number(number) + 1);
    box.scrollIntoView({block: "start"});
  }
  function number(n) {
    var h = document.getElementById("deal-n");
    if (h) h.textContent = (h.dataset.text || "").replace("{n}", n);
    form.elements.expect.value = String(n);
  }
  function fresh(n) {  // the form now stands for the next deal: a key of its own, empty
    fields.innerHTML = blank.fields;
    preview.innerHTML = blank.preview;
    var old = document.getElementById("conflict") || document.getElementById("same");
    if (old) old.remove();
    newKey();
    number(n);
    drawnFor = null; shown = "";
    untouched = edits;
  }
  function show() {
    var list = waiting(), n = list.length;
    box.hidden = !n;
    box.textContent = "";
    if (!n) return;
    var head = document.createElement("p");
    head.className = "line";
    head.textContent = (n === 1 ? said.n1 : said.nx).replace("{deals}", list.map(
      function (x) { return x.number; }).join(", ")).replace("{n}", n);
    box.appendChild(head);
    list.forEach(function (x) {
      if (!x.text) return;
      var p = document.createElement("p");
      p.className = "note"; p.textContent = x.text;
      box.appendChild(p);
    });
  }
  function goneLine(a) {
    if (a.j && a.j.error) return (said.notSaved || "{line}").replace("{line}", a.j.error);
    return a.status === 410 ? said.closed : a.status === 404 ? said.deleted : said.link;
  }
  function showLost() {
    if (!lostBox) return;
    var list = read(LOST);
    lostBox.hidden = !list.length;
    lostBox.textContent = "";
    list.forEach(function (x, i) {
      var p = document.createElement("p");
      p.className = "err"; p.textContent = x.line;
      var copy = document.createElement("textarea");
      copy.readOnly = true; copy.rows = 3; copy.value = x.text;
      var ok = document.createElement("button");
      ok.type = "button"; ok.textContent = said.dismiss;
      ok.addEventListener("click", function () {
        var now = read(LOST); now.splice(i, 1);
        localStorage.setItem(LOST, JSON.stringify(now)); showLost();
      });
      lostBox.append(p, copy, ok);
    });
  }
  function notSaved(item, text) {
    var list = read(LOST);
    var deal = (said.dealN || "{n}").replace("{n}", item.number);
    list.push({line: text, text: item.number ? deal + ": " + item.text : item.text});
    localStorage.setItem(LOST, JSON.stringify(list));
    showLost();
  }
  function gone(a, item) {  // a table deleted, a night closed: said, never waited on
    if (item) notSaved(item, goneLine(a)); else line(goneLine(a));
  }
  // a waiting deal not saved: the deals after it, and the form, take the numbers from
  // `from` on (the dropped deal's, or the table's next when another device saved one)
  function renumber(dropped, from) {
    var n = Number(from || dropped.number);
    if (!entry || !n) return;
    keep(waiting().map(function (x) {
      var b = new URLSearchParams(x.body);
      x.number = String(n++);
      b.set("expect", x.number);
      x.body = b.toString();
      return x;
    }));
    if (Number(form.elements.expect.value) >= Number(dropped.number)) number(n);
  }
  var flushing = false, sent = null;
  function flush() {
    var list = waiting();
    if (flushing || !list.length) return;
    flushing = true;
    var first = list[0];
    ask(first.url, new URLSearchParams(first.body)).then(function (a) {
      flushing = false;
      keep(waiting().filter(function (x) { return (x.key || x.url) !== (first.key || first.url); }));
      var quiet = !entry || edits === untouched;  // the form on screen holds nothing new
      if (a.j.saved) sent = a.j.saved;
      else if (!a.gone && !(a.status === 409 && a.j.form_used !== undefined) && quiet) {
        answer(a.j);  // refused, or asked about: shown in the form, to settle there
        if (entry) { form.elements.key.value = first.key; number(first.number); }
        untouched = -1;
      } else if (a.gone) gone(a, first);  // the table or night gone: nothing after it saves
      else {  // not saved, said with its content; the deals after it are sent as next
        notSaved(first, a.j.error || (a.j.errors && Object.values(a.j.errors)[0]) || "");
        renumber(first, a.j.next);
      }
      if (waiting().length) flush();
      else if (sent && quiet && !read(LOST).length) location.assign(sent);  // none to read
    }, function () { flushing = false; });
  }
  if (entry && waiting().length) untouched = edits;  // reloaded with deals waiting: fresh
  show();
  showLost();
  setInterval(flush, 3000);
  window.addEventListener("online", flush);
  flush();
})();
