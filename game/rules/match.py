"""A match: hands in a row, dealer rotation, scoring, match end, and the game record."""
from __future__ import annotations

import copy
import json
import random
from dataclasses import dataclass

from .errors import IllegalMove, RecordError
from .kinds import MoveKind
from .moves import Move, MoveNotationError
from .ruleset import InvalidRuleSet, RuleSet
from .state import MATCH_LENGTH, Event, HandState
from .view import PlayerView, view_of

#: Marks a move made out of turn in the record, before the seat that made it: ``last@2``.
OUT_OF_TURN = "@"
RECORD_FORMAT = "crazy-eights-record"
#: 2: the rules may hold the deck (`cards_per_deck`) and the Mau-Mau parameters; version 1 records load as
#: they are (every parameter they lack has its version-1 meaning).
RECORD_VERSION = 2
#: The most moves a record may hold (the loader refuses more); a match ends when its record is full
#: (docs/RULES.md R-MATCH-LENGTH), so every record a match writes can be loaded again.
MAX_RECORD_MOVES = 200_000
#: Moves ``Match.replaying`` replays between two yields: about 10 ms of work.
REPLAY_SLICE = 250


def parse_record_move(text: str) -> tuple[Move, int | None]:
    """A record's move: ``8S``, ``draw``, ``last``... by the seat to act, or ``last@2``: seat 2's
    "last card" call out of turn (right after playing down to one card). Returns (move, seat or None)."""
    move_text, mark, seat_text = text.partition(OUT_OF_TURN)
    move = Move.parse(move_text)
    if not mark:
        return move, None
    if move.kind != MoveKind.LAST_CARD or not seat_text.isdigit() or len(seat_text) > 1:
        raise MoveNotationError(f"not a move: {text!r} (only 'last' is made out of turn, as last@SEAT)")
    return move, int(seat_text)


@dataclass(frozen=True)
class HandResult:
    """How one hand ended and what it did to the totals (all indexed by match seat)."""

    number: int
    seats: tuple[int, ...]
    winner: int
    reason: str
    hands: dict
    values: dict
    scores: dict
    totals: tuple[int, ...]
    sudden_death: bool


@dataclass(frozen=True)
class Standing:
    """One row of the standings table."""

    seat: int
    total: int
    eliminated: bool
    place: int


