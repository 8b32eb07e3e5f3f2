"""Tables on the home network, found by themselves: zeroconf (mDNS / DNS-SD on UDP 5353), no pygame.

The host advertises its table as a ``_crazyeights._tcp.local.`` service (``TableAdvert``); the join
screen lists what a ``TableBrowser`` has found. Both work in threads of their own, since registering
a name takes zeroconf about two seconds of probing and resolving one waits on the network; the frame
loop only reads a snapshot. A network with no multicast (or no network at all) is not an error for
the game: the advert or the browser says ``problem`` and does nothing, and joining by address and
port still works. The mDNS messages go over IPv4; the records in them give the host's IPv6 addresses too
(unique local and global, not link-local), which the browser lists when a table has no IPv4 one. What
comes in from the network is checked in one place (``found_table``): a service whose properties are not
exactly what a table advertises is left out of the list.
"""
from __future__ import annotations

import ipaddress
import logging
import queue
import re
import socket
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

log = logging.getLogger(__name__)

SERVICE_TYPE = "_crazyeights._tcp.local."
#: The longest table name advertised or listed (in characters); longer names are cut, not refused.
TABLE_NAME_LENGTH = 40
#: At most this many tables are listed (a network full of adverts must not fill the memory).
MAX_TABLES = 32
#: The most seats a table has (docs/RULES.md: 2 to 7 players).
MAX_SEATS = 7
#: Seconds the advertised records live: a host that vanished without saying goodbye (a crash, a pulled
#: cable) leaves the list within about this long; a live one is asked again before it runs out.
RECORD_TTL = 30
#: How often (seconds) the browser checks that the tables it lists are still advertised.
RECHECK_SECONDS = 5.0
#: How long (ms) the browser waits for a found table's address and properties.
RESOLVE_TIMEOUT_MS = 2000
#: The properties a table advertises, each with its largest size in bytes.
PROPERTY_SIZES = {b"v": 8, b"name": 4 * TABLE_NAME_LENGTH, b"open": 2, b"seats": 2, b"port": 6}

#: Why an advert or a browser does not work (the UI puts each into words).
NO_NETWORK = "discovery.no_network"      # no interface to send multicast on
FAILED = "discovery.failed"              # zeroconf refused for another reason (logged)


@dataclass(frozen=True)
class FoundTable:
    """One table found on the network: its service name (unique), the table's name as the host typed it
    (untrusted: shown through safe_text), where to join it, its protocol version and its open seats."""

    service: str
    name: str
    address: str
    port: int
    version: int
    open_seats: int
    seats: int


def _small_int(raw: bytes | None, low: int, high: int) -> int | None:
    """``raw`` as a decimal int within [low, high], or None (a sign, a space or a float is refused)."""
    if raw is None or not raw or len(raw) > 6 or not raw.isdigit():
        return None
    value = int(raw)
    return value if low <= value <= high else None


def found_table(service: str, properties: dict, addresses: list[str], port: int | None) -> FoundTable | None:
    """The table a resolved service describes, or None when anything in it is not what a table sends:
    the ONE check of what discovery reads from the network."""
    if not isinstance(service, str) or not service.endswith(SERVICE_TYPE) or len(service) > 255:
        return None
    if not isinstance(properties, dict) or len(properties) > 16:
        return None
    if any(not isinstance(key, bytes) or (value is not None and not isinstance(value, bytes))
           for key, value in properties.items()):
        return None
    for key, size in PROPERTY_SIZES.items():
        value = properties.get(key)
        if value is None or len(value) > size:
            return None
    version = _small_int(properties[b"v"], 0, 10**6)
    open_seats = _small_int(properties[b"open"], 0, MAX_SEATS)
    seats = _small_int(properties[b"seats"], 2, MAX_SEATS)
    advertised_port = _small_int(properties[b"port"], 1, 65535)
    if None in (version, open_seats, seats, advertised_port) or open_seats >= seats:
        return None
    if not isinstance(port, int) or port != advertised_port:
        return None
    try:
        name = properties[b"name"].decode("utf-8")
    except UnicodeDecodeError:
        return None
    name = " ".join(name.split())[:TABLE_NAME_LENGTH]
    # IPv4 first (every home network has it), then an IPv6 address that needs no zone (one the host's
    # dual-stack socket answers on an IPv6-only network), loopback last.
    address = next((a for a in addresses if _is_ipv4(a) and not a.startswith("127.")), None)
    if address is None:
        address = next((a for a in addresses if _is_routable_ipv6(a)), None)
    if address is None:
        address = next((a for a in addresses if _is_ipv4(a)), None)
    if address is None or not name:
        return None
    return FoundTable(service, name, address, port, version, open_seats, seats)


