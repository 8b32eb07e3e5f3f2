"""The screens' side of network play: a hosted table or a joined one, polled once a frame, its news in words.

``HostLink`` holds game/net's ``TableHost`` and the table's advert on the home network; ``GuestLink`` a
``TableClient`` and, once joined, its ``RemoteTable``. The app polls the link of the match on screen
every frame (``App.table_link``), whatever scene is on top, and every notice the network brings (a
friend joined or left, a seat taken over by a computer, the host gone) is shown and said through
``app.notify``. Every name that came over the network reaches the screen through ``safe_text``.
"""
from __future__ import annotations

import dataclasses
import threading
from dataclasses import dataclass

from game.net.address import AddressError, split_address
from game.net.discovery import TableAdvert, local_addresses
from game.net.client import TableClient
from game.net.host import TableHost
from game.net.protocol import PROTOCOL_VERSION
from game.session import HUMAN, OPPONENT_NAMES, REMOTE, Seat
from game.session.seats import name_key

from .i18n import _, is_default_player_name, level_name, shown_player_name
from .problems import os_error_words
from .safe_text import safe_text
from .scene import AMBIENT_FPS
from .sessions import new_session, store_problem_reporter

#: A seat the host leaves open to a friend (the other choices are the computer levels).
FRIEND = "friend"
#: The port a host listens on when it is free (the README's firewall note names it); else any free one.
DEFAULT_PORT = 47474
#: The most characters of a peer's name shown.
NAME_CHARS = 24


@dataclass(frozen=True)
class LobbySeat:
    """One seat as the lobby lists it: ``kind`` "host", "computer" or "friend"; ``state`` for a friend's
    seat "open", "joined" or "away"; the name (untrusted for a friend) and a computer's level; ``you``: the
    seat of the person at this screen (a guest's own)."""

    seat: int
    kind: str
    name: str = ""
    state: str = ""
    level: str = ""
    you: bool = False


def lobby_line(seat: LobbySeat) -> str:
    """One line of a lobby (the host's and a guest's alike): the seat's number, who sits there, how it stands."""
    name = safe_text(seat.name, NAME_CHARS) if seat.name else ""
    if seat.kind == "host":
        text = _("{name} (host)").format(name=name)
    elif seat.kind == "computer":
        text = _("{name}, computer: {level}").format(name=name, level=level_name(seat.level))
    elif seat.state == "open":
        text = _("Waiting for a friend…")
    elif seat.state == "away":
        text = _("{name}: connection lost").format(name=name)
    elif seat.you:
        text = _("{name} (you)").format(name=name)
    else:
        text = _("{name} joined").format(name=name)
    return f"{seat.seat + 1}.  {text}"


def seat_names(taken, count: int) -> list[str]:
    """``count`` computer names from OPPONENT_NAMES, in order, none of them a name in ``taken`` (a person's:
    compared as the host compares names, case and spaces aside)."""
    keys = {name_key(name) for name in taken}
    free = [name for name in OPPONENT_NAMES if name_key(name) not in keys]
    return (free + list(OPPONENT_NAMES))[:count]


def table_name_for(name: str) -> str:
    """What the table is called on the network: after its host (the game's name while the host has none of
    their own: "You's table" would name nobody)."""
    if not name.strip() or is_default_player_name(name):
        return _("Crazy Eights")
    return _("{name}'s table").format(name=name)


def peer(name) -> str:
    """A name that came over the network, as the screen may show it."""
    return safe_text(name, NAME_CHARS)


# ----- words -----------------------------------------------------------------------------------------


def notice_text(code: str, params: dict) -> str:
    """A notice from the host (``protocol.NOTICE_CODES``, with ``name``) in the player's words."""
    name = peer(params.get("name", "")) if params.get("name") else _("A player")
    words = {
        "joined": lambda: _("{name} sat down at the table.").format(name=name),
        "left": lambda: _("{name} left the table.").format(name=name),
        "waiting_for": lambda: _("{name} lost the connection. Waiting 30 seconds for them…").format(name=name),
        "computer_took": lambda: _("A computer plays for {name} until they come back.").format(name=name),
        "rejoined": lambda: _("{name} is back and plays on.").format(name=name),
        "host_quit": lambda: _("The host left: the match is over."),
        "connection_lost": lambda: _("The connection to the table was lost: the match is over."),
    }
    make = words.get(code)
    return make() if make is not None else ""


