"""What one player may see of a hand, and sampling hidden cards consistent with it."""
from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from functools import cached_property

from .cards import shuffle
from .moves import MOVES, Move
from .ruleset import RuleSet
from .state import CAP_KINDS, HandState, WildPlay, tables_for


@dataclass(frozen=True)
class PlayerView:
    """Everything ``seat`` can know: own hand, counts of the others, the public pile and state.

    ``void_hints[p]`` is a bit set of suits player ``p`` drew on instead of
    playing (public information: everyone saw the suit in force when they drew).
    ``hold_caps[p * CAP_KINDS + k]`` is the most cards of kind ``k`` player ``p`` can hold
    (kinds: 0..3 non-wild cards of a suit, 4 + rank non-wild cards of a rank, 17 wilds),
    from public events only; see ``HandState.holding_caps``. ``drawn_totals[p]`` counts the
    cards ``p`` has drawn this hand and ``wild_plays`` lists every wild card played, with
    what it was played on (see ``WildPlay``). After a reshuffle (with one pack) ``stock_source``
    lists the cards that went back into the stock and ``fresh_counts[p]`` how many of them
    ``p`` holds now (everyone saw who drew and who played which); see ``hidden_split``.
    """

    seat: int
    rules: RuleSet
    hand: tuple[int, ...]
    hand_counts: tuple[int, ...]
    stock_count: int
    discard: tuple[int, ...]
    dealer: int
    current: int
    direction: int
    suit: int
    nominated: bool
    pending: int
    pending_kind: int
    pending_skips: int
    phase: int
    drawn_count: int
    last_drawn: int
    called_last: bool
    passes: int
    turns: int
    void_hints: tuple[int, ...]
    hold_caps: tuple[int, ...]
    drawn_totals: tuple[int, ...]
    wild_plays: tuple[WildPlay, ...]
    stock_source: tuple[int, ...]
    fresh_counts: tuple[int, ...]
    legal_actions: tuple[int, ...]
    over: bool
    #: The player who played down to one card without calling "last card" and may still call
    #: (until another player acts), or -1; see ``can_call_last_card``.
    last_call_open: int = -1

    @property
    def top(self) -> int:
        """The card on top of the discard pile."""
        return self.discard[-1]

    @property
    def can_call_last_card(self) -> bool:
        """Whether this player may call "last card" out of turn now (their call is still open)."""
        return self.last_call_open == self.seat and self.current != self.seat and not self.over

    @property
    def legal_moves(self) -> list[Move]:
        """Legal moves of this player (empty when it is not their turn)."""
        return [MOVES[a] for a in self.legal_actions]

    def unseen_cards(self) -> list[int]:
        """Cards this player has not seen: the others' hands and the stock, as a multiset."""
        unseen = Counter(self.rules.full_deck())
        unseen.subtract(self.hand)
        unseen.subtract(self.discard)
        return sorted(unseen.elements())

    def hidden_split(self) -> tuple[list[int], list[int], tuple[int, ...]]:
        """The unseen cards split by where they can be: ``(held, stockable, from_stock)``.

        After a reshuffle the stock holds only cards from ``stock_source``, so every other
        unseen card (``held``) is in someone's hand; ``stockable`` cards are in a hand or the
        stock, and player ``p`` holds exactly ``from_stock[p]`` of them. Before any reshuffle
        nothing narrows it down: ``held`` is empty and each hand may hold any unseen card.
        """
        held, stockable = self._hidden_pools
        return list(held), list(stockable), self.fresh_counts if self.stock_source else self.hand_counts

    @cached_property
    def stock_source_set(self) -> frozenset:
        """``stock_source`` as a set, built once per view (samplers and determinize ask for it per world)."""
        return frozenset(self.stock_source)

    @cached_property
    def cap_bases(self) -> tuple[int, ...]:
        """``hold_caps`` less each player's draws so far: a ``HandState``'s ``cap_base`` that reads them back
        (built once per view; determinize asks for it per sampled world)."""
        drawn = self.drawn_totals
        return tuple(cap - drawn[index // CAP_KINDS] for index, cap in enumerate(self.hold_caps))

    @cached_property
    def _hidden_pools(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        # Samplers ask for the split once per sampled world; the view never changes.
        unseen = self.unseen_cards()
        if not self.stock_source:
            return (), tuple(unseen)
        source = self.stock_source_set
        return (tuple(card for card in unseen if card not in source),
                tuple(card for card in unseen if card in source))


def view_of(state: HandState, seat: int) -> PlayerView:
    """The view of ``state`` for ``seat``."""
    mine = seat == state.current and not state.over
    return PlayerView(
        seat=seat,
        rules=state.rules,
        hand=tuple(state.hands[seat]),
        hand_counts=tuple(len(h) for h in state.hands),
        stock_count=len(state.stock),
        discard=tuple(state.discard),
        dealer=state.dealer,
        current=state.current,
        direction=state.direction,
        suit=state.suit,
        nominated=state.nominated,
        pending=state.pending,
        pending_kind=state.pending_kind,
        pending_skips=state.pending_skips,
        phase=state.phase,
        drawn_count=state.drawn_count,
        last_drawn=state.last_drawn if mine else -1,
        called_last=state.called_last,
        passes=state.passes,
        turns=state.turns,
        void_hints=tuple(state.void_hints),
        hold_caps=tuple(cap for p in range(state.n) for cap in state.holding_caps(p)),
        drawn_totals=tuple(state.drawn_total),
        wild_plays=state.wild_plays,
        stock_source=tuple(sorted(state.stock_source)),
        fresh_counts=tuple(state.fresh_counts),
        legal_actions=tuple(state.legal_actions()) if mine else (),
        over=state.over,
        last_call_open=state.last_call_open,
    )


def determinize(view: PlayerView, rng: random.Random, deal: tuple | None = None) -> HandState:
    """A full state consistent with ``view``: hidden cards dealt at random from the unseen ones.

    After a reshuffle the stock gets only cards that went back into it (``hidden_split``).
    A sampler that chose the hidden cards itself passes ``deal=(hands, stock)``.
    The new state draws its own randomness (reshuffles) from ``rng``.
    """
    if deal is None:
        deal = _random_deal(view, rng)
    hands, stock = deal
    state = HandState.__new__(HandState)
    state.rules = view.rules
    state.tables = tables_for(view.rules)
    state.n = len(view.hand_counts)
    state.hands = hands
    state.stock = stock
    state.discard = list(view.discard)
    state.dealer = view.dealer
    state.current = view.current
    state.direction = view.direction
    state.suit = view.suit
    state.nominated = view.nominated
    state.pending = view.pending
    state.pending_kind = view.pending_kind
    state.pending_skips = view.pending_skips
    state.phase = view.phase
    state.drawn_count = view.drawn_count
    state.last_drawn = view.last_drawn
    if view.phase and view.current != view.seat and hands[view.current]:
        # Someone else just drew: their drawn card is the last one in their sampled hand.
        state.last_drawn = hands[view.current][-1]
    state.called_last = view.called_last
    state.passes = view.passes
    state.turns = view.turns
    state.over = view.over
    state.winner = -1
    state.end_reason = ""
    state.void_hints = list(view.void_hints)
    # Bases relative to each player's draws so far, so that holding_caps() reads back the view's caps.
    state.cap_base = list(view.cap_bases)
    state.drawn_total = list(view.drawn_totals)
    state.wild_plays = view.wild_plays
    state.stock_source = view.stock_source_set
    state.fresh_counts = list(view.fresh_counts)
    state.last_call_open = view.last_call_open
    state.rng = rng
    state._legal = None
    return state


def _random_deal(view: PlayerView, rng: random.Random) -> tuple[list[list[int]], list[int]]:
    """The hidden cards dealt at random within ``hidden_split``: (every hand, the stock)."""
    held, stockable, from_stock = view.hidden_split()
    shuffle(held, rng)
    shuffle(stockable, rng)
    hands = []
    for player, count in enumerate(view.hand_counts):
        if player == view.seat:
            hands.append(list(view.hand))
            continue
        # Cards held since before the reshuffle first, so a card just drawn is last, as in play.
        hand = held[:max(0, count - from_stock[player])]
        del held[:len(hand)]
        for pool in (stockable, held):      # held again only for a view no deal fits
            extra = pool[:count - len(hand)]
            del pool[:len(extra)]
            hand += extra
        hands.append(hand)
    return hands, stockable + held
