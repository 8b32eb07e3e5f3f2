"""Read-only facts a bot can draw from its own ``PlayerView``, and a sampler of hidden hands.

Nothing here looks at a true ``HandState``: a bot is handed only its view.
"""
from __future__ import annotations

import random

from game.rules import (BLACK_JACK, CAP_KINDS, CAP_RANK, RANK_OF, SUIT_OF, HandState, PlayerView, determinize,
                        shuffle, tables_for)

from .heuristic import pick_action, score_actions, unseen_counts


def black_jacks_unseen(view: PlayerView) -> bool:
    """Whether a black jack may still come at us (it is not in our hand nor in the pile)."""
    tables = tables_for(view.rules)
    if not view.rules.black_jack_draw:
        return False
    seen = sum(1 for c in view.hand if tables.penalty_kind[c] == BLACK_JACK) + \
        sum(1 for c in view.discard if c < 52 and c >> 2 == 10 and SUIT_OF[c] in (0, 3))
    return seen < 2 * view.rules.decks


def next_caps(view: PlayerView) -> tuple:
    """The public holding caps (see ``PlayerView.hold_caps``) of the player after the view's player."""
    player = (view.seat + view.direction) % len(view.hand_counts)
    return view.hold_caps[player * CAP_KINDS:(player + 1) * CAP_KINDS]


def view_pick(view: PlayerView, danger_cards: int = 2) -> int:
    """The medium heuristic's action for the view's player (whose turn it must be)."""
    tables = tables_for(view.rules)
    return pick_action(view.legal_actions, view.hand, view.hand_counts, view.seat, view.direction,
                       view.top, view.suit, view.pending, view.void_hints, tables,
                       view.rules, view.stock_count, black_jacks_unseen(view), danger_cards,
                       unseen_counts(view.hand, view.discard, tables, view.rules), next_caps(view))


def view_scores(view: PlayerView) -> list[tuple[int, float]]:
    """Heuristic score of each legal action for the view's player."""
    tables = tables_for(view.rules)
    return score_actions(view.legal_actions, view.hand, view.hand_counts, view.seat, view.direction,
                         view.top, view.suit, view.pending, view.void_hints, tables,
                         view.rules, view.stock_count, black_jacks_unseen(view),
                         unseen=unseen_counts(view.hand, view.discard, tables, view.rules),
                         next_caps=next_caps(view))


SPENT_WILD_DANGER = 2    # with an opponent this close to going out, a wild is spent to block, not for want of a card


def inferred_caps(view: PlayerView) -> tuple:
    """``view.hold_caps`` tightened by what spent wild cards suggest.

    Good players keep wild cards for when nothing else plays. A player who played one
    without drawing first, while nobody was close to going out, probably held no other
    card for that suit and top card: their cards of that suit and rank are at most the
    cards they have drawn since. This is a reading, not a fact (Easy players spend eights
    at once), so it lives here and only bounds the sampler; the rules' caps stay exact.
    Returns ``view.hold_caps`` itself when no spent wild card says anything.
    """
    caps = None
    for play in view.wild_plays:
        if play.player == view.seat or play.drew_first or play.fewest_others <= SPENT_WILD_DANGER:
            continue
        if caps is None:
            caps = list(view.hold_caps)
        drawn_since = view.drawn_totals[play.player] - play.drawn_total
        start = play.player * CAP_KINDS
        if play.suit_before < 4:
            caps[start + play.suit_before] = min(caps[start + play.suit_before], drawn_since)
        if play.top_before < 52:
            kind = start + CAP_RANK + RANK_OF[play.top_before]
            caps[kind] = min(caps[kind], drawn_since)
    return view.hold_caps if caps is None else tuple(caps)


