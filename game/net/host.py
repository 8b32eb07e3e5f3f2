"""The host of a table played from several computers: the only match, and a WebSocket server for guests.

``TableHost`` wraps a running ``TableSession`` whose seats of kind ``"remote"`` are played from other
computers. The server (``websockets.sync.server``) runs in threads: one per connection reads and checks
what its guest sends (``protocol.read_message``), one per connection writes. Everything that touches the
session happens on the frame thread, in :meth:`TableHost.poll` (called once per frame by the host's
screen, or by a loop without a screen): joins, moves, drops, and sending each guest what its seat may see.

Nothing from the network can stall the host: a message over the size cap, bad JSON or a bad shape is
refused and the match plays on; a guest sending faster than RATE is not heard, and one that keeps on is
dropped; a guest that never says hello is dropped after ``hello_timeout``; one that stops reading is
dropped when its queue of unsent messages fills (its writes never block the frame), and one that stops
answering keepalive pings after ``ping_interval + ping_timeout``.
"""
from __future__ import annotations

import errno
import hmac
import logging
import queue
import secrets
import socket
import threading
import time
from dataclasses import dataclass, field

from websockets.exceptions import ConnectionClosed
from websockets.sync.server import serve

from game.rules import IllegalMove, MoveKind
from game.session import OPPONENT_NAMES, RemotePlayer, TableSession
from game.session.seats import name_key

from .protocol import (CODE_ALPHABET, CODE_LENGTH, ENTRIES_PER_MESSAGE, GUEST_MESSAGES, MAX_GUEST_MESSAGE,
                       PROTOCOL_VERSION, ProtocolError, entry_fields, hand_result_fields, match_result_fields,
                       read_message, view_fields, write_message)

log = logging.getLogger(__name__)

#: How long the table waits for a person whose connection dropped before a computer plays their seat.
DROP_WAIT_S = 30.0
#: Messages a guest may send per second on average, and in a burst.
RATE, BURST = 20.0, 40
#: Messages over the rate a guest may send before it is dropped as a flood.
FLOOD_LIMIT = 200
#: Messages waiting to be written to one guest; a guest that lets them pile up is not reading.
OUTBOX_LIMIT = 256
#: Connections at once (a table has at most 15 seats; the rest are refused at once).
MAX_CONNECTIONS = 32
#: A wrong table code is answered after this pause, so that guessing the code takes days.
WRONG_CODE_PAUSE_S = 0.5


#: The parameters of a refused move a guest is told (its screen says "that card" for the card it chose).
_REFUSAL_PARAMS = frozenset({"count", "suit", "rank", "word", "seat", "name"})


