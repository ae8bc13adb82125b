"""Issue 28, item 3, against a real `tally serve` at the common 1,024 open-file limit:
1,100 idle connections without a key do not lock the key's holder out, and the flood is
logged once; a client sending one header byte at a time is dropped; a keyed connection
left idle is closed; the soft open-file limit is raised to the hard one at start."""

from __future__ import annotations

import resource
import socket
import time
from collections.abc import Iterator

import pytest

from .room import Served, key_of, raw_get, serving


@pytest.fixture
def tight(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    with serving(tmp_path_factory.mktemp("room3") / "club.sqlite3",
                 open_files=(1024, 1024)) as started:
        yield started


def port(room: Served) -> int:
    return int(room.base.rsplit(":", 1)[1])


def test_item3_idle_connections_without_a_key_do_not_lock_the_room(tight: Served) -> None:
    room = tight
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < 1300 and (hard == resource.RLIM_INFINITY or hard >= 1300):  # its 1,100
        resource.setrlimit(resource.RLIMIT_NOFILE, (1300, hard))
    assert resource.getrlimit(resource.RLIMIT_NOFILE)[0] >= 1300, "1,100 sockets needed"
    idle: list[socket.socket] = []
    try:
        for _ in range(1100):
            s = socket.socket()
            s.settimeout(5)
            try:
                s.connect(("127.0.0.1", port(room)))
            except OSError:  # refused at the door (the backlog full, a reset): fine
                s.close()
                continue
            idle.append(s)
        started = time.monotonic()
        status, _, body = raw_get(room, f"/board?key={key_of(room.board)}", timeout=10,
                                  limit=16 * 1024)  # the board's style comes before it
        assert status == 200 and b'id="board"' in body
        assert time.monotonic() - started < 5
        status, _, _ = raw_get(room, f"/?key={key_of(room.entry)}", timeout=10)
        assert status == 200
    finally:
        for s in idle:
            s.close()
    time.sleep(0.5)
    assert "Too many open files" not in room.log, room.log[-2000:]
    floods = [line for line in room.log.splitlines() if "without a key" in line]
    assert 1 <= len(floods) <= 2, floods  # said once (and once more when it is over)


def test_item3_slow_headers_and_idle_keyed_connections_are_dropped(tight: Served) -> None:
    room = tight
    slow = socket.create_connection(("127.0.0.1", port(room)), timeout=2)
    keyed = socket.create_connection(("127.0.0.1", port(room)), timeout=2)
    try:
        keyed.sendall(f"GET /board?key={key_of(room.board)} HTTP/1.1\r\nHost: x\r\n\r\n"
                      .encode())
        assert keyed.recv(12) == b"HTTP/1.1 200"
        closed: dict[str, float] = {}
        started = time.monotonic()
        request = b"GET /board HTTP/1.1\r\nHost: x\r\n"
        slow.settimeout(0.05)
        keyed.settimeout(0.05)
        sent = 0
        while len(closed) < 2 and time.monotonic() - started < 40:  # bounded: 40 s
            now = time.monotonic() - started
            for name, s in (("slow", slow), ("keyed", keyed)):
                if name in closed:
                    continue
                try:
                    if name == "slow" and now >= sent:  # one header byte a second
                        s.sendall(request[sent % len(request):][:1])
                        sent += 1
                    while s.recv(65536):  # (the keyed one's answer, read away)
                        pass
                    closed[name] = now  # b"": closed by the server
                except TimeoutError:
                    pass
                except OSError:
                    closed[name] = now
            time.sleep(0.05)
        assert set(closed) == {"slow", "keyed"}, closed
        assert closed["slow"] < 15 and closed["keyed"] < 25, closed
    finally:
        slow.close()
        keyed.close()


def test_item3_the_soft_open_file_limit_is_raised_to_the_hard_one(
        tmp_path_factory: pytest.TempPathFactory) -> None:
    with serving(tmp_path_factory.mktemp("room3b") / "club.sqlite3",
                 open_files=(256, 4096)) as room:
        with open(f"/proc/{room.process.pid}/limits") as f:
            line = next(x for x in f if x.startswith("Max open files"))
        assert line.split()[3:5] == ["4096", "4096"], line
