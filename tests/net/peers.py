"""Processes for the network tests and bench/lan_selftest.py: a host and guests, each in its own process
(started with multiprocessing's spawn, so this module imports nothing of pygame and runs nothing on import).

Each writes what it saw as JSON to ``out`` when it ends; the parent reads it.
"""
from __future__ import annotations

import json
import os
import random
import time
from pathlib import Path

#: The seats of a table under test: the host's person, two guests, one computer (first ``players`` of them).
TABLE = (("Host", "human"), ("Guest 1", "remote"), ("Guest 2", "remote"), ("Ada", "easy"), ("Bruno", "easy"))


def make_session(preset_id: str, seed: int, tmp: Path | None = None, seats=TABLE):
    """A host's session under ``preset_id``, autosaving into ``tmp`` when given."""
    from game.rules import preset
    from game.session import AIWorker, Seat, TableSession
    from game.store.autosave import AutosaveStore
    from game.store.paths import UserFolders

    rules = preset(preset_id)
    chosen = [Seat(name, kind) for name, kind in seats[:rules.players]]
    autosave = AutosaveStore(UserFolders(tmp, tmp)) if tmp is not None else None
    return TableSession.new(rules, seed, chosen, autosave=autosave, think_budget_ms=20,
                            worker=AIWorker(mode="thread"))


def write(out: str, result: dict) -> None:
    """Write ``result`` whole (a reader never sees half a file)."""
    path = Path(out)
    partial = path.with_suffix(".part")
    partial.write_text(json.dumps(result))
    os.replace(partial, path)


def run_guest(port: int, code: str, name: str, seed: int, out: str, token: str | None = None,
              die_after_moves: int | None = None, time_limit: float = 120.0, address: str = "127.0.0.1") -> None:
    """A guest joining ``port`` of ``address`` and playing random legal moves to the end; killed by itself
    (os._exit, as a crash would) after ``die_after_moves`` of its own moves. Writes its token at once to
    ``out + ".token"``."""
    from game.net import JoinRefused, TableClient
    from game.net.autoplay import guest_step

    received: list[tuple[float, str]] = []
    client = TableClient(address, port, code, name, token=token,
                         recorder=lambda text: received.append((time.monotonic(), text)))
    try:
        table = client.connect()
    except JoinRefused as refused:
        write(out, {"refused": refused.code, "params": refused.params})
        return
    write(out + ".token", {"token": table.token, "seat": table.seat})
    rng = random.Random(seed)
    moves: list[tuple[int, float]] = []   # (host history index of the guest's move, when it was sent)
    notices: list = []
    sent_at = [0.0]

    def moved(move, events):
        moves.append((table._base + len(table.history) - 1, sent_at[0]))
        if die_after_moves is not None and len(moves) >= die_after_moves:
            os._exit(9)

    start = time.monotonic()
    while time.monotonic() - start < time_limit:
        sent_at[0] = time.monotonic()
        if not guest_step(table, rng, notices, moved=moved):
            break
    notices += table.poll()   # what came with the end
    # The time each entry of the host's history arrived here (for the move latency across guests).
    arrivals = {}
    for at, text in received:
        message = json.loads(text)
        if message.get("type") == "table":
            for offset, entry in enumerate(message["entries"]):
                if entry["seat"] is not None:
                    arrivals.setdefault(message["start"] + offset, at)
    result = table.match_result()
    write(out, {"seat": table.seat, "ended": table.ended, "over": table.over, "moves": len(moves),
                "my_moves": moves, "arrivals": arrivals, "notices": [n.code for n in notices],
                "winners": list(result.winners) if result else None, "history": table._base + len(table.history),
                "bytes": sum(len(text.encode()) for _, text in received), "refused_messages": table.refused_messages,
                "seconds": time.monotonic() - start})
    table.close()


def run_host(preset_id: str, seed: int, out: str, port_file: str, code: str = "TEST",
             drop_wait: float = 30.0, time_limit: float = 120.0, guests: int = 2, seats=TABLE,
             hold_until: str | None = None, rate: float | None = None, bind: str | None = "127.0.0.1") -> None:
    """A host on ``bind`` (None: every address of the machine, as the game's host): a lobby until ``guests``
    have joined, then its person's moves at random until the match ends (then it waits a moment for the
    guests to see the end and closes). ``hold_until``: after 20 moves the table waits (polling, as a screen
    does) until that file exists. Every message it sends is audited for hidden cards."""
    from game.net import TableHost
    from game.net.audit import PrivacyAudit
    from game.net.autoplay import host_step

    session = make_session(preset_id, seed, seats=seats)
    audit = PrivacyAudit(session)
    options = {"rate": rate, "burst": int(rate)} if rate else {}
    host = TableHost(session, bind=bind, code=code, drop_wait=drop_wait, recorder=audit, **options)
    write(port_file, {"port": host.address[1]})
    rng = random.Random(seed)
    notices: list = []
    start = time.monotonic()
    while time.monotonic() - start < time_limit and sum(row.state == "connected" for row in host.lobby()) < guests:
        notices += host.poll()
        time.sleep(0.01)
    while time.monotonic() - start < time_limit and host_step(host, rng, notices):
        if hold_until is not None and session.moves_made >= 20:
            while not Path(hold_until).exists() and time.monotonic() - start < time_limit:
                notices += host.poll()
                time.sleep(0.002)
            hold_until = None
    deadline = time.monotonic() + 2
    while time.monotonic() < deadline:
        notices += host.poll()
        time.sleep(0.01)
    write(out, {"over": session.over, "moves": session.moves_made, "errors": host.errors,
                "refused_messages": host.refused_messages, "notices": [n.code for n in notices],
                "winners": list(session.winners), "messages": audit.messages, "leaks": audit.leaks,
                "bytes": {str(seat): count for seat, count in audit.bytes.items()},
                "seconds": time.monotonic() - start})
    host.close()
    session.close()


def wait_for_file(path: Path, timeout: float, process=None) -> dict:
    """The JSON in ``path`` once it is written; raises TimeoutError (or says the process died)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if path.exists():
            return json.loads(path.read_text())
        if process is not None and not process.is_alive() and not path.exists():
            time.sleep(0.2)
            if not path.exists():
                raise RuntimeError(f"the process ended ({process.exitcode}) without writing {path.name}")
        time.sleep(0.02)
    raise TimeoutError(f"{path} was not written in {timeout} s")