def new_table_code() -> str:
    """A short code for the host to read out (from the OS's secure randomness, not the game's seeded rng:
    it keeps strangers on the network away from the table)."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def local_addresses() -> tuple[str, ...]:
    """This computer's IPv4 addresses on its networks (not loopback), for the host to show beside the port
    (friends type one to join when discovery does not reach them)."""
    import ifaddr

    found = []
    for adapter in ifaddr.get_adapters():
        for ip in adapter.ips:
            if ip.is_IPv4 and not str(ip.ip).startswith("127.") and str(ip.ip) not in found:
                found.append(str(ip.ip))
    return tuple(found)


def listening_socket(bind: str | None, port: int) -> socket.socket:
    """The host's listening socket on ``port`` of ``bind``; None: every address, IPv4 and IPv6 both (one
    dual-stack socket, so that a friend may type either kind of address), or IPv4 alone where this computer
    has no IPv6 (or its IPv6 is switched off). Raises OSError (the port taken, say)."""
    if bind is None:
        if socket.has_dualstack_ipv6():
            try:
                return socket.create_server(("", port), family=socket.AF_INET6, dualstack_ipv6=True)
            except OSError as error:   # IPv6 off in the kernel: the socket cannot even be made
                if error.errno not in _NO_IPV6:
                    raise
                log.info("no IPv6 here (%s): the table listens on IPv4 only", error)
        bind = "0.0.0.0"
    family = socket.AF_INET6 if ":" in bind else socket.AF_INET
    return socket.create_server((bind.strip("[]"), port), family=family)


#: The errors that mean "this computer has no IPv6" (not "the port is taken").
_NO_IPV6 = frozenset(code for code in (getattr(errno, name, None) for name in
                                       ("EAFNOSUPPORT", "EADDRNOTAVAIL", "EPROTONOSUPPORT")) if code is not None)


@dataclass(frozen=True)
class HostNotice:
    """Something the host's screen tells its player: ``code`` (protocol.NOTICE_CODES) and ``params``
    (``seat``, ``name``: an outside string, shown only through safe_text; ``seconds`` for waiting_for)."""

    code: str
    params: dict = field(default_factory=dict)


@dataclass(frozen=True)
class LobbySeat:
    """One seat as the host's lobby shows it: ``state`` is "here" (a person at the host's screen),
    "computer", "open" (nobody joined: a computer plays it), "connected", "waiting" (dropped, the table waits)
    or "away" (dropped: a computer plays it until they rejoin)."""

    seat: int
    name: str
    state: str


class _TokenBucket:
    def __init__(self, rate: float, burst: int, clock) -> None:
        self.rate, self.burst, self.clock = rate, burst, clock
        self.tokens, self.at = float(burst), clock()

    def take(self) -> bool:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


class _Peer:
    """One connection: read by its handler thread, written by its writer thread, decided on the frame thread."""

    def __init__(self, connection) -> None:
        self.connection = connection
        self.outbox: queue.Queue[str | None] = queue.Queue(OUTBOX_LIMIT)
        self.decided = threading.Event()
        self.welcome: str | None = None      # the frame thread's answer to the hello (welcome or refused)
        self.seat: int | None = None
        self.sent = 0                        # history entries sent so far
        self.alive = True
        self.bytes_sent = 0

    def send(self, text: str) -> bool:
        """Queue ``text``; False (and the peer is cut off) when it has stopped reading."""
        if not self.alive:
            return False
        try:
            self.outbox.put_nowait(text)
            return True
        except queue.Full:
            log.info("a guest stopped reading: dropped")
            self.cut()
            return False

    def cut(self) -> None:
        """End the connection now, even with a write stuck on a full socket."""
        self.alive = False
        try:
            self.connection.socket.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        try:
            self.outbox.put_nowait(None)
        except queue.Full:
            pass

    def write_all(self) -> None:
        while True:
            text = self.outbox.get()
            if text is None or not self.alive:
                break
            try:
                self.connection.send(text)
                self.bytes_sent += len(text.encode())
            except (ConnectionClosed, OSError, RuntimeError):
                break
        self.alive = False


@dataclass
class _RemoteSeat:
    player: RemotePlayer
    token: str | None = None
    peer: _Peer | None = None
    away_since: float | None = None   # dropped, the table waiting for them
    stand_in: bool = True             # a computer plays the seat (nobody joined yet, or gone too long)


class TableHost:
    """Serves ``session``'s remote seats to guests on ``port`` (0: any free port) of ``bind``.

    ``bind`` None: every address of this computer, IPv4 and IPv6 (see ``listening_socket``); ``code``: the
    table code (default: a new one); ``drop_wait``: seconds to wait for a dropped person;
    ``recorder(seat, text)`` hears every message sent to a seat's guest (the privacy test reads them);
    ``rate`` and ``burst``: the messages per second a guest is heard at; ``lobby``: the table waits in
    its lobby until :meth:`start` (guests see who sits where, not the dealt table)."""

    def __init__(self, session: TableSession, *, bind: str | None = None, port: int = 0, code: str | None = None,
                 drop_wait: float = DROP_WAIT_S, hello_timeout: float = 10.0, ping_interval: float = 10.0,
                 ping_timeout: float = 10.0, clock=time.monotonic, recorder=None, rate: float = RATE,
                 burst: int = BURST, lobby: bool = False) -> None:
        self.session = session
        #: Whether the match has begun for the guests (False while the table waits in its lobby).
        self.started = not lobby
        self.code = (code or new_table_code()).upper()
        self.drop_wait = drop_wait
        self.hello_timeout = hello_timeout
        self.clock = clock
        self.recorder = recorder
        self.rate, self.burst = rate, burst
        #: Messages from guests refused by the checker, and errors of the host's own making (logged).
        self.refused_messages = 0
        self.errors = 0
        self.seats: dict[int, _RemoteSeat] = {}
        for seat, kind in enumerate(session.seats):
            if kind.is_remote:
                player = RemotePlayer(session.stand_in(seat))
                player.leave()   # an open seat: a computer plays it until someone joins
                session.attach_player(seat, player)
                self.seats[seat] = _RemoteSeat(player)
        self._inbox: queue.Queue = queue.Queue()
        self._notices: list[HostNotice] = []
        self._connections = 0
        self._lock = threading.Lock()
        self._closed = False
        self._sent_version = -1
        self._sent_lobby: tuple = ()
        self._server = serve(self._handle, sock=listening_socket(bind, port), max_size=MAX_GUEST_MESSAGE * 4,
                             compression=None, ping_interval=ping_interval, ping_timeout=ping_timeout,
                             close_timeout=2, open_timeout=hello_timeout, max_queue=4)
        self._thread = threading.Thread(target=self._server.serve_forever, name="table-host", daemon=True)
        self._thread.start()

    @property
    def address(self) -> tuple[str, int]:
        """(address, port) the server listens on."""
        host, port = self._server.socket.getsockname()[:2]
        return host, port

    @property
    def open_seats(self) -> tuple[int, ...]:
        """The remote seats nobody has joined yet."""
        return tuple(seat for seat, state in self.seats.items() if state.token is None)

    def lobby(self) -> tuple[LobbySeat, ...]:
        """Every seat with its name and state, for the host's lobby and the table's plates."""
        rows = []
        for seat, kind in enumerate(self.session.seats):
            name = self.session.name(seat)
            state = self.seats.get(seat)
            if state is None:
                rows.append(LobbySeat(seat, name, "here" if kind.is_human else "computer"))
            elif state.token is None:
                rows.append(LobbySeat(seat, name, "open"))
            elif state.peer is not None:
                rows.append(LobbySeat(seat, name, "connected"))
            else:
                rows.append(LobbySeat(seat, name, "waiting" if state.away_since is not None else "away"))
        return tuple(rows)

    def start(self) -> None:
        """The host starts the match: every guest in the lobby gets the dealt table (then every change)."""
        if self.started:
            return
        self.started = True
        self._sent_lobby = ()   # the lobby goes out once more, saying the match has begun
        self._sent_version = self.session.version
        for state in self.seats.values():
            if state.peer is not None:
                self._send_table(state.peer, catch_up=True)
        self._send_lobby()

    # ----- the frame thread ------------------------------------------------------------------------

    def poll(self) -> list[HostNotice]:
        """Take in what guests sent, apply the waits, send each guest its view of any change; the notices
        for the host's screen since the last poll. Never blocks, never raises for anything a guest sent."""
        while True:
            try:
                kind, peer, message = self._inbox.get_nowait()
            except queue.Empty:
                break
            try:
                self._take(kind, peer, message)
            except Exception:   # noqa: BLE001 - a bug here must not take the host's table down
                self.errors += 1
                log.exception("the host could not take a guest's %s", kind)
        now = self.clock()
        for seat, state in self.seats.items():
            if state.away_since is not None and now - state.away_since >= self.drop_wait:
                state.away_since = None
                self._stand_in(seat)
                if self.started:
                    self._tell("computer_took", seat)
                else:   # nobody waits for a seat in the lobby: it is open again
                    self._tell("left", seat)
                    self._free(seat)
        self._broadcast()
        self._send_lobby()
        notices, self._notices = self._notices, []
        return notices

    def _take(self, kind: str, peer: _Peer, message) -> None:
        if kind == "hello":
            self._join(peer, message)
        elif kind == "gone":
            self._gone(peer, deliberately=False)
        elif peer.seat is None or self.seats[peer.seat].peer is not peer:
            return   # a message from a connection that no longer holds a seat
        elif kind == "bye":
            self._gone(peer, deliberately=True)
        elif kind == "move":
            self._move(peer, message)

    def _join(self, peer: _Peer, hello: dict) -> None:
        token = hello.get("token")
        seat = next((seat for seat, state in self.seats.items()
                     if token is not None and state.token is not None and hmac.compare_digest(state.token, token)),
                    None)
        rejoining = seat is not None
        if seat is None:
            seat = next((seat for seat, state in self.seats.items() if state.token is None), None)
        if seat is None or self._closed:
            self._answer(peer, write_message("refused", code="net.full", params={}))
            return
        if not rejoining and name_key(hello["name"]) in self._people_names():
            self._answer(peer, write_message("refused", code="net.name_taken", params={}))
            return
        state = self.seats[seat]
        if state.peer is not None:   # the same person again, before their old connection was seen to drop
            state.peer.cut()
        if not rejoining:
            state.token = secrets.token_hex(16)
            self.session.rename_seat(seat, hello["name"])
            self._rename_computers()
        state.peer, state.away_since = peer, None
        peer.seat, peer.sent = seat, 0
        self._present(seat)
        self._answer(peer, write_message(
            "welcome", version=PROTOCOL_VERSION, seat=seat, token=state.token,
            names=[self.session.name(s) for s in range(len(self.session.seats))],
            kinds=[s.kind for s in self.session.seats], rules=self.session.rules.to_dict()))
        self._send(peer, self._lobby_message())
        if self.started:
            self._send_table(peer, catch_up=True)
        self._tell("rejoined" if rejoining else "joined", seat)

    def _people_names(self) -> set[str]:
        """The names (as name_key compares them) of the people at the table: the host's and every guest's
        holding a seat (connected or not)."""
        return {name_key(seat.name) for index, seat in enumerate(self.session.seats)
                if seat.is_human or (index in self.seats and self.seats[index].token is not None)}

    def _is_computer(self, seat: int) -> bool:
        return not self.session.seats[seat].is_human and (seat not in self.seats or self.seats[seat].token is None)

    def _rename_computers(self) -> None:
        """A computer (or an open seat a computer plays) never carries a person's name: it takes the next
        name of OPPONENT_NAMES nobody at the table has."""
        people = self._people_names()
        for seat in range(len(self.session.seats)):
            if self._is_computer(seat) and name_key(self.session.seats[seat].name) in people:
                self.session.rename_seat(seat, self._free_name(seat))

    def _free_name(self, seat: int) -> str:
        taken = {name_key(other.name) for index, other in enumerate(self.session.seats) if index != seat}
        return next((name for name in OPPONENT_NAMES if name_key(name) not in taken), self.session.seats[seat].name)

    def _free(self, seat: int) -> None:
        """A seat left in the lobby is open again, under a computer's name."""
        self.seats[seat].token = None
        self.session.rename_seat(seat, self._free_name(seat))

    def _answer(self, peer: _Peer, text: str) -> None:
        peer.welcome = text
        self._record(peer, text)
        peer.decided.set()

    def _gone(self, peer: _Peer, deliberately: bool) -> None:
        peer.alive = False
        seat = peer.seat
        if seat is None or self.seats[seat].peer is not peer:
            return
        state = self.seats[seat]
        state.peer = None
        if self._closed or self.session.over:
            return
        if deliberately:
            self._stand_in(seat)
            self._tell("left", seat)
            if not self.started:
                self._free(seat)
        else:
            state.away_since = self.clock()
            self._tell("waiting_for", seat, seconds=int(self.drop_wait))

    def _present(self, seat: int) -> None:
        state = self.seats[seat]
        state.stand_in = False
        state.player.come_back()

    def _stand_in(self, seat: int) -> None:
        state = self.seats[seat]
        state.stand_in = True
        state.player.leave()

    def _move(self, peer: _Peer, message: dict) -> None:
        session, seat, move, ticket = self.session, peer.seat, message["move"], message["ticket"]
        if move.kind == MoveKind.LAST_CARD and session.to_act() != seat:
            try:   # the call right after playing down to one card, out of turn
                session.call_last_card(seat)
            except IllegalMove as error:
                self._refuse_move(peer, ticket, error.reason, error.params)
                return
            self._tell("last_card_called", seat)
            return
        if session.to_act() != seat:
            self._refuse_move(peer, ticket, "net.not_your_turn")
        elif ticket != session.version:
            self._refuse_move(peer, ticket, "net.stale")
        elif move not in session.view_for(seat).my_moves:
            why = session.match.hand.why_illegal(move)   # the rules' reason, for the guest's toast
            self._refuse_move(peer, ticket, why.reason, why.params)
        elif not self.seats[seat].player.offer(ticket, move):
            self._refuse_move(peer, ticket, "net.stale")

    def _refuse_move(self, peer: _Peer, ticket: int, code: str, params=None) -> None:
        # Only the parameters that name no card: a card in a refusal would be the guest's own or its
        # guess, but the privacy audit allows no card a seat may not see in any message, and neither do we.
        params = {key: value for key, value in (params or {}).items()
                  if key in _REFUSAL_PARAMS and (type(value) is int or (type(value) is str and len(value) <= 16))}
        self._send(peer, write_message("move_refused", ticket=ticket, code=code, params=params))

    def _tell(self, code: str, seat: int, **params) -> None:
        params = {"seat": seat, "name": self.session.name(seat), **params}
        self._notices.append(HostNotice(code, params))
        text = write_message("notice", code=code, params=params)
        for state in self.seats.values():
            if state.peer is not None and state.peer.seat != seat:
                self._send(state.peer, text)

    def _lobby_message(self) -> str:
        return write_message("lobby", started=self.started,
                             seats=[{"name": row.name, "state": row.state} for row in self.lobby()])

    def _send_lobby(self) -> None:
        """Every guest hears who sits where whenever that changes (their lobby lists it; the names stay
        right at the table)."""
        lobby = (self.started, self.lobby())
        if lobby == self._sent_lobby:
            return
        self._sent_lobby = lobby
        text = self._lobby_message()
        for state in self.seats.values():
            if state.peer is not None:
                self._send(state.peer, text)

    def _broadcast(self) -> None:
        if self.session.version == self._sent_version or not self.started:
            return
        self._sent_version = self.session.version
        for state in self.seats.values():
            if state.peer is not None:
                self._send_table(state.peer)

    def _send_table(self, peer: _Peer, catch_up: bool = False) -> None:
        """The guest's view and the history entries it has not had yet (from the hand's deal when it
        joins, or when the history was taken back)."""
        session, seat = self.session, peer.seat
        history = session.history
        if catch_up or peer.sent > len(history):
            peer.sent = _hand_start(history)
            catch_up = True
        view = view_fields(session.view_for(seat))
        hand_result = session.hand_result() if session.hand_over else None
        match_result = session.match_result()
        start = peer.sent
        while True:
            entries = history[start:start + ENTRIES_PER_MESSAGE]
            last = start + len(entries) >= len(history)
            self._send(peer, write_message(
                "table", start=start, entries=[entry_fields(entry, seat) for entry in entries], view=view,
                catch_up=catch_up or not last,
                hand_result=hand_result_fields(hand_result) if hand_result is not None and last else None,
                match_result=match_result_fields(match_result) if match_result is not None and last else None))
            start += len(entries)
            if last:
                break
        peer.sent = len(history)

    def _send(self, peer: _Peer, text: str) -> None:
        self._record(peer, text)
        peer.send(text)

    def _record(self, peer: _Peer, text: str) -> None:
        if self.recorder is not None:
            self.recorder(peer.seat, text)

    def close(self) -> None:
        """The host leaves: every guest is told the match is over, and the server stops."""
        if self._closed:
            return
        self._closed = True
        for seat, state in self.seats.items():
            if state.peer is not None:
                self._send(state.peer, write_message("end", code="net.host_quit"))
        deadline = time.monotonic() + 1.0
        for state in self.seats.values():   # let the goodbyes go out, briefly
            while state.peer is not None and state.peer.alive and not state.peer.outbox.empty() \
                    and time.monotonic() < deadline:
                time.sleep(0.01)
        self._server.shutdown()
        for state in self.seats.values():
            if state.peer is not None:
                state.peer.cut()

    # ----- connection threads ------------------------------------------------------------------------

    def _handle(self, connection) -> None:
        """One guest's connection, in its own thread: the hello, then every message checked and queued."""
        with self._lock:
            self._connections += 1
            crowded = self._connections > MAX_CONNECTIONS
        try:
            if crowded or self._closed:
                connection.close()
                return
            self._serve(connection)
        finally:
            with self._lock:
                self._connections -= 1

    def _serve(self, connection) -> None:
        peer = _Peer(connection)
        hello, refusal = self._check_hello(connection)
        if refusal is not None:
            self._refuse_join(connection, *refusal)
            return
        self._inbox.put(("hello", peer, hello))
        if not peer.decided.wait(self.hello_timeout) or peer.welcome is None:
            self._refuse_join(connection, "net.timeout", {})
            return
        if '"type":"refused"' in peer.welcome:
            self._refuse_join(connection, None, None, text=peer.welcome)
            return
        writer = threading.Thread(target=peer.write_all, name="table-host-writer", daemon=True)
        try:
            connection.send(peer.welcome)
        except (ConnectionClosed, OSError):
            self._inbox.put(("gone", peer, None))
            return
        writer.start()
        bucket = _TokenBucket(self.rate, self.burst, time.monotonic)
        flood = 0
        try:
            while peer.alive:
                data = connection.recv()
                if not bucket.take():
                    flood += 1
                    if flood > FLOOD_LIMIT:
                        log.info("a guest flooded the table: dropped")
                        break
                    continue
                try:
                    message = read_message(data, GUEST_MESSAGES, MAX_GUEST_MESSAGE)
                    if message["type"] == "hello":
                        raise ProtocolError("net.bad_message", "already joined")
                except ProtocolError as error:
                    self._count_refusal()
                    peer.send(write_message("problem", code=error.code))
                    continue
                self._inbox.put((message["type"], peer, message))
        except (ConnectionClosed, OSError):
            pass
        finally:
            peer.cut()
            self._inbox.put(("gone", peer, None))

    def _check_hello(self, connection):
        """Read and check the hello: (hello, None) when it may ask for a seat, else (None, (code, params))."""
        try:
            data = connection.recv(timeout=self.hello_timeout)
        except TimeoutError:
            return None, ("net.timeout", {})
        except (ConnectionClosed, OSError):
            return None, ("net.refused", {})
        try:
            hello = read_message(data, GUEST_MESSAGES, MAX_GUEST_MESSAGE)
        except ProtocolError:
            self._count_refusal()
            return None, ("net.bad_hello", {})
        if hello["type"] != "hello":
            self._count_refusal()
            return None, ("net.bad_hello", {})
        if hello["version"] != PROTOCOL_VERSION:
            return None, ("net.version", {"host": PROTOCOL_VERSION, "guest": hello["version"]})
        if not hmac.compare_digest(hello["code"].upper().encode(), self.code.encode()):
            time.sleep(WRONG_CODE_PAUSE_S)
            return None, ("net.wrong_code", {})
        return hello, None

    def _count_refusal(self) -> None:
        with self._lock:   # connection threads count at once; a bare += may lose one between them
            self.refused_messages += 1

    def _refuse_join(self, connection, code, params, text: str | None = None) -> None:
        try:
            connection.send(text or write_message("refused", code=code, params=params))
            connection.close()
        except (ConnectionClosed, OSError, RuntimeError):
            pass


def _hand_start(history) -> int:
    """The index of the current hand's deal in ``history``."""
    for index in range(len(history) - 1, -1, -1):
        if history[index].seat is None:
            return index
    return 0
