"""Esc followed at once by a letter, in one burst through a real terminal:
the dialog closes and the letter does what it does on the screen behind — it is never typed
into the field as Alt+letter. The app runs as `tally tui` on a pseudo-terminal, as tmux's
`send-keys Escape a` drives it: the bytes `ESC a` in one write."""

from __future__ import annotations

import fcntl
import os
import select
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest

from ledger.service import Tally

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="a Linux pseudo-terminal")

WAIT = 30.0  # seconds at most for the app to draw what a step waits for (never reached)


class Terminal:
    """`tally tui` on a pseudo-terminal of 80×24: what it draws is read, keys are written."""

    def __init__(self, db: Path, home: Path) -> None:
        self.master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        env = {**os.environ, "TERM": "xterm-256color", "HOME": str(home),
               "XDG_CONFIG_HOME": str(home / "config"), "XDG_DATA_HOME": str(home / "data"),
               "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"}
        env.pop("TALLY_DB", None)
        self.process = subprocess.Popen(
            [sys.executable, "-m", "ledger.cli.main", "--db", str(db), "--lang", "en", "tui"],
            stdin=slave, stdout=slave, stderr=slave, env=env, start_new_session=True)
        os.close(slave)
        self.seen = b""

    def wait_for(self, text: str) -> None:
        """Read what the app draws until `text` has been drawn (since the last wait)."""
        end = time.monotonic() + WAIT
        while text.encode() not in self.seen:
            assert time.monotonic() < end, f"never drew {text!r}"
            ready, _, _ = select.select([self.master], [], [], 0.2)
            if ready:
                self.seen += os.read(self.master, 65536)
        self.seen = b""

    def write(self, keys: str) -> None:
        os.write(self.master, keys.encode())

    def close(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
        os.close(self.master)


def test_escape_then_a_letter_in_one_write(tally: Tally, tui_db: Path, tmp_path: Path) -> None:
    """On the roster, `a Zed` then `ESC a` in one write, then `Ann⏎`: the first prompt is
    cancelled (nothing saved), the `a` opens a new one, and Ann joins — before, the prompt
    stayed open with "Zeda" in it and "ZedaAnn" joined."""
    tally.new_night("2026-01-09", "The Crown")  # not tonight: the app opens on the nights
    terminal = Terminal(tui_db, tmp_path)
    try:
        terminal.wait_for("Who keeps the score")
        terminal.write("\x1b")  # (alone: the question is put off)
        terminal.wait_for("New night")
        terminal.write("r")
        terminal.wait_for("Add player")
        terminal.write("a")
        terminal.wait_for("Cancel")
        terminal.write("Zed")
        terminal.wait_for("Zed")
        terminal.write("\x1ba")  # Esc and a, together
        time.sleep(1.0)  # (whatever the app makes of them, it has made by now)
        terminal.write("Ann\r")
        end = time.monotonic() + WAIT
        while not tally.players() and time.monotonic() < end:
            time.sleep(0.1)
        time.sleep(0.5)
        assert [p.name for p in tally.players()] == ["Ann"]
    finally:
        terminal.close()


@pytest.mark.parametrize(("typed", "keys"), [
    ("\x1ba", ["escape", "a"]),  # (before: alt+a)
    ("\x1bA", ["escape", "A"]),  # (alt+shift+a)
    ("\x1b1", ["escape", "1"]),  # (inverted_exclamation_mark)
    ("\x1b\x7f", ["escape", "backspace"]),  # (ctrl+w)
    ("\x1b\x1ba", ["escape", "escape", "a"]),  # (escape, alt+a)
    ("x\x1bay", ["x", "escape", "a", "y"]),
    ("\x1b[A", ["up"]), ("\x1bOP", ["f1"]), ("\x1b[1;3A", ["alt+up"]),  # sequences stay
    ("\x1b\x1b[A", ["escape", "up"]), ("\x1b", ["escape"]), ("\x1b\x1b", ["escape", "escape"]),
])
def test_the_parser_reads_escape_then_the_key(typed: str, keys: list[str]) -> None:
    """What Textual's parser makes of one read, once `escape_then_key` is installed (a lone
    Esc is told when its wait ends, as the driver's `tick` says)."""
    from textual._xterm_parser import XTermParser

    from tui.compat_textual import escape_then_key

    escape_then_key()
    parser = XTermParser()
    read = list(parser.feed(typed))
    time.sleep(0.15)  # (past ESCDELAY)
    read += list(parser.tick())
    assert [e.key for e in read if hasattr(e, "key")] == keys