def refusal_text(code: str, params: dict | None = None) -> str:
    """Why joining a table failed (``protocol.JOIN_CODES``, or a box typed wrong), in the player's words."""
    params = params or {}
    words = {
        "net.wrong_code": lambda: _("That is not this table's code. Check the code on the host's screen."),
        "net.version": lambda: _("The host plays another version of the game. Both computers need the same "
                                 "version."),
        "net.full": lambda: _("The table is full: every seat is taken."),
        "net.no_host": lambda: _("Nobody is hosting a table at that address and port. Check both, and that the "
                                 "host's firewall lets the game in."),
        "net.timeout": lambda: _("The table did not answer in time. Check the address and the port, and try "
                                 "again."),
        "net.host_quit": lambda: _("The host closed the table."),
        "net.bad_hello": lambda: _("The table did not understand this computer. Both need the same version of "
                                   "the game."),
        "net.name_taken": lambda: _("That name is already at this table: choose another."),
        "name": lambda: _("Type a name to sit down with."),
        "address": lambda: _("Type the address shown on the host's screen, such as 192.168.1.20."),
        "address_zone": lambda: _("An address that begins with fe80 needs the network it is on after a %, such "
                                  "as fe80::1%eth0."),
        "port": lambda: _("The port is a number from 1 to 65535, shown on the host's screen."),
        "code": lambda: _("Type the table code shown on the host's screen."),
    }
    make = words.get(code)
    return make() if make is not None else _("The table did not let you in.")


def host_problem_text(error: OSError) -> str:
    """Why the table could not be opened on this computer."""
    return _("The table could not be opened: {reason}").format(reason=os_error_words(error))


def discovery_problem_text(problem: str | None) -> str:
    """What the join screen says while it cannot look for tables (or "" when it can)."""
    if problem is None:
        return ""
    return _("Tables on this network cannot be found by themselves here. Join with the address, port and code "
             "shown on the host's screen.")


class GuestJoin:
    """Joining a table off the frame loop: ``connect`` waits on the network, so it runs in a thread and the
    join screen polls ``result`` (None while joining, then ``(client, None)`` or ``(None, refusal)``)."""

    def __init__(self, connect):
        self.result = None
        self._thread = threading.Thread(target=self._run, args=(connect,), name="table-join", daemon=True)
        self._thread.start()

    def _run(self, connect) -> None:
        try:
            self.result = (connect(), None)
        except Exception as error:   # a refusal, or the network failing: both become words
            self.result = (None, error)


@dataclass(frozen=True)
class JoinRequest:
    """Where to join and as whom, as the join screen's boxes gave it (checked by ``parse_join``)."""

    name: str
    address: str
    port: int
    code: str


def parse_join(name: str, address: str, port: str, code: str) -> tuple[JoinRequest | None, str | None]:
    """The join screen's boxes as a JoinRequest, or the code of the first box typed wrong."""
    name = " ".join(name.split())
    address = address.strip()
    code = "".join(code.split()).upper()
    if not name:
        return None, "name"
    try:
        address, port_typed = split_address(address)
    except AddressError as error:
        return None, error.code
    port_text = port.strip()
    if port_typed is None and (not port_text.isdigit() or not 1 <= int(port_text) <= 65535):
        return None, "port"
    if not code or not code.isalnum():
        return None, "code"
    return JoinRequest(name, address, port_typed or int(port_text), code), None


def refusal_code(error: Exception) -> tuple[str, dict]:
    """A failed join as a refusal code (``protocol.JOIN_CODES``) and its params."""
    code = getattr(error, "code", None)
    if isinstance(code, str):
        return code, dict(getattr(error, "params", None) or {})
    if isinstance(error, TimeoutError):
        return "net.timeout", {}
    if isinstance(error, OSError):
        return "net.no_host", {}
    return "net.refused", {}


def shown_peer_name(name: str) -> str:
    """How a table with people from other computers writes a seat's name: the default name in the player's
    language, anything that came over the network through safe_text."""
    return peer(shown_player_name(name))


