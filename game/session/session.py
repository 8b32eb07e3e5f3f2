"""The table session: one match as the screen plays it, with no pygame.

``TableSession`` owns the match, the seats and everything that happens
between a player's decision and the next frame: checking whose turn it is,
asking the seat to act for its move through its ``SeatPlayer`` (a person
here, a computer level off the frame loop, a person at another computer)
and applying the answer by one path (with fallbacks, so the table never
stalls; a person's refused move is an ``IllegalMove`` with a reason code,
raised as it is offered), the move history,
and the autosave and statistics after every move. The screen reads
:meth:`TableSession.view` and never the full hidden state.
"""
from __future__ import annotations

import hashlib
import json
import logging
import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace

from game.ai import strongest_level
from game.ai.analysis import Analysis
from game.rules import Event, EventKind, IllegalMove, Match, Move, MoveKind, RuleSet, finish, preset_id_of
from game.store import journal as steps
from game.store.journal import StoreJournal
from game.store.saved_game import SavedGame, autosave_document, new_match_id

from .coach import Hint, TutorCheck, explain, hint_bot, hint_from, tutor_check
from .results import HandResultView, MatchResultView, hand_result_view, match_result_view
from .review_job import ReviewJob, hand_review_job
from .computer import AIWorker, make_bot
from .players import ComputerPlayer, LocalPlayer, RemotePlayer, SeatPlayer
from .undo import UndoRefused, rewound, undo_point, undo_refusal
from .seats import STAND_IN_LEVEL, Seat, SeatError, check_table
from .view import TableView, table_view

log = logging.getLogger(__name__)

DEFAULT_THINK_BUDGET_MS = 250
#: The stores a session writes, as ``report_problem`` names them (NOTICE: a line to show as it is).
AUTOSAVE, STATISTICS, RECENT, NOTICE = "autosave", "statistics", "recent", "notice"
#: The statistics level under which a person's results count, apart from the others, once they were helped
#: in the match (a move taken back, the tutor stepping in).
PRACTICE = "practice"
#: The statistics level of a table of people with no computer player.
PEOPLE = "people"


@dataclass(frozen=True)
class HistoryEntry:
    """One step of the match: a deal (``seat`` and ``move`` None) or a seat's move, with its events."""

    hand: int
    seat: int | None
    move: Move | None
    events: tuple[Event, ...]
    dealer: int