def _is_ipv4(text: str) -> bool:
    try:
        socket.inet_aton(text)
    except (OSError, TypeError):
        return False
    return isinstance(text, str) and text.count(".") == 3


def _is_routable_ipv6(text: str) -> bool:
    """An IPv6 address a friend can type as it is: not loopback, not link-local (that needs the zone of the
    friend's own network), not multicast."""
    if not isinstance(text, str) or len(text) > 45 or "%" in text:
        return False
    try:
        address = ipaddress.IPv6Address(text)
    except ValueError:
        return False
    return not (address.is_loopback or address.is_link_local or address.is_multicast or address.is_unspecified
                or address.ipv4_mapped is not None)


def local_ipv6_addresses() -> list[str]:
    """This computer's IPv6 addresses a friend can reach without a zone (unique local fd…, global), for the
    advert beside the IPv4 ones; [] without IPv6."""
    found: list[str] = []
    try:
        import ifaddr

        for adapter in ifaddr.get_adapters():
            for ip in adapter.ips:
                if isinstance(ip.ip, tuple) and _is_routable_ipv6(ip.ip[0]) and ip.ip[0] not in found:
                    found.append(ip.ip[0])
    except Exception as error:   # an odd interface list: advertise IPv4 alone
        log.info("could not list the IPv6 addresses: %s", error)
    return found


def local_addresses() -> list[str]:
    """This computer's IPv4 addresses others on the home network can reach (loopback last, as a fallback);
    what the host's screen shows friends to type."""
    found: list[str] = []
    try:
        import ifaddr   # zeroconf's own dependency: the interfaces, without a network round trip

        for adapter in ifaddr.get_adapters():
            for ip in adapter.ips:
                if isinstance(ip.ip, str) and _is_ipv4(ip.ip) and not ip.ip.startswith(("127.", "169.254.")):
                    found.append(ip.ip)
    except Exception as error:   # an odd interface list must not stop the host; the route below may do
        log.info("could not list the network interfaces: %s", error)
    if not found:
        try:   # the address of the route out; connecting a UDP socket sends nothing
            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
                probe.connect(("10.255.255.255", 9))
                address = probe.getsockname()[0]
                if not address.startswith("127."):
                    found.append(address)
        except OSError:
            pass
    private = [a for a in found if _private(a)]
    ordered = private + [a for a in found if a not in private]
    return list(dict.fromkeys(ordered)) + ["127.0.0.1"]


def _private(address: str) -> bool:
    parts = [int(p) for p in address.split(".")]
    return parts[0] == 10 or (parts[0] == 172 and 16 <= parts[1] <= 31) or parts[:2] == [192, 168]


def _instance_label(table_name: str) -> str:
    """A DNS-SD instance name from the table's name: printable, at most 63 bytes of UTF-8."""
    label = re.sub(r"[\x00-\x1f\x7f.]", " ", table_name).strip() or "Crazy Eights"
    while len(label.encode("utf-8")) > 63:
        label = label[:-1]
    return label


def _zeroconf(interfaces):
    """A Zeroconf on ``interfaces`` (None: all) for IPv4, or raises (no interface: RuntimeError/OSError)."""
    from zeroconf import InterfaceChoice, IPVersion, Zeroconf

    return Zeroconf(interfaces=InterfaceChoice.All if interfaces is None else interfaces,
                    ip_version=IPVersion.V4Only)


def _problem_of(error: Exception) -> str:
    if isinstance(error, (RuntimeError, OSError)):
        return NO_NETWORK
    return FAILED


