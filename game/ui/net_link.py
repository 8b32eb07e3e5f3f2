"""The screens' side of network play: a hosted table or a joined one, polled once a frame, its news in words.

``HostLink`` holds game/net's ``TableHost`` and the table's advert on the home network; ``GuestLink`` a
``TableClient`` and, once joined, its ``RemoteTable``. The app polls the link of the match on screen
every frame (``App.table_link``), whatever scene is on top, and every notice the network brings (a
friend joined or left, a seat taken over by a computer, the host gone) is shown and said through
``app.notify``. Every name that came over the network reaches the screen through ``safe_text``.
"""
from __future__ import annotations

import threading
from dataclasses import dataclass

from .i18n import _
from .safe_text import safe_text

#: A seat the host leaves open to a friend (the other choices are the computer levels).
FRIEND = "friend"
#: The port a host listens on when it is free (the README's firewall note names it); else any free one.
DEFAULT_PORT = 47474
#: The most characters of a peer's name shown.
NAME_CHARS = 24


@dataclass(frozen=True)
class LobbySeat:
    """One seat as the lobby lists it: ``kind`` "host", "computer" or "friend"; ``state`` for a friend's
    seat "open", "joined" or "away"; the name (untrusted for a friend) and a computer's level."""

    seat: int
    kind: str
    name: str = ""
    state: str = ""
    level: str = ""


def table_name_for(name: str) -> str:
    """What the table is called on the network: after its host."""
    return _("{name}'s table").format(name=name)


def peer(name) -> str:
    """A name that came over the network, as the screen may show it."""
    return safe_text(name, NAME_CHARS)


# ----- words -----------------------------------------------------------------------------------------


def notice_text(code: str, params: dict) -> str:
    """A notice from the host or the client (its ``code`` and ``params``) in the player's words."""
    name = peer(params.get("name", "")) if "name" in params else ""
    seconds = params.get("seconds", 30)
    seconds = seconds if isinstance(seconds, int) and not isinstance(seconds, bool) and 0 < seconds < 1000 else 30
    words = {
        "joined": lambda: _("{name} sat down at the table.").format(name=name),
        "left": lambda: _("{name} left the table.").format(name=name),
        "waiting_for": lambda: _("{name} lost the connection. Waiting {seconds} seconds for them…").format(
            name=name, seconds=seconds),
        "computer_took": lambda: _("A computer plays for {name} until they come back.").format(name=name),
        "rejoined": lambda: _("{name} is back and plays on.").format(name=name),
        "host_left": lambda: _("The host left: the match is over."),
        "connection_lost": lambda: _("The connection to the table was lost."),
    }
    make = words.get(code)
    return make() if make is not None else _("Something happened at the table ({code}).").format(
        code=safe_text(code, 32))


def refusal_text(code: str, params: dict | None = None) -> str:
    """Why joining a table failed, from the refusal's code."""
    params = params or {}
    words = {
        "wrong_code": lambda: _("That is not this table's code. Check the code on the host's screen."),
        "version": lambda: _("The host plays another version of the game ({theirs}; this one is {ours}). "
                             "Both need the same version.").format(
            theirs=safe_text(params.get("theirs", "?"), 16), ours=safe_text(params.get("ours", "?"), 16)),
        "full": lambda: _("The table is full: every seat is taken."),
        "started": lambda: _("The match at that table has already started."),
        "unreachable": lambda: _("Nobody is hosting a table at that address and port. Check both, and that the "
                                 "host's firewall lets the game in."),
        "name": lambda: _("Type a name to sit down with."),
        "address": lambda: _("Type the address shown on the host's screen, such as 192.168.1.20."),
        "port": lambda: _("The port is a number from 1 to 65535, shown on the host's screen."),
        "code": lambda: _("Type the table code shown on the host's screen."),
    }
    make = words.get(code)
    return make() if make is not None else _("The table did not let you in ({code}).").format(
        code=safe_text(code, 32))


def host_problem_text(error: OSError) -> str:
    """Why the table could not be opened on this computer."""
    from .problems import os_error_words

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
