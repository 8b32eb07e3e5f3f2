"""Network play between two "computers": the host in one Linux network namespace, two guests in another,
joined by a veth pair (tests/net/namespaces.py), so every message crosses a real network interface, not
loopback. A whole match of every preset (guest 1 joins by the host's IPv4 address, guest 2 by its IPv6
address), hostile messages across the cable in the first match, and discovery across it (the table advertised
in the host's namespace, looked for in the guests').

    sudo .venv/bin/python bench/two_hosts.py [--hostile 10000] [--presets crazy_eights,switch]

Needs root and iproute2 (says why and ends with {"skipped": ...} otherwise); the namespaces are deleted at
the end, also after a failure. Prints a line per match and ends with ONE JSON line.
"""
from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.lan_selftest import delay_figures, latencies_ms  # noqa: E402
from game.rules import PRESETS  # noqa: E402
from tests.net.namespaces import HOST_IPV4, HOST_IPV6, NetworkPair, missing  # noqa: E402
from tests.net.peers import TABLE, wait_for_file  # noqa: E402

HOSTILE_TABLE = (*TABLE[:3], ("Mallory", "remote"), *TABLE[4:])


def one_match(pair: NetworkPair, folder: Path, preset_id: str, seed: int, hostile: int) -> dict:
    """A whole match of ``preset_id`` across the cable: the host's report, the guests' and the attacker's."""
    folder.mkdir(parents=True)
    attack_done = folder / "attack.json"
    host = pair.run(pair.host, "tests.net.peers:run_host", folder / "host.log", preset_id=preset_id, seed=seed,
                    out=str(folder / "host.json"), port_file=str(folder / "port.json"), bind=None,
                    seats=HOSTILE_TABLE, drop_wait=0.5, time_limit=300,
                    hold_until=str(attack_done) if hostile else None, rate=1e6 if hostile else None)
    port = wait_for_file(folder / "port.json", 60)["port"]
    guests = [pair.run(pair.guest, "tests.net.peers:run_guest", folder / f"guest{i}.log", port=port, code="TEST",
                       name=f"Guest {i}", seed=seed + i, out=str(folder / f"guest{i}.json"), address=address,
                       time_limit=300)
              for i, address in ((1, HOST_IPV4), (2, HOST_IPV6))]
    attack = {"sent": 0}
    if hostile:
        for i in (1, 2):   # the attack begins once both guests sit at the table
            wait_for_file(folder / f"guest{i}.json.token", 60)
        pair.run(pair.guest, "tests.net.hostile:send_hostile", folder / "attack.log", port=port, code="TEST",
                 count=hostile, seed=seed, out=str(attack_done), address=HOST_IPV4)
        attack = wait_for_file(attack_done, 300)
    reports = [wait_for_file(folder / f"guest{i}.json", 320) for i in (1, 2)]
    hosted = wait_for_file(folder / "host.json", 60)
    for process in (host, *guests):
        process.wait(30)
    return {"host": hosted, "guests": reports, "attack": attack}


def discovery(pair: NetworkPair, folder: Path) -> dict:
    """The table advertised in the host's namespace, looked for in the guests': what was found, how fast."""
    folder.mkdir(parents=True)
    pair.run(pair.host, "tests.net.namespaces:advertise", folder / "advert.log", port=47474,
             out=str(folder / "advert.json"), seconds=30)
    started = wait_for_file(folder / "advert.json.started", 30)
    pair.run(pair.guest, "tests.net.namespaces:browse", folder / "browse.log", out=str(folder / "browse.json"),
             seconds=20)
    browsed = wait_for_file(folder / "browse.json", 40)
    return {"advert_problem": started["problem"], "browse_problem": browsed["problem"],
            "found": [table["address"] for table in browsed["tables"]], "seconds": browsed["seconds"]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hostile", type=int, default=10_000)
    parser.add_argument("--presets", default=",".join(PRESETS))
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    reason = missing()
    if reason is not None:
        print(f"not run: {reason}")
        print(json.dumps({"skipped": reason}))
        return
    totals = {"matches": 0, "matches_alike": 0, "moves": 0, "leaked_cards": 0, "host_errors": 0,
              "hostile_messages": 0, "hostile_refusable": 0, "hostile_answered": 0, "bytes_to_guests": 0}
    delays: list[float] = []
    started = time.monotonic()
    pair = NetworkPair()
    with tempfile.TemporaryDirectory() as temp, pair:
        found = discovery(pair, Path(temp) / "discovery")
        print(f"discovery across the cable: found {found['found']} in {found['seconds']} s "
              f"(problems: advert {found['advert_problem']}, browser {found['browse_problem']})", flush=True)
        for number, preset_id in enumerate(args.presets.split(",")):
            report = one_match(pair, Path(temp) / preset_id, preset_id, args.seed + number,
                               args.hostile if number == 0 else 0)
            host, guests = report["host"], report["guests"]
            alike = all(guest.get("over") and guest["winners"] == host["winners"] and guest["ended"] is None
                        for guest in guests)
            delays += latencies_ms(guests)
            totals["matches"] += host["over"]
            totals["matches_alike"] += alike
            totals["moves"] += host["moves"]
            totals["leaked_cards"] += len(host["leaks"])
            totals["host_errors"] += host["errors"]
            totals["hostile_messages"] += report["attack"]["sent"]
            totals["hostile_refusable"] += report["attack"].get("refusable", 0)
            totals["hostile_answered"] += report["attack"].get("answered", 0)
            totals["bytes_to_guests"] += sum(guest.get("bytes", 0) for guest in guests)
            print(f"{preset_id}: over={host['over']} moves={host['moves']} alike={alike} "
                  f"leaks={len(host['leaks'])} hostile={report['attack']['sent']} errors={host['errors']} "
                  f"{host['seconds']:.1f} s", flush=True)
        totals["cable"] = pair.traffic()
    totals["namespaces_left"] = pair.exists()
    totals["discovery_found"] = found["found"]
    totals["discovery_seconds"] = found["seconds"]
    totals.update(delay_figures(delays))
    totals["seconds"] = round(time.monotonic() - started, 1)
    print(json.dumps(totals))


if __name__ == "__main__":
    main()
