"""Whole matches across processes on localhost: the host here, two guests in processes of their own;
every message to each guest audited for cards it may not see; a guest killed mid-hand that rejoins; the
host leaving or killed."""
from __future__ import annotations

import multiprocessing
import random
import time

import pytest

from game.net import TableHost
from game.net.audit import PrivacyAudit
from game.net.autoplay import host_step

from .peers import make_session, run_guest, run_host, wait_for_file

SPAWN = multiprocessing.get_context("spawn")


def start_guest(port, tmp_path, name, seed, **options):
    out = tmp_path / f"{name.replace(' ', '_')}.json"
    process = SPAWN.Process(target=run_guest, args=(port, "test", name, seed, str(out)), kwargs=options, daemon=True)
    process.start()
    return process, out


def play_host(host, rng, until, time_limit=90.0):
    """Step the host until ``until()`` or the match ends; the notices it gave."""
    notices = []
    start = time.monotonic()
    while time.monotonic() - start < time_limit and not until():
        if not host_step(host, rng, notices):
            break
    return notices


def guests_joined(host, count):
    return sum(row.state == "connected" for row in host.lobby()) >= count


def lobby(host, count, time_limit=60.0):
    """Wait, polling as the host's lobby screen does, until ``count`` guests have joined."""
    notices = []
    start = time.monotonic()
    while time.monotonic() - start < time_limit and not guests_joined(host, count):
        notices += host.poll()
        time.sleep(0.01)
    assert guests_joined(host, count)
    return notices


@pytest.fixture
def hosted(tmp_path):
    made = []

    def host(preset_id="crazy_eights", seed=11, **options):
        session = make_session(preset_id, seed, tmp_path)
        audit = PrivacyAudit(session)
        table = TableHost(session, bind="127.0.0.1", code="TEST", recorder=audit, **options)
        made.append(table)
        return table, audit

    yield host
    for table in made:
        table.close()
        table.session.close()


def test_a_whole_match_with_two_guests_in_processes_ends_alike_everywhere_and_leaks_no_card(hosted, tmp_path):
    host, audit = hosted("crazy_eights_action", seed=5)
    port = host.address[1]
    guests = [start_guest(port, tmp_path, f"Guest {i}", seed=i) for i in (1, 2)]
    rng = random.Random(3)
    assert [n.code for n in lobby(host, 2)] == ["joined", "joined"]
    play_host(host, rng, until=lambda: host.session.over)
    assert host.session.over
    results = []
    for process, out in guests:
        deadline = time.monotonic() + 30
        while not out.exists() and time.monotonic() < deadline:
            host.poll()
            time.sleep(0.01)
        results.append(wait_for_file(out, 5, process))
        process.join(10)
    assert {result["seat"] for result in results} == {1, 2}
    for result in results:
        assert result["over"] and result["ended"] is None
        assert result["winners"] == list(host.session.winners)
        assert result["history"] == len(host.session.history)
        assert result["moves"] > 5 and result["refused_messages"] == 0
    assert host.errors == 0 and host.refused_messages == 0
    assert audit.messages > 100 and audit.leaks == []
    # What the guests read is what the host sent them, byte for byte.
    assert sorted(result["bytes"] for result in results) == sorted(audit.bytes[seat] for seat in (1, 2))


def test_a_guest_killed_mid_hand_is_waited_for_then_played_by_a_computer_until_it_rejoins(hosted, tmp_path):
    host, audit = hosted("crazy_eights", seed=8, drop_wait=1.0, ping_interval=1.0, ping_timeout=1.0)
    port = host.address[1]
    doomed, doomed_out = start_guest(port, tmp_path, "Guest 1", seed=1, die_after_moves=3)
    other, other_out = start_guest(port, tmp_path, "Guest 2", seed=2)
    rng = random.Random(4)
    lobby(host, 2)
    seat = wait_for_file(doomed_out.with_name(doomed_out.name + ".token"), 10)
    seen = []
    start = time.monotonic()
    while time.monotonic() - start < 60 and not any(n.code == "computer_took" for n in seen):
        if not host_step(host, rng, seen):
            break
    codes = [n.code for n in seen]
    assert doomed.exitcode == 9, "the guest should have died by its own hand mid-match"
    assert "waiting_for" in codes and "computer_took" in codes
    assert codes.index("waiting_for") < codes.index("computer_took")
    assert next(row.state for row in host.lobby() if row.seat == seat["seat"]) == "away"
    moves_before = host.session.moves_made
    play_host(host, rng, until=lambda: host.session.moves_made > moves_before + 8)   # the computer plays the seat
    assert not host.session.over, "the match should still be on (pick a longer one)"
    back, back_out = start_guest(port, tmp_path, "Guest 1 again", seed=5, token=seat["token"])
    notices = play_host(host, rng, until=lambda: host.session.over)
    assert "rejoined" in [n.code for n in seen + notices] or any(n.code == "rejoined" for n in notices)
    assert host.session.over and host.errors == 0
    for process, out in ((back, back_out), (other, other_out)):
        deadline = time.monotonic() + 30
        while not out.exists() and time.monotonic() < deadline:
            host.poll()
            time.sleep(0.01)
        result = wait_for_file(out, 5, process)
        assert result["over"] and result["winners"] == list(host.session.winners)
    assert wait_for_file(back_out, 1)["seat"] == seat["seat"]
    assert audit.leaks == []


def test_the_host_leaving_ends_the_match_for_every_guest(hosted, tmp_path):
    host, _ = hosted("crazy_eights", seed=9)
    port = host.address[1]
    guests = [start_guest(port, tmp_path, f"Guest {i}", seed=i) for i in (1, 2)]
    rng = random.Random(5)
    lobby(host, 2)
    play_host(host, rng, until=lambda: host.session.moves_made > 12)
    host.close()
    for process, out in guests:
        result = wait_for_file(out, 20, process)
        assert result["ended"] == "host_quit" and "host_quit" in result["notices"]


def test_the_host_killed_ends_the_table_for_every_guest_without_a_hang(tmp_path):
    port_file = tmp_path / "port.json"
    host = SPAWN.Process(target=run_host, args=("crazy_eights", 12, str(tmp_path / "host.json"), str(port_file)),
                         kwargs={"time_limit": 120}, daemon=True)
    host.start()
    port = wait_for_file(port_file, 30, host)["port"]
    guests = [start_guest(port, tmp_path, f"Guest {i}", seed=i) for i in (1, 2)]
    for _process, out in guests:
        wait_for_file(out.with_name(out.name + ".token"), 30)
    time.sleep(0.5)   # a few moves in
    host.kill()
    host.join(10)
    for process, out in guests:
        result = wait_for_file(out, 20, process)
        assert result["ended"] == "connection_lost" and "connection_lost" in result["notices"]
        assert result["winners"] is None and result["moves"] >= 0   # cut off mid-match, not at its end
