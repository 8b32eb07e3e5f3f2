"""The medium player's judgement: score every legal action from one player's own hand and public facts.

The same scoring serves the medium bot (fed from a ``PlayerView``) and the hard
bot's rollouts (fed from a sampled ``HandState``), so it reads only what the
acting player may know: their own cards, hand sizes, the pile and the void hints.
It is written for speed because rollouts call it on every simulated move.
"""
from __future__ import annotations

from functools import lru_cache

from game.rules import CAP_KINDS, CAP_RANK, CAP_WILD, DRAW, LAST_CARD, PASS, STOP, SUIT_OF, tables_for

# Weights, in "how much we want this move" units; a plain legal play starts at PLAY_BASE.
PLAY_BASE = 1.0
GOING_OUT = 1000.0
CALL_LAST_CARD = 500.0
ANSWER_PENALTY = 10.0
HOLD_WILD = 8.0
VALUE_WEIGHT = 0.08          # per point of card value shed
DANGER_VALUE_WEIGHT = 0.0    # the same when an opponent is close to going out (blocking them matters more)
FOLLOW_SUIT = 0.35           # per card left in hand that can follow the suit we leave
FOLLOW_RANK = 0.4
NEXT_VOID = 2.5              # next player drew on this suit before: they probably lack it
ANY_VOID = 0.8
PENALTY_ATTACK = 1.5
PENALTY_ATTACK_CLOSE = 2.0   # extra when the victim is down to a card or two
EXTRA_TURN = 1.5             # skip/reverse with two players, or a play-again card: we move again
SKIP_MANY = 0.6
KEEP_RED_JACK = 3.0
KEEP_PENALTY_CARD = 0.8      # a stackable card is also our defence against a penalty
VOLUNTARY_DRAW = -0.5
BLOCK = 6.0                  # times the chance the next player holds nothing to answer our card


