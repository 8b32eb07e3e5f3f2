"""Two computers on one machine: a host and a guest each in a Linux network namespace of its own, joined by a
veth pair (a virtual cable) with addresses of their own, so that what goes between them crosses a real
network interface, not loopback. For tests/net/test_two_hosts.py and bench/two_hosts.py.

Making namespaces needs root and iproute2's ``ip``; ``missing()`` says why they cannot be made. Every
namespace made is deleted when the ``NetworkPair`` closes (which also removes the veth pair), even after a
failure; their names carry the process id, so that runs side by side never meet.
"""
from __future__ import annotations

import itertools
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
#: The two ends of the cable: IPv4 and IPv6 (unique local) addresses of the host's and the guest's side.
HOST_IPV4, GUEST_IPV4 = "10.47.0.1", "10.47.0.2"
HOST_IPV6, GUEST_IPV6 = "fd47::1", "fd47::2"
_made = itertools.count(1)


def missing() -> str | None:
    """Why network namespaces cannot be made here (None when they can)."""
    if sys.platform != "linux":
        return "network namespaces are Linux's"
    if shutil.which("ip") is None:
        return "no `ip` (iproute2) on this machine"
    if os.geteuid() != 0:
        return "making network namespaces needs root"
    probe = f"ceprobe{os.getpid()}"
    made = subprocess.run(["ip", "netns", "add", probe], capture_output=True, text=True)
    if made.returncode != 0:
        return f"`ip netns add` failed: {made.stderr.strip()[:200]}"
    subprocess.run(["ip", "netns", "del", probe], capture_output=True)
    return None


def remove_stale() -> None:
    """Delete the namespaces a killed run left behind (a pair whose process is gone)."""
    listed = subprocess.run(["ip", "netns", "list"], capture_output=True, text=True).stdout
    for line in listed.splitlines():
        name = line.split()[0] if line.strip() else ""
        if name.startswith(("ce-host-", "ce-guest-")):
            pid = name.split("-")[2].split("x")[0]
            if pid.isdigit() and not Path(f"/proc/{pid}").exists():
                subprocess.run(["ip", "netns", "del", name], capture_output=True)


