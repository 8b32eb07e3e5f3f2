"""A finished (or stopped) match replayed step by step with every hand face up, for the replay viewer.

``Replay.of(saved)`` replays the record once (``Match.from_record`` with an observer) and keeps a
:class:`ReplayFrame` per step: each deal and each move, with every seat's cards, the pile, the suit
in force, the pending penalty, the stock count, whose turn it is, the step's events and the totals.
Frames are tuples of card ints, so a match of a thousand moves costs a few hundred kilobytes;
navigation only moves an index. The finished match is also handed to the recent-matches store here.
"""
from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass

from game.rules import Event, Match, Move, finish, preset_id_of
from game.store.saved_game import SavedGame

from .seats import SEAT_KINDS, Seat
from .view import SeatView, TableView, last_actions

#: The discards a frame keeps (the rest of the pile lies unseen under them).
PILE_KEPT = 6


@dataclass(frozen=True)
class ReplayFrame:
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

    @property
    def hand(self) -> int:
        """The hand number (as a session's history entry names it, for the narration)."""
        return self.hand_number

    @property
    def deal(self) -> bool:
        """Whether this step deals a hand."""
        return self.seat is None


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


class Replay:
    """The frames of one match and a cursor over them: step, hand by hand, first and last."""

    def __init__(self, frames: list[ReplayFrame], seats: tuple[Seat, ...], match: Match):
        if not frames:
            raise ValueError("a replay needs at least the deal")
        self.frames = frames
        self.seats = seats
        self.rules = match.rules
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
        self.hand_starts = [frame.index for frame in frames if frame.deal]

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
        frames: list[ReplayFrame] = []
        named_by: list[int | None] = [None]

        def heard(match, seat, move, events):
            if seat is None:
                named_by[0] = None
            for event in events:
                if event.kind == "nominated":
                    named_by[0] = event.player
            frames.append(frame_of(match, len(frames), seat, move, events, named_by[0]))

        match = yield from saved.replaying(observer=heard)
        if saved.seats is not None:
            # A level this version does not know still shows, as a computer player.
            seats = tuple(Seat(seat.name, seat.kind if seat.kind in SEAT_KINDS else "medium")
                          for seat in saved.seats)
        elif seats_for is not None:
            seats = tuple(seats_for(match.rules.players))
        else:
            seats = tuple(Seat(f"{number}", "medium") for number in range(1, match.rules.players + 1))
        replay = cls(frames, seats, match)
        replay.practice = bool(saved.practice)
        return replay

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
        my_moves=(), last_actions=last_actions(replay.frames[start:frame.index + 1], rules.players, frame.to_act))
