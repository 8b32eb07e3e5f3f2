"""Discovery of tables on the home network (game/net/discovery.py), with real zeroconf on this machine.

Advertising and browsing need multicast to reach this machine's own listener; where it does not (some
CI boxes and containers), those tests skip and say why. The check of what comes in from the network,
a machine with no network interface at all, and a machine with no multicast route run everywhere (the
last one in a network namespace of its own where the system allows one).
"""
from __future__ import annotations

import os
import shutil
import socket
import struct
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from game.net.discovery import (FAILED, NO_NETWORK, SERVICE_TYPE, TABLE_NAME_LENGTH, FoundTable, TableAdvert,
                                TableBrowser, found_table, local_addresses)

REPO = Path(__file__).resolve().parents[2]
GOOD = {b"v": b"3", b"name": "Mia's table".encode(), b"open": b"2", b"seats": b"4", b"port": b"50123"}
SERVICE = f"Mia's table.{SERVICE_TYPE}"


def multicast_loops_back() -> str | None:
    """None when a multicast datagram sent here comes back to a listener here, else why not."""
    group, port = "239.255.83.83", 0
    try:
        listener = socket.socket(socket.AF_INET, socket.SOCK_DGRAM, socket.IPPROTO_UDP)
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(("", 0))
        port = listener.getsockname()[1]
        listener.setsockopt(socket.IPPROTO_IP, socket.IP_ADD_MEMBERSHIP,
                            struct.pack("4s4s", socket.inet_aton(group), socket.inet_aton("0.0.0.0")))
        listener.settimeout(1.0)
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM, socket.IPPROTO_UDP) as sender:
            sender.setsockopt(socket.IPPROTO_IP, socket.IP_MULTICAST_LOOP, 1)
            sender.setsockopt(socket.IPPROTO_IP, socket.IP_MULTICAST_TTL, 1)
            sender.sendto(b"crazy-eights probe", (group, port))
        data = listener.recv(64)
        listener.close()
        return None if data == b"crazy-eights probe" else "a stranger's datagram came back"
    except OSError as error:
        return f"multicast does not loop back on this machine ({error})"


@pytest.fixture(scope="module")
def multicast():
    reason = multicast_loops_back()
    if reason is not None:
        pytest.skip(f"discovery needs multicast, and {reason}; joining by address is tested in tests/ui "
                    "and by net-core's tests")


def wait_for(condition, seconds: float = 10.0) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.05)
    return condition()


# ----- what comes in from the network -------------------------------------------------------------


def test_a_well_formed_advert_is_a_table():
    table = found_table(SERVICE, dict(GOOD), ["fe80::1", "127.0.0.1", "192.168.1.20"], 50123)
    assert table == FoundTable(SERVICE, "Mia's table", "192.168.1.20", 50123, 3, 2, 4)


@pytest.mark.parametrize("change", [
    {b"v": b"-1"}, {b"v": b"1.5"}, {b"v": b" 3"}, {b"v": None}, {b"v": "3"},
    {b"open": b"4"}, {b"open": b"9"}, {b"seats": b"1"}, {b"seats": b"8"}, {b"open": b"NaN"},
    {b"port": b"0"}, {b"port": b"70000"}, {b"port": b"50124"},
    {b"name": b"\xff\xfe"}, {b"name": b"x" * 1000}, {b"name": b"   "},
    {"name": b"str key"}, {**{f"k{i}".encode(): b"1" for i in range(20)}},
])
def test_anything_else_is_left_out(change):
    properties = {**GOOD, **change}
    if change == {b"v": None}:
        properties[b"v"] = None
    assert found_table(SERVICE, properties, ["192.168.1.20"], 50123) is None


