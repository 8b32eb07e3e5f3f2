"""A finished (or stopped) match replayed step by step with every hand face up, for the replay viewer.

``Replay.of(saved)`` replays the record once (``Match.from_record`` with an observer) and keeps each
step (who moved, the move, its events: ``Replay.steps``, what the narration reads) and a copy of the
hand every KEYFRAME_STEPS steps. ``Replay.frames[i]`` is the :class:`ReplayFrame` of a step (every
seat's cards, the pile, the suit in force, the pending penalty, the stock count, whose turn it is, the
events and the totals), played again from the nearest copy when asked for: a record of 200,000 moves
costs tens of megabytes, and showing any step replays at most KEYFRAME_STEPS moves. The finished
match is also handed to the recent-matches store here.
"""
from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass

from game.rules import Event, EventKind, HandState, Match, Move, finish, parse_record_move, preset_id_of
from game.rules.state import MATCH_LENGTH
from game.store.saved_game import SavedGame

from .seats import SEAT_KINDS, Seat
from .view import SeatView, TableView, last_actions

#: The discards a frame keeps (the rest of the pile lies unseen under them).
PILE_KEPT = 6


class _StepNames:
    """What the narration reads of a step, as a session's history entry names it."""

    hand_number: int
    seat: int | None

    @property
    def hand(self) -> int:
        """The hand number."""
        return self.hand_number

    @property
    def deal(self) -> bool:
        """Whether this step deals a hand."""
        return self.seat is None


@dataclass(frozen=True)
class ReplayFrame(_StepNames):
    """The table right after one step; every field in match seat numbers."""

    index: int
    hand_number: int
    dealer: int
    #: Who made the step's move (None for a deal) and the move itself.
    seat: int | None
    move: Move | None
    events: tuple[Event, ...]
    #: Each seat's cards, in the order it holds them (empty for a seat sitting the hand out).
    hands: tuple[tuple[int, ...], ...]
    in_hand: tuple[bool, ...]
    pile: tuple[int, ...]
    pile_count: int
    stock_count: int
    suit: int
    nominated: bool
    named_by: int | None
    pending: int
    pending_skips: int
    direction: int
    to_act: int | None
    totals: tuple[int, ...]
    eliminated: tuple[bool, ...]
    hand_over: bool
    match_over: bool


def frame_of(match: Match, index: int, seat: int | None, move: Move | None, events, named_by: int | None
             ) -> ReplayFrame:
    """The frame of ``match`` as it stands right after a step (``seat`` None: the deal)."""
    hand = match.hand
    players = match.rules.players
    cards: list[tuple[int, ...]] = [()] * players
    for player, match_seat in enumerate(match.seats):
        cards[match_seat] = tuple(hand.hands[player])
    over = match.over or hand.over
    return ReplayFrame(
        index=index, hand_number=match.hand_number, dealer=match.dealer, seat=seat, move=move,
        events=tuple(events), hands=tuple(cards), in_hand=tuple(s in match.seats for s in range(players)),
        pile=tuple(hand.discard[-PILE_KEPT:]), pile_count=len(hand.discard), stock_count=len(hand.stock),
        suit=hand.suit, nominated=bool(hand.nominated), named_by=named_by if hand.nominated else None,
        pending=hand.pending, pending_skips=hand.pending_skips, direction=hand.direction,
        to_act=None if over else match.current_seat, totals=tuple(match.totals),
        eliminated=tuple(match.eliminated), hand_over=hand.over, match_over=match.over)


@dataclass(frozen=True)
class ReplayStep(_StepNames):
    """One step as the narration reads it (the fields of a session's history entry): cheap to keep."""

    index: int
    hand_number: int
    dealer: int
    seat: int | None
    move: Move | None
    events: tuple[Event, ...]


@dataclass
class _Hand:
    """What a hand's frames need from the match around it (all fixed while the hand is played)."""

    number: int
    first_step: int
    seats: tuple[int, ...]
    dealer: int
    seed: int
    rules: object
    totals: tuple[int, ...]
    eliminated: tuple[bool, ...]
    #: The match after the hand's last move (set when the hand ends).
    totals_after: tuple[int, ...] | None = None
    eliminated_after: tuple[bool, ...] | None = None
    match_over: bool = False


