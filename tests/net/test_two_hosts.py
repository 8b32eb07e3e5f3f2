"""Two computers, as far as the network can tell: the host in one network namespace, the guests in another,
joined by a veth pair with addresses of their own (tests/net/namespaces.py). The guests reach the host over a
real network interface, not loopback: by its IPv4 address, by its IPv6 address, and the table is found by
discovery (multicast across the cable). Skips, saying why, where namespaces cannot be made (not root, no
``ip``, not Linux). bench/two_hosts.py runs the same with every preset."""
from __future__ import annotations

import shutil

import pytest

from .namespaces import GUEST_IPV4, HOST_IPV4, HOST_IPV6, NetworkPair, missing
from .peers import wait_for_file

NO_NAMESPACES = missing()
pytestmark = pytest.mark.skipif(NO_NAMESPACES is not None, reason=f"not run across two namespaces: {NO_NAMESPACES}")


def test_guests_in_another_namespace_join_by_ipv4_and_ipv6_and_play_a_whole_match(tmp_path):
    pair = NetworkPair()
    with pair:
        host = pair.run(pair.host, "tests.net.peers:run_host", tmp_path / "host.log", preset_id="crazy_eights_action",
                        seed=7, out=str(tmp_path / "host.json"), port_file=str(tmp_path / "port.json"),
                        bind=None, drop_wait=5.0, time_limit=90)
        port = wait_for_file(tmp_path / "port.json", 60)["port"]
        guests = [pair.run(pair.guest, "tests.net.peers:run_guest", tmp_path / f"guest{i}.log", port=port,
                           code="TEST", name=f"Guest {i}", seed=i, out=str(tmp_path / f"guest{i}.json"),
                           address=address, time_limit=90)
                  for i, address in ((1, HOST_IPV4), (2, HOST_IPV6))]
        results = [wait_for_file(tmp_path / f"guest{i}.json", 120) for i in (1, 2)]
        hosted = wait_for_file(tmp_path / "host.json", 30)
        for process in (host, *guests):
            process.wait(30)
        logs = {name: (tmp_path / f"{name}.log").read_text()[-2000:] for name in ("host", "guest1", "guest2")}
        assert "refused" not in results[0] and "refused" not in results[1], (results, logs)
        assert hosted["over"] and hosted["errors"] == 0 and hosted["leaks"] == [], logs
        assert hosted["notices"][:2] == ["joined", "joined"]
        for result in results:
            assert result["over"] and result["ended"] is None and result["winners"] == hosted["winners"]
            assert result["moves"] > 0
        # What the guests received crossed the cable (the host's messages: the whole match's history).
        assert pair.traffic()["received_bytes"] >= sum(result["bytes"] for result in results)
    assert not pair.exists(), "a namespace outlived the test"


@pytest.mark.skipif(shutil.which("unshare") is None, reason="no `unshare` (util-linux) to give a host another name")
def test_a_table_advertised_in_one_namespace_is_found_from_the_other_by_ipv4_or_else_ipv6(tmp_path):
    pair = NetworkPair()
    with pair:
        pair.run(pair.host, "tests.net.namespaces:advertise", tmp_path / "advert.log", port=47474,
                 out=str(tmp_path / "advert.json"), seconds=20)
        # Another computer with IPv6 alone (its advert names no IPv4 address) is listed by its IPv6 address.
        pair.run(pair.host, "tests.net.namespaces:advertise", tmp_path / "advert6.log", host_name="ipv6-only",
                 port=47475,
                 out=str(tmp_path / "advert6.json"), seconds=20, name="IPv6 table", addresses=[HOST_IPV6])
        started = wait_for_file(tmp_path / "advert.json.started", 30)
        assert started["problem"] is None and started["addresses"] == [HOST_IPV4, "127.0.0.1", HOST_IPV6], started
        assert wait_for_file(tmp_path / "advert6.json.started", 30)["problem"] is None
        pair.run(pair.guest, "tests.net.namespaces:browse", tmp_path / "browse.log",
                 out=str(tmp_path / "browse.json"), seconds=15, want=2)
        browsed = wait_for_file(tmp_path / "browse.json", 40)
        assert browsed["problem"] is None, browsed
        assert browsed["tables"] == [
            {"name": "IPv6 table", "address": HOST_IPV6, "port": 47475, "open": 2},
            {"name": "Kitchen table", "address": HOST_IPV4, "port": 47474, "open": 2},
        ], (browsed, (tmp_path / "browse.log").read_text()[-2000:])
    assert not pair.exists()


def test_the_namespaces_are_gone_after_a_failure_inside():
    pair = NetworkPair()
    with pytest.raises(RuntimeError):
        with pair:
            assert GUEST_IPV4 in pair_addresses(pair)
            raise RuntimeError("a test failing inside the pair")
    assert not pair.exists()


def pair_addresses(pair: NetworkPair) -> str:
    """What ``ip addr`` shows inside the guest's namespace."""
    import subprocess

    return subprocess.run(["ip", "netns", "exec", pair.guest, "ip", "addr"], capture_output=True, text=True).stdout