def sample_state(view: PlayerView, rng: random.Random) -> HandState:
    """A full hand consistent with ``view``: the hidden cards dealt within every public holding cap.

    ``view.hold_caps`` bound how many cards of a suit, a rank, or wild cards a player can
    hold (they drew or passed for want of one, and have drawn only so many since). The
    caps are hard limits here; below a cap, a card of that kind is taken for the next
    free place of a hand with chance cap / places left, which is about how likely each
    of those cards is to be one that came later. After a reshuffle the cards that cannot
    be in the stock are dealt first, each hand getting as many as it held from before
    (``PlayerView.hidden_split``). A deal that still breaks a cap is repaired by swaps.
    Reshuffles in the sampled hand draw from ``rng``.
    """
    kinds_of = tables_for(view.rules).cap_kinds
    caps = inferred_caps(view)
    counts = view.hand_counts
    held, stockable, from_stock = view.hidden_split()
    shuffle(held, rng)
    shuffle(stockable, rng)
    n = len(counts)
    hands: list[list[int]] = [[] for _ in range(n)]
    hands[view.seat] = list(view.hand)
    others = [player for player in range(n) if player != view.seat]
    rooms = {player: list(caps[player * CAP_KINDS:(player + 1) * CAP_KINDS]) for player in others}
    pinned = set(held)
    if held:
        held = _share_out_held(held, {player: max(0, counts[player] - from_stock[player]) for player in others},
                               rooms, hands, kinds_of, rng)
    needs = {player: counts[player] - len(hands[player]) for player in others}
    pool = _deal_within_caps(stockable + held, needs, rooms, hands, kinds_of, rng)
    if any(min(room) < 0 for room in rooms.values()):    # some hand is over a cap
        holders = {player: hands[player] for player in others}
        holders[STOCK] = pool
        own_caps = {player: caps[player * CAP_KINDS:(player + 1) * CAP_KINDS] for player in others}
        _repair_caps(holders, own_caps, kinds_of, pinned, rng)
    # Cards passed over for constrained players bunch up in the pool: the stock order must not show it.
    shuffle(pool, rng)
    state = determinize(view, rng, (hands, pool))
    if caps is not view.hold_caps:
        # The rollouts' players read the same inferred caps (bases are relative to draws so far).
        drawn = view.drawn_totals
        state.cap_base = [cap - drawn[index // CAP_KINDS] for index, cap in enumerate(caps)]
    return state


def _share_out_held(held: list[int], needs: dict, rooms: dict, hands: list[list[int]],
                    kinds_of, rng: random.Random) -> list[int]:
    """Give each hand ``needs[p]`` of the shuffled ``held`` cards (which cannot be in the stock); the cards left.

    The cards that fit the fewest hands go first; each goes to a hand with places left, chosen
    in proportion to those places among the hands it fits (within ``rooms``, which are updated),
    or among all if it fits none.
    """
    left = dict(needs)
    random_unit = rng.random
    rest = []

    def fits(player, kinds) -> bool:
        room = rooms[player]
        for kind in kinds:
            if room[kind] <= 0:
                return False
        return True

    if all(min(rooms[player]) >= need for player, need in needs.items()):
        order = held                        # no cap can bind: any share is as good
    else:
        # Cards that fit the fewest hands go first, while those hands still have places.
        fit_count = {card: sum(fits(player, kinds_of[card]) for player in needs) for card in held}
        order = sorted(held, key=fit_count.__getitem__)
    for card in order:
        kinds = kinds_of[card]
        open_hands = [player for player, places in left.items() if places]
        if not open_hands:
            rest.append(card)
            continue
        fitting = [player for player in open_hands if fits(player, kinds)] or open_hands
        pick = random_unit() * sum(left[player] for player in fitting)
        for player in fitting:
            pick -= left[player]
            if pick < 0:
                break
        hands[player].append(card)
        left[player] -= 1
        for kind in kinds:
            rooms[player][kind] -= 1
    return rest


REPAIR_STEPS = 400      # swaps tried to bring a sampled deal within the caps before giving up
STOCK = -1              # the stock's key among the holders being repaired: it has no caps


def _repair_caps(holders: dict, caps: dict, kinds_of, pinned: set, rng: random.Random) -> None:
    """Swap cards between ``holders`` (players' hands, and the stock) until no hand is over a cap.

    ``caps[p][k]`` bounds player ``p``'s cards of cap kind ``k``; the stock has none. ``pinned``
    cards (held since before the last reshuffle) only change places with each other. A swap is
    kept when it does not raise the cards over a cap, so the deal also drifts away from where the
    sampler left it. Gives up after ``REPAIR_STEPS``.
    """
    counts = {}
    for holder, cards in holders.items():
        if holder != STOCK:
            count = [0] * CAP_KINDS
            for card in cards:
                for kind in kinds_of[card]:
                    count[kind] += 1
            counts[holder] = count

    def excess(holder, kinds) -> int:
        if holder == STOCK:
            return 0
        count, cap = counts[holder], caps[holder]
        return sum(count[kind] - cap[kind] for kind in kinds if count[kind] > cap[kind])

    def move(kinds, source, target) -> None:
        for kind in kinds:
            if source != STOCK:
                counts[source][kind] -= 1
            if target != STOCK:
                counts[target][kind] += 1

    everything = range(CAP_KINDS)
    violating = [holder for holder in counts if excess(holder, everything)]
    others = list(holders)
    for _ in range(REPAIR_STEPS):
        if not violating:
            return
        player = rng.choice(violating)
        count, cap = counts[player], caps[player]
        over = [i for i, card in enumerate(holders[player]) if any(count[k] > cap[k] for k in kinds_of[card])]
        other = rng.choice(others)
        if other == player or not holders[other]:
            continue
        mine = rng.choice(over)
        theirs = rng.randrange(len(holders[other]))
        card, swap = holders[player][mine], holders[other][theirs]
        if (card in pinned) != (swap in pinned):
            continue    # each hand keeps its number of cards from before the reshuffle (the stock has none)
        kinds = set(kinds_of[card]) | set(kinds_of[swap])
        before = excess(player, kinds) + excess(other, kinds)
        move(kinds_of[card], player, other)
        move(kinds_of[swap], other, player)
        if excess(player, kinds) + excess(other, kinds) > before:
            move(kinds_of[card], other, player)     # worse: undo
            move(kinds_of[swap], player, other)
            continue
        holders[player][mine], holders[other][theirs] = swap, card
        violating = [holder for holder in counts if excess(holder, everything)]


def _deal_within_caps(pool: list[int], needs: dict, rooms: dict, hands: list[list[int]],
                      kinds_of, rng: random.Random) -> list[int]:
    """Deal ``needs[p]`` cards of the shuffled ``pool`` onto ``hands[p]`` within ``rooms[p]``; the cards left.

    ``rooms[p][k]`` is how many more cards of cap kind ``k`` player ``p`` may take; it is
    updated. The most constrained players choose first, so that the cards they cannot
    hold stay for the others.
    """
    tight = {player: sum(need - room for room in rooms[player] if room < need)
             for player, need in needs.items()}
    random_unit = rng.random
    for player in sorted(needs, key=lambda p: -tight[p]):
        need = needs[player]
        room = rooms[player]
        if not tight[player]:
            chosen = pool[:need]
            pool = pool[need:]
            for card in chosen:
                for kind in kinds_of[card]:
                    room[kind] -= 1
            hands[player] += chosen
            continue
        chosen = []
        rest: list[int] = []
        for index, card in enumerate(pool):
            places = need - len(chosen)
            if not places:
                rest += pool[index:]
                break
            accept = 1.0
            for kind in kinds_of[card]:
                left = room[kind]
                if left < places:
                    accept *= left / places
            if accept >= 1.0 or (accept > 0.0 and random_unit() < accept):
                chosen.append(card)
                for kind in kinds_of[card]:
                    room[kind] -= 1
            else:
                rest.append(card)
        if len(chosen) < need:
            # Too few cards passed the soft test: fill within the hard caps, then (a view no deal fits) at all.
            pool, rest = rest, []
            for card in pool:
                if len(chosen) < need and all(room[kind] > 0 for kind in kinds_of[card]):
                    chosen.append(card)
                    for kind in kinds_of[card]:
                        room[kind] -= 1
                else:
                    rest.append(card)
            missing = need - len(chosen)
            if missing > 0:
                for card in rest[:missing]:     # over a cap: the repair in sample_state sees it in the room left
                    for kind in kinds_of[card]:
                        room[kind] -= 1
                chosen += rest[:missing]
                rest = rest[missing:]
        hands[player] += chosen
        pool = rest
    return pool
