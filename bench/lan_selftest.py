"""Network play end to end on localhost: a host and two guests as processes of their own, a whole match of
every preset, 10,000 hostile messages (in the first match, while the table waits on its person), every
message to each guest audited for cards it may not see.

    .venv/bin/python bench/lan_selftest.py [--hostile 10000] [--presets crazy_eights,switch]

Prints a line per match and ends with ONE JSON line: matches, moves, leaked_cards, hostile_messages,
host_errors, move_p95_ms (a guest's move shown on the other guest: from the moment it was sent to the
moment the other guest received it, p95), and more.
"""
from __future__ import annotations

import argparse
import json
import multiprocessing
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.rules import PRESETS  # noqa: E402
from tests.net.hostile import send_hostile  # noqa: E402
from tests.net.peers import TABLE, run_guest, run_host, wait_for_file  # noqa: E402

HOSTILE_TABLE = (*TABLE[:3], ("Mallory", "remote"), *TABLE[4:])


def one_match(spawn, folder: Path, preset_id: str, seed: int, hostile: int) -> dict:
    """A whole match of ``preset_id``: the host's and the guests' reports, and the hostile guest's."""
    folder.mkdir(parents=True)
    port_file, host_out = folder / "port.json", folder / "host.json"
    attack_done = folder / "attack.json"
    host = spawn.Process(target=run_host, args=(preset_id, seed, str(host_out), str(port_file)),
                         kwargs={"seats": HOSTILE_TABLE, "drop_wait": 0.5, "time_limit": 300,
                                 "hold_until": str(attack_done) if hostile else None,
                                 "rate": 1e6 if hostile else None})
    host.start()
    port = wait_for_file(port_file, 60, host)["port"]
    guests = []
    for index in (1, 2):
        out = folder / f"guest{index}.json"
        process = spawn.Process(target=run_guest, args=(port, "TEST", f"Guest {index}", seed + index, str(out)),
                                kwargs={"time_limit": 300})
        process.start()
        guests.append((process, out))
    attack = None
    if hostile:
        for _process, out in guests:   # the attack begins once both guests sit at the table
            wait_for_file(out.with_name(out.name + ".token"), 60)
        attack = spawn.Process(target=send_hostile, args=(port, "TEST", hostile, seed),
                               kwargs={"out": str(attack_done)})
        attack.start()
    reports = [wait_for_file(out, 320, process) for process, out in guests]
    host_report = wait_for_file(host_out, 60, host)
    attack_report = wait_for_file(attack_done, 60, attack) if attack is not None else {"sent": 0}
    for process in [host, *(process for process, _out in guests), *([attack] if attack else [])]:
        process.join(30)
    return {"host": host_report, "guests": reports, "attack": attack_report}


def latencies_ms(guests: list[dict]) -> list[float]:
    """For each guest's move: how long until the other guest had it."""
    found = []
    for mover, other in ((guests[0], guests[1]), (guests[1], guests[0])):
        for index, sent_at in mover["my_moves"]:
            arrived = other["arrivals"].get(str(index))
            if arrived is not None:
                found.append((arrived - sent_at) * 1000)
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hostile", type=int, default=10_000)
    parser.add_argument("--presets", default=",".join(PRESETS))
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    spawn = multiprocessing.get_context("spawn")
    totals = {"matches": 0, "moves": 0, "leaked_cards": 0, "hostile_messages": 0, "host_errors": 0,
              "refused_by_host": 0, "guest_refused": 0, "matches_alike": 0, "bytes_to_guests": 0}
    delays: list[float] = []
    started = time.monotonic()
    with tempfile.TemporaryDirectory() as temp:
        for number, preset_id in enumerate(args.presets.split(",")):
            hostile = args.hostile if number == 0 else 0
            report = one_match(spawn, Path(temp) / preset_id, preset_id, args.seed + number, hostile)
            host, guests = report["host"], report["guests"]
            alike = all(guest["over"] and guest["winners"] == host["winners"] and guest["ended"] is None
                        for guest in guests)
            delays += latencies_ms(guests)
            totals["matches"] += host["over"]
            totals["moves"] += host["moves"]
            totals["leaked_cards"] += len(host["leaks"])
            totals["hostile_messages"] += report["attack"]["sent"]
            totals["host_errors"] += host["errors"]
            totals["refused_by_host"] += host["refused_messages"]
            totals["guest_refused"] += sum(guest["refused_messages"] for guest in guests)
            totals["matches_alike"] += alike
            totals["bytes_to_guests"] += sum(guest["bytes"] for guest in guests)
            print(f"{preset_id}: over={host['over']} moves={host['moves']} leaks={len(host['leaks'])} "
                  f"alike={alike} hostile={report['attack']['sent']} refused={host['refused_messages']} "
                  f"errors={host['errors']} {host['seconds']:.1f} s", flush=True)
    totals.update(delay_figures(delays))
    totals["seconds"] = round(time.monotonic() - started, 1)
    print(json.dumps(totals))


def delay_figures(delays: list[float]) -> dict:
    """The median and p95 of the moves' delays in ms, and how many were timed (None without any)."""
    delays = sorted(delays)
    return {"move_p50_ms": round(statistics.median(delays), 2) if delays else None,
            "move_p95_ms": round(delays[int(0.95 * (len(delays) - 1))], 2) if delays else None,
            "moves_timed": len(delays)}


if __name__ == "__main__":
    main()