class _Position:
    """The parts of a Match that ``frame_of`` reads, for a hand being played again."""

    def __init__(self, replay: "Replay", hand: _Hand, state, ended: bool):
        self.rules = replay.rules
        self.hand = state
        self.seats = hand.seats
        self.hand_number = hand.number
        self.dealer = hand.dealer
        self.over = ended and hand.match_over
        self.totals = list(hand.totals_after if ended else hand.totals)
        self.eliminated = list(hand.eliminated_after if ended else hand.eliminated)

    @property
    def current_seat(self) -> int:
        return self.seats[self.hand.current]


#: The steps read back for each seat's last action: every seat acts many times over in fewer.
LAST_ACTIONS_TAIL = 200
#: Steps between two kept positions of a hand: showing any step plays at most this many moves again.
KEYFRAME_STEPS = 128


class ReplayFrames(Sequence):
    """Every step's frame, made when asked for: the replay keeps the steps (what happened) and a copy of
    the hand every KEYFRAME_STEPS steps, and plays the record again from the nearest copy. A match of
    200,000 moves then costs tens of megabytes, not hundreds."""

    def __init__(self, replay: "Replay"):
        self.replay = replay
        self._last: tuple[int, object, int | None] | None = None  # (step, hand state, named_by) of the last frame made
        self._shown: ReplayFrame | None = None

    def __len__(self) -> int:
        return len(self.replay.steps)

    def __getitem__(self, index):
        if isinstance(index, slice):
            indices = range(*index.indices(len(self)))
            if index.step not in (None, 1):
                return [self[i] for i in indices]
            return list(self._frames(indices.start, indices.stop)) if indices else []
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError("no such step")
        if self._shown is not None and self._shown.index == index:
            return self._shown  # the frame on screen is asked for every frame
        self._shown = next(self._frames(index, index + 1))
        return self._shown

    def __iter__(self):
        return self._frames(0, len(self))

    def __eq__(self, other) -> bool:
        return isinstance(other, (ReplayFrames, list)) and len(self) == len(other) and list(self) == list(other)

    def _frames(self, start: int, stop: int):
        """The frames of steps ``start`` to ``stop`` (excluded), played again from the nearest kept hand."""
        replay = self.replay
        steps = replay.steps
        index, state, named_by = self._nearest(start)
        hand = replay.hand_of(index)
        while index < stop:
            step = steps[index]
            if index >= start:
                frame = frame_of(_Position(replay, hand, state, state.over), index, step.seat, step.move,
                                 step.events, named_by)
                self._last = (index, state, named_by)
                yield frame
            index += 1
            if index >= stop:
                break
            step = steps[index]
            if step.deal:
                hand = replay.hand_of(index)
                state, named_by = replay.deal(hand), None
            else:
                state = state.copy() if self._last is not None and self._last[1] is state else state
                replay.play_again(hand, state, index)
            for event in step.events:
                if event.kind == EventKind.NOMINATED:
                    named_by = event.player

    def _nearest(self, start: int):
        """(step, hand state after it, named_by) at or before ``start`` to play on from."""
        replay = self.replay
        last = self._last
        hand = replay.hand_of(start)
        kept = replay.keyframes.get(max((k for k in replay.keyframe_steps(hand) if k <= start), default=-1))
        candidates = [(hand.first_step, None)]
        if kept is not None:
            candidates.append((kept[0], kept))
        if last is not None and hand.first_step <= last[0] <= start:
            candidates.append((last[0], last))
        step, found = max(candidates, key=lambda pair: pair[0])
        if found is None:
            return hand.first_step, replay.deal(hand), None
        return found[0], found[1].copy(), found[2]