class TableAdvert:
    """Advertises one hosted table until closed: ``start()`` returns at once (registering runs in a thread),
    ``update(open_seats)`` tells the network how many seats are still open, ``close()`` says goodbye.

    ``problem`` is None while all is well, else NO_NETWORK or FAILED (the table can still be joined by
    address and port)."""

    def __init__(self, table_name: str, port: int, version: int, open_seats: int, seats: int,
                 addresses: list[str] | None = None, interfaces: list[str] | None = None,
                 ttl: int = RECORD_TTL):
        if not 1 <= port <= 65535 or not 0 <= open_seats < seats <= MAX_SEATS:
            raise ValueError(f"cannot advertise port {port} with {open_seats} of {seats} seats open")
        self.table_name = " ".join(str(table_name).split())[:TABLE_NAME_LENGTH] or "Crazy Eights"
        self.port = port
        self.version = int(version)
        self.seats = seats
        self.addresses = [a for a in (addresses if addresses is not None
                                      else local_addresses() + local_ipv6_addresses())
                          if _is_ipv4(a) or _is_routable_ipv6(a)]
        self.interfaces = interfaces
        self.ttl = ttl
        self._open = open_seats
        self._changes: queue.Queue = queue.Queue()
        self._thread: threading.Thread | None = None
        self.problem: str | None = None
        #: Set once the table is on the network (or it failed); tests and the lobby wait on it.
        self.settled = threading.Event()
        #: The service name the network knows the table by (zeroconf may add " (2)" on a clash).
        self.service: str | None = None

    def properties(self, open_seats: int) -> dict[str, str]:
        """The TXT properties of the advert."""
        return {"v": str(self.version), "name": self.table_name, "open": str(open_seats),
                "seats": str(self.seats), "port": str(self.port)}

    def start(self) -> None:
        """Start advertising in the background."""
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="table-advert", daemon=True)
            self._thread.start()

    def update(self, open_seats: int) -> None:
        """The number of seats still open changed (0 once the match starts)."""
        open_seats = max(0, min(int(open_seats), self.seats - 1))
        if open_seats != self._open:
            self._open = open_seats
            self._changes.put(open_seats)

    def close(self, wait: float = 0.0) -> None:
        """Take the table off the network (a goodbye is sent); waits up to ``wait`` seconds for it."""
        self._changes.put(None)
        if self._thread is not None and wait > 0:
            self._thread.join(wait)

    def _info(self, open_seats: int, service: str | None = None):
        from zeroconf import ServiceInfo

        host = re.sub(r"[^A-Za-z0-9-]", "-", socket.gethostname())[:40].strip("-") or "crazy-eights"
        return ServiceInfo(
            SERVICE_TYPE, service or f"{_instance_label(self.table_name)}.{SERVICE_TYPE}",
            addresses=[socket.inet_pton(socket.AF_INET6 if ":" in a else socket.AF_INET, a)
                       for a in self.addresses], port=self.port,
            properties=self.properties(open_seats), server=f"{host}.local.", host_ttl=self.ttl,
            other_ttl=self.ttl)

    def _run(self) -> None:
        zc = None
        try:
            zc = _zeroconf(self.interfaces)
            info = self._info(self._open)
            zc.register_service(info, allow_name_change=True)
            self.service = info.name
        except Exception as error:
            self.problem = _problem_of(error)
            log.info("the table is not advertised on the network (%s): %s", self.problem, error)
            self.settled.set()
            if zc is not None:
                zc.close()
            return
        self.settled.set()
        try:
            while True:
                change = self._changes.get()
                if change is None:
                    break
                while not self._changes.empty():   # only the newest count matters
                    newer = self._changes.get()
                    if newer is None:
                        return
                    change = newer
                zc.update_service(self._info(change, self.service))   # the name zeroconf settled on
        except Exception as error:
            log.warning("the table's advert failed: %s", error)
            self.problem = FAILED
        finally:
            try:
                zc.unregister_all_services()
            except Exception as error:
                log.info("the table's goodbye was not sent: %s", error)
            zc.close()


