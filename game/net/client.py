"""Joining a table hosted on another computer: ``TableClient(address, port, code, name).connect()``.

The connection is websockets' threaded client: a reader thread checks every message the host sends
(``protocol.read_message``) and queues it; the frame loop only polls that queue (through the
``RemoteTable`` it gets). Nothing here blocks a frame but :meth:`RemoteTable.play`, which waits a moment
for the host's answer to the guest's own move.
"""
from __future__ import annotations

import logging
import queue
import threading
import time

from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI
from websockets.sync.client import connect

from .protocol import (HOST_MESSAGES, MAX_HOST_MESSAGE, PROTOCOL_VERSION, ProtocolError, TableFacts, read_message,
                       write_message)

log = logging.getLogger(__name__)

#: Seconds to reach the host and hear its answer to the hello.
JOIN_TIMEOUT_S = 8.0


class JoinRefused(Exception):
    """The table could not be joined: ``code`` (protocol.JOIN_CODES: net.wrong_code, net.version, net.full,
    net.no_host, net.bad_hello, net.timeout, net.refused) and ``params`` (for net.version: ``host`` and
    ``guest``, the two protocol versions) for the screen to put into words."""

    def __init__(self, code: str, **params) -> None:
        super().__init__(code)
        self.code = code
        self.params = params


class TableClient:
    """A guest's way to the host at ``address``:``port``, with the table ``code`` and the person's ``name``;
    ``token`` (from an earlier join: ``RemoteTable.token``) takes back the same seat after a drop.
    ``recorder(text)`` hears every message received (the privacy test reads them)."""

    def __init__(self, address: str, port: int, code: str, name: str, token: str | None = None,
                 recorder=None, ping_interval: float = 10.0, ping_timeout: float = 10.0) -> None:
        self.address, self.port = address, int(port)
        self.code, self.name, self.token = code.strip().upper(), name, token
        self.recorder = recorder
        self.ping_interval, self.ping_timeout = ping_interval, ping_timeout
        self.table = None
        self.connection = None
        self.inbox: queue.Queue = queue.Queue()

    def connect(self, timeout: float = JOIN_TIMEOUT_S):
        """Join: the ``RemoteTable`` of this guest's seat, its first view in, or the lobby while the host has
        not started (also kept as ``self.table``); raises JoinRefused. Waits at most ``timeout`` seconds (a screen calls it off the frame thread)."""
        from .remote_table import RemoteTable

        uri = f"ws://{_host_part(self.address)}:{self.port}/"
        try:
            # Entered by hand: the connection outlives this call (closed by ``close``); websockets 17 warns
            # about a connection made outside a ``with`` block, and 15 has no ``legacy`` flag to say so.
            self.connection = connect(uri, open_timeout=timeout, max_size=MAX_HOST_MESSAGE, compression=None,
                                      ping_interval=self.ping_interval, ping_timeout=self.ping_timeout,
                                      close_timeout=2, max_queue=64).__enter__()
        except (OSError, TimeoutError, InvalidHandshake, InvalidURI, ValueError) as error:
            log.info("no host at %s: %s", uri, error)
            raise JoinRefused("net.no_host") from None
        try:
            self.connection.send(write_message("hello", version=PROTOCOL_VERSION, code=self.code[:8],
                                               name=self.name, token=self.token))
            data = self.connection.recv(timeout=timeout)
            self._heard(data)
            answer = read_message(data, HOST_MESSAGES, MAX_HOST_MESSAGE)
        except TimeoutError:
            self.close()
            raise JoinRefused("net.timeout") from None
        except (ConnectionClosed, OSError):
            self.close()
            raise JoinRefused("net.refused") from None
        except ProtocolError:
            self.close()
            raise JoinRefused("net.refused") from None
        if answer["type"] == "welcome" and answer["version"] != PROTOCOL_VERSION:
            self.close()
            raise JoinRefused("net.version", host=answer["version"], guest=PROTOCOL_VERSION)
        if answer["type"] == "refused":
            self.close()
            params = {key: value for key, value in answer["params"].items() if key in ("host", "guest")}
            raise JoinRefused(answer["code"] if answer["code"] in _JOIN_CODES else "net.refused", **params)
        if answer["type"] != "welcome" or len(answer["names"]) != answer["rules"].players \
                or len(answer["kinds"]) != answer["rules"].players or answer["seat"] >= answer["rules"].players:
            self.close()
            raise JoinRefused("net.refused")
        self.token = answer["token"]
        facts = TableFacts(answer["seat"], answer["rules"], tuple(answer["names"]), tuple(answer["kinds"]))
        self.table = RemoteTable(self, facts)
        threading.Thread(target=self._read_all, name="table-guest-reader", daemon=True).start()
        deadline = time.monotonic() + timeout
        while not self.table.ready and self.table.lobby is None and self.table.ended is None \
                and time.monotonic() < deadline:
            self.table.poll_quietly()   # the host's lobby (and first view) follow its welcome: never blank
            time.sleep(0.002)
        if not self.table.ready and self.table.lobby is None:
            self.close()
            raise JoinRefused("net.timeout")
        return self.table

    def _heard(self, data) -> None:
        if self.recorder is not None:
            self.recorder(data)

    def _read_all(self) -> None:
        """The reader thread: every message checked and queued; the end of the connection queued last."""
        try:
            while True:
                data = self.connection.recv()
                self._heard(data)
                try:
                    self.inbox.put(read_message(data, HOST_MESSAGES, MAX_HOST_MESSAGE))
                except ProtocolError as error:
                    log.warning("the host sent a message refused: %s", error)
        except (ConnectionClosed, OSError):
            pass
        self.inbox.put({"type": "closed"})

    def send(self, kind: str, **fields) -> bool:
        """Send one message to the host; False when the connection is gone."""
        try:
            self.connection.send(write_message(kind, **fields))
            return True
        except (ConnectionClosed, OSError, RuntimeError, AttributeError):
            return False

    def close(self) -> None:
        """Leave the table (the host is told, if it is still there)."""
        if self.connection is not None:
            try:
                self.connection.close()
            except (ConnectionClosed, OSError, RuntimeError):
                pass


_JOIN_CODES = frozenset({"net.wrong_code", "net.version", "net.full", "net.bad_hello", "net.timeout",
                         "net.name_taken"})


def _host_part(address: str) -> str:
    """An IPv6 address goes in brackets in a URI."""
    return f"[{address}]" if ":" in address and not address.startswith("[") else address