def test_a_missing_property_an_odd_address_or_a_foreign_service_is_left_out():
    for key in GOOD:
        assert found_table(SERVICE, {k: v for k, v in GOOD.items() if k != key}, ["192.168.1.20"], 50123) is None
    assert found_table(SERVICE, dict(GOOD), ["fe80::1"], 50123) is None
    assert found_table(SERVICE, dict(GOOD), ["999.1.1.1"], 50123) is None
    assert found_table("x._http._tcp.local.", dict(GOOD), ["192.168.1.20"], 50123) is None
    assert found_table(SERVICE, dict(GOOD), ["192.168.1.20"], None) is None


def test_an_ipv4_address_comes_first_then_an_ipv6_one_a_friend_can_type_then_loopback():
    def address(addresses):
        table = found_table(SERVICE, dict(GOOD), addresses, 50123)
        return table and table.address
    assert address(["fd00::5", "192.168.1.20"]) == "192.168.1.20"
    assert address(["fe80::1", "127.0.0.1", "2001:db8::7", "fd00::5"]) == "2001:db8::7"
    assert address(["127.0.0.1", "fd00::5"]) == "fd00::5"
    for useless in ("fe80::1", "::1", "ff02::fb", "::", "::ffff:192.168.1.20", "fd00::5%eth0", "fd00::g"):
        assert address([useless]) is None, useless
    assert address(["::1", "127.0.0.1"]) == "127.0.0.1"


def test_an_advert_names_ipv6_addresses_a_friend_can_type_but_no_link_local_one():
    advert = TableAdvert("Mia", 5000, 1, 1, 4, addresses=["10.0.0.2", "fd00::2", "fe80::1", "::1", "bogus"])
    assert advert.addresses == ["10.0.0.2", "fd00::2"]
    assert sorted(advert._info(1).parsed_addresses()) == ["10.0.0.2", "fd00::2"]


def test_a_long_name_is_cut_and_its_spaces_folded():
    properties = {**GOOD, b"name": ("Wohnzimmer \n\t " + "ä" * 60).encode()}
    table = found_table(SERVICE, properties, ["10.0.0.5"], 50123)
    assert table is not None and len(table.name) == TABLE_NAME_LENGTH and "\n" not in table.name
    assert table.name.startswith("Wohnzimmer ä")


def test_local_addresses_end_with_loopback_and_are_ipv4():
    addresses = local_addresses()
    assert addresses[-1] == "127.0.0.1"
    for address in addresses:
        socket.inet_aton(address)


def test_an_advert_checks_its_own_numbers():
    with pytest.raises(ValueError):
        TableAdvert("Mia", 0, 1, 1, 4)
    with pytest.raises(ValueError):
        TableAdvert("Mia", 5000, 1, 4, 4)
    assert TableAdvert("  Mia \n ", 5000, 1, 1, 4, addresses=["10.0.0.2"]).table_name == "Mia"


# ----- no network ------------------------------------------------------------------------------------


def test_no_interface_to_send_on_is_a_problem_not_a_crash():
    # 203.0.113.7 (a documentation address) belongs to no interface here: zeroconf cannot open a socket.
    started = time.monotonic()
    advert = TableAdvert("Mia", 50123, 3, 1, 4, addresses=["203.0.113.7"], interfaces=["203.0.113.7"])
    browser = TableBrowser(interfaces=["203.0.113.7"])
    advert.start()
    browser.start()
    assert advert.settled.wait(5) and browser.settled.wait(5)
    assert advert.problem in (NO_NETWORK, FAILED) and browser.problem in (NO_NETWORK, FAILED)
    assert browser.tables() == []
    advert.update(0)
    advert.close(wait=2)
    browser.close(wait=2)
    assert time.monotonic() - started < 5


NO_ROUTE_SCRIPT = textwrap.dedent("""
    import sys, time
    sys.path.insert(0, {repo!r})
    from game.net.discovery import TableAdvert, TableBrowser
    started = time.monotonic()
    advert = TableAdvert("Mia", 50123, 3, 1, 4, addresses=["192.168.1.20"])
    browser = TableBrowser()
    advert.start(); browser.start()
    assert advert.settled.wait(10) and browser.settled.wait(10)
    time.sleep(0.5)
    tables = browser.tables()
    advert.close(wait=3); browser.close(wait=3)
    print("problems", advert.problem, browser.problem, "tables", len(tables),
          "seconds", round(time.monotonic() - started, 1))
""")