class TableSession:
    """One match at the table: seats, turns, moves in, events out, saved after every move."""

    def __init__(self, match: Match, seats, *, autosave=None, statistics=None,
                 think_budget_ms: int = DEFAULT_THINK_BUDGET_MS, worker: AIWorker | None = None,
                 history: list[HistoryEntry] | None = None,
                 report_problem: Callable[[str, object], None] | None = None,
                 practice: Iterable[int] | bool = (),
                 recent=None, journal: StoreJournal | None = None, match_id: str | None = None,
                 shown_name: Callable[[str], str] | None = None):
        self.match = match
        #: What tells this match apart from any other, even one dealt from the same seed.
        self.match_id = match_id if match_id is not None else new_match_id()
        #: How the screen writes a seat's name (the default name in the player's language); the seats
        #: keep the name as it is saved.
        self.shown_name = shown_name
        self.seats: tuple[Seat, ...] = check_table(seats, match.rules.players)
        #: The seats people play, in seat order (none at a table of computers).
        self.people: tuple[int, ...] = tuple(i for i, seat in enumerate(self.seats) if seat.is_human)
        #: The people who were helped in this match (took a move back, or the tutor stepped in): their
        #: results count apart, as practice; the others' count as usual. ``practice`` True: every person.
        self.practised: set[int] = set(self.people) if practice is True else set() if practice is False \
            else set(self.people).intersection(practice)
        #: The person at this screen now: the only one, or at a table of several, the one to act (between
        #: two people's turns, the one who moved last). None at a table of computers.
        self.human: int | None = self.people[0] if self.people else None
        #: The screen passes the device from person to person: the view stays with the person it was handed
        #: to (see ``hand_to``) until the next one takes it.
        self.pass_and_play = False
        self._handed_to: int | None = None
        self.autosave_store = autosave
        self.statistics_store = statistics
        self.recent_store = recent  # finished matches, for the replay viewer
        #: Every write to the stores goes through it, so a change to several files is one step.
        self.journal = journal if journal is not None else StoreJournal.beside(autosave, statistics, recent)
        #: ``report_problem(store, error)`` tells the player that the autosave, the statistics or the
        #: recent matches (AUTOSAVE, STATISTICS, RECENT) could not be written, once until a write works;
        #: NOTICE passes on the store's LoadProblem about a damaged file it set aside.
        self.report_problem = report_problem
        self._failing: set[str] = set()
        self.think_budget_ms = int(think_budget_ms)
        self.worker = worker if worker is not None else AIWorker()
        self.bots: dict[int, object] = {}
        #: The decider of each seat (``players.SeatPlayer``: a person's here, a computer's, a remote person's),
        #: made when the seat is first asked.
        self.seat_players: dict[int, SeatPlayer] = {}
        self.history: list[HistoryEntry] = list(history) if history is not None else [
            HistoryEntry(match.hand_number, None, None, tuple(match.deal_events), match.dealer)]
        self.named_by: int | None = _last_nominator(self.history)
        if len(self.people) > 1:   # resumed: the screen is where the last person to move left it
            self.human = next((entry.seat for entry in reversed(self.history) if entry.seat in self.people),
                              self.human)
            self._follow_turn()
        #: Bumped by every change of position; the screen and the AI key their caches on it.
        self.version = 0
        self.rng = random.Random(match.seed * 7919 + 17)
        self._requested = -1                         # the version the seat to act was asked at
        self._decided: Move | None = None            # its answer, polled, until it is applied
        self._hint_requested = -1                    # the version whose hint the worker is working out
        self._hint: tuple[int, Hint] | None = None   # (version, hint) once worked out
        self._analysis: tuple[int, Analysis] | None = None   # (version, the analysis behind that hint)
        self._view: TableView | None = None
        #: Whether the person's hint is worked out as each turn begins (a lesson's teacher says the move).
        self.coached = True

    @property
    def viewer(self) -> int:
        """The seat whose cards the screen shows face up: the person's at the screen (at a pass-and-play table,
        the one the device was last handed to), or seat 0 for spectators."""
        if self.pass_and_play and self._handed_to is not None:
            return self._handed_to
        return self.human if self.human is not None else 0

    @property
    def addressed(self) -> int | None:
        """The seat the screen's words call "you": the only person at the table; None when several people
        share the screen (then everyone goes by name)."""
        return self.human if len(self.people) == 1 else None

    def _hand_hidden(self) -> bool:
        """At a pass-and-play table of several people, the cards of the person holding the screen lie face
        down except on their own turn (and while their "last card" call is open, just after it)."""
        if not self.pass_and_play or len(self.people) < 2 or self.match.over or self.match.hand.over:
            return False
        return self.to_act() != self.viewer and not self.can_call_last_card(self.viewer)

    def hand_to(self, seat: int) -> None:
        """The device was passed to the person in ``seat``: from now the view shows their cards (a screen
        that passes the device between several people sets ``pass_and_play`` and calls this)."""
        if seat not in self.people:
            raise ValueError(f"seat {seat} is not a person's")
        self.pass_and_play = True
        self._handed_to = seat

    def waiting_for_hand_over(self) -> bool:
        """Whether a person is to act who does not hold the device yet (the screen hides every hand and asks
        to pass it)."""
        return (self.pass_and_play and self.human is not None and self.to_act() == self.human
                and self.viewer != self.human)

    def _follow_turn(self) -> None:
        """At a table of several people, the screen passes to the person to act."""
        if len(self.people) > 1:
            seat = self.to_act()
            if seat in self.people:
                self.human = seat

    # ----- building -----------------------------------------------------------------

    @classmethod
    def new(cls, rules, seed: int, seats, **options) -> "TableSession":
        """A new match under ``rules`` dealt from ``seed``, with ``seats``; raises SeatError when they
        cannot sit at the table."""
        return cls(Match(rules, seed), seats, **options)

    @classmethod
    def resume(cls, saved: SavedGame, seats_for=None, **options) -> "TableSession":
        """Replay a saved game, history included; ``seats_for(players)`` gives the seats when the file
        names none.

        Raises SavedGameError (a ValueError) when the record cannot be replayed, and
        SeatError (a ValueError) when its players cannot sit at a table.
        """
        return finish(cls.resuming(saved, seats_for, **options))

    @classmethod
    def resuming(cls, saved: SavedGame, seats_for=None, **options):
        """``resume`` in slices, so a long record never holds up a frame: a generator that yields
        ``(moves replayed, moves in all)`` and returns the session."""
        history: list[HistoryEntry] = []

        def heard(match, seat, move, events):
            history.append(HistoryEntry(match.hand_number, seat, move, tuple(events), match.dealer))

        match = yield from saved.replaying(observer=heard)
        if saved.seats is not None:
            seats = [Seat(seat.name, seat.kind) for seat in saved.seats]
        elif seats_for is not None:
            seats = seats_for(match.rules.players)
        else:
            raise SeatError("seats.missing", "the list of players is missing")
        return cls(match, seats, history=history, practice=saved.practised(len(seats)), match_id=saved.match_id,
                   **options)

    def saved_game(self) -> SavedGame:
        """The match and its seats as a saved game."""
        return SavedGame.of(self.match, self.seats, tuple(sorted(self.practised)), self.match_id)

    def rematch(self, seed: int) -> "TableSession":
        """A new match with the same rules, seats and stores."""
        return TableSession(Match(self.match.rules, seed), self.seats, autosave=self.autosave_store,
                            statistics=self.statistics_store, think_budget_ms=self.think_budget_ms,
                            report_problem=self.report_problem, recent=self.recent_store, journal=self.journal,
                            shown_name=self.shown_name)

    # ----- what the screen may know ------------------------------------------------

    @property
    def rules(self):
        """The rule set of the match."""
        return self.match.rules

    def name(self, seat: int) -> str:
        """The display name of a seat."""
        name = self.seats[seat].name
        return self.shown_name(name) if self.shown_name is not None else name

    @property
    def shown_seats(self) -> tuple[Seat, ...]:
        """The seats with their names as the screen writes them."""
        if self.shown_name is None:
            return self.seats
        return tuple(Seat(self.shown_name(seat.name), seat.kind) for seat in self.seats)

    def view(self) -> TableView:
        """The position as the viewer may see it (rebuilt only when the position changed)."""
        if self._view is None or self._view.version != self.version or self._view.viewer != self.viewer:
            self._view = table_view(self.match, self.shown_seats, self.viewer, self.named_by, self.version,
                                    viewer_sees_cards=self.human is not None, history=self.history,
                                    hand_hidden=self._hand_hidden())
        return self._view

    @property
    def over(self) -> bool:
        """Whether the match has ended."""
        return self.match.over

    @property
    def seed(self) -> int:
        """The seed the match was dealt from."""
        return self.match.seed

    @property
    def hand_number(self) -> int:
        """The number of the hand being played (or just ended), from 1."""
        return self.match.hand_number

    @property
    def hand_started(self) -> bool:
        """Whether anyone has moved in the current hand (a hand with no move yet is dealt on screen)."""
        return bool(self.match.moves[-1])

    @property
    def moves_made(self) -> int:
        """How many moves the match has had, in all its hands."""
        return sum(len(moves) for moves in self.match.moves)

    def player_view(self, seat: int):
        """What ``seat`` may know of the hand (the rules core's PlayerView, as a bot reads it)."""
        return self.match.view(seat)

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats that won the match (empty while it goes on)."""
        return tuple(self.match.winners) if self.match.over else ()

    @property
    def hands_played(self) -> int:
        """How many hands have ended."""
        return len(self.match.results)

    def hand_result(self) -> HandResultView | None:
        """The result of the last hand that ended, as the result screen shows it (None before the first)."""
        return hand_result_view(self.match, self.shown_seats)

    def match_result(self) -> MatchResultView | None:
        """The result of the match, as the final screen shows it (None while it goes on)."""
        return match_result_view(self.match, self.shown_seats)

    def fingerprint(self) -> str:
        """A digest of the whole position, to tell whether two replays reached the same one."""
        return position_fingerprint(self.match)

    def review_job(self, hand_number: int, seat: int | None = None) -> ReviewJob:
        """Start reviewing ``seat``'s decisions in hand ``hand_number``, off the frame loop: by default the
        person holding the screen (each person at a pass-and-play table reviews their own hands)."""
        if seat is None:
            seat = self.viewer if self.people else None
        if seat is None:
            raise ValueError("nobody plays at this table")
        return hand_review_job(self.match, seat, hand_number)

    @property
    def hand_over(self) -> bool:
        """Whether the current hand has ended (its result is known)."""
        return self.match.hand.over

    def human_turn(self) -> bool:
        """Whether the person at the screen is to act now (at a pass-and-play table, once they hold the device)."""
        return self.human is not None and self.to_act() == self.human and self.viewer == self.human

    def to_act(self) -> int | None:
        """The seat to act, or None between hands and after the match."""
        if self.match.over or self.match.hand.over:
            return None
        return self.match.current_seat

    def computer_to_act(self) -> int | None:
        """The seat to act now that is played away from this screen (a computer, or a person at another
        computer), or None: the screen calls :meth:`think` and :meth:`play_computer_move` for it, at its pace."""
        seat = self.to_act()
        return seat if seat is not None and not self.seats[seat].is_human else None

    def view_for(self, seat: int) -> TableView:
        """The position as ``seat`` may see it (its own cards and moves, never another's): what game/net
        sends to a person at another computer."""
        return table_view(self.match, self.shown_seats, seat, self.named_by, self.version, history=self.history)

    def attach_player(self, seat: int, player: SeatPlayer) -> None:
        """Let ``player`` decide ``seat``'s moves (game/net gives each remote person's seat a RemotePlayer)."""
        if self.seats[seat].is_human:
            raise ValueError(f"seat {seat} is played at this screen")
        self.seat_players[seat] = player
        self._requested = -1   # ask the new player, even in the position the old one was asked in

    def rename_seat(self, seat: int, name: str) -> None:
        """Give a remote person's seat the name they joined with, or a computer's seat another name (a
        computer never carries a person's name); saved with the match from now on."""
        if self.seats[seat].is_human:
            raise ValueError(f"seat {seat} is the person's at this screen")
        self.seats = tuple(Seat(name, s.kind) if i == seat else s for i, s in enumerate(self.seats))
        self._view = None

    def stand_in(self, seat: int) -> ComputerPlayer:
        """A computer player for ``seat`` (its level; a remote person's stand-in is STAND_IN_LEVEL)."""
        return ComputerPlayer(self.worker, self._bot(seat))

    # ----- the person's moves -----------------------------------------------------------

    def play(self, move: Move) -> list[Event]:
        """The move of the person at the screen, offered to their seat's ``LocalPlayer`` and applied by the
        same path as every seat's answer; its events. Raises IllegalMove (a reason code) when it is refused,
        with nothing changed. A "last card" call out of turn is made at once (see :meth:`call_last_card`)."""
        if self.human is None:
            raise IllegalMove("no_player", "nobody plays at this table")
        if self.match.over:
            raise IllegalMove("match_over", "the match is over")
        if self.match.hand.over:
            raise IllegalMove("hand_over", "the hand is over")
        if self.match.current_seat != self.human:
            if move.kind == MoveKind.LAST_CARD and self.can_call_last_card():
                return self.call_last_card()
            seat = self.match.current_seat
            raise IllegalMove("not_your_turn", "it is not your turn", seat=seat, name=self.name(seat))
        if self.waiting_for_hand_over():
            raise IllegalMove("not_your_turn", "the next person has not taken the device yet",
                              seat=self.human, name=self.name(self.human))
        return self._offered(move)

    def _offered(self, move: Move) -> list[Event]:
        """``move`` of the person here who is to act: they are asked as any seat is (once per position), the
        move is checked as it is offered (the rules' reason raised, nothing changed), then polled and applied
        in this same call, so the screen has the events in this frame."""
        player = self._ask_to_act()
        player.offer(self.version, move)
        if self._poll_answer() is None:
            raise IllegalMove("no_player", "the person's seat did not take the move")
        return self._play_answer()

    def can_call_last_card(self, person: int | None = None) -> bool:
        """Whether the person (``person``, else the one at the screen) may call "last card" now: before
        playing down to one card, or right after it until the next player acts (then out of turn)."""
        person = self.human if person is None else person
        return (person is not None and 0 <= person < len(self.seats)
                and (self.seats[person].is_human or self._remote_person_present(person)) and not self.match.over
                and not self.match.hand.over and self.match.can_call_last_card(person))

    def _remote_person_present(self, seat: int) -> bool:
        """Whether a person at another computer plays ``seat`` now (not its stand-in)."""
        player = self.seat_players.get(seat)
        return self.seats[seat].is_remote and isinstance(player, RemotePlayer) and player.present

    def call_last_card(self, person: int | None = None) -> list[Event]:
        """The "last card" call of ``person`` (else the person at the screen), on their turn or out of turn;
        raises IllegalMove when it is not open."""
        person = self.human if person is None else person
        if not self.can_call_last_card(person):
            raise IllegalMove("last_card_not_allowed", "you can call last card only as you play down to one card",
                              word=self.match.rules.last_card_word)
        if self.match.current_seat != person:
            # Out of turn the call answers no question: nobody else's turn waits on it.
            return self._apply(Move("last_card"), person, out_of_turn=True)
        if not self.seats[person].is_human:
            raise IllegalMove("not_your_turn", "a call on a remote person's turn comes from their computer",
                              seat=person, name=self.name(person))
        return self._offered(Move("last_card"))

    def apply(self, move: Move) -> list[Event]:
        """Apply ``move`` for whoever is to act, unchecked for seat and asking no seat's player (tools,
        tests and a lesson's fast-forward); a seat's own moves come through :meth:`play` or :meth:`think`."""
        seat = self.to_act()
        if seat is None:
            raise IllegalMove("hand_over", "the hand is over")
        return self._apply(move, seat)

    # ----- the computer's moves -----------------------------------------------------------

    def prepare_computers(self) -> None:
        """Start the AI worker early (a searching player needs a moment to start)."""
        self.worker.prepare([seat.kind for seat in self.seats])

    def think(self) -> Move | None:
        """Ask the seat to act for its move (once per position) and poll its player; the move once decided
        (it waits for :meth:`play_computer_move`), else None. Never blocks: a computer decides in a worker
        thread or process, a person at another computer through the network; the person here answers
        through :meth:`play`, so their seat gives None here."""
        return self._poll_answer()

    def play_computer_move(self) -> list[Event]:
        """Apply the move the seat played away from this screen has decided (see :meth:`think`)."""
        if self.computer_to_act() is None or self._decided is None:
            raise IllegalMove("no_computer_move", "no computer move is ready")
        return self._play_answer()

    # ----- every seat's moves: asked, polled, applied ------------------------------------------

    def _ask_to_act(self) -> SeatPlayer | None:
        """The player of the seat to act, asked for its move from the seat's view once per position."""
        seat = self.to_act()
        if seat is None:
            return None
        player = self.seat_player(seat)
        if self._decided is None and self._requested != self.version:
            self._requested = self.version
            # The person here needs no seed: the random stream (and so every computer's play) stays as it was.
            seed = 0 if self.seats[seat].is_human else self.rng.getrandbits(32)
            player.ask(self.version, self.match.view(seat), seed)
        return player

    def _poll_answer(self) -> Move | None:
        """The decided move of the seat to act once its player answered for this position (a failed
        answer: the first legal move), else None."""
        player = self._ask_to_act()
        if player is None:
            return None
        if self._decided is None:
            answer = player.poll()
            if answer is not None:
                ticket, move, error = answer
                if error is not None:
                    log.warning("the player of seat %s failed: %s", self.to_act(), error)
                if ticket == self.version:
                    self._decided = move if move is not None else self._fallback_move()
        return self._decided

    def _play_answer(self) -> list[Event]:
        """Apply the decided move of the seat to act: THE way a seat's move is applied, whoever decided it.
        A computer's refused move gives way to the first legal one (the table never stalls; a person's was
        checked as it was offered), and a computer may then call "last card"."""
        seat, move = self.to_act(), self._decided
        try:
            events = self._apply(move, seat)
        except IllegalMove as error:
            log.warning("the player of seat %s chose an illegal move %s: %s", seat, move, error)
            fallback = self._fallback_move()
            if fallback is None or self.seats[seat].is_human:
                raise
            events = self._apply(fallback, seat)
        return events + self._computer_calls_last_card(seat)

    def _computer_calls_last_card(self, seat: int) -> list[Event]:
        """Right after a computer plays down to one card without the call, it may still make it
        (out of turn, as a step of its own in the history); the bot decides from its view."""
        match = self.match
        if match.hand.over or match.current_seat == seat or not match.can_call_last_card(seat):
            return []
        if self.seats[seat].is_human or self._remote_person_present(seat):
            return []   # a person makes the call themselves (here or from their computer), or forgets it
        try:
            calls = self._bot(seat).calls_last_card(match.view(seat), self.rng)
        except Exception as error:
            log.warning("computer player %s failed to decide on the last-card call: %s", seat, error)
            return []
        return self._apply(Move("last_card"), seat, out_of_turn=True) if calls else []

    def prepare_hint(self) -> None:
        """As the person's turn begins, start working out its hint off the frame loop, so that the Hint
        key shows it at once; called every frame, it asks once per position."""
        if self.coached and self.human is not None and self.human_turn() and self._hint_requested != self.version:
            self.request_hint()

    def request_hint(self) -> None:
        """Start working out a hint for the person (off the frame loop); :meth:`poll_hint` collects it."""
        if not self.human_turn():
            raise IllegalMove("not_your_turn", "it is not your turn")
        if self._hint_requested == self.version:
            return   # already being worked out (or worked out) for this position
        self._hint_requested = self.version
        self.worker.request(("hint", self.version), self.match.view(self.human), hint_bot(),
                            self.rng.getrandbits(32))

    def poll_hint(self) -> Hint | None:
        """The hint for the position as it still stands, once it is ready; None until then (or if it went stale)."""
        if not self.human_turn():
            return None
        if self._hint is not None and self._hint[0] == self.version:
            return self._hint[1]
        answer = self.worker.poll()
        if answer is None:
            return None
        ticket, result, error = answer
        if error is not None:
            log.warning("the hint failed: %s", error)
        if ticket != ("hint", self.version) or result is None:
            return None
        view = self.match.view(self.human)
        if isinstance(result, Analysis):
            self._analysis = (self.version, result)
            hint = hint_from(view, result)
        else:   # the analysis failed and the worker's fallback player answered with a move
            hint = explain(view, result)
        self._hint = (self.version, self._named(hint))
        return self._hint[1]

    def _named(self, hint: Hint) -> Hint:
        """``hint`` with the match seat and name of a player its reason names (the view numbers players by hand)."""
        if "player" not in hint.params:
            return hint
        seat = self.match.seats[hint.params["player"]]
        return replace(hint, params={**hint.params, "seat": seat, "name": self.name(seat)})

    def tutor_check(self, move: Move) -> TutorCheck | None:
        """The tutor's verdict on ``move`` from the analysis worked out as the turn began (see
        :meth:`prepare_hint`); None while it is not ready yet (it never blocks)."""
        if not self.human_turn():
            return None
        if self._analysis is None or self._analysis[0] != self.version:
            self.poll_hint()
            if self._analysis is None or self._analysis[0] != self.version:
                return None
        check = tutor_check(self.match.view(self.human), self._analysis[1], move)
        return replace(check, better=self._named(check.better)) if check.better is not None else check

    def hint_failed(self) -> bool:
        """Whether this position's hint came without the analysis (its job failed): the tutor lets moves through."""
        return self._hint is not None and self._hint[0] == self.version and (
            self._analysis is None or self._analysis[0] != self.version)

    @property
    def practice(self) -> bool:
        """Whether the person at the screen practised in this match (their results count apart)."""
        return self.human is not None and self.human in self.practised

    def count_as_practice(self, seat: int | None = None) -> None:
        """The person in ``seat`` (by default the one at the screen) was helped beyond a hint (the tutor
        stepped in): their results of this match count as practice; the others' do not change."""
        seat = self.human if seat is None else seat
        if seat is not None and seat not in self.practised:
            self.practised.add(seat)
            self.autosave()

    def _fallback_move(self) -> Move | None:
        legal = self.match.legal_moves()
        return legal[0] if legal else None

    def seat_player(self, seat: int) -> SeatPlayer:
        """Who decides ``seat``'s moves (see ``players``): a ``LocalPlayer`` for a person at this screen, else a
        computer level unless another player was attached (a remote person's, a lesson's script)."""
        player = self.seat_players.get(seat)
        if player is None and self.seats[seat].is_human:
            player = self.seat_players[seat] = LocalPlayer(self._refusal)
        elif player is None or isinstance(player, ComputerPlayer) and player.worker is not self.worker:
            player = self.seat_players[seat] = ComputerPlayer(self.worker, self._bot(seat))
        return player

    def _refusal(self, move: Move) -> IllegalMove | None:
        """The rules' reason ``move`` would be refused for the seat to act, or None (nothing is applied)."""
        return self.match.refusal(move)

    def _bot(self, seat: int):
        bot = self.bots.get(seat)
        if bot is None:
            # A remote person's seat with nobody connected (a match continued without the network) is
            # played by the stand-in level.
            bot = self.bots[seat] = make_bot(self.seats[seat].level or STAND_IN_LEVEL, self.think_budget_ms)
        return bot

    def close(self) -> None:
        """Stop the AI worker (the session can no longer think)."""
        self.worker.shutdown()

    def release(self) -> list[list]:
        """For a table closed for good: let go of the history. After a long load it is millions of objects
        the collector no longer scans (``scenes.loading``); left to it as part of the closed screen's cycles,
        one full collection would free them all in one frame of half a second. Returns the history's list,
        with the match's moves and results, for a caller that frees them a slice at a time (dropped, they are
        freed at once by reference counting). The session shows nothing afterwards."""
        history, self.history = self.history, []
        self._view = None
        # The match's moves and results go too (a closed screen's cycles would keep them for a collection):
        # the session is never read again.
        return [history, self.match.moves, self.match.results]

    # ----- applying moves -------------------------------------------------------------------

    def _apply(self, move: Move, seat: int, out_of_turn: bool = False) -> list[Event]:
        match = self.match
        events = match.apply(move, seat if out_of_turn else None)
        self.version += 1
        self._decided = None
        self._follow_turn()
        self.history.append(HistoryEntry(match.hand_number, seat, move, tuple(events), match.dealer))
        for event in events:
            if event.kind == EventKind.NOMINATED:
                self.named_by = event.player
        # One step for the stores, whatever this move changes: a kill cannot count a hand without its
        # autosave, nor clear the autosave of a finished match without keeping it in the recent list.
        changes = self._finished_hand(match.results[-1]) if match.hand.over else []
        if match.over:
            changes += self._keep_finished()
            if self.people:
                changes.append(steps.clear_autosave())
        else:
            changes += self._autosave_steps()
        self._store(changes)
        return events

    def undo(self) -> None:
        """Take back the person's last decision and every computer move since; raises UndoRefused.

        Refused once a hidden card was seen since (someone drew, or the hand ended): see
        ``game.session.undo``. The person's results of the match count as practice from then on (only theirs).
        """
        if self.human is None:
            raise UndoRefused("nothing_to_undo", "nobody plays at this table")
        person = self.human
        index = undo_point(self.history, person, self.people)
        history: list[HistoryEntry] = []

        def heard(match, seat, move, events):
            history.append(HistoryEntry(match.hand_number, seat, move, tuple(events), match.dealer))

        self.match, deal = rewound(self.match, self.history, index, heard)
        self.history = self.history[:deal] + history
        self.named_by = _last_nominator(history)
        self.practised.add(person)
        self.version += 1
        self._follow_turn()
        self._decided = None
        self.worker.cancel()
        self.autosave()

    def undo_refusal(self) -> UndoRefused | None:
        """Why undo would be refused now for the person at the screen (to say so before it is asked), or None."""
        return undo_refusal(self.history, self.human, self.people)

    def next_hand(self) -> list[Event]:
        """Deal the next hand (once the hand's result has been seen); returns the deal events."""
        events = self.match.start_next_hand()
        self.version += 1
        self._follow_turn()
        self._decided = None
        self.worker.cancel()
        self.named_by = None
        self.history.append(HistoryEntry(self.match.hand_number, None, None, tuple(events), self.match.dealer))
        self.autosave()
        return events

    # ----- the stores ------------------------------------------------------------------------

    def stop_writing(self) -> None:
        """Write no file again (after an error nobody expected: the autosave stays as the last whole
        move left it, and nothing half-done is counted)."""
        self.autosave_store = self.statistics_store = self.recent_store = None
        self.journal = StoreJournal.beside()

    def autosave(self) -> None:
        """Save the match as it stands (only matches a person plays; a full disk never stops the game)."""
        self._store(self._autosave_steps())

    def clear_autosave(self) -> None:
        """Forget the autosave (the match ended)."""
        if self.people:
            self._store([steps.clear_autosave()])

    def _autosave_steps(self) -> list[dict]:
        if not self.people or self.match.over:
            return []
        return [steps.save_autosave(autosave_document(self.match, self.seats, tuple(sorted(self.practised)),
                                                      self.match_id))]

    def _keep_finished(self) -> list[dict]:
        """The step that keeps the finished match in the recent list (a match a person played)."""
        if self.recent_store is None or not self.people or not self.match.over:
            return []
        try:
            entry = self.recent_store.entry_for(self.saved_game(), preset_id_of(self.match.rules) or "custom",
                                                self.match.winners)
        except ValueError as error:  # too long to keep: the match is over anyway
            self._store_failed(RECENT, error)
            return []
        return [steps.keep_recent(entry)]

    def _store(self, changes: list[dict]) -> None:
        """Write ``changes`` (and any the disk refused before) as one step; report what failed, once."""
        outcome = self.journal.run(changes)
        for store in (AUTOSAVE, STATISTICS, RECENT):
            if store in outcome.failed:
                self._store_failed(store, outcome.failed[store])
            elif store in outcome.worked:
                self._store_worked(store)
        if self.report_problem is not None:
            for notice in outcome.notices:
                self.report_problem(NOTICE, notice)

    def _store_failed(self, store: str, error: Exception) -> None:
        log.warning("%s could not be written: %s", store, error)
        if store in self._failing:
            return
        self._failing.add(store)
        if self.report_problem is not None:
            self.report_problem(store, error)

    def _store_worked(self, store: str) -> None:
        # Working again: a later failure is news and is reported again.
        self._failing.discard(store)

    def statistics_key(self, seat: int | None = None) -> tuple[str, str] | None:
        """(preset id or "custom", strongest computer level (PEOPLE when there is none), or PRACTICE once the
        person was helped) under which the results of the person in ``seat`` (by default the one at the
        screen) count."""
        seat = self.human if seat is None else seat
        return _practice_key(_statistics_key(self.match.rules, self.seats), seat in self.practised)

    def _finished_hand(self, result) -> list[dict]:
        """The steps that count each person's result of the hand that just ended (and of the match, if it
        ended), under the id "<match id>:hand:<n>" (":<seat>" added at a table of several people) so that it
        is counted once however often it is applied."""
        key = _statistics_key(self.match.rules, self.seats)
        if key is None or self.statistics_store is None:
            return []
        changes = []
        for seat, player in _counted_people(self.seats):
            hand = None
            if seat in result.seats:
                hand = (result.winner == seat, int(result.scores[seat]), self.match.rules.scoring == "penalty")
            match_won = (seat in self.match.winners) if self.match.over else None
            change = f"{self.match_id}:hand:{self.match.hand_number}" + (f":{seat}" if player else "")
            changes.append(steps.count_hand(_practice_key(key, seat in self.practised), change, hand, match_won,
                                            player))
        return changes


def abandon_saved_game(saved: SavedGame, journal: StoreJournal) -> None:
    """Give up a saved match for a new one: count it as abandoned and delete the autosave, as one step
    (a kill between the two cannot count it twice). Raises OSError when the autosave cannot be deleted.

    Counted from its rules and players and a first slice of its replay, never the whole replay (a match of
    200,000 moves would hold up the frame for seconds): a record whose rules, players or first moves are
    damaged is not counted, only deleted, and so is a short one that is over (an autosave of a finished
    match is cleared with its count, in one journaled step, so a long one is taken as unfinished)."""
    try:
        rules, over = _opening_of(saved)
        seats = ([Seat(seat.name, seat.kind) for seat in saved.seats] if saved.seats is not None else [])
        key = _statistics_key(rules, seats)
    except ValueError as error:
        log.info("the abandoned match cannot be counted: %s", error)
        key, over = None, None
    changes = []
    if key is not None and not over:
        practised = saved.practised(len(seats))
        for seat, player in _counted_people(seats):
            change = f"{saved.stable_id()}:abandoned" + (f":{seat}" if player else "")
            changes.append(steps.count_abandoned(_practice_key(key, seat in practised), change, player))
    changes.append(steps.clear_autosave())
    outcome = journal.run(changes)
    if STATISTICS in outcome.failed:
        log.warning("the abandoned match could not be counted yet: %s", outcome.failed[STATISTICS])
    if AUTOSAVE in outcome.failed:
        raise outcome.failed[AUTOSAVE]


def _opening_of(saved: SavedGame):
    """The rules of a saved match and whether it is over (None: not known without replaying all of it),
    from the first slice of its replay (which checks the record whole first); raises ValueError."""
    replay = saved.replaying()
    try:
        next(replay)
    except StopIteration as end:   # a short record: replayed whole
        return end.value.rules, end.value.over
    replay.close()
    rules = RuleSet.from_dict(saved.record["rules"])
    if saved.seats is not None and len(saved.seats) != rules.players:
        raise ValueError("the saved players do not fit the saved rules")
    return rules, None


def position_fingerprint(match: Match) -> str:
    """A digest of a match's whole position (its record and the current hand)."""
    hand = match.hand
    state = {"record": match.to_record(), "totals": list(match.totals), "dealer": match.dealer,
             "hand": [[list(cards) for cards in hand.hands], list(hand.stock), list(hand.discard),
                      hand.current, hand.direction, hand.suit, hand.pending, hand.phase, hand.over]}
    return hashlib.sha256(json.dumps(state, sort_keys=True).encode()).hexdigest()[:16]


def _statistics_key(rules: RuleSet, seats) -> tuple[str, str] | None:
    """Where the people's results count: (preset id or "custom", the strongest computer level, or PEOPLE at a
    table of people only); None for a table of computers, or of one person alone with nobody."""
    levels = [seat.level for seat in seats if seat.level is not None]
    people = sum(seat.is_human for seat in seats)
    remote = sum(seat.is_remote for seat in seats)
    if not people or (people == 1 and not levels and not remote):
        return None
    return preset_id_of(rules) or "custom", strongest_level(levels) if levels else PEOPLE


def _practice_key(key: tuple[str, str] | None, practised: bool) -> tuple[str, str] | None:
    """``key`` for a person who practised: the same game, the level PRACTICE."""
    return (key[0], PRACTICE) if key is not None and practised else key


def _counted_people(seats) -> list[tuple[int, str]]:
    """(seat, statistics player) for each person at this screen whose results count: the one person alone
    against computers (or hosting friends) as "" (the statistics as they always were), each of several people
    by their name. A friend's seat at another computer is counted there, by their own game, never here."""
    people = [index for index, seat in enumerate(seats) if seat.is_human]
    if len(people) == 1:
        return [(people[0], "")]
    return [(index, seats[index].name) for index in people]


def _last_nominator(history: list[HistoryEntry]) -> int | None:
    """Who named the suit in force in the current hand, if anyone did."""
    for entry in reversed(history):
        if entry.seat is None:
            return None
        if any(event.kind == EventKind.NOMINATED for event in entry.events):
            return entry.seat
    return None