class TableBrowser:
    """Lists the tables advertised on the home network: ``start()`` returns at once, ``tables()`` is a
    snapshot (thread-safe, cheap enough to call every frame), ``close()`` stops. A table leaves the list
    when its host says goodbye or its records run out (``RECORD_TTL``).

    ``problem`` is None while browsing works, else NO_NETWORK or FAILED. ``changes`` counts every change of
    the list, so a screen redraws only when it moved."""

    def __init__(self, interfaces: list[str] | None = None, recheck_seconds: float = RECHECK_SECONDS,
                 clock: Callable[[], float] = time.monotonic):
        self.interfaces = interfaces
        self.recheck_seconds = recheck_seconds
        self.clock = clock
        self._lock = threading.Lock()
        self._tables: dict[str, FoundTable] = {}
        self._names: queue.Queue = queue.Queue()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self.problem: str | None = None
        self.changes = 0
        #: Set once browsing has begun (or failed).
        self.settled = threading.Event()

    def start(self) -> None:
        """Start browsing in the background."""
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="table-browser", daemon=True)
            self._thread.start()

    def tables(self) -> list[FoundTable]:
        """The tables found, by name then address."""
        with self._lock:
            return sorted(self._tables.values(), key=lambda t: (t.name.casefold(), t.address, t.port))

    def close(self, wait: float = 0.0) -> None:
        """Stop browsing; waits up to ``wait`` seconds for the thread to end."""
        self._stop.set()
        self._names.put(None)
        if self._thread is not None and wait > 0:
            self._thread.join(wait)

    # -- the browsing thread --

    def _heard(self, zeroconf, service_type, name, state_change) -> None:
        """zeroconf's callback (its own thread): only queue the name; resolving waits on the network."""
        from zeroconf import ServiceStateChange

        if state_change is ServiceStateChange.Removed:
            self._names.put(("gone", name))
        else:
            self._names.put(("seen", name))

    def _run(self) -> None:
        from zeroconf import ServiceBrowser

        zc = browser = None
        try:
            zc = _zeroconf(self.interfaces)
            browser = ServiceBrowser(zc, SERVICE_TYPE, handlers=[self._heard])
        except Exception as error:
            self.problem = _problem_of(error)
            log.info("tables on the network cannot be listed (%s): %s", self.problem, error)
            self.settled.set()
            if zc is not None:
                zc.close()
            return
        self.settled.set()
        next_check = self.clock() + self.recheck_seconds
        try:
            while not self._stop.is_set():
                try:
                    item = self._names.get(timeout=max(0.05, next_check - self.clock()))
                except queue.Empty:
                    item = ()
                if item is None:
                    break
                if item:
                    what, name = item
                    if what == "gone":
                        self._drop(name)
                    else:
                        self._resolve(zc, name)
                if self.clock() >= next_check:
                    self._recheck(zc)
                    next_check = self.clock() + self.recheck_seconds
        except Exception as error:
            log.warning("browsing for tables failed: %s", error)
            self.problem = FAILED
        finally:
            if browser is not None:
                browser.cancel()
            zc.close()

    def _resolve(self, zc, name: str) -> None:
        if not isinstance(name, str) or len(name) > 255:
            return
        try:
            info = zc.get_service_info(SERVICE_TYPE, name, timeout=RESOLVE_TIMEOUT_MS)
        except Exception as error:   # a malformed name or a closed zeroconf: this one is not listed
            log.info("could not resolve %r: %s", name[:80], error)
            info = None
        table = None
        if info is not None:
            table = found_table(name, dict(info.properties or {}), list(info.parsed_addresses()), info.port)
        with self._lock:
            if table is None:
                changed = self._tables.pop(name, None) is not None
            elif self._tables.get(name) != table and (name in self._tables or len(self._tables) < MAX_TABLES):
                self._tables[name] = table
                changed = True
            else:
                changed = False
            if changed:
                self.changes += 1

    def _drop(self, name: str) -> None:
        with self._lock:
            if self._tables.pop(name, None) is not None:
                self.changes += 1

    def _recheck(self, zc) -> None:
        """Drop the tables whose records have run out of the cache (their host went without a goodbye), and
        take in any change of the others' properties (open seats) an update event did not bring."""
        from zeroconf import ServiceInfo

        with self._lock:
            names = list(self._tables)
        for name in names:
            try:
                info = ServiceInfo(SERVICE_TYPE, name)
                alive = info.load_from_cache(zc)
                table = found_table(name, dict(info.properties or {}), list(info.parsed_addresses()), info.port) \
                    if alive else None
            except Exception:
                table = None
            if table is None:
                self._drop(name)
                continue
            with self._lock:
                if name in self._tables and self._tables[name] != table:
                    self._tables[name] = table
                    self.changes += 1