class Replay:
    """The frames of one match and a cursor over them: step, hand by hand, first and last."""

    def __init__(self, steps: list[ReplayStep], hands: list[_Hand], keyframes: dict, record: dict,
                 seats: tuple[Seat, ...], match: Match):
        if not steps:
            raise ValueError("a replay needs at least the deal")
        #: Every step, as the narration reads it.
        self.steps = steps
        self.hands = hands
        #: A copy of the hand state (and who named the suit) every KEYFRAME_STEPS steps of a hand.
        self.keyframes = keyframes
        self._record_hands = record["hands"]
        #: The record itself (the match analysis replays it).
        self.record = record
        self.seats = seats
        self.rules = match.rules
        #: The record is full: its last move ended the hand and the match (R-MATCH-LENGTH).
        self.record_full = match.record_full
        #: Whether the record runs to the end of the match (a record of a match in play stops short).
        self.finished = match.over
        self.winners = tuple(match.winners)
        self.game = preset_id_of(match.rules) or "custom"
        #: Each finished hand's result (points, totals, winner), in order.
        self.results = tuple(match.results)
        #: Whether the match is marked practice (a move was taken back).
        self.practice = False
        self.index = 0
        #: Where each hand's deal is, in order.
        self.hand_starts = [hand.first_step for hand in hands]
        #: Every step's frame (made when asked for).
        self.frames = ReplayFrames(self)

    @classmethod
    def of(cls, saved: SavedGame, seats_for=None) -> "Replay":
        """Replay a saved game; ``seats_for(players)`` names the players of a record that names none.

        Raises SavedGameError (a ValueError) when the record cannot be replayed.
        """
        return finish(cls.building(saved, seats_for))

    @classmethod
    def building(cls, saved: SavedGame, seats_for=None):
        """``of`` in slices, so a long record never holds up a frame: a generator that yields
        ``(moves replayed, moves in all)`` and returns the replay."""
        steps: list[ReplayStep] = []
        hands: list[_Hand] = []
        keyframes: dict[int, tuple[int, object, int | None]] = {}
        named_by: list[int | None] = [None]

        def heard(match, seat, move, events):
            index = len(steps)
            if seat is None:
                named_by[0] = None
                hands.append(_Hand(match.hand_number, index, match.seats, match.dealer, match.hand_seed,
                                   match.hand.rules, tuple(match.totals), tuple(match.eliminated)))
            for event in events:
                if event.kind == EventKind.NOMINATED:
                    named_by[0] = event.player
            steps.append(ReplayStep(index, match.hand_number, match.dealer, seat, move, tuple(events)))
            hand = hands[-1]
            if seat is not None and match.hand.over:
                hand.totals_after, hand.eliminated_after = tuple(match.totals), tuple(match.eliminated)
                hand.match_over = match.over
            elif seat is not None and (index - hand.first_step) % KEYFRAME_STEPS == 0:
                keyframes[index] = (index, match.hand.copy(), named_by[0])

        match = yield from saved.replaying(observer=heard)
        if saved.seats is not None:
            # A level this version does not know still shows, as a computer player.
            seats = tuple(Seat(seat.name, seat.kind if seat.kind in SEAT_KINDS else "medium")
                          for seat in saved.seats)
        elif seats_for is not None:
            seats = tuple(seats_for(match.rules.players))
        else:
            seats = tuple(Seat(f"{number}", "medium") for number in range(1, match.rules.players + 1))
        replay = cls(steps, hands, keyframes, saved.record, seats, match)
        replay.practice = bool(saved.practice)
        return replay

    def release(self) -> list:
        """For a replay closed for good: let go of its steps and copies of hands, freed by reference counting
        rather than in one long collection (see TableSession.release); returns them, its hands and its record's
        moves, for a caller that frees them a slice at a time. It shows nothing after."""
        steps, keyframes, hands, results = self.steps, self.keyframes, self.hands, list(self.results)
        self.steps, self.keyframes, self.hands, self.results = [], {}, [], ()
        self.frames = ReplayFrames(self)
        return [steps, keyframes, hands, results, self._record_hands]

    # ----- playing a hand again --------------------------------------------------------------

    def hand_of(self, index: int) -> _Hand:
        """The hand step ``index`` belongs to."""
        return self.hands[max(0, bisect_right(self.hand_starts, index) - 1)]

    def keyframe_steps(self, hand: _Hand) -> range:
        """The steps of ``hand`` at which a copy of the hand was kept."""
        end = self.hand_starts[hand.number] if hand.number < len(self.hands) else len(self.steps)
        return range(hand.first_step + KEYFRAME_STEPS, end, KEYFRAME_STEPS)

    def deal(self, hand: _Hand):
        """The hand as it was dealt."""
        state, _events = HandState.deal(hand.rules, random.Random(hand.seed), hand.seats.index(hand.dealer))
        return state

    def play_again(self, hand: _Hand, state, index: int) -> None:
        """Apply step ``index``'s move (a move of ``hand``) to ``state``."""
        move, caller = parse_record_move(self._record_hands[hand.number - 1][index - hand.first_step - 1])
        state.apply(move, None if caller is None else hand.seats.index(caller))
        if self.record_full and index == len(self.steps) - 1:
            state.end_early(MATCH_LENGTH)  # as the match did (R-MATCH-LENGTH)

    # ----- where the cursor is ---------------------------------------------------------------

    @property
    def frame(self) -> ReplayFrame:
        """The frame shown now."""
        return self.frames[self.index]

    def __len__(self) -> int:
        return len(self.frames)

    @property
    def at_end(self) -> bool:
        """Whether the last step is shown."""
        return self.index == len(self.frames) - 1

    @property
    def hand_count(self) -> int:
        """How many hands the record holds."""
        return len(self.hand_starts)

    def hand_start(self, index: int | None = None) -> int:
        """The index of the deal of the hand that frame ``index`` (default: the shown one) belongs to."""
        index = self.index if index is None else index
        return self.hand_starts[max(0, bisect_right(self.hand_starts, index) - 1)]

    def hand_ordinal(self, index: int | None = None) -> int:
        """Which hand of the record (0 for the first) frame ``index`` (default: the shown one) is in."""
        return max(0, bisect_right(self.hand_starts, self.index if index is None else index) - 1)

    def result(self, index: int | None = None):
        """The HandResult of the hand frame ``index`` ends (None unless that frame ends a hand)."""
        index = self.index if index is None else index
        if not self.frames[index].hand_over:
            return None
        ordinal = self.hand_ordinal(index)
        return self.results[ordinal] if ordinal < len(self.results) else None

    def name(self, seat: int) -> str:
        """A seat's display name."""
        return self.seats[seat].name

    # ----- moving the cursor -----------------------------------------------------------------

    def go(self, index: int) -> ReplayFrame:
        """Show frame ``index`` (kept within the match)."""
        self.index = max(0, min(int(index), len(self.frames) - 1))
        return self.frame

    def step(self, steps: int = 1) -> ReplayFrame:
        """Forward (or back, for a negative ``steps``) by that many steps."""
        return self.go(self.index + steps)

    def first(self) -> ReplayFrame:
        """The first deal."""
        return self.go(0)

    def last(self) -> ReplayFrame:
        """The last step of the record."""
        return self.go(len(self.frames) - 1)

    def next_hand(self) -> ReplayFrame:
        """The deal of the next hand (the last step when this is the last hand)."""
        later = [start for start in self.hand_starts if start > self.index]
        return self.go(later[0] if later else len(self.frames) - 1)

    def previous_hand(self) -> ReplayFrame:
        """The deal of this hand, or of the hand before when its deal is shown already."""
        start = self.hand_start()
        if start < self.index:
            return self.go(start)
        earlier = [s for s in self.hand_starts if s < start]
        return self.go(earlier[-1] if earlier else 0)


