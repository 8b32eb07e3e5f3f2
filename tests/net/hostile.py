"""Hostile guests for the fuzz test and bench/lan_selftest.py: messages no honest guest sends, and peers
that never speak or never read. Every message is made from a seeded random.Random."""
from __future__ import annotations

import json
import base64
import os
import random
import re
import socket
import threading

from websockets.sync.client import connect
from websockets.exceptions import ConnectionClosed

from game.net import PROTOCOL_VERSION

CARDS = [rank + suit for rank in ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
         for suit in "CDHS"] + ["X1", "X2"]


def hostile_message(rng: random.Random, ticket: int) -> str | bytes:
    """One message an honest guest never sends (or an honest one at the wrong time: out of turn, stale,
    a card it does not hold)."""
    pick = rng.randrange(16)
    if pick == 0:
        return "x" * rng.randrange(2049, 7000)                                     # over the size cap
    if pick == 1:
        return rng.choice(['{"type":"move"', "{", "[]", "null", "NaN", '{"type":"move","ticket":NaN,"move":"draw"}',
                           "\x00\xff", '{"a":' * 500 + "1" + "}" * 500, "1" * 5000])  # not JSON, or not an object
    if pick == 2:
        return bytes(rng.randrange(256) for _ in range(rng.randrange(1, 64)))      # a binary frame
    if pick == 3:
        return json.dumps({"type": rng.choice(["hello", "welcome", "table", "end", "", "MOVE", 7]),
                           "version": PROTOCOL_VERSION, "code": "TEST", "name": "x"})  # unknown or not the guest's
    if pick == 4:
        return json.dumps({"type": "move", "ticket": ticket, "move": "draw", "seat": rng.randrange(4)})  # another seat
    if pick == 5:
        return json.dumps({"type": "move", "ticket": rng.choice(["1", 1.5, True, None, -1, 2**80, [1]]),
                           "move": "draw"})                                         # wrong types
    if pick == 6:
        return json.dumps({"type": "move", "ticket": ticket,
                           "move": rng.choice([7, None, "", "9Z", "8S>X", "1S", "X0", "draw " * 3, ["8S"], "DRAW"])})
    if pick == 7:
        return json.dumps({"type": "move", "ticket": ticket})                          # a missing field
    if pick == 8:
        return json.dumps({"type": "move", "ticket": ticket - rng.randrange(1, 50), "move": "draw"})  # stale
    if pick == 9:
        return json.dumps({"type": "move", "ticket": ticket, "move": rng.choice(CARDS)})  # out of turn / not held
    if pick == 10:
        return json.dumps({"type": "move", "ticket": ticket, "move": rng.choice(["draw", "pass", "stop", "last"])})
    if pick == 11:
        return json.dumps({"type": "bye", "extra": 1})
    if pick == 12:
        return json.dumps({"type": "move", "ticket": 1e400, "move": "draw"}).replace("Infinity", "1e400")
    if pick == 13:
        return '{"type":"move","ticket":%d,"move":"draw","type":"bye"}' % ticket  # a key twice
    if pick == 14:
        return json.dumps({"type": "move", "ticket": ticket, "move": "\ud800"}, ensure_ascii=False).encode(
            "utf-8", "surrogatepass").decode("utf-8", "replace")
    return json.dumps({"type": "move", "ticket": ticket, "move": rng.choice(CARDS) + ">" + rng.choice("CDHS")})