class Match:
    """A whole match under one rule set; seats are numbered 0..players-1 clockwise."""

    def __init__(self, rules: RuleSet, seed: int, *, stacked: tuple[int, ...] | None = None,
                 dealer: int | None = None):
        """``stacked`` (with ``dealer``) deals the first hand from that deck order (``stacked_order``), for
        the lessons only: such a match's record does not replay, since its deal is not its seed's."""
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError("the seed must be an integer")
        self.rules = rules
        self.seed = seed
        self.rng = random.Random(seed)
        players = rules.players
        self.totals = [0] * players
        self.eliminated = [False] * players
        self.dealer = self.rng.randrange(players)
        if dealer is not None:
            self.dealer = dealer
        self.stacked = stacked
        self.results: list[HandResult] = []
        self.moves: list[list[str]] = []
        #: Moves in the record so far, every hand's (R-MATCH-LENGTH ends the match at MAX_RECORD_MOVES).
        self.move_count = 0
        #: The finished hands of ``moves`` as compact JSON (``_encode_finished_hands``), and how many:
        #: a hand never changes once the next is dealt, so a long match's record is encoded a hand at a time.
        self._finished_hands_json = ""
        self._finished_hands_encoded = 0
        self.over = False
        self.winners: list[int] = []
        self.sudden_death_seats: tuple[int, ...] | None = None
        self.hand: HandState
        self.seats: tuple[int, ...] = ()
        self.deal_events = self.start_next_hand()

    # ----- hands ------------------------------------------------------------

    def start_next_hand(self) -> list[Event]:
        """Deal the next hand (after the previous one ended); returns the deal events in seat terms."""
        if self.over:
            raise IllegalMove("match_over", "the match is over")
        if self.moves and not self.hand.over:
            raise IllegalMove("hand_in_progress", "the current hand is not over")
        if self.sudden_death_seats is not None:
            seats = self.sudden_death_seats
        else:
            seats = tuple(s for s in range(self.rules.players) if not self.eliminated[s])
        if self.moves:
            self.dealer = self._next_seat_in(seats, self.dealer)
        elif self.dealer not in seats:
            self.dealer = seats[0]
        self.seats = seats
        hand_rules = self.rules if len(seats) == self.rules.players else self.rules.with_players(len(seats))
        #: The seed of this hand's shuffle: the deal again is ``HandState.deal(rules, Random(hand_seed), ...)``.
        self.hand_seed = self.rng.getrandbits(64)
        self.hand, events = HandState.deal(hand_rules, random.Random(self.hand_seed), seats.index(self.dealer),
                                           self._stacked_for(len(self.moves) + 1))
        self.moves.append([])
        return [self._to_seats(e) for e in events]

    def _stacked_for(self, hand_number: int) -> tuple[int, ...] | None:
        """The stacked order of hand ``hand_number`` (only the first hand of a lesson's match has one)."""
        return self.stacked if hand_number == 1 else None

    @staticmethod
    def _next_seat_in(seats: tuple[int, ...], after: int) -> int:
        later = [s for s in seats if s > after]
        return later[0] if later else seats[0]

    @property
    def hand_number(self) -> int:
        """1 for the first hand."""
        return len(self.moves)

    @property
    def current_seat(self) -> int:
        """The seat to act in the current hand."""
        return self.seats[self.hand.current]

    def hand_player(self, seat: int) -> int:
        """The index of ``seat`` inside the current hand (-1 when not playing it)."""
        return self.seats.index(seat) if seat in self.seats else -1

    def view(self, seat: int) -> PlayerView:
        """That seat's view of the current hand (in hand-player numbering)."""
        return view_of(self.hand, self.hand_player(seat))

    def legal_moves(self) -> list[Move]:
        """Legal moves of the player to act."""
        return self.hand.legal_moves()

    def can_call_last_card(self, seat: int) -> bool:
        """Whether ``seat`` may call "last card" now, on its turn or out of turn (see HandState)."""
        player = self.hand_player(seat)
        return player >= 0 and not self.over and self.hand.can_call_last_card(player)

    def refusal(self, move: Move, seat: int | None = None) -> IllegalMove | None:
        """Why ``apply(move, seat)`` would refuse ``move`` now (the rules' reason code), or None when it would
        take it; changes nothing."""
        if self.over:
            return IllegalMove("match_over", "the match is over")
        if seat is None or (seat == self.current_seat and not self.hand.over):
            return self.hand.refusal(move)
        player = self.hand_player(seat)
        if player < 0:
            return IllegalMove("not_your_turn", "it is not your turn")
        return self.hand.refusal(move, player)

    def apply(self, move: Move | int, seat: int | None = None) -> list[Event]:
        """Apply a move to the current hand for the seat to act, or for ``seat`` out of turn (only its
        "last card" call); returns events with match seats as players.

        The record notes an out-of-turn move with its seat: ``last@2`` (see ``parse_record_move``).
        """
        if isinstance(move, int):
            move = Move.from_action(move)
        refusal = self.refusal(move, seat)
        if refusal is not None:
            raise refusal
        if seat is None or (seat == self.current_seat and not self.hand.over):
            events = self.hand.apply_legal(move.action)
            self.moves[-1].append(str(move))
        else:
            events = self.hand.apply(move, self.hand_player(seat))
            self.moves[-1].append(f"{move}{OUT_OF_TURN}{seat}")
        self.move_count += 1
        if self.record_full:
            # R-MATCH-LENGTH: the record can take no more moves, so the hand ends here and the match with it.
            events = events + self.hand.end_early(MATCH_LENGTH)
        if self.hand.over:
            self._finish_hand()
        return [self._to_seats(e) for e in events]

    def replaying_current_hand(self, keep: int, observer=None) -> "Match":
        """A copy of this match as it stood ``keep`` moves into its current hand (not over): that hand
        dealt again from its seed and its first ``keep`` moves played again; what came before it is
        shared, not replayed, so taking a move back in a match of 200,000 moves costs its hand only.
        ``observer`` (as in ``from_record``) hears the deal and those moves."""
        if self.hand.over or not 0 <= keep <= len(self.moves[-1]):
            raise ValueError("only a hand in play can be played again, up to the moves it has")
        again = copy.copy(self)
        again.rng = random.Random()
        again.rng.setstate(self.rng.getstate())
        again.totals, again.eliminated = list(self.totals), list(self.eliminated)
        again.results, again.winners = list(self.results), list(self.winners)
        again.moves = self.moves[:-1] + [[]]   # the finished hands never change: shared
        again.move_count = self.move_count - len(self.moves[-1])
        seats = self.seats
        hand_rules = self.rules if len(seats) == self.rules.players else self.rules.with_players(len(seats))
        again.hand, events = HandState.deal(hand_rules, random.Random(self.hand_seed), seats.index(self.dealer),
                                            self._stacked_for(len(self.moves)))
        if observer is not None:
            observer(again, None, None, [again._to_seats(event) for event in events])
        for text in self.moves[-1][:keep]:
            move, caller = parse_record_move(text)
            seat = again.current_seat if caller is None else caller
            played = again.apply(move, caller)
            if observer is not None:
                observer(again, seat, move, played)
        return again

    @property
    def record_full(self) -> bool:
        """Whether the record holds MAX_RECORD_MOVES moves: the match has ended (R-MATCH-LENGTH)."""
        return self.move_count >= MAX_RECORD_MOVES

    def _to_seats(self, event: Event) -> Event:
        if event.player < 0:
            return event
        return event._replace(player=self.seats[event.player])

    # ----- scoring ----------------------------------------------------------

    def _finish_hand(self) -> None:
        hand = self.hand
        seats = self.seats
        scores = hand.scores()
        for index, seat in enumerate(seats):
            self.totals[seat] += scores[index]
        result = HandResult(
            number=len(self.results) + 1,
            seats=seats,
            winner=seats[hand.winner],
            reason=hand.end_reason,
            hands={seat: tuple(hand.hands[i]) for i, seat in enumerate(seats)},
            values={seat: hand.hand_value(i) for i, seat in enumerate(seats)},
            scores={seat: scores[i] for i, seat in enumerate(seats)},
            totals=tuple(self.totals),
            sudden_death=self.sudden_death_seats is not None,
        )
        self.results.append(result)
        self._check_match_end(result)

    def _best_of(self, candidates) -> None:
        """Lowest total wins (highest under winner-collects); a tie goes to sudden death."""
        low_is_good = self.rules.scoring == "penalty"
        best = (min if low_is_good else max)(self.totals[s] for s in candidates)
        tied = tuple(s for s in candidates if self.totals[s] == best)
        if len(tied) == 1 or not self.rules.sudden_death:
            self._declare(tied)
        else:
            self.sudden_death_seats = tied

    def _declare(self, winners) -> None:
        self.over = True
        self.winners = sorted(winners)

    def _check_match_end(self, result: HandResult) -> None:
        rules = self.rules
        active = [s for s in range(rules.players) if not self.eliminated[s]]
        if self.sudden_death_seats is not None or rules.match_end == "single_hand":
            self._declare([result.winner])
        elif rules.match_end == "target_wins":
            reached = [s for s in active if self.totals[s] >= rules.target]
            if reached:
                self._best_of(reached)
        elif rules.match_end == "target_loses":
            if any(self.totals[s] >= rules.target for s in active):
                self._best_of(active)
        elif rules.match_end == "fixed_hands":
            if len(self.results) >= rules.fixed_hands:
                self._best_of(active)
        else:
            out = [s for s in active if self.totals[s] > rules.target]
            for seat in out:
                self.eliminated[seat] = True
            remaining = [s for s in active if not self.eliminated[s]]
            if len(remaining) == 1:
                self._declare(remaining)
            elif not remaining:
                for seat in out:
                    self.eliminated[seat] = False
                self._best_of(out)
        if self.record_full and not self.over:
            # R-MATCH-LENGTH: no further hand fits in the record (a sudden death's neither): the best total
            # of those still in wins, a tie shares the win.
            self.sudden_death_seats = None
            standing = [s for s in range(rules.players) if not self.eliminated[s]]
            best = (min if rules.scoring == "penalty" else max)(self.totals[s] for s in standing)
            self._declare([s for s in standing if self.totals[s] == best])

    def standings(self) -> list[Standing]:
        """Seats from best to worst, with places (equal totals share a place)."""
        low_is_good = self.rules.scoring == "penalty"
        order = sorted(range(self.rules.players),
                       key=lambda s: (s not in self.winners, self.eliminated[s],
                                      self.totals[s] if low_is_good else -self.totals[s], s))
        rows, place, previous = [], 0, None
        for position, seat in enumerate(order):
            key = (seat in self.winners, self.eliminated[seat], self.totals[seat])
            if key != previous:
                place = position + 1
                previous = key
            rows.append(Standing(seat, self.totals[seat], self.eliminated[seat], place))
        return rows

    # ----- the record -------------------------------------------------------

    def to_record(self) -> dict:
        """The JSON game record: rules, seed and every move; it replays this match exactly."""
        return {**self.record_head(), "hands": [list(moves) for moves in self.moves]}

    def record_head(self) -> dict:
        """The record without its "hands" (see ``hands_json``): what ``to_record`` holds besides the moves."""
        return {"format": RECORD_FORMAT, "version": RECORD_VERSION, "rules": self.rules.to_dict(), "seed": self.seed}

    def hands_json(self) -> str:
        """The record's "hands" as compact JSON text, exactly ``json.dumps(to_record()["hands"],
        separators=(",", ":"))``, at the cost of the current hand: each finished hand is encoded once
        (a match is autosaved after every move, and a long one holds 200,000 moves)."""
        self._encode_finished_hands()
        current = json.dumps(self.moves[-1], separators=(",", ":"))
        if not self._finished_hands_json:
            return f"[{current}]"
        return f"[{self._finished_hands_json},{current}]"

    def _encode_finished_hands(self) -> None:
        finished = len(self.moves) - 1
        if self._finished_hands_encoded >= finished:
            return
        fresh = ",".join(json.dumps(hand, separators=(",", ":"))
                         for hand in self.moves[self._finished_hands_encoded:finished])
        self._finished_hands_json = f"{self._finished_hands_json},{fresh}" if self._finished_hands_json else fresh
        self._finished_hands_encoded = finished

    def to_json(self) -> str:
        """The record as JSON text."""
        return json.dumps(self.to_record(), separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str) -> "Match":
        """Replay a record from JSON text; raises RecordError when it is truncated or damaged."""
        try:
            record = json.loads(text)
        except (ValueError, RecursionError) as error:
            raise RecordError("record.not_json",
                              f"the game record is not valid JSON (truncated or damaged?): {error}") from None
        return cls.from_record(record)

    @classmethod
    def from_record(cls, record, observer=None) -> "Match":
        """Replay a record into a new match; raises RecordError on anything malformed.

        ``observer(match, seat, move, events)``, when given, hears every step of the
        replay in order: each deal (``seat`` and ``move`` None) and each move with its events.
        """
        return finish(cls.replaying(record, observer))

    @classmethod
    def replaying(cls, record, observer=None, slice_moves: int = REPLAY_SLICE):
        """``from_record`` in slices, for a caller that must not wait for a long record: a generator
        that yields ``(moves replayed, moves in the record)`` every ``slice_moves`` moves and returns
        the match (``finish`` runs it to the end). The record's shape is checked before the first yield, each
        hand's moves as it comes."""
        if not isinstance(record, dict):
            raise RecordError("record.not_an_object", "the game record is not a JSON object")
        if record.get("format") != RECORD_FORMAT:
            raise RecordError("record.not_a_record", "this file is not a Crazy Eights game record")
        version = record.get("version")
        if not isinstance(version, int) or isinstance(version, bool) or version < 1:
            raise RecordError("record.no_version", "the game record has no valid version number")
        if version > RECORD_VERSION:
            raise RecordError("record.newer_version", f"the game record was made by a newer version of the game "
                              f"(record version {version}, this game reads up to {RECORD_VERSION})",
                              version=version, supported=RECORD_VERSION)
        try:
            rules = RuleSet.from_dict(record.get("rules"))
        except InvalidRuleSet as error:
            raise RecordError("record.invalid_rules", f"the game record's rules are invalid: {error}",
                              problems=error.problems) from None
        seed = record.get("seed")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise RecordError("record.no_seed", "the game record has no valid seed")
        hands = record.get("hands")
        if not isinstance(hands, list) or not hands or not all(isinstance(h, list) for h in hands):
            raise RecordError("record.bad_moves", "the game record's moves must be a list of hands, each a list of moves")
        # Each hand's moves are checked to be text as that hand is replayed, not all before the first
        # slice: 200,000 checks are a frame's budget on their own.
        total = sum(len(h) for h in hands)
        if total > MAX_RECORD_MOVES:
            raise RecordError("record.too_long", "the game record is too long to be a real game")
        match = cls(rules, seed)
        done = 0
        for number, moves in enumerate(hands, start=1):
            if number > 1:
                if not match.hand.over or match.over:
                    raise RecordError("record.hand_never_reached",
                                      f"the game record has a hand {number} that was never reached", hand=number)
                deal_events = match.start_next_hand()
                # Encoded here, a hand at a time, so that the first autosave after a long load is not
                # the one that encodes every hand at once.
                match._encode_finished_hands()
            else:
                deal_events = match.deal_events
            if not all(isinstance(text, str) for text in moves):
                raise RecordError("record.bad_moves", f"the moves of hand {number} in the game record are damaged",
                                  hand=number)
            if observer is not None:
                observer(match, None, None, deal_events)
            for index, text in enumerate(moves, start=1):
                try:
                    move, caller = parse_record_move(text)
                    seat = match.current_seat if caller is None else caller
                    events = match.apply(move, caller)
                except (MoveNotationError, IllegalMove) as error:
                    raise RecordError("record.move_not_replayable", f"move {index} of hand {number} ({text!r}) cannot be "
                                      f"replayed: {error}", move=index, hand=number, text=text[:20]) from None
                if observer is not None:
                    observer(match, seat, move, events)
                done += 1
                if done % slice_moves == 0:
                    yield done, total
        return match


def finish(steps):
    """Run a generator of slices (such as ``Match.replaying``) to its end; returns what it returns."""
    while True:
        try:
            next(steps)
        except StopIteration as end:
            return end.value


def play_randomly(match: Match, rng) -> Match:
    """Play ``match`` to its end with random legal moves from ``rng`` (sample matches for tools, benches, tests)."""
    while not match.over:
        if match.hand.over:
            match.start_next_hand()
        else:
            match.apply(rng.choice(match.legal_moves()))
    return match