def keep_finished(store, saved: SavedGame, match: Match, human: int | None) -> str | None:
    """Hand a finished match a person played to the recent-matches store (None: no store);
    returns a problem met reading the old list. Raises OSError or ValueError when it cannot be kept."""
    if store is None or human is None or not match.over:
        return None
    return store.add(saved, preset_id_of(match.rules) or "custom", match.winners)


def frame_view(replay: Replay, viewer: int, index: int | None = None) -> TableView:
    """A frame as the table's painter reads a position (``my_cards``: the ``viewer``'s hand; the
    other hands are in the frame, all face up)."""
    frame = replay.frames[replay.index if index is None else index]
    rules = replay.rules
    playing = sum(frame.in_hand)
    seat_views = tuple(
        SeatView(seat, replay.seats[seat].name, replay.seats[seat].kind, frame.in_hand[seat],
                 len(frame.hands[seat]), frame.totals[seat], frame.eliminated[seat])
        for seat in range(rules.players))
    start = replay.hand_start(frame.index)
    return TableView(
        version=frame.index, rules=rules, hand_rules=rules if playing == rules.players else rules.with_players(playing),
        viewer=viewer, hand_number=frame.hand_number, dealer=frame.dealer, to_act=frame.to_act,
        direction=frame.direction, suit=frame.suit, nominated=frame.nominated, named_by=frame.named_by,
        discard=frame.pile, stock_count=frame.stock_count, pending=frame.pending,
        pending_skips=frame.pending_skips, drew_this_turn=False, hand_over=frame.hand_over,
        match_over=frame.match_over, sudden_death=False, seats=seat_views, my_cards=frame.hands[viewer],
        my_moves=(), last_actions=last_actions(replay.steps[max(start, frame.index + 1 - LAST_ACTIONS_TAIL):frame.index + 1],
                                               rules.players, frame.to_act))