def play_options(legal, wild, pending) -> tuple[bool, bool]:
    """(any card can be played, something other than a wild card can be done): only then is holding a wild free."""
    any_play = has_alternative = False
    for action in legal:
        if action < DRAW:
            any_play = True
            if not wild[action // 5]:
                has_alternative = True
        elif (action == PASS or action == DRAW) and not pending:
            has_alternative = True
    return any_play, has_alternative


@lru_cache(maxsize=64)
def full_deck_counts(rules) -> tuple:
    """(non-wild cards by suit, by rank, wild cards, all cards) in the full pack; a pure memo per rule set."""
    wild = tables_for(rules).wild
    suit_counts = [0] * 5
    rank_counts = [0] * 14
    wilds = 0
    for card in rules.full_deck():
        if wild[card]:
            wilds += 1
        else:
            suit_counts[card & 3] += 1
            rank_counts[card >> 2] += 1
    return tuple(suit_counts), tuple(rank_counts), wilds, rules.deck_size


def unseen_counts(hand, discard, tables, rules, deck_counts=None):
    """(non-wild unseen cards by suit, by rank, unseen wilds, all unseen) for the owner of ``hand``.

    ``deck_counts`` is ``full_deck_counts(rules)``, passed in by hot loops to skip the lookup.
    """
    base_suits, base_ranks, wilds, total = deck_counts or full_deck_counts(rules)
    suit_counts = list(base_suits)
    rank_counts = list(base_ranks)
    wild = tables.wild
    for pile in (hand, discard):
        total -= len(pile)
        for card in pile:
            if wild[card]:
                wilds -= 1
            else:
                suit_counts[card & 3] -= 1
                rank_counts[card >> 2] -= 1
    return suit_counts, rank_counts, wilds, total


def pick_action(legal, hand, sizes, me, direction, top, suit, pending, void_hints,
                tables, rules, stock_count, black_jacks_out=True, danger_cards=2, unseen=None,
                next_caps=None, caps_add=0):
    """The best-scoring legal action for ``me`` holding ``hand``; ties go to the first listed."""
    if len(legal) == 1:
        return legal[0]
    best_action = legal[0]
    best_score = -1e18
    for action, score in _scores(legal, hand, sizes, me, direction, top, suit, pending, void_hints,
                                 tables, rules, stock_count, black_jacks_out, danger_cards, unseen,
                                 next_caps, caps_add):
        if score > best_score:
            best_score = score
            best_action = action
    return best_action


def score_actions(legal, hand, sizes, me, direction, top, suit, pending, void_hints,
                  tables, rules, stock_count, black_jacks_out=True, danger_cards=2, unseen=None,
                  next_caps=None):
    """Every legal action with its heuristic score (a prior for search), in ``legal`` order."""
    return list(_scores(legal, hand, sizes, me, direction, top, suit, pending, void_hints,
                        tables, rules, stock_count, black_jacks_out, danger_cards, unseen, next_caps))


def _scores(legal, hand, sizes, me, direction, top, suit, pending, void_hints,
            tables, rules, stock_count, black_jacks_out, danger_cards, unseen, next_caps=None, caps_add=0):
    """Scores of the legal actions. ``next_caps[k] + caps_add`` (at most the hand size) bounds how many
    cards of cap kind ``k`` the next player holds (``HandState.holding_caps``); None: no bound known."""
    n = len(sizes)
    wild = tables.wild
    value = tables.value
    my_size = len(hand)
    next_player = (me + direction) % n
    next_size = sizes[next_player]
    next_void = void_hints[next_player]
    any_void = 0
    min_opponent = 99
    for player in range(n):
        if player != me:
            any_void |= void_hints[player]
            if sizes[player] < min_opponent:
                min_opponent = sizes[player]
    danger = min_opponent <= danger_cards
    value_weight = DANGER_VALUE_WEIGHT if danger else VALUE_WEIGHT

    suit_counts = [0, 0, 0, 0, 0]
    suit_values = [0, 0, 0, 0, 0]
    rank_counts = {}
    for card in hand:
        if not wild[card]:
            card_suit = SUIT_OF[card]
            suit_counts[card_suit] += 1
            suit_values[card_suit] += value[card]
            rank = card >> 2
            rank_counts[rank] = rank_counts.get(rank, 0) + 1

    any_play, has_alternative = play_options(legal, wild, pending)

    draw_amount = tables.draw_amount
    if unseen is not None:
        unseen_suit, unseen_rank, unseen_wild, unseen_total = unseen
        unseen_total = max(1, unseen_total)
        if next_caps is None:
            next_caps = (next_size,) * CAP_KINDS
            caps_add = 0
        # Chance the next player holds no card of a kind: each of the (at most ``cap``) cards
        # that may be of that kind is one of the unseen cards.
        no_wild = (1.0 - unseen_wild / unseen_total) ** min(next_size, max(0, next_caps[CAP_WILD] + caps_add))
    for action in legal:
        if action < DRAW:
            card, nomination = divmod(action, 5)
            if my_size == 1:
                yield action, GOING_OUT
                continue
            score = PLAY_BASE
            if pending:
                score += ANSWER_PENALTY
            if wild[card]:
                named = nomination - 1
                score += suit_counts[named] * FOLLOW_SUIT + suit_values[named] * 0.01
                if unseen is not None:
                    # Where no wild may go on a wild (Mau-Mau's jacks), the next player's wilds cannot answer ours.
                    block = (no_wild if rules.wild_on_wild else 1.0) * (1.0 - unseen_suit[named] / unseen_total) ** min(
                        next_size, max(0, next_caps[named] + caps_add))
                    score += BLOCK * block
                elif (next_void >> named) & 1:
                    score += NEXT_VOID
                elif (any_void >> named) & 1:
                    score += ANY_VOID
                if danger:
                    score += value[card] * value_weight
                elif has_alternative and my_size > 1:
                    score -= HOLD_WILD
            else:
                card_suit = SUIT_OF[card]
                score += value[card] * value_weight
                score += (suit_counts[card_suit] - 1) * FOLLOW_SUIT
                score += (rank_counts.get(card >> 2, 1) - 1) * FOLLOW_RANK
                if unseen is not None:
                    if not (draw_amount[card] or tables.anything_on[card]):
                        rank = card >> 2
                        block = no_wild * (
                            (1.0 - unseen_suit[card_suit] / unseen_total)
                            ** min(next_size, max(0, next_caps[card_suit] + caps_add))
                            * (1.0 - unseen_rank[rank] / unseen_total)
                            ** min(next_size, max(0, next_caps[CAP_RANK + rank] + caps_add)))
                        score += BLOCK * block
                elif (next_void >> card_suit) & 1:
                    score += NEXT_VOID
                elif (any_void >> card_suit) & 1:
                    score += ANY_VOID
                if draw_amount[card]:
                    if not pending:
                        score += PENALTY_ATTACK if next_size > 2 else PENALTY_ATTACK + PENALTY_ATTACK_CLOSE
                        if not danger and next_size > 3:
                            score -= KEEP_PENALTY_CARD
                elif tables.skip[card] or tables.reverse[card]:
                    if n == 2:
                        score += EXTRA_TURN if my_size > 2 else 0.3
                    elif tables.skip[card]:
                        score += SKIP_MANY if next_size <= 3 else 0.2
                elif tables.play_again[card]:
                    score += EXTRA_TURN if my_size > 2 else 0.3
                if tables.red_jack[card] and not pending and black_jacks_out:
                    score -= KEEP_RED_JACK
            yield action, score
        elif action == DRAW:
            if pending or not any_play:
                yield action, 0.0
            else:
                # A voluntary draw: only worth it to avoid spending a wild with a big hand.
                yield action, VOLUNTARY_DRAW if (my_size >= 3 and stock_count) else -50.0
        elif action == PASS:
            yield action, 0.0
        elif action == LAST_CARD:
            yield action, CALL_LAST_CARD if any_play else -1.0
        elif action == STOP:
            yield action, _stop_score(hand, sizes, me, tables, rules, any_play, my_size)
        else:
            yield action, -100.0


def _stop_score(hand, sizes, me, tables, rules, any_play, my_size):
    """Call "stop" when our hand is very likely the lowest and we cannot simply go out."""
    if any_play and my_size == 1:
        return -100.0
    value = tables.value
    mine = sum(value[c] for c in hand)
    fewest = min(sizes[p] for p in range(len(sizes)) if p != me)
    # An unseen card is worth about 6 points in every preset; a safety factor for small hands.
    if mine <= rules.stop_threshold and mine < fewest * 3:
        return 60.0
    return -100.0


def state_pick(state, deck_counts=None):
    """The heuristic action for the player to act in a full ``HandState`` (own hand + public facts only)."""
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    me = state.current
    hands = state.hands
    unseen = unseen_counts(hands[me], state.discard, state.tables, state.rules, deck_counts)
    following = (me + state.direction) % state.n
    start = following * CAP_KINDS
    return pick_action(legal, hands[me], [len(h) for h in hands], me, state.direction,
                       state.discard[-1], state.suit, state.pending, state.void_hints,
                       state.tables, state.rules, len(state.stock), unseen=unseen,
                       next_caps=state.cap_base[start:start + CAP_KINDS],
                       caps_add=state.drawn_total[following])


def new_pile_memo() -> list:
    """A fresh memo for ``rollout_pick``: one per simulated hand (per ``HandState`` copy)."""
    return [None, 0, None, None, 0, 0]


def rollout_pick(state, legal, deck_counts, memo):
    """``state_pick`` for the hard bot's rollouts: the same choice, computed faster.

    ``legal`` is ``state.legal_actions()`` (more than one action); ``deck_counts`` is
    ``full_deck_counts(state.rules)``; ``memo`` (from ``new_pile_memo``) keeps the counts of the
    full pack minus the discard pile between calls on the same simulated hand: the pile only
    grows by appends until a reshuffle replaces it with a new list, so the new cards are counted
    and nothing else. The scores are those of ``_scores`` with ``unseen`` and the caps given,
    term by term in the same order (so the same floats and the same ties); the test
    ``test_rollout_pick_matches_state_pick`` holds the two together.
    """
    hands = state.hands
    me = state.current
    hand = hands[me]
    my_size = len(hand)
    tables = state.tables
    wild = tables.wild
    if my_size == 1:
        # Going out scores GOING_OUT, above anything else: the first listed play wins.
        for action in legal:
            if action < DRAW:
                return action
    # Cards not in the discard pile, by suit / rank / wild (incremental per simulated hand).
    discard = state.discard
    if memo[0] is not discard:
        base_suits, base_ranks, base_wilds, base_total = deck_counts
        memo[0] = discard
        memo[1] = 0
        memo[2] = list(base_suits)
        memo[3] = list(base_ranks)
        memo[4] = base_wilds
        memo[5] = base_total
    pile_suits = memo[2]
    pile_ranks = memo[3]
    seen = memo[1]
    pile_size = len(discard)
    if pile_size > seen:
        pile_wilds = memo[4]
        for index in range(seen, pile_size):
            card = discard[index]
            if wild[card]:
                pile_wilds -= 1
            else:
                pile_suits[card & 3] -= 1
                pile_ranks[card >> 2] -= 1
        memo[1] = pile_size
        memo[4] = pile_wilds
    value = tables.value
    n = state.n
    direction = state.direction
    pending = state.pending
    next_player = (me + direction) % n
    next_size = len(hands[next_player])
    min_opponent = 99
    for player in range(n):
        if player != me:
            size = len(hands[player])
            if size < min_opponent:
                min_opponent = size
    danger = min_opponent <= 2
    value_weight = DANGER_VALUE_WEIGHT if danger else VALUE_WEIGHT

    suit_counts = [0, 0, 0, 0, 0]
    suit_values = [0, 0, 0, 0, 0]
    rank_counts = [0] * 14
    hand_wilds = 0
    for card in hand:
        if wild[card]:
            hand_wilds += 1
        else:
            card_suit = card & 3
            suit_counts[card_suit] += 1
            suit_values[card_suit] += value[card]
            rank_counts[card >> 2] += 1

    any_play, has_alternative = play_options(legal, wild, pending)

    draw_amount = tables.draw_amount
    anything_on = tables.anything_on
    skip = tables.skip
    reverse = tables.reverse
    red_jack = tables.red_jack
    unseen_total = max(1, memo[5] - pile_size - my_size)
    caps = state.cap_base
    start = next_player * CAP_KINDS
    caps_add = state.drawn_total[next_player]
    no_wild = (1.0 - (memo[4] - hand_wilds) / unseen_total) ** min(
        next_size, max(0, caps[start + CAP_WILD] + caps_add))
    wild_answers_wild = state.rules.wild_on_wild
    play_again = tables.play_again
    black_jacks_out = True
    best_action = legal[0]
    best_score = -1e18
    for action in legal:
        if action < DRAW:
            card = action // 5
            score = PLAY_BASE
            if pending:
                score += ANSWER_PENALTY
            if wild[card]:
                named = action % 5 - 1
                score += suit_counts[named] * FOLLOW_SUIT + suit_values[named] * 0.01
                block = (no_wild if wild_answers_wild else 1.0) * (
                    1.0 - (pile_suits[named] - suit_counts[named]) / unseen_total) ** min(
                    next_size, max(0, caps[start + named] + caps_add))
                score += BLOCK * block
                if danger:
                    score += value[card] * value_weight
                elif has_alternative and my_size > 1:
                    score -= HOLD_WILD
            else:
                card_suit = card & 3
                rank = card >> 2
                score += value[card] * value_weight
                score += (suit_counts[card_suit] - 1) * FOLLOW_SUIT
                score += (rank_counts[rank] - 1) * FOLLOW_RANK
                amount = draw_amount[card]
                if not (amount or anything_on[card]):
                    block = no_wild * (
                        (1.0 - (pile_suits[card_suit] - suit_counts[card_suit]) / unseen_total)
                        ** min(next_size, max(0, caps[start + card_suit] + caps_add))
                        * (1.0 - (pile_ranks[rank] - rank_counts[rank]) / unseen_total)
                        ** min(next_size, max(0, caps[start + CAP_RANK + rank] + caps_add)))
                    score += BLOCK * block
                if amount:
                    if not pending:
                        score += PENALTY_ATTACK if next_size > 2 else PENALTY_ATTACK + PENALTY_ATTACK_CLOSE
                        if not danger and next_size > 3:
                            score -= KEEP_PENALTY_CARD
                elif skip[card] or reverse[card]:
                    if n == 2:
                        score += EXTRA_TURN if my_size > 2 else 0.3
                    elif skip[card]:
                        score += SKIP_MANY if next_size <= 3 else 0.2
                elif play_again[card]:
                    score += EXTRA_TURN if my_size > 2 else 0.3
                if red_jack[card] and not pending and black_jacks_out:
                    score -= KEEP_RED_JACK
        elif action == DRAW:
            if pending or not any_play:
                score = 0.0
            else:
                score = VOLUNTARY_DRAW if (my_size >= 3 and state.stock) else -50.0
        elif action == PASS:
            score = 0.0
        elif action == LAST_CARD:
            score = CALL_LAST_CARD if any_play else -1.0
        elif action == STOP:
            score = _stop_score(hand, [len(h) for h in hands], me, tables, state.rules, any_play, my_size)
        else:
            score = -100.0
        if score > best_score:
            best_score = score
            best_action = action
    return best_action
