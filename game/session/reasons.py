"""Why the analysis prefers one move to another, as reason codes a player can check from their own view.

The analysis (``game.ai.analysis.analyse``) ranks the moves; it cannot say in words why. A reason
here names what tells the preferred move apart from the move it is weighed against (the runner-up
for a hint, the move the person made or wants to make in a review or the tutor), chosen among the
differences that point the same way as the analysis's numbers: a gain in the chance to win is
explained by what the move does to the game (who must follow which suit, who is skipped or must
pick up, which cards stay playable), a gain only in points by the points shed. Every fact is
read from the ``PlayerView`` alone: the player's cards, the discard pile, the counts of unseen
cards of each suit, and what the others showed in public (a player who drew instead of following
a suit had none of it then: ``view.void_hints``; how many cards of it they can hold now:
``view.hold_caps``). Each code's parameters make one claim a test can check against the view
(see ``tests/session/test_reasons.py``).

Codes and what they claim (``card``, ``wild``, ``kept``: cards in the hand; ``suit`` 0..3 C D H S;
``player``: a player of the hand, numbered as in the view):

- ``call_last_card``, ``pass``, ``draw_instead``: the move is legal (``draw_instead``: a card could be played).
- ``call_stop`` {points}: the hand is worth ``points``.
- ``take_penalty`` {count}: ``count`` cards are pending; ``nothing_fits``: no card can be played.
- ``go_out`` {card}: the card is the last in the hand; ``could_go_out`` (review) the same.
- ``pass_penalty_on`` {card, count}: a penalty is pending and the card adds ``count`` to it.
- ``opponent_void`` {card, suit, player, since}: the move leaves ``suit`` in force; ``player`` drew
  rather than follow ``suit`` this hand and has drawn at most ``since`` cards since (their public
  cap for the suit).
- ``suit_scarce`` {card, suit, unseen}: the move leaves ``suit`` in force, of which only ``unseen``
  plain cards are unseen by the player (in the others' hands or the stock).
- ``wild_names_suit`` / ``change_suit`` / ``keep_suit`` / ``keep_long_suit`` {card, suit, count}: the
  move leaves ``suit`` in force (named, changed to, kept) and the player keeps ``count`` plain cards of
  it (``keep_long_suit``: more than of any other suit).
- ``penalty_next`` {card, player, count}: the card makes ``player``, next to play, pick up ``count``
  cards unless they answer it.
- ``skip_next`` {card, player, cards}: the card skips ``player``, who holds ``cards`` cards.
- ``keep_wild`` {card, wild}: the card is plain and ``wild`` is a wild card kept in the hand.
- ``save_wild`` {wild}: the move draws, and ``wild`` is a wild card in the hand it keeps.
- ``shed_points`` {card, points}: the card counts ``points``, at least SHED_BY more than the other move sheds.
- ``keep_matching`` {card, kept, count}: after the move, ``count`` other cards share ``kept``'s suit or rank.
- ``fewest_stranded`` {card, count}: after the move, ``count`` plain cards have no partner, fewer
  than after any other play.
- ``best_chance`` {card?}: no single fact stands out; the analysis's numbers are the reason.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field

from game.rules import DRAW, FIRST_JOKER, RANK_OF, SUIT_OF, Move, MoveKind, PlayerView, determinize, tables_for
from game.rules.state import CAP_KINDS

#: A move that wins this much more often (as a fraction) is preferred for the game it makes; below it, the
#: points it sheds are the first reason to look for.
WIN_MATTERS = 0.01
#: An opponent is told as "out of" a suit while they can hold at most this many of it (cards drawn since).
LIKELY_OUT = 2
#: A suit is "scarce" when this many fewer plain cards of it are unseen than of the other move's suit.
SCARCE_BY = 2
#: Shedding points is a reason when the card counts at least this many more than the other move sheds.
SHED_BY = 3


@dataclass(frozen=True)
class Reason:
    """A reason code and its details (see the module's list)."""

    code: str
    params: dict = field(default_factory=dict)


@dataclass(frozen=True)
class After:
    """What a play does, as everyone at the table would see it (no hidden card decides it)."""

    suit: int            # the suit in force after it (0..3)
    next_player: int     # who plays next (-1: the hand ended)
    skipped: tuple       # the players passed over
    pending: int         # cards the next player must pick up unless they answer


def why(view: PlayerView, best: Move, other: Move | None = None, win_gain: float | None = None) -> Reason:
    """Why ``best`` is better than ``other`` from ``view`` (``other`` None: better than the rest).

    ``win_gain`` is how much more often ``best`` wins the hand than ``other`` by the analysis (None:
    unknown); it decides whether the game a move makes or the points it sheds come first.
    """
    tables = tables_for(view.rules)
    hand = view.hand
    if best.kind == MoveKind.LAST_CARD:
        return Reason("call_last_card", {"word": view.rules.last_card_word})
    if best.kind == MoveKind.STOP:
        return Reason("call_stop", {"points": sum(tables.value[c] for c in hand)})
    if best.kind == MoveKind.PASS:
        return Reason("pass")
    if best.kind == MoveKind.DRAW:
        return _why_draw(view, other, tables)
    card = best.card
    if len(hand) == 1:
        return Reason("go_out", {"card": card})
    if view.pending and tables.draw_amount[card]:
        return Reason("pass_penalty_on", {"card": card, "count": tables.draw_amount[card]})
    after = after_play(view, best)
    other_after = after_play(view, other) if other is not None and other.kind == MoveKind.PLAY else None
    facts = _play_facts(view, best, other, after, other_after, tables)
    points_first = win_gain is not None and win_gain < WIN_MATTERS
    order = (("shed_points",) if points_first else ()) + FACT_ORDER
    for code in order:
        if code == "suit_count" and code in facts:
            return Reason(*facts[code])    # one of the three suit codes, chosen with its details
        if code in facts:
            return Reason(code, facts[code])
    return Reason("best_chance", {"card": card})


#: The facts about a play, in the order a reason is chosen among them when the move wins more often.
FACT_ORDER = ("keep_wild", "penalty_next", "skip_next", "opponent_void", "suit_count", "suit_scarce",
              "keep_matching", "fewest_stranded", "shed_points")


def _why_draw(view: PlayerView, other: Move | None, tables) -> Reason:
    if view.pending:
        return Reason("take_penalty", {"count": view.pending})
    if not any(action < DRAW for action in view.legal_actions):
        return Reason("nothing_fits")
    if other is not None and other.kind == MoveKind.PLAY and tables.wild[other.card]:
        return Reason("save_wild", {"wild": other.card})
    plays = [action // 5 for action in view.legal_actions if action < DRAW]
    if plays and all(tables.wild[card] for card in plays):
        return Reason("save_wild", {"wild": plays[0]})
    return Reason("draw_instead")


def _play_facts(view: PlayerView, best: Move, other: Move | None, after: After, other_after: After | None,
                tables) -> dict:
    """Every fact that tells ``best`` apart from ``other`` in ``best``'s favour, by code (``suit_count``
    stands for the three suit codes)."""
    card, hand, wild = best.card, view.hand, tables.wild
    facts: dict = {}
    other_card = other.card if other is not None and other.kind == MoveKind.PLAY else None
    if other_card is not None and wild[other_card] and not wild[card] and other_card in hand:
        facts["keep_wild"] = {"card": card, "wild": other_card}
    elif other_card is None and not wild[card]:
        kept = next((c for c in hand if wild[c]), None)
        if kept is not None:
            facts["keep_wild"] = {"card": card, "wild": kept}
    other_pending = other_after.pending if other_after is not None else 0
    if after.pending and after.next_player >= 0 and after.pending > other_pending and not view.pending:
        facts["penalty_next"] = {"card": card, "player": after.next_player, "count": tables.draw_amount[card]}
    other_skipped = other_after.skipped if other_after is not None else ()
    if (tables.skip[card] or tables.reverse[card]) and after.skipped and len(after.skipped) > len(other_skipped):
        skipped = after.skipped[0]
        facts["skip_next"] = {"card": card, "player": skipped, "cards": view.hand_counts[skipped]}
    other_suit = other_after.suit if other_after is not None else (view.suit if other is not None else None)
    suit = after.suit
    if suit != other_suit:
        rest = _without(hand, card)
        other_rest = _without(hand, other_card) if other_card is not None else list(hand)
        held = _plain_count(rest, suit, wild)
        if other_suit is None or held > _plain_count(other_rest, other_suit, wild):
            if held:
                if wild[card]:
                    code = "wild_names_suit"
                elif suit != view.suit:
                    code = "change_suit"
                elif all(held > _plain_count(rest, other, wild) for other in range(4) if other != suit):
                    code = "keep_long_suit"
                else:
                    code = "keep_suit"
                facts["suit_count"] = (code, {"card": card, "suit": suit, "count": held})
        void = _void_opponent(view, suit, other_suit, after.next_player)
        if void is not None:
            facts["opponent_void"] = {"card": card, "suit": suit, "player": void[0], "since": void[1]}
        unseen = unseen_plain(view, suit)
        if other_suit is not None and unseen + SCARCE_BY <= unseen_plain(view, other_suit):
            facts["suit_scarce"] = {"card": card, "suit": suit, "unseen": unseen}
    if other_card is not None and other_card != card and not wild[other_card] and other_card < FIRST_JOKER:
        others = _without(hand, card, other_card)
        kept_matches = _matches(other_card, others, wild)
        if kept_matches >= 2 and kept_matches > _matches(card, others, wild):
            facts["keep_matching"] = {"card": card, "kept": other_card, "count": kept_matches}
    plays = {action // 5 for action in view.legal_actions if action < DRAW}
    if len(plays) > 1:
        stranded = {play: stranded_count(_without(hand, play), wild) for play in plays}
        if all(stranded[card] < count for play, count in stranded.items() if play != card):
            facts["fewest_stranded"] = {"card": card, "count": stranded[card]}
    other_points = tables.value[other_card] if other_card is not None else 0
    if tables.value[card] >= other_points + SHED_BY and (other is not None or tables.value[card] >= 10):
        facts["shed_points"] = {"card": card, "points": tables.value[card]}
    return facts


def after_play(view: PlayerView, move: Move) -> After:
    """What playing ``move`` does (the suit in force, who is next, who is skipped, what is pending).

    Worked out by applying the move to one world sampled from the view: a play's effect on the
    table depends only on public facts, never on the hidden cards the sample made up.
    """
    state = determinize(view, random.Random(0))
    state.apply(move.action)
    if state.over:
        return After(state.suit, -1, (), 0)
    players = len(view.hand_counts)
    step, skipped, seat = 0, [], view.seat
    direction = state.direction
    # Who would have played next without skips: one seat on in the new direction.
    probe = (seat + direction) % players
    while probe != state.current and step < players:
        if probe != seat:
            skipped.append(probe)
        probe = (probe + direction) % players
        step += 1
    return After(state.suit, state.current, tuple(skipped), state.pending)


def unseen_plain(view: PlayerView, suit: int) -> int:
    """How many plain (not wild) cards of ``suit`` the player has not seen: in others' hands or the stock."""
    wild = tables_for(view.rules).wild
    return sum(1 for card in view.unseen_cards() if card < FIRST_JOKER and not wild[card] and SUIT_OF[card] == suit)


def _void_opponent(view: PlayerView, suit: int, other_suit: int | None, next_player: int) -> tuple[int, int] | None:
    """``(player, cap)`` of an opponent who drew rather than follow ``suit`` and can hold at most ``cap``
    (at most LIKELY_OUT) of it now, the next to play first, then in turn order; None if there is none
    (or the other move's suit is as bad for them)."""
    players = len(view.hand_counts)
    order = [(view.seat + view.direction * k) % players for k in range(1, players)]
    if next_player in order:
        order.remove(next_player)
        order.insert(0, next_player)
    for player in order:
        cap = view.hold_caps[player * CAP_KINDS + suit]
        if not view.void_hints[player] >> suit & 1 or cap > LIKELY_OUT or view.hand_counts[player] == 0:
            continue
        if other_suit is not None and view.void_hints[player] >> other_suit & 1 \
                and view.hold_caps[player * CAP_KINDS + other_suit] <= cap:
            continue
        return player, cap
    return None


def _without(cards, *removed: int) -> list[int]:
    """``cards`` less one copy of each of ``removed`` (with two packs a hand may hold a card twice)."""
    rest = list(cards)
    for card in removed:
        rest.remove(card)
    return rest


def _plain_count(cards, suit: int, wild) -> int:
    return sum(1 for card in cards if card < FIRST_JOKER and not wild[card] and SUIT_OF[card] == suit)


def _follows(card: int, other: int) -> bool:
    """Whether ``other`` may be played on ``card`` by suit or rank (wild cards aside)."""
    if card >= FIRST_JOKER or other >= FIRST_JOKER:
        return False
    return SUIT_OF[card] == SUIT_OF[other] or RANK_OF[card] == RANK_OF[other]


def _matches(card: int, others, wild) -> int:
    """How many of ``others`` (wild cards aside) share the suit or rank of ``card``."""
    return sum(1 for other in others if not wild[other] and _follows(card, other))


def stranded_count(cards, wild) -> int:
    """How many plain cards of ``cards`` no other plain card of ``cards`` may follow (only a wild card could)."""
    return sum(1 for i, card in enumerate(cards) if not wild[card] and card < FIRST_JOKER
               and not any(_follows(card, other) for j, other in enumerate(cards) if j != i and not wild[other]))