def send_hostile(port: int, code: str, count: int, seed: int, name: str = "Mallory", token: str | None = None,
                 out: str | None = None, address: str = "127.0.0.1", window: int = 64,
                 settle_timeout: float = 60.0) -> dict:
    """Join as a guest and send ``count`` hostile messages (joining again if the host cuts it off), its
    tickets the latest version the host showed it; what happened (also written as JSON to ``out``).

    Every message the checker refuses is answered by one "problem" message: the sender counts the ones it
    expects (running the checker on what it sends: ``refusable``) and the ones it hears (``answered``),
    keeps at most ``window`` of them unanswered (so a slow host is never flooded into cutting it off, on
    a loaded machine too), and at the end waits until all are answered. ``answered == refusable`` proves
    the host read and checked every message, however late it got to them."""
    from game.net import MAX_GUEST_MESSAGE, ProtocolError
    from game.net.protocol import GUEST_MESSAGES, read_message

    rng = random.Random(seed)
    sent = reconnects = refusable = answered = replies = 0
    while sent < count:
        link = _HostileLink()
        try:
            with connect(f"ws://{_host_part(address)}:{port}/", open_timeout=10, max_size=2**22,
                         compression=None) as ws:
                ws.send(json.dumps({"type": "hello", "version": PROTOCOL_VERSION, "code": code, "name": name,
                                    "token": token}))
                welcome = json.loads(ws.recv(timeout=10))
                if welcome.get("type") != "welcome":
                    return _report(out, {"sent": sent, "reconnects": reconnects, "refused": welcome.get("code")})
                token = welcome["token"]
                threading.Thread(target=link.read_all, args=(ws,), daemon=True).start()
                while sent < count:
                    message = hostile_message(rng, link.version)
                    try:
                        refused = read_message(message, GUEST_MESSAGES, MAX_GUEST_MESSAGE)["type"] == "hello"
                    except ProtocolError:   # what the checker refuses, the host answers with a "problem"
                        refused = True
                    ws.send(message)
                    sent += 1
                    link.expected += refused
                    if link.expected - link.problems > window and not link.wait(window // 2, 30):
                        break
                if sent >= count:
                    link.wait(0, settle_timeout)
        except (ConnectionClosed, OSError, TimeoutError):
            pass
        refusable, answered, replies = refusable + link.expected, answered + link.problems, replies + link.replies
        if link.expected != link.problems:
            reconnects += 1
    return _report(out, {"sent": sent, "reconnects": reconnects, "refused": None, "refusable": refusable,
                         "answered": answered, "replies": replies})


class _HostileLink:
    """What one hostile connection heard: read by its own thread (a sender that never read would be cut
    off for that alone)."""

    def __init__(self) -> None:
        self.expected = self.problems = self.replies = self.version = 0
        self.closed = False
        self.changed = threading.Condition()

    def read_all(self, ws) -> None:
        try:
            while True:
                text = ws.recv()
                with self.changed:
                    self.replies += 1
                    if isinstance(text, str) and text.startswith('{"type":"problem"'):
                        self.problems += 1
                    elif isinstance(text, str) and text.startswith('{"type":"table"'):
                        found = re.search(r'"view":\{"version":(\d+)', text)
                        if found:
                            self.version = int(found.group(1))
                    self.changed.notify_all()
        except (ConnectionClosed, OSError):
            pass
        with self.changed:
            self.closed = True
            self.changed.notify_all()

    def wait(self, behind: int, timeout: float) -> bool:
        """Wait until at most ``behind`` refusals are unanswered; False if the connection ended first."""
        with self.changed:
            self.changed.wait_for(lambda: self.expected - self.problems <= behind or self.closed, timeout)
            return self.expected - self.problems <= behind


def _host_part(address: str) -> str:
    return f"[{address}]" if ":" in address else address


def _report(out: str | None, result: dict) -> dict:
    if out is not None:
        with open(out + ".part", "w") as file:
            json.dump(result, file)
        os.replace(out + ".part", out)
    return result


def bad_hellos(port: int, code: str, seed: int, count: int) -> list[str]:
    """``count`` connections each opening with a bad hello (or none, or another version); the host's answers."""
    rng = random.Random(seed)
    answers = []
    for index in range(count):
        hello = rng.choice([
            {"type": "hello", "version": PROTOCOL_VERSION + 1, "code": code, "name": "New"},
            {"type": "hello", "version": PROTOCOL_VERSION, "code": code, "name": ""},
            {"type": "hello", "version": PROTOCOL_VERSION, "code": code, "name": "x" * 500},
            {"type": "hello", "version": PROTOCOL_VERSION, "code": code, "name": "a\x00b"},
            {"type": "hello", "version": "1", "code": code, "name": "x"},
            {"type": "hello", "version": PROTOCOL_VERSION, "code": code, "name": "x", "admin": True},
            {"type": "move", "ticket": 0, "move": "draw"},
            {"type": "hello", "version": PROTOCOL_VERSION, "code": code, "name": "x", "token": "Z" * 32},
            {"type": "hello", "version": PROTOCOL_VERSION, "code": code + "X", "name": "x"},
        ])
        try:
            with connect(f"ws://127.0.0.1:{port}/", open_timeout=10, compression=None) as ws:
                ws.send(json.dumps(hello))
                answers.append(json.loads(ws.recv(timeout=10)).get("code", "welcome"))
        except (ConnectionClosed, OSError, TimeoutError, ValueError):
            answers.append("closed")
    return answers


class SilentPeer:
    """A TCP connection that never speaks (not even the WebSocket handshake), or, ``joined``, joins and then
    never reads again (it answers no ping)."""

    def __init__(self, port: int, code: str = "", joined: bool = False) -> None:
        self.socket = socket.create_connection(("127.0.0.1", port), timeout=10)
        self.socket.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        if joined:
            key = base64.b64encode(os.urandom(16)).decode()
            self.socket.sendall((f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
                                 f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
                                 ).encode())
            self.socket.sendall(masked_frame(json.dumps({"type": "hello", "version": PROTOCOL_VERSION, "code": code,
                                                         "name": "Sleepy"})))

    def closed_by_host(self, timeout: float) -> bool:
        """Whether the host has hung up (read only now, to see the end)."""
        self.socket.settimeout(timeout)
        try:
            while True:
                data = self.socket.recv(65536)
                if not data:
                    return True
        except ConnectionResetError:
            return True
        except (TimeoutError, socket.timeout):
            return False

    def close(self) -> None:
        """Hang up."""
        self.socket.close()


def masked_frame(text: str) -> bytes:
    """One masked WebSocket text frame (a client's frames are masked)."""
    payload = text.encode()
    mask = os.urandom(4)
    length = len(payload)
    header = bytes([0x81]) + (bytes([0x80 | length]) if length < 126 else bytes([0x80 | 126]) + length.to_bytes(2, "big"))
    return header + mask + bytes(byte ^ mask[i % 4] for i, byte in enumerate(payload))
