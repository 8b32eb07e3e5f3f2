"""What the screen may show of the table: public facts and the viewer's own cards, never hidden ones.

Every field is in match seat numbers (the rules core numbers the players of a
hand among themselves; the screen never converts).
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from game.rules import EventKind, Match, Move, MoveKind, RuleSet

#: No suit in force (the rules core's "suit" beyond the four suits).
NO_SUIT = 4


@dataclass(frozen=True)
class SeatView:
    """One seat as everybody sees it."""

    seat: int
    name: str
    kind: str
    in_hand: bool
    card_count: int
    total: int
    eliminated: bool


@dataclass(frozen=True)
class LastAction:
    """What last happened to one seat this hand, shown beside it until its next turn.

    ``kind``: "play" (``card``, and ``suit`` when a wild named one), "draw" (``count`` cards),
    "pass", "skipped" (lost a turn) or "penalty" (picked up ``count`` cards).
    """

    kind: str
    card: int | None = None
    suit: int | None = None
    count: int = 0


def last_actions(history, seats: int, to_act: int | None) -> tuple[LastAction | None, ...]:
    """Each seat's last action in the current hand (None for a seat to act now, or one that has not acted)."""
    found: list[LastAction | None] = [None] * seats
    done = [False] * seats
    left = seats  # seats whose last action is still to find: a long hand is not read to its start
    for entry in reversed(history):
        if entry.seat is None or not left:
            break
        for event in reversed(entry.events):
            player = event.player
            if not 0 <= player < seats or done[player]:
                continue
            action = _action_of(event, entry.events)
            if action is not None:
                found[player], done[player] = action, True
                left -= 1
    if to_act is not None:
        found[to_act] = None  # it is their turn now: what they did last time is old news
    return tuple(found)


def _action_of(event, events) -> LastAction | None:
    if event.kind == EventKind.PLAYED:
        named = next((e.suit for e in events if e.kind == EventKind.NOMINATED), None)
        return LastAction("play", event.cards[0], named)
    if event.kind == EventKind.DREW:
        return LastAction("draw", count=event.count)
    if event.kind in (EventKind.PENALTY_PAID, EventKind.LAST_CARD_PENALTY):
        return LastAction("penalty", count=event.count)
    if event.kind == EventKind.SKIPPED:
        return LastAction("skipped")
    if event.kind == EventKind.PASSED:
        return LastAction("pass")
    return None


@dataclass(frozen=True)
class TableView:
    """The table from one seat: public state, that seat's own cards and, on its turn, its legal moves
    (out of turn, ``my_moves`` holds only the "last card" call while it is open for the viewer).

    ``rules`` are the match's; ``hand_rules`` the current hand's (fewer players once some are out).
    """

    version: int
    rules: RuleSet
    hand_rules: RuleSet
    viewer: int
    hand_number: int
    dealer: int
    to_act: int | None
    direction: int
    suit: int
    nominated: bool
    named_by: int | None
    discard: tuple[int, ...]
    stock_count: int
    pending: int
    pending_skips: int
    drew_this_turn: bool
    hand_over: bool
    match_over: bool
    sudden_death: bool
    seats: tuple[SeatView, ...]
    my_cards: tuple[int, ...]
    my_moves: tuple[Move, ...]
    #: Per seat: what last happened to it this hand (see ``LastAction``), for the badges by the seats.
    last_actions: tuple[LastAction | None, ...] = ()
    #: The viewer's own cards lie face down (several people share the screen and it is not their turn).
    hand_hidden: bool = False

    @property
    def my_turn(self) -> bool:
        """Whether the viewer is to act."""
        return self.to_act == self.viewer

    @cached_property
    def playable(self) -> frozenset[int]:
        """The viewer's cards that may be played now."""
        return frozenset(move.card for move in self.my_moves if move.kind == MoveKind.PLAY)

    @cached_property
    def move_kinds(self) -> frozenset[str]:
        """The kinds of move the viewer may make now ("play", "draw", "pass", ...)."""
        return frozenset(move.kind for move in self.my_moves)


def table_view(match: Match, seats, viewer: int, named_by: int | None, version: int,
               viewer_sees_cards: bool = True, history=(), hand_hidden: bool = False) -> TableView:
    """The view of ``match`` from ``viewer``; ``seats`` hold names and kinds by match seat. ``hand_hidden``:
    the viewer's cards are not in the view either (they lie face down in front of them)."""
    viewer_sees_cards = viewer_sees_cards and not hand_hidden
    hand = match.hand
    over = match.over or hand.over
    to_act = None if over else match.current_seat
    in_hand = set(match.seats)
    seat_views = tuple(
        SeatView(seat, seats[seat].name, seats[seat].kind, seat in in_hand,
                 len(hand.hands[match.hand_player(seat)]) if seat in in_hand else 0,
                 match.totals[seat], match.eliminated[seat])
        for seat in range(match.rules.players))
    player = match.hand_player(viewer)
    my_cards = tuple(hand.hands[player]) if viewer_sees_cards and player >= 0 else ()
    my_moves = ()
    if viewer_sees_cards and to_act == viewer:
        my_moves = tuple(match.legal_moves())
    elif viewer_sees_cards and to_act is not None and match.can_call_last_card(viewer):
        # Just played down to one card without the call: it may be made until the next player acts.
        my_moves = (Move("last_card"),)
    return TableView(
        version=version, rules=match.rules, hand_rules=hand.rules, viewer=viewer, hand_number=match.hand_number, dealer=match.dealer,
        to_act=to_act, direction=hand.direction, suit=hand.suit, nominated=bool(hand.nominated),
        named_by=named_by, discard=tuple(hand.discard), stock_count=len(hand.stock),
        pending=hand.pending, pending_skips=hand.pending_skips, drew_this_turn=hand.phase == 1,
        hand_over=hand.over, match_over=match.over, sudden_death=match.sudden_death_seats is not None,
        seats=seat_views, my_cards=my_cards, my_moves=my_moves,
        last_actions=last_actions(history, match.rules.players, to_act), hand_hidden=hand_hidden)
