"""IPv6: the game's host listens on IPv4 and IPv6 at once (one dual-stack socket), so a friend may type either
kind of address; the address box reads every way an IPv6 address is written. Joins over ``::1`` and over a
link-local ``fe80::…%interface`` skip, saying why, on a machine without IPv6."""
from __future__ import annotations

import random
import socket
import threading
import time

import pytest

from game.net import JoinRefused, TableClient, TableHost
from game.net.address import AddressError, split_address
from game.net.audit import PrivacyAudit
from game.net.host import listening_socket

from .peers import make_session, wait_for_file
from .test_lan_match import lobby, play_host, start_guest


def ipv6_loopback_missing() -> str | None:
    """Why this machine cannot listen on ::1 (None when it can)."""
    if not socket.has_ipv6:
        return "this Python was built without IPv6"
    try:
        with socket.create_server(("::1", 0), family=socket.AF_INET6):
            return None
    except OSError as error:
        return f"no IPv6 loopback on this machine (::1: {error})"


def link_local_address() -> str | None:
    """An IPv6 link-local address of this machine with its zone (``fe80::…%eth0``), or None."""
    import ifaddr

    for adapter in ifaddr.get_adapters():
        for ip in adapter.ips:
            if ip.is_IPv6 and ip.ip[0].lower().startswith("fe80:") and ip.ip[2]:
                return f"{ip.ip[0]}%{adapter.name}"
    return None


NO_IPV6 = ipv6_loopback_missing()
needs_ipv6 = pytest.mark.skipif(NO_IPV6 is not None, reason=f"IPv6 not tested: {NO_IPV6}")


@pytest.mark.parametrize("typed, host, port", [
    ("192.168.1.20", "192.168.1.20", None),
    ("192.168.1.20:47474", "192.168.1.20", 47474),   # as the host's screen shows it
    ("pc-kitchen.local", "pc-kitchen.local", None),
    ("küche.local:5000", "küche.local", 5000),
    ("::1", "::1", None),
    ("[::1]", "::1", None),
    (" [::1]:47474 ", "::1", 47474),
    ("fd00::2", "fd00::2", None),
    ("fe80::1%eth0", "fe80::1%eth0", None),
    ("[fe80::1%12]:47474", "fe80::1%12", 47474),   # Windows numbers its networks
    ("::ffff:192.168.1.20", "::ffff:192.168.1.20", None),
])
def test_the_address_box_reads_names_ipv4_and_ipv6_with_or_without_a_port(typed, host, port):
    assert split_address(typed) == (host, port)


@pytest.mark.parametrize("typed, code", [
    ("", "address"), ("a b", "address"), ("http://192.168.1.20", "address"), ("[::1", "address"),
    ("[::1]x", "address"), ("::g", "address"), ("1:2:3", "address"), ("[pc.local]:80", "address"),
    ("fe80::1%e th0", "address"), ("fe80::1%", "address"), ("192.168.1.20:", "address"), ("pc/x", "address"),
    ("x" * 300, "address"), ("192.168.1.20:0", "port"), ("[::1]:65536", "port"),
    ("fe80::1", "address_zone"), ("[fe80::1]:47474", "address_zone"),
])
def test_an_address_typed_wrong_is_refused_with_the_box_to_fix(typed, code):
    with pytest.raises(AddressError) as refused:
        split_address(typed)
    assert refused.value.code == code


def test_the_host_listens_on_ipv4_and_ipv6_at_once_where_the_machine_has_both():
    listener = listening_socket(None, 0)
    try:
        port = listener.getsockname()[1]
        with socket.create_connection(("127.0.0.1", port), timeout=5):   # IPv4 always, IPv6 or not
            pass
        if NO_IPV6 is not None:
            pytest.skip(f"IPv4 only: {NO_IPV6}")
        assert listener.family == socket.AF_INET6
        assert listener.getsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY) == 0
        with socket.create_connection(("::1", port), timeout=5):
            pass
    finally:
        listener.close()


@needs_ipv6
def test_a_whole_match_with_one_guest_over_ipv6_and_one_over_ipv4(tmp_path):
    session = make_session("crazy_eights", 41, tmp_path)
    audit = PrivacyAudit(session)
    host = TableHost(session, code="TEST", recorder=audit)   # every address, as the game's host listens
    try:
        port = host.address[1]
        guests = [start_guest(port, tmp_path, "Guest 1", seed=1, address="::1"),
                  start_guest(port, tmp_path, "Guest 2", seed=2, address="127.0.0.1")]
        assert [n.code for n in lobby(host, 2)] == ["joined", "joined"]
        play_host(host, random.Random(4), until=lambda: session.over)
        assert session.over and host.errors == 0
        for process, out in guests:
            deadline = time.monotonic() + 30
            while not out.exists() and time.monotonic() < deadline:
                host.poll()
                time.sleep(0.01)
            result = wait_for_file(out, 5, process)
            assert result["over"] and result["winners"] == list(session.winners)
        assert audit.leaks == []
    finally:
        host.close()
        session.close()


@needs_ipv6
def test_a_guest_joins_by_a_link_local_address_with_its_zone():
    address = link_local_address()
    if address is None:
        pytest.skip("no interface here has an IPv6 link-local (fe80::) address")
    session = make_session("crazy_eights", 42)
    host = TableHost(session, code="TEST")
    client = TableClient(*split_address(address)[:1], host.address[1], "TEST", "Zoë")   # as the box reads it
    try:
        joined = []
        joiner = threading.Thread(target=lambda: joined.append(client.connect(timeout=10)), daemon=True)
        joiner.start()
        deadline = time.monotonic() + 15
        while joiner.is_alive() and time.monotonic() < deadline:
            host.poll()   # the host's frame loop answers the hello
            time.sleep(0.005)
        assert joined, f"could not join over {address}"
        # connect() returns at the lobby message; the dealt table follows it.
        deadline = time.monotonic() + 10
        while not joined[0].ready and time.monotonic() < deadline:
            host.poll()
            joined[0].poll()
            time.sleep(0.005)
        assert joined[0].ready and host.lobby()[joined[0].seat].state == "connected" and host.errors == 0
    finally:
        client.close()
        host.close()
        session.close()


def test_a_link_local_address_without_its_zone_is_refused_before_any_connection():
    with pytest.raises(AddressError) as refused:
        split_address("fe80::fc:ff:fe00:1")
    assert refused.value.code == "address_zone"
    with pytest.raises(JoinRefused):   # and a client given one anyway says "no host", it does not crash
        TableClient("fe80::fc:ff:fe00:1", 9, "TEST", "Zoë").connect(timeout=2)
