"""A guest's table: what the table scene reads, built from what the host sent this seat.

``RemoteTable`` offers the reading surface of ``TableSession`` that game/ui/table uses (``view()``,
``history``, ``name``, ``human_turn()``, ``play(move)``, ``computer_to_act()`` / ``think()`` /
``play_computer_move()``, ``hand_result()``, ...). The others' moves arrive in batches (one per change
at the host); a batch holding another seat's move waits until the scene plays it
(``play_computer_move``), at the scene's pace, as a computer's move would; the guest's own moves, deals
it has been dealt into and catching up are applied at once. What a guest cannot do answers "not
available": undo is refused with the reason ``net.guest``; hint, tutor and reviews are off. Once told where
(``keep_statistics``), the guest's own results count on this computer as each hand ends in play here.
"""
from __future__ import annotations

import queue
import time
from collections import deque
from dataclasses import dataclass, field

from game.rules import IllegalMove, Move, MoveKind
from game.session import HUMAN, NOTICE, REMOTE, STATISTICS, HistoryEntry, Seat, UndoRefused
from game.session.network_statistics import guest_result_steps, statistics_player

from .protocol import (ProtocolError, TableFacts, entry_from, hand_result_from, match_result_from, view_from)

#: How long ``play`` waits for the host to take or refuse the guest's move.
PLAY_WAIT_S = 3.0
#: What a guest's table cannot do (the scene hides or refuses these).
GUEST_UNAVAILABLE = frozenset({"undo", "hint", "tutor", "review", "match_review", "save", "rematch"})


@dataclass(frozen=True)
class GuestNotice:
    """Something the guest's screen tells its player: ``code`` (protocol.NOTICE_CODES, or "host_quit" /
    "connection_lost" when the table is gone) and ``params`` (``seat``, ``name``: an outside string, shown
    only through safe_text)."""

    code: str
    params: dict = field(default_factory=dict)


@dataclass(frozen=True)
class GuestLobbySeat:
    """One seat as the guest's lobby lists it: its name (an outside string, shown only through safe_text),
    its kind as the welcome said (a computer's level, "human" for the host's person, "remote" for a friend)
    and how it stands (protocol.LOBBY_STATES)."""

    seat: int
    name: str
    kind: str
    state: str


@dataclass
class _Batch:
    start: int
    entries: list[HistoryEntry]
    view: dict
    catch_up: bool
    hand_result: dict | None
    match_result: dict | None


