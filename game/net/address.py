"""Where to join, as a person types it: a host name or an IPv4 or IPv6 address, perhaps with its port.

``split_address`` is the ONE reading of the join screen's address box: ``192.168.1.20``,
``192.168.1.20:47474`` (as the host's screen shows it), ``pc-kitchen.local``, ``::1``, ``[::1]:47474``,
``fe80::1%eth0`` (a link-local IPv6 address needs the network it is on after the ``%``).
"""
from __future__ import annotations

import ipaddress
import re

#: The longest host name DNS allows.
MAX_HOST_NAME = 253
#: A zone (the network of a link-local IPv6 address): an interface name (eth0, wlp2s0) or number (Windows).
_ZONE = re.compile(r"[A-Za-z0-9_.\-]{1,32}")
#: A host name or IPv4 address: any letters (a name on the home network may be "küche.local"), none that
#: would end it in a URI.
_HOST_NAME = re.compile(r"[^\s/\\@:?#\[\]%]+")


class AddressError(ValueError):
    """An address box typed wrong: ``code`` is "address" (not an address), "address_zone" (a link-local IPv6
    address without its network) or "port" (a port out of range)."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


def split_address(text: str) -> tuple[str, int | None]:
    """``text`` as (host, port): the host as ``TableClient`` takes it (an IPv6 address without brackets),
    the port None when none was typed. Raises AddressError."""
    text = text.strip()
    if not text or len(text) > MAX_HOST_NAME + 8:
        raise AddressError("address")
    port_text = None
    if text.startswith("["):   # [IPv6] or [IPv6]:port
        found = re.fullmatch(r"\[([^\[\]]+)\](?::([0-9]*))?", text)
        if found is None:
            raise AddressError("address")
        host, port_text = found.group(1), found.group(2)
        _check_ipv6(host)
    elif text.count(":") >= 2:   # a bare IPv6 address (a port needs the brackets)
        host = text
        _check_ipv6(host)
    else:
        host, _, port_text = text.partition(":") if ":" in text else (text, "", None)
        if len(host) > MAX_HOST_NAME or not _HOST_NAME.fullmatch(host):
            raise AddressError("address")
    port = None
    if port_text is not None:
        if not port_text.isascii() or not port_text.isdigit():   # "http://…", or a colon with nothing after it
            raise AddressError("address")
        if len(port_text) > 5 or not 1 <= int(port_text) <= 65535:
            raise AddressError("port")
        port = int(port_text)
    return host, port


def _check_ipv6(host: str) -> None:
    address, _, zone = host.partition("%")
    try:
        parsed = ipaddress.IPv6Address(address)
    except ValueError:
        raise AddressError("address") from None
    if "%" in host and not _ZONE.fullmatch(zone):
        raise AddressError("address")
    if parsed.is_link_local and not zone:
        raise AddressError("address_zone")