class HostLink:
    """A table this computer hosts: the session (dealt when the table opens; open seats are played by a
    computer until a friend sits down), the ``TableHost`` serving it and its advert on the network.

    The host's screens read ``lobby()``, ``code`` and ``address_text()``; the app calls ``update`` every
    frame, which polls the host and shows its notices."""

    def __init__(self, app, session, host, advert):
        self.app = app
        self.session = session
        self.host = host
        self.advert = advert
        self.closed = False
        self.started = False
        self.addresses = local_addresses()

    @classmethod
    def open(cls, app, rules, host_name: str, seat_kinds: list[str], table_name: str) -> "HostLink":
        """Deal a match of ``rules`` (seat 0 the host, then FRIEND seats open to friends, the rest computers of
        their level) and serve it on DEFAULT_PORT, else any free port; raises OSError when no port opens."""
        seats = [Seat(host_name, HUMAN)]
        for name, kind in zip(seat_names([host_name], len(seat_kinds)), seat_kinds):
            seats.append(Seat(name, REMOTE if kind == FRIEND else kind))
        session = new_session(app, rules, app.next_seed(), seats)
        session.shown_name = shown_peer_name
        try:
            host = TableHost(session, port=DEFAULT_PORT, lobby=True)
        except OSError:   # the game's port is taken (another table on this computer): any free one
            host = TableHost(session, port=0, lobby=True)
        friends = sum(kind == FRIEND for kind in seat_kinds)
        advert = TableAdvert(table_name, host.address[1], PROTOCOL_VERSION, friends, len(seats))
        advert.start()
        link = cls(app, session, host, advert)
        app.table_link = link
        return link

    @property
    def code(self) -> str:
        return self.host.code

    @property
    def table(self):
        """What the table scene plays: the session itself."""
        return self.session

    def address_text(self) -> str:
        """The address and port friends type (this computer's address on the home network)."""
        return f"{self.addresses[0]}:{self.host.address[1]}"

    def lobby(self) -> tuple[LobbySeat, ...]:
        """Every seat as the lobby lists it (names through safe_text)."""
        rows = []
        for row in self.host.lobby():
            seat = self.session.seats[row.seat]
            if row.state == "here":
                rows.append(LobbySeat(row.seat, "host", peer(row.name)))
            elif row.state == "computer":
                rows.append(LobbySeat(row.seat, "computer", peer(row.name), level=seat.kind))
            elif row.state == "open":
                rows.append(LobbySeat(row.seat, "friend", "", "open"))
            elif row.state == "connected":
                rows.append(LobbySeat(row.seat, "friend", peer(row.name), "joined"))
            else:
                rows.append(LobbySeat(row.seat, "friend", peer(row.name), "away"))
        return tuple(rows)

    def update(self, dt: float) -> None:
        """Poll the host: what friends sent is taken in, each gets their view; notices are shown and said."""
        if self.closed:
            return
        for notice in self.host.poll():
            text = notice_text(notice.code, notice.params)
            if text:
                self.app.notify(text, seconds=6.0, problem=notice.code in ("waiting_for", "left"))
        self.advert.update(len(self.host.open_seats) if not self.started else 0)

    def start(self) -> None:
        """The host pressed Start: the guests leave the lobby for the dealt table, and the table is no
        longer listed as open on the network."""
        self.started = True
        self.host.start()
        self.advert.update(0)

    def frame_rate(self) -> int:
        return AMBIENT_FPS

    def close(self) -> None:
        """The host leaves: friends are told the match is over; the advert says goodbye."""
        if self.closed:
            return
        self.closed = True
        if self.app.table_link is self:
            self.app.table_link = None
        self.advert.close()
        self.host.close()