class RemoteTable:
    """The table as this guest's seat sees it, kept in step with the host by :meth:`poll`."""

    practice = False
    pass_and_play = False

    def __init__(self, client, facts: TableFacts) -> None:
        self.client = client
        self.facts = facts
        self.seat = facts.seat
        #: Seats as this screen sees them: the guest is "human", every other person "remote".
        self.seats = tuple(Seat(name, HUMAN if seat == facts.seat else REMOTE if kind in (HUMAN, REMOTE) else kind)
                           for seat, (name, kind) in enumerate(zip(facts.names, facts.kinds)))
        self.history: list[HistoryEntry] = []
        self._base = 0            # the host's history index of self.history[0]
        self._view = None
        self._hand_result = None
        self._match_result = None
        self._pending: deque[_Batch] = deque()
        self._notices: list[GuestNotice] = []
        self._refusals: dict[int, IllegalMove] = {}
        #: Who sits where, as the host last said (None until its first "lobby"); ``lobby_changes`` counts
        #: each new one (a waiting screen redraws only then); ``started``: the host has begun the match.
        self.lobby: tuple[GuestLobbySeat, ...] | None = None
        self.lobby_changes = 0
        self.started = False
        self._kinds = tuple(facts.kinds)
        #: None while the table is on; "host_quit" or "connection_lost" once it is gone.
        self.ended: str | None = None
        #: Messages from the host the checker refused (logged; the table plays on).
        self.refused_messages = 0
        #: Where the guest's own results count (``keep_statistics``): a StoreJournal, and the name.
        self._journal = None
        self._player: str | None = None
        self._report_problem = None
        self._counted: set[str] = set()

    # ----- keeping in step ---------------------------------------------------------------------------

    def poll(self) -> list[GuestNotice]:
        """Take in what the host sent and apply what needs no animation; the notices since the last poll."""
        self._drain()
        self._apply_ready()
        notices, self._notices = self._notices, []
        return notices

    def _drain(self) -> None:
        while True:
            try:
                message = self.client.inbox.get_nowait()
            except queue.Empty:
                return
            self._take(message)

    def _take(self, message: dict) -> None:
        kind = message["type"]
        if kind == "table":
            self._pending.append(_Batch(message["start"], [entry_from(e) for e in message["entries"]],
                                        message["view"], message["catch_up"], message["hand_result"],
                                        message["match_result"]))
        elif kind == "move_refused":
            self._refusals[message["ticket"]] = IllegalMove(message["code"], "the host refused the move",
                                                            **message["params"])
        elif kind == "notice":
            params = dict(message["params"])
            seat, name = params.get("seat"), params.get("name")
            if message["code"] == "joined" and type(seat) is int and 0 <= seat < len(self.seats) \
                    and seat != self.seat and type(name) is str and name:
                self.seats = tuple(Seat(name, s.kind) if i == seat else s for i, s in enumerate(self.seats))
            self._notices.append(GuestNotice(message["code"], params))
        elif kind == "lobby":
            self._take_lobby(message)
        elif kind in ("end", "closed"):
            if self.ended is None:
                self.ended = "host_quit" if kind == "end" else "connection_lost"
                self._notices.append(GuestNotice(self.ended))

    def _take_lobby(self, message: dict) -> None:
        rows = message["seats"]
        if len(rows) != len(self.seats) or any(not row["name"] for row in rows):
            self.refused_messages += 1
            return
        lobby = tuple(GuestLobbySeat(seat, row["name"], self._kinds[seat], row["state"])
                      for seat, row in enumerate(rows))
        self.started = self.started or message["started"]
        if lobby != self.lobby:
            self.lobby = lobby
            self.lobby_changes += 1
            # A computer renamed (a friend took its name) is shown by its new name at the table too.
            self.seats = tuple(Seat(row.name, seat.kind) if row.seat != self.seat else seat
                               for row, seat in zip(lobby, self.seats))

    def _others_move(self, batch: _Batch) -> int | None:
        """The other seat whose move ``batch`` holds (the scene plays it), or None."""
        if batch.catch_up:
            return None
        return next((entry.seat for entry in batch.entries if entry.seat is not None and entry.seat != self.seat),
                    None)

    def _is_deal(self, batch: _Batch) -> bool:
        return not batch.catch_up and any(entry.seat is None for entry in batch.entries)

    def _apply_ready(self) -> None:
        """Apply batches from the front that need no animation: catching up, the guest's own moves and
        view changes; a deal waits for ``next_hand`` while the last hand's result is up."""
        while self._pending:
            batch = self._pending[0]
            if self._others_move(batch) is not None:
                return
            if self._is_deal(batch) and self._view is not None and self._view.hand_over:
                return
            self._apply(self._pending.popleft())

    def _apply(self, batch: _Batch) -> list:
        """Apply one batch; the events of its entries."""
        index = batch.start - self._base
        if 0 <= index <= len(self.history):
            del self.history[index:]   # normally nothing: the batch follows on (the host took moves back)
        else:   # joined again, or a gap: start from what the host sent
            self.history, self._base = [], batch.start
        self.history.extend(batch.entries)
        facts = TableFacts(self.seat, self.facts.rules, tuple(seat.name for seat in self.seats),
                           tuple(seat.kind for seat in self.seats))
        try:
            self._view = view_from(batch.view, facts, self.history)
            if batch.hand_result is not None:
                self._hand_result = hand_result_from(batch.hand_result, self.seats)
            if batch.match_result is not None:
                self._match_result = match_result_from(batch.match_result, self.seats)
        except ProtocolError:
            self.refused_messages += 1
        else:
            if not batch.catch_up:   # a result that came while catching up ended while the guest was away
                self._count(batch.hand_result is not None, batch.match_result is not None)
        return [event for entry in batch.entries for event in entry.events]

    # ----- the guest's own statistics --------------------------------------------------------------

    def keep_statistics(self, journal, player: str, report_problem=None) -> None:
        """Count the guest's own results from now on through ``journal`` (a StoreJournal over this computer's
        statistics) under ``player``, the name they joined with (a name the statistics cannot keep: nothing is
        counted). ``report_problem(store, error)`` hears a write that failed (tried again with the next)."""
        self._journal, self._player = journal, statistics_player(player)
        self._report_problem = report_problem

    def _count(self, hand_ended: bool, match_ended: bool) -> None:
        """Count the hand and match results that just came (each once)."""
        token = self.client.token
        if self._journal is None or self._player is None or token is None or not (hand_ended or match_ended):
            return
        changes = [step for step in guest_result_steps(
            self.rules, self.seat, self._player, token, self._hand_result if hand_ended else None,
            self._match_result if match_ended else None) if step["change"] not in self._counted]
        if not changes:
            return
        outcome = self._journal.run(changes)
        if STATISTICS in outcome.failed:
            if self._report_problem is not None:
                self._report_problem(STATISTICS, outcome.failed[STATISTICS])
        else:
            self._counted.update(step["change"] for step in changes)
        if self._report_problem is not None:
            for notice in outcome.notices:
                self._report_problem(NOTICE, notice)

    # ----- what the table scene reads ------------------------------------------------------------------

    @property
    def rules(self):
        """The match's rules."""
        return self.facts.rules

    @property
    def human(self) -> int:
        """The guest's seat."""
        return self.seat

    viewer = human
    addressed = human

    @property
    def people(self) -> tuple[int, ...]:
        """The person at this screen: the guest alone."""
        return (self.seat,)

    @property
    def shown_seats(self) -> tuple[Seat, ...]:
        """The seats with their names as sent by the host."""
        return self.seats

    def name(self, seat: int) -> str:
        """A seat's name (an outside string: the screen shows it through safe_text)."""
        return self.seats[seat].name

    def view(self):
        """The table from the guest's seat, as far as it has been shown (None until the host's first view)."""
        return self._view

    @property
    def ready(self) -> bool:
        """Whether the first view has come."""
        return self._view is not None

    @property
    def version(self) -> int:
        """The host's version of the position shown (a move of the guest names it as its ticket)."""
        return self._view.version if self._view is not None else -1

    @property
    def over(self) -> bool:
        """Whether the match has ended (or the table is gone)."""
        return self.ended is not None or (self._view is not None and self._view.match_over)

    @property
    def hand_over(self) -> bool:
        """Whether the hand shown has ended."""
        return self._view is not None and self._view.hand_over

    @property
    def hand_number(self) -> int:
        """The number of the hand shown."""
        return self._view.hand_number if self._view is not None else 0

    @property
    def hand_started(self) -> bool:
        """Whether anyone has moved in the hand shown."""
        return bool(self.history) and self.history[-1].seat is not None

    @property
    def dealt_waiting(self) -> bool:
        """Whether the host has dealt the next hand (``next_hand`` shows it)."""
        return bool(self._pending) and self._is_deal(self._pending[0])

    def to_act(self) -> int | None:
        """The seat to act in the position shown."""
        return self._view.to_act if self._view is not None and not self.over else None

    def human_turn(self) -> bool:
        """Whether the guest is to act (everything before has been shown)."""
        return not self._pending and self.to_act() == self.seat and self.ended is None

    def waiting_for_hand_over(self) -> bool:
        """Never: one person at this screen."""
        return False

    def hand_result(self):
        """The result of the last hand that ended (HandResultView), or None."""
        return self._hand_result

    def match_result(self):
        """The result of the match (MatchResultView), or None while it goes on."""
        return self._match_result

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats that won the match."""
        return self._match_result.winners if self._match_result is not None else ()

    # ----- the others' moves, at the scene's pace --------------------------------------------------------

    def computer_to_act(self) -> int | None:
        """The other seat whose move is to be shown next, or the one to act while its move has not come."""
        self.poll_quietly()
        if self._pending:
            return self._others_move(self._pending[0])
        seat = self.to_act()
        return seat if seat is not None and seat != self.seat else None

    def think(self) -> Move | None:
        """The move of the other seat to be shown next, once it has come."""
        self.poll_quietly()
        if self._pending and self._others_move(self._pending[0]) is not None:
            seat = self._others_move(self._pending[0])
            return next(entry.move for entry in self._pending[0].entries if entry.seat == seat)
        return None

    def play_computer_move(self) -> list:
        """Show the other seat's move that came next; its events (and any that came with it)."""
        if not self._pending or self._others_move(self._pending[0]) is None:
            raise IllegalMove("no_computer_move", "no move of another seat has come")
        events = self._apply(self._pending.popleft())
        self._apply_ready()
        return events

    def poll_quietly(self) -> None:
        """Take in what came without applying it (the notices wait for :meth:`poll`)."""
        self._drain()
        self._apply_ready()

    # ----- the guest's moves --------------------------------------------------------------------------

    def play(self, move: Move) -> list:
        """Send the guest's move and wait (at most PLAY_WAIT_S) for the host: its events once taken;
        raises IllegalMove (the rules' reason, or a net.* code) when refused."""
        self.poll_quietly()
        if self.ended is not None:
            raise IllegalMove("net.not_connected", "the table is gone")
        if move.kind == MoveKind.LAST_CARD and self.can_call_last_card() and not self.human_turn():
            self.client.send("move", ticket=max(self.version, 0), move=str(move))
            return []   # the call comes back with the host's next change
        if not self.human_turn():
            seat = self.to_act()
            raise IllegalMove("not_your_turn", "it is not your turn", seat=seat,
                              name=self.name(seat) if seat is not None else "")
        ticket = self.version
        if not self.client.send("move", ticket=ticket, move=str(move)):
            raise IllegalMove("net.not_connected", "the table is gone")
        deadline = time.monotonic() + PLAY_WAIT_S
        while time.monotonic() < deadline:
            try:
                message = self.client.inbox.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                break
            self._take(message)
            if ticket in self._refusals:
                raise self._refusals.pop(ticket)
            if self.ended is not None:
                raise IllegalMove("net.not_connected", "the table is gone")
            if self._pending and any(entry.seat == self.seat for entry in self._pending[-1].entries):
                events = []
                while self._pending:
                    batch = self._pending.popleft()
                    events = self._apply(batch)
                    if any(entry.seat == self.seat for entry in batch.entries):
                        break
                self._apply_ready()
                return events
        raise IllegalMove("net.no_answer", "the host did not answer")

    def can_call_last_card(self, person: int | None = None) -> bool:
        """Whether the guest may call "last card" now."""
        return self._view is not None and not self.over and Move(MoveKind.LAST_CARD) in self._view.my_moves

    def call_last_card(self, person: int | None = None) -> list:
        """The guest's "last card" call (on their turn, or right after playing down to one card)."""
        if not self.can_call_last_card():
            raise IllegalMove("last_card_not_allowed", "you can call last card only as you play down to one card",
                              word=self.rules.last_card_word)
        return self.play(Move(MoveKind.LAST_CARD))

    def next_hand(self) -> list:
        """Show the next hand once the host has dealt it: its deal events ([] while it has not come)."""
        self.poll_quietly()
        if self._pending and self._is_deal(self._pending[0]):
            events = self._apply(self._pending.popleft())
            self._apply_ready()
            return events
        return []

    # ----- what a guest cannot do -----------------------------------------------------------------------

    def available(self, feature: str) -> bool:
        """Whether the guest's table offers ``feature`` (see GUEST_UNAVAILABLE)."""
        return feature not in GUEST_UNAVAILABLE

    def undo_refusal(self) -> UndoRefused:
        """Undo is the host's: always refused here."""
        return UndoRefused("net.guest", "only the host's table can take a move back")

    def undo(self) -> None:
        """Refused: see :meth:`undo_refusal`."""
        raise self.undo_refusal()

    def prepare_computers(self) -> None:
        """Nothing to prepare: the host's computers think at the host."""

    def prepare_hint(self) -> None:
        """No hint at a guest's table."""

    def poll_hint(self):
        """No hint at a guest's table."""
        return None

    def hint_failed(self) -> bool:
        """No hint at a guest's table."""
        return False

    def tutor_check(self, move):
        """No tutor at a guest's table."""
        return None

    def request_hint(self) -> None:
        """Refused: no hint at a guest's table."""
        raise IllegalMove("net.guest", "no hint at a guest's table")

    def count_as_practice(self, seat: int | None = None) -> None:
        """Nothing to count: no help is offered at a guest's table."""

    def autosave(self) -> None:
        """The host keeps the match."""

    def stop_writing(self) -> None:
        """Nothing is written at a guest's table."""

    def release(self) -> list[list]:
        """Let go of the history (the table is closed for good); returns it, as ``TableSession.release`` does,
        for a caller that frees it a slice at a time."""
        history, self.history = self.history, []
        return [history]

    @property
    def hands_played(self) -> int:
        """How many hands have ended."""
        return self._hand_result.number if self._hand_result is not None else 0

    @property
    def moves_made(self) -> int:
        """How many moves this table has shown since the guest joined."""
        return sum(entry.seat is not None for entry in self.history)

    def close(self) -> None:
        """Leave the table (the host hands the seat to a computer at once; the token can take it back)."""
        if self.ended is None:
            self.client.send("bye")
            self.ended = "left"
        self.client.close()

    @property
    def token(self) -> str | None:
        """What takes this seat back after a drop (TableClient(..., token=...))."""
        return self.client.token