def test_a_machine_with_no_multicast_route_neither_hangs_nor_crashes():
    """In a network namespace whose only interface (loopback) is down there is no route for multicast;
    advertising and browsing say so and end at once."""
    unshare = shutil.which("unshare")
    if unshare is None:
        pytest.skip("needs unshare(1) to make a network namespace with no route; not installed here")
    probe = subprocess.run([unshare, "-rn", "true"], capture_output=True, text=True)
    if probe.returncode != 0:
        pytest.skip(f"this system does not let a user make a network namespace: {probe.stderr.strip()}")
    done = subprocess.run([unshare, "-rn", sys.executable, "-c", NO_ROUTE_SCRIPT.format(repo=str(REPO))],
                          capture_output=True, text=True, timeout=30, env={**os.environ, "PYTHONPATH": str(REPO)})
    assert done.returncode == 0, done.stderr
    words = done.stdout.split()
    assert words[:3] == ["problems", NO_NETWORK, NO_NETWORK], done.stdout
    assert words[4] == "0" and float(words[6]) < 5


# ----- on the network ------------------------------------------------------------------------------


def test_an_advertised_table_is_listed_updated_and_gone_after_its_goodbye(multicast):
    browser = TableBrowser(recheck_seconds=0.5)
    advert = TableAdvert("Mia's table", 50123, 3, 2, 4, addresses=["192.168.1.20"])
    browser.start()
    advert.start()
    try:
        assert advert.settled.wait(10) and advert.problem is None, advert.problem
        assert browser.problem is None
        assert wait_for(lambda: any(t.service == advert.service for t in browser.tables())), \
            "the table never showed in the browser"
        table = next(t for t in browser.tables() if t.service == advert.service)
        assert (table.name, table.address, table.port, table.version, table.open_seats, table.seats) == \
            ("Mia's table", "192.168.1.20", 50123, 3, 2, 4)
        seen = browser.changes
        advert.update(1)
        assert wait_for(lambda: any(t.service == advert.service and t.open_seats == 1 for t in browser.tables())), \
            "the open seats were never updated"
        assert browser.changes > seen
        advert.close(wait=5)
        assert wait_for(lambda: all(t.service != advert.service for t in browser.tables())), \
            "the table stayed listed after its host said goodbye"
    finally:
        advert.close(wait=2)
        browser.close(wait=2)


KILLED_HOST_SCRIPT = textwrap.dedent("""
    import sys, time
    sys.path.insert(0, {repo!r})
    from game.net.discovery import TableAdvert
    advert = TableAdvert("Vanishing table", 50999, 3, 1, 3, addresses=["192.168.1.21"], ttl=2)
    advert.start()
    advert.settled.wait(10)
    print(advert.service, flush=True)
    time.sleep(60)
""")


def test_a_host_killed_without_goodbye_leaves_the_list_when_its_records_run_out(multicast):
    browser = TableBrowser(recheck_seconds=0.5)
    browser.start()
    host = subprocess.Popen([sys.executable, "-c", KILLED_HOST_SCRIPT.format(repo=str(REPO))],
                            stdout=subprocess.PIPE, text=True)
    try:
        service = host.stdout.readline().strip()
        assert service.endswith(SERVICE_TYPE), service
        assert wait_for(lambda: any(t.service == service for t in browser.tables())), "never listed"
        host.kill()   # no goodbye
        host.wait(5)
        assert wait_for(lambda: all(t.service != service for t in browser.tables()), 15), \
            "a table whose host was killed stayed listed"
    finally:
        host.kill()
        browser.close(wait=2)