class GuestTable:
    """A guest's ``RemoteTable`` as the table scene reads it, every name the host sent made safe to draw
    (a host could send a name of zero-width characters, which a font refuses); everything else is the
    remote table's own."""

    def __init__(self, remote):
        self.remote = remote
        self._view_key = None
        self._view = None

    def __getattr__(self, name):
        return getattr(self.remote, name)

    @property
    def seats(self) -> tuple:
        return tuple(dataclasses.replace(seat, name=shown_peer_name(seat.name)) for seat in self.remote.seats)

    @property
    def shown_seats(self) -> tuple:
        return self.seats

    def name(self, seat: int) -> str:
        return shown_peer_name(self.remote.name(seat))

    def view(self):
        view = self.remote.view()
        if view is None:
            return None
        key = (id(view), tuple(seat.name for seat in self.remote.seats))
        if key != self._view_key:
            self._view_key = key
            names = self.remote.seats
            self._view = dataclasses.replace(view, seats=tuple(
                dataclasses.replace(seat, name=shown_peer_name(names[index].name if index < len(names) else seat.name))
                for index, seat in enumerate(view.seats)))
        return self._view

    def hand_result(self):
        result = self.remote.hand_result()
        return None if result is None else dataclasses.replace(result, players=self.seats)

    def match_result(self):
        result = self.remote.match_result()
        return None if result is None else dataclasses.replace(result, players=self.seats)


def rejoin_tokens(app) -> dict:
    """The seats this game sat at in this run, by (address, port, code): joining one again after the connection
    dropped takes the same seat back from the computer playing it."""
    tokens = getattr(app, "rejoin_tokens", None)
    if tokens is None:
        tokens = app.rejoin_tokens = {}
    return tokens


def join_table(wanted: JoinRequest, token: str | None = None) -> GuestJoin:
    """Start joining the table ``wanted`` names (off the frame loop; ``token``: the seat held there before);
    poll the GuestJoin it gives."""
    def connect():
        client = TableClient(wanted.address, wanted.port, wanted.code, wanted.name, token=token)
        client.connect()
        return client

    return GuestJoin(connect)


class GuestLink:
    """A table joined on another computer: the client, its table (as the scene reads it), and its news.

    The app calls ``update`` every frame: what the host sent is taken in (the guest's own results counted in
    this computer's statistics), notices are shown and said, and when the host leaves (or the connection is lost) the match is over: back to the main menu, with a
    message that says why."""

    def __init__(self, app, client):
        self.app = app
        self.client = client
        self.table = GuestTable(client.table)
        self.closed = False
        # The guest's own results count in this computer's statistics, under the name they joined with.
        client.table.keep_statistics(app.journal, client.name, store_problem_reporter(app))
        if client.token:
            rejoin_tokens(app)[(client.address, client.port, client.code)] = client.token

    @property
    def table_name(self) -> str:
        """The table's name: after its host (seat 0)."""
        return table_name_for(self.table.name(0))

    @property
    def host_name(self) -> str:
        """The host's name, safe to draw."""
        return self.table.name(0)

    @property
    def lobby_changes(self) -> int:
        """Counts each new lobby the host sent (the waiting screen redraws only then)."""
        return self.table.remote.lobby_changes

    def lobby(self) -> tuple[LobbySeat, ...]:
        """Every seat as the guest's lobby lists it, as the host's lobby does (names through safe_text)."""
        rows = []
        for row in self.table.remote.lobby or ():
            name = shown_peer_name(row.name)
            if row.state == "here":
                rows.append(LobbySeat(row.seat, "host", name))
            elif row.state == "computer":
                rows.append(LobbySeat(row.seat, "computer", name, level=row.kind))
            elif row.state == "open":
                rows.append(LobbySeat(row.seat, "friend", "", "open"))
            else:
                rows.append(LobbySeat(row.seat, "friend", name, "joined" if row.state == "connected" else "away",
                                      you=row.seat == self.table.seat))
        return tuple(rows)

    def update(self, dt: float) -> None:
        if self.closed:
            return
        for notice in self.table.remote.poll():
            text = notice_text(notice.code, notice.params)
            if notice.code in ("host_quit", "connection_lost"):
                self.ended(text)
                return
            if text:
                self.app.notify(text, seconds=6.0, problem=notice.code in ("waiting_for", "left"))

    def ended(self, text: str) -> None:
        """The host is gone: the match is over for this guest; the main menu says why."""
        self.close()
        self.app.main_menu()
        self.app.go("message", _("The match is over"), text)

    def frame_rate(self) -> int:
        return AMBIENT_FPS

    def close(self) -> None:
        """Leave the table (the host gives the seat to a computer)."""
        if self.closed:
            return
        self.closed = True
        if self.app.table_link is self:
            self.app.table_link = None
        self.table.remote.close()
