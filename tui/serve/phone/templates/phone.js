// Tally's phone entry: the live preview and the outbox. The page works without this file
// (the form posts and the server redraws it); this only redraws in place as fields change,
// and keeps a save made while the network is down until it can be sent.
(function () {
  "use strict";
  var form = document.getElementById("deal");
  if (!form) return;
  var fields = document.getElementById("fields") || document.createElement("div");
  var preview = document.getElementById("preview") || document.createElement("div");
  var seq = {true: 0, false: 0}, timer = 0;  // the latest redraw asked, whole or preview
  function data(extra) {
    var d = new URLSearchParams(new FormData(form));
    var open = form.querySelectorAll("details[data-fold][open]");  // drawn open again
    for (var i = 0; i < open.length; i++) d.append("open", open[i].dataset.fold);
    for (var k in extra || {}) d.set(k, extra[k]);
    return d;
  }
  function post(url, body) {
    return fetch(url, {method: "POST", body: body, credentials: "same-origin",
      headers: {"X-Tally-Fetch": "1"}}).then(function (r) {
        if (!r.ok && r.status !== 409) throw new Error("http " + r.status);
        return r.json();
      });
  }
  function errors(j) {
    var shown = fields.querySelectorAll("p.err[id^='err-']");
    for (var i = 0; i < shown.length; i++) {
      var f = shown[i].id.slice(4), line = (j.errors || {})[f];
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
  function draw(j, whole) {
    if (whole) fields.innerHTML = j.fields; else { errors(j); notes(j); }
    preview.innerHTML = j.preview;
  }
  function draft(whole) {
    var mine = ++seq[whole];
    post(form.dataset.draft, data()).then(function (j) {
      if (mine === seq[whole]) draw(j, whole);  // an answer overtaken is dropped
    }).catch(function () {});
  }
  form.addEventListener("change", function (e) {
    var t = e.target;
    if (t.type === "radio" || t.type === "checkbox") draft(true);
  });
  form.addEventListener("input", function (e) {
    if (e.target.type === "radio") return;
    clearTimeout(timer);
    timer = setTimeout(function () { draft(false); }, 200);
  });
  document.addEventListener("click", function (e) {
    var b = e.target.closest && e.target.closest("button[data-expect],button[data-same]");
    if (!b) return;
    e.preventDefault();
    if (b.dataset.expect) form.elements.expect.value = b.dataset.expect;
    save(b.dataset.same ? {same: "yes"} : {});
  });
  var busy = false;
  function save(extra) {
    if (busy) return;
    busy = true;
    var body = data(Object.assign({action: "save"}, extra));
    send(form.getAttribute("action"), body).then(function (j) {
      busy = false;
      if (j) answer(j);
    });
  }
  function answer(j) {
    if (j.saved) { location.assign(j.saved); return; }
    var fe = document.getElementById("fix-error");
    if (fe) { fe.textContent = j.fix_error || ""; fe.hidden = !j.fix_error; }
    var old = document.getElementById("conflict") || document.getElementById("same");
    if (old) old.remove();
    draw(j, true);
    if (j.conflict) {
      var box = document.createElement("div");
      box.innerHTML = j.conflict;
      form.parentNode.insertBefore(box.firstElementChild, form);
      if (j.next) form.elements.expect.value = j.next;
      window.scrollTo(0, 0);
    } else {
      var bad = fields.querySelector(".bad");
      if (bad) bad.scrollIntoView({block: "center"});
    }
  }
  form.addEventListener("submit", function (e) {
    var s = e.submitter;
    if (s && s.value === "update") return;
    e.preventDefault();
    save(s && s.value === "void" ? {action: "void"} : {});
  });
  // ---- the outbox: a save the network lost is kept here and sent when it can be ----------
  var KEY = "tally-outbox:" + location.pathname;
  var box = document.getElementById("outbox");
  function waiting() { try { return JSON.parse(localStorage.getItem(KEY) || "[]"); } catch (x) { return []; } }
  function keep(list) { localStorage.setItem(KEY, JSON.stringify(list)); show(); }
  function show() {
    var n = waiting().length;
    box.hidden = !n;
    box.textContent = n ? (box.dataset["n" + (n === 1 ? "1" : "x")] || "").replace("{n}", n) : "";
  }
  function send(url, body) {
    return post(url, body).catch(function () {
      var list = waiting();
      list.push({url: url, body: body.toString()});
      keep(list);
      busy = false;
      // the form now stands for the next deal: a key of its own, the number after
      var bytes = new Uint8Array(12);
      crypto.getRandomValues(bytes);
      form.elements.key.value = Array.prototype.map.call(bytes, function (b) {
        return ("0" + b.toString(16)).slice(-2); }).join("");
      form.elements.expect.value = String(Number(form.elements.expect.value) + 1);
      return null;
    });
  }
  function flush() {
    var list = waiting();
    if (!list.length) return;
    var first = list[0];
    post(first.url, new URLSearchParams(first.body)).then(function (j) {
      keep(waiting().slice(1));  // sent: its answer is shown (saved, or why not)
      if (!j.saved || !waiting().length) answer(j);
      else flush();
    }).catch(function () {});
  }
  show();
  setInterval(flush, 3000);
  window.addEventListener("online", flush);
  flush();
})();
