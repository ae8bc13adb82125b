"""Line breaking for Japanese and English text, by terminal display width.

Japanese has no spaces between words: a line may break between any two CJK characters, but
never inside a Latin word or a number (`Ooba`, `−25`, `10C`), and kinsoku shori keeps closing
punctuation, small kana and the long-vowel mark off the start of a line (`。` `、` `）` `ー` `っ`)
and opening brackets off its end (`（` `「`). English breaks at spaces only.
"""

from __future__ import annotations

import unicodedata

from ..textwidth import width

# may not start a line (JIS X 4051 line-start prohibited characters, the common ones)
NO_START = set("、。，．,.)）」』】〕〉》］｝〙〗»・：；:;!?！？‼⁇⁈⁉ーゝゞヽヾ々〻"
               "ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶㇰㇱㇲㇳㇴㇵㇶㇷㇸㇹㇺㇻㇼㇽㇾㇿ"
               "…‥〜～%％")
# may not end a line
NO_END = set("(（「『【〔〈《［｛〘〖«")


def is_cjk(ch: str) -> bool:
    """A character a Japanese line may break around (wide or fullwidth, or a kana)."""
    if unicodedata.east_asian_width(ch) in ("W", "F"):
        return True
    name = unicodedata.name(ch, "")
    return name.startswith(("HIRAGANA", "KATAKANA", "CJK", "HALFWIDTH KATAKANA"))


def is_katakana(ch: str) -> bool:
    """A katakana letter or the long-vowel mark: the letters of a loanword (パック, ゲーム)."""
    return ch == "ー" or unicodedata.name(ch, "").startswith("KATAKANA LETTER")


def units(text: str) -> list[str]:
    """`text` cut where a line may break: spaces are their own units, a Latin word or number
    is one unit, a katakana word one, each other CJK character another, with kinsoku
    characters glued to a neighbour."""
    out: list[str] = []
    glue_next = False  # the last unit ends with an opening bracket
    for ch in text:
        if ch.isspace():
            out.append(ch)
            glue_next = False
            continue
        prev = out[-1] if out else ""
        prev_is_word = bool(prev) and not prev.isspace()
        if prev_is_word and (glue_next or ch in NO_START):
            out[-1] += ch
        elif prev_is_word and is_katakana(ch) and is_katakana(prev[-1]):
            out[-1] += ch  # a katakana word is one word (パック, never パ / ック)
        elif prev_is_word and not is_cjk(ch) and (not is_cjk(prev[-1]) or (ch.isascii()
                                                  and ch.isalpha())):
            out[-1] += ch  # inside a Latin word or a number, or a letter ending a term (スタP)
        else:
            out.append(ch)
        glue_next = ch in NO_END
    return out


def wrap(text: str, size: int) -> list[str]:
    """`text` as lines of at most `size` columns (a unit wider than that is cut by columns).

    >>> wrap("手役は配られた7枚で決まります。", 10)
    ['手役は配ら', 'れた7枚で', '決まりま', 'す。']
    """
    size = max(1, size)
    lines: list[str] = []
    line = ""
    for unit in units(text):
        if unit.isspace():
            if line and width(line) + width(unit) <= size:
                line += unit
            elif line:
                lines.append(line.rstrip())
                line = ""
            continue
        if width(line) + width(unit) <= size:
            line += unit
            continue
        if line.strip():
            lines.append(line.rstrip())
        line = ""
        while width(unit) > size:  # longer than a line: cut by columns, as a terminal would
            cut = _fit(unit, size)
            while cut > 1 and unit[cut] in NO_START:  # a long katakana word: never ー first
                cut -= 1
            lines.append(unit[:cut])
            unit = unit[cut:]
        line = unit
    if line.strip() or not lines:
        lines.append(line.rstrip())
    return lines


def _fit(unit: str, size: int) -> int:
    used = 0
    for i, ch in enumerate(unit):
        used += width(ch)
        if used > size:
            return max(1, i)
    return len(unit)


def has_cjk(text: str) -> bool:
    return any(is_cjk(ch) for ch in text)


def _visible(text: str) -> int:
    """Columns `text` takes once Markdown's markers are drawn as styles."""
    return width(text.replace("**", "").replace("`", "").replace("\x00", " "))


def wrap_markdown(text: str, size: int, *, list_indent: int = 4) -> str:
    """Japanese Markdown with its paragraphs and list items broken into lines of `size`
    columns here (hard breaks), so the renderer, which breaks only at spaces, never has to.

    Headings and English blocks are left alone; a code span never breaks."""
    blocks = []
    for block in text.split("\n\n"):
        if not has_cjk(block) or block.startswith(("#", "|", "```")):
            blocks.append(block)
            continue
        items, current = [], ""
        for line in block.split("\n"):
            if line.startswith(("- ", "* ")) or not current:
                if current:
                    items.append(current)
                current = line
            else:
                current += " " + line.strip() if not has_cjk(line[:1]) else line.strip()
        items.append(current)
        out = []
        for item in items:
            bullet = item[:2] if item.startswith(("- ", "* ")) else ""
            body = item[len(bullet):]
            limit = size - (list_indent if bullet else 0)
            lines = _wrap_visible(_protect_code(body), limit)
            lines = [line.replace("\x00", " ") for line in lines]
            indent = "  " if bullet else ""
            out.append(bullet + ("\\\n" + indent).join(lines))
        blocks.append("\n".join(out))
    return "\n\n".join(blocks)


def _protect_code(text: str) -> str:
    parts = text.split("`")
    return "`".join(p.replace(" ", "\x00") if i % 2 else p for i, p in enumerate(parts))


def _wrap_visible(text: str, size: int) -> list[str]:
    """`wrap`, measuring by the width Markdown will draw."""
    lines: list[str] = []
    line = ""
    for unit in units(text):
        if unit.isspace():
            if line and _visible(line + unit) <= size:
                line += unit
            elif line:
                lines.append(line.rstrip())
                line = ""
            continue
        if not line or _visible(line + unit) <= size:
            line += unit
            continue
        lines.append(line.rstrip())
        line = unit
    if line.strip():
        lines.append(line.rstrip())
    return lines or [""]


def script_groups(text: str, size: int = 0) -> list[str]:
    """`text` cut at the spaces where it changes language (`スタP start player` →
    `スタP`, `start player`); with `size`, neighbouring groups that fit together are joined."""
    groups: list[str] = []
    for word in text.split():
        if groups and has_cjk(word) == has_cjk(groups[-1].split()[-1]):
            groups[-1] += " " + word
        else:
            groups.append(word)
    if size <= 0:
        return groups
    joined: list[str] = []
    for group in groups:
        if joined and width(joined[-1]) + 1 + width(group) <= size:
            joined[-1] += " " + group
        else:
            joined.append(group)
    return joined