class NetworkPair:
    """Two namespaces, ``host`` and ``guest``, joined by a veth pair: the host's side at HOST_IPV4/HOST_IPV6,
    the guest's at GUEST_IPV4/GUEST_IPV6, each with its loopback up and no route but the cable's (two
    computers on one switch, no router; discovery's multicast needs none). Use as a context manager."""

    def __init__(self) -> None:
        tag = f"{os.getpid()}x{next(_made)}"
        self.host, self.guest = f"ce-host-{tag}", f"ce-guest-{tag}"
        self.host_link, self.guest_link = f"ceh{tag}"[:15], f"ceg{tag}"[:15]
        self.processes: list[subprocess.Popen] = []

    def __enter__(self) -> "NetworkPair":
        remove_stale()
        try:
            self._ip("netns", "add", self.host)
            self._ip("netns", "add", self.guest)
            self._ip("link", "add", self.host_link, "type", "veth", "peer", "name", self.guest_link)
            for namespace, link, ipv4, ipv6 in ((self.host, self.host_link, HOST_IPV4, HOST_IPV6),
                                                (self.guest, self.guest_link, GUEST_IPV4, GUEST_IPV6)):
                self._ip("link", "set", link, "netns", namespace)
                inside = ("netns", "exec", namespace, "ip")
                self._ip(*inside, "link", "set", "lo", "up")
                self._ip(*inside, "addr", "add", f"{ipv4}/24", "dev", link)
                self._ip(*inside, "-6", "addr", "add", f"{ipv6}/64", "dev", link, "nodad")
                self._ip(*inside, "link", "set", link, "up")
        except BaseException:
            self.close()
            raise
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def run(self, namespace: str, function: str, log: Path, host_name: str | None = None,
            **arguments) -> subprocess.Popen:
        """Start ``function`` ("module:name", of this repository) with ``arguments`` in a Python process inside
        ``namespace`` (under ``host_name``, a computer of another name, when given); its output goes to
        ``log``."""
        module, name = function.split(":")
        code = (f"import json, socket, sys; from {module} import {name}; "
                f"sys.argv[2] and socket.sethostname(sys.argv[2]); {name}(**json.loads(sys.argv[1]))")
        command = ["ip", "netns", "exec", namespace]
        if host_name is not None:
            command += ["unshare", "--uts"]   # its own host name, not the machine's
        with open(log, "w") as output:
            process = subprocess.Popen([*command, sys.executable, "-c", code, json.dumps(arguments), host_name or ""],
                                       cwd=ROOT, stdout=output, stderr=subprocess.STDOUT,
                                       env={**os.environ, "PYTHONPATH": str(ROOT)})
        self.processes.append(process)
        return process

    def traffic(self) -> dict[str, int]:
        """Bytes and packets the guest's end of the cable has sent and received so far (what crossed it)."""
        shown = subprocess.run(["ip", "-n", self.guest, "-j", "-s", "link", "show", "dev", self.guest_link],
                               capture_output=True, text=True, check=True).stdout
        stats = json.loads(shown)[0]["stats64"]
        return {"sent_bytes": stats["tx"]["bytes"], "received_bytes": stats["rx"]["bytes"],
                "sent_packets": stats["tx"]["packets"], "received_packets": stats["rx"]["packets"]}

    def close(self) -> None:
        """End every process started inside, then delete both namespaces (and with them the cable)."""
        for process in self.processes:
            if process.poll() is None:
                process.kill()
            try:
                process.wait(10)
            except subprocess.TimeoutExpired:
                pass
        for namespace in (self.host, self.guest):
            subprocess.run(["ip", "netns", "del", namespace], capture_output=True)
        subprocess.run(["ip", "link", "del", self.host_link], capture_output=True)   # if never moved inside

    def exists(self) -> bool:
        """Whether either namespace is still there (after ``close``: a leak)."""
        listed = subprocess.run(["ip", "netns", "list"], capture_output=True, text=True).stdout
        return any(line.split()[0] in (self.host, self.guest) for line in listed.splitlines() if line.strip())

    @staticmethod
    def _ip(*arguments: str) -> None:
        done = subprocess.run(["ip", *arguments], capture_output=True, text=True)
        if done.returncode != 0:
            raise OSError(f"ip {' '.join(arguments)}: {done.stderr.strip()}")


def advertise(port: int, out: str, seconds: float, name: str = "Kitchen table",
              addresses: list[str] | None = None) -> None:
    """Advertise a table on ``port`` for ``seconds`` (inside the host's namespace; at ``addresses``, by default
    the machine's own); writes whether it went out."""
    import time

    from game.net.discovery import TableAdvert
    from game.net.protocol import PROTOCOL_VERSION

    from .peers import write

    advert = TableAdvert(name, port, PROTOCOL_VERSION, 2, 4, addresses=addresses)
    advert.start()
    advert.settled.wait(15)
    write(out + ".started", {"problem": advert.problem, "addresses": advert.addresses})
    time.sleep(seconds)
    advert.close(wait=3)
    write(out, {"problem": advert.problem})


def browse(out: str, seconds: float, want: int = 1) -> None:
    """List the tables on the network for up to ``seconds`` (inside the guest's namespace), until ``want`` are
    found; writes them and how long it took."""
    import time

    from game.net.discovery import TableBrowser

    from .peers import write

    browser = TableBrowser()
    start = time.monotonic()
    browser.start()
    found = []
    while time.monotonic() - start < seconds and len(found) < want:
        found = browser.tables()
        time.sleep(0.05)
    write(out, {"problem": browser.problem, "seconds": round(time.monotonic() - start, 2),
                "tables": [{"name": t.name, "address": t.address, "port": t.port, "open": t.open_seats}
                           for t in found]})
    browser.close(wait=3)
