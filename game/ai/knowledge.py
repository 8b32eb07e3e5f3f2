"""Read-only facts a bot can draw from its own ``PlayerView``, and a sampler of hidden hands.

Nothing here looks at a true ``HandState``: a bot is handed only its view.
"""
from __future__ import annotations

import random

from game.rules.cards import SUIT_OF
from game.rules.state import BLACK_JACK, HandState, tables_for
from game.rules.view import PlayerView, determinize

from .heuristic import pick_action, score_actions, unseen_counts

# How much less likely a card of a suit a player drew on is to be in their hand.
VOID_SUIT_WEIGHT = 0.15


def black_jacks_unseen(view: PlayerView) -> bool:
    """Whether a black jack may still come at us (it is not in our hand nor in the pile)."""
    tables = tables_for(view.rules)
    if not view.rules.black_jack_draw:
        return False
    seen = sum(1 for c in view.hand if tables.penalty_kind[c] == BLACK_JACK) + \
        sum(1 for c in view.discard if c < 52 and c >> 2 == 10 and SUIT_OF[c] in (0, 3))
    return seen < 2 * view.rules.decks


def view_pick(view: PlayerView, danger_cards: int = 2) -> int:
    """The medium heuristic's action for the view's player (whose turn it must be)."""
    tables = tables_for(view.rules)
    return pick_action(view.legal_actions, view.hand, view.hand_counts, view.seat, view.direction,
                       view.top, view.suit, view.pending, view.void_hints, tables,
                       view.rules, view.stock_count, black_jacks_unseen(view), danger_cards,
                       unseen_counts(view.hand, view.discard, tables, view.rules))


def view_scores(view: PlayerView) -> list[tuple[int, float]]:
    """Heuristic score of each legal action for the view's player."""
    tables = tables_for(view.rules)
    return score_actions(view.legal_actions, view.hand, view.hand_counts, view.seat, view.direction,
                         view.top, view.suit, view.pending, view.void_hints, tables,
                         view.rules, view.stock_count, black_jacks_unseen(view),
                         unseen=unseen_counts(view.hand, view.discard, tables, view.rules))


def sample_state(view: PlayerView, rng: random.Random) -> HandState:
    """A full hand consistent with ``view``, dealing hinted-void suits to a player less often.

    ``view.void_hints`` say a player drew instead of following a suit (and so also held
    no wild card then): such cards go to them with weight ``VOID_SUIT_WEIGHT``.
    Reshuffles in the sampled hand draw from ``rng``.
    """
    tables = tables_for(view.rules)
    wild = tables.wild
    pool = view.unseen_cards()
    rng.shuffle(pool)
    hands: list[list[int]] = [[] for _ in view.hand_counts]
    hands[view.seat] = list(view.hand)
    others = [p for p in range(len(view.hand_counts)) if p != view.seat]
    # Hinted players choose first so that the cards they probably lack stay for the others.
    others.sort(key=lambda p: view.void_hints[p] == 0)
    random_unit = rng.random
    for player in others:
        need = view.hand_counts[player]
        hint = view.void_hints[player]
        if not hint:
            hands[player] = pool[:need]
            pool = pool[need:]
            continue
        chosen: list[int] = []
        rest: list[int] = []
        for card in pool:
            if len(chosen) < need and (
                    not ((hint >> SUIT_OF[card]) & 1 or wild[card]) or random_unit() < VOID_SUIT_WEIGHT):
                chosen.append(card)
            else:
                rest.append(card)
        missing = need - len(chosen)
        if missing > 0:
            chosen += rest[:missing]
            rest = rest[missing:]
        hands[player] = chosen
        pool = rest
    # Cards passed over for hinted players bunch up in the pool: the stock order must not show it.
    rng.shuffle(pool)
    # determinize() sets every public field; we only redeal the hidden cards it dealt.
    state = determinize(view, rng)
    state.hands = hands
    state.stock = pool
    if view.phase and view.current != view.seat and hands[view.current]:
        state.last_drawn = hands[view.current][-1]
    return state
