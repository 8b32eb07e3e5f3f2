"""The state of one hand: legal moves, applying a move, the events that follow.

The hot state is plain ints and lists so that random play and search copies
stay cheap; ``Move``/``Event`` values are built only at the edges.
"""
from __future__ import annotations

import random
from functools import lru_cache
from typing import NamedTuple

from .cards import FIRST_JOKER, NO_SUIT, RANK_OF, RANKS, SUIT_NAMES, SUITS, SUIT_OF, card_to_str, shuffle
from .errors import IllegalMove
from .kinds import MoveKind
from .moves import DRAW, LAST_CARD, MOVES, PASS, STOP, Move
from .ruleset import RuleSet

# Turn phases.
START, DRAWING = 0, 1
# Pending-penalty kinds other than a draw rank (draw ranks use their rank index).
NO_PENALTY, BLACK_JACK = -1, 99
# Public holding bounds ("caps"): per player, how many cards of a kind they can hold at most.
# Kinds: 0..3 non-wild cards of a suit, 4..16 non-wild cards of a rank (4 + rank), 17 wild cards.
CAP_RANK, CAP_WILD, CAP_KINDS = 4, 17, 18
NO_CAP = 1 << 20
# ``HandState.stock_source`` before any reshuffle (and with more than one pack): nothing known.
NO_SOURCE: frozenset = frozenset()
# Why a hand ended.
OUT, BLOCKED, STOCK_OUT, STOPPED, TURN_CAP = "out", "blocked", "stock_out", "stop", "turn_cap"
#: The hand in which the match's record filled up ended there (docs/RULES.md R-MATCH-LENGTH; the Match ends it).
MATCH_LENGTH = "match_length"


class Event(NamedTuple):
    """Something that happened, for the table to animate and log.

    kinds: dealt, starter, played, nominated, drew, reshuffled, skipped,
    reversed, penalty_stacked, penalty_cancelled, penalty_paid,
    skip_stacked, plays_again, last_card_called, last_card_penalty, passed,
    stop_called, hand_ended.
    """

    kind: str
    player: int = -1
    cards: tuple = ()
    suit: int = NO_SUIT
    count: int = 0


class WildPlay(NamedTuple):
    """A wild card played, as everyone at the table saw it (bots read what it suggests)."""

    player: int
    suit_before: int        # the suit in force it was played on
    top_before: int         # the card it was played on
    drew_first: bool        # whether the player had drawn this turn before playing it
    drawn_total: int        # cards the player had drawn this hand when playing it
    fewest_others: int      # the smallest hand among the other players at that moment


class Tables:
    """Per-card lookups compiled once per rule set."""

    def __init__(self, rules: RuleSet):
        wild = {RANKS.index(r) for r in rules.wild_ranks}
        skip = {RANKS.index(r) for r in rules.skip_ranks}
        reverse = {RANKS.index(r) for r in rules.reverse_ranks}
        anything = {RANKS.index(r) for r in rules.anything_on_ranks}
        again = {RANKS.index(r) for r in rules.play_again_ranks}
        draws = {RANKS.index(r): n for r, n in rules.draw_penalties}
        # Ranks that draw the same number of cards are one power (the threes and fours that both draw
        # three): either answers either. Their kind is the lowest such rank.
        kind_of_count: dict[int, int] = {}
        for rank, count in sorted(draws.items()):
            kind_of_count.setdefault(count, rank)
        cards = range(FIRST_JOKER + 4)
        self.wild = tuple(c >= FIRST_JOKER or RANK_OF[c] in wild for c in cards)
        self.skip = tuple(c < FIRST_JOKER and RANK_OF[c] in skip for c in cards)
        self.reverse = tuple(c < FIRST_JOKER and RANK_OF[c] in reverse for c in cards)
        self.anything_on = tuple(c < FIRST_JOKER and RANK_OF[c] in anything for c in cards)
        self.play_again = tuple(c < FIRST_JOKER and RANK_OF[c] in again for c in cards)
        self.draw_amount = [0] * len(cards)
        self.penalty_kind = [NO_PENALTY] * len(cards)
        for c in range(FIRST_JOKER):
            rank = RANK_OF[c]
            if rank in draws:
                self.draw_amount[c] = draws[rank]
                self.penalty_kind[c] = kind_of_count[draws[rank]]
            elif rules.black_jack_draw and rank == 10 and SUIT_OF[c] in (0, 3):
                self.draw_amount[c] = rules.black_jack_draw
                self.penalty_kind[c] = BLACK_JACK
        self.red_jack = tuple(
            bool(rules.black_jack_draw) and c < FIRST_JOKER and RANK_OF[c] == 10 and SUIT_OF[c] in (1, 2)
            for c in cards)
        self.value = tuple(rules.card_value(c) for c in cards)
        self.is_power = tuple(
            self.skip[c] or self.reverse[c] or self.draw_amount[c] > 0 for c in cards)
        # The cap kinds a card belongs to (see CAP_KINDS).
        self.cap_kinds = tuple(
            (CAP_WILD,) if self.wild[c] else (SUIT_OF[c], CAP_RANK + RANK_OF[c]) for c in cards)


@lru_cache(maxsize=64)
def tables_for(rules: RuleSet) -> Tables:
    """The compiled lookups for a rule set (cached: rule sets are frozen)."""
    return Tables(rules)


def stacked_order(rules: RuleSet, dealer: int, hands, starter: int, stock=()) -> tuple[int, ...]:
    """The deck order that deals ``hands`` (by player) from ``dealer``, turns ``starter`` and then has
    ``stock`` drawn first (the rest of the pack after it, in pack order): a lesson's stacked deal.
    Raises ValueError when the cards do not fit the rules' pack and hand size."""
    n = rules.players
    if len(hands) != n or any(len(hand) != rules.hand_size for hand in hands):
        raise ValueError(f"a stacked deal needs {n} hands of {rules.hand_size} cards")
    order = [hands[(dealer + offset) % n][round_] for round_ in range(rules.hand_size)
             for offset in range(1, n + 1)]
    order.append(starter)
    order += stock
    rest = rules.full_deck()
    for card in order:
        if card not in rest:
            raise ValueError(f"the stacked deal uses {card_to_str(card)} more often than the pack holds it")
        rest.remove(card)
    return tuple(order + rest)


class HandState:
    """One hand in progress. Players are numbered 0..n-1 clockwise."""

    __slots__ = (
        "rules", "tables", "n", "hands", "stock", "discard", "dealer", "current",
        "direction", "suit", "nominated", "pending", "pending_kind", "pending_skips",
        "phase", "drawn_count", "last_drawn", "called_last", "passes", "turns",
        "over", "winner", "end_reason", "void_hints", "cap_base", "drawn_total", "wild_plays",
        "stock_source", "fresh_counts", "last_call_open", "rng", "_legal",
    )

    @classmethod
    def deal(cls, rules: RuleSet, rng: random.Random, dealer: int = 0,
             order: tuple[int, ...] | None = None) -> tuple["HandState", list[Event]]:
        """Shuffle, deal and turn the starter; returns the state and the deal events. ``order`` (the
        lessons' stacked deal, see ``stacked_order``) gives the cards as they come off the deck instead
        of a shuffle."""
        state = cls.__new__(cls)
        state.rules = rules
        state.tables = tables_for(rules)
        state.n = n = rules.players
        deck = rules.full_deck()
        if order is None:
            rng.shuffle(deck)
        else:
            if sorted(order) != sorted(deck):
                raise ValueError("a stacked deal must hold the whole pack, each card once")
            deck = list(reversed(order))
        state.hands = [[] for _ in range(n)]
        for _ in range(rules.hand_size):
            for offset in range(1, n + 1):
                state.hands[(dealer + offset) % n].append(deck.pop())
        state.stock = deck
        state.discard = []
        state.dealer = dealer
        state.current = (dealer + 1) % n
        state.direction = 1
        state.nominated = False
        state.pending, state.pending_kind, state.pending_skips = 0, NO_PENALTY, 0
        state.phase, state.drawn_count, state.last_drawn, state.called_last = START, 0, -1, False
        state.passes = state.turns = 0
        state.over, state.winner, state.end_reason = False, -1, ""
        state.void_hints = [0] * n
        state.cap_base = [NO_CAP] * (CAP_KINDS * n)
        state.drawn_total = [0] * n
        state.wild_plays = ()
        state.stock_source, state.fresh_counts = NO_SOURCE, [0] * n
        state.last_call_open = -1
        state.rng = rng
        state._legal = None
        events = [Event("dealt", p, tuple(hand)) for p, hand in enumerate(state.hands)]
        starter = state.stock.pop()
        buried = []
        # A wild starter goes back into the middle of the stock; a joker has no suit to start on.
        for _ in range(len(state.stock)):
            if not (state.tables.wild[starter] and (rules.bury_wild_starter or starter >= FIRST_JOKER)):
                break
            state.stock.insert(len(state.stock) // 2, starter)
            buried.append(starter)
            starter = state.stock.pop()
        state.discard.append(starter)
        state.suit = SUIT_OF[starter] if starter < FIRST_JOKER else 0
        events.append(Event("starter", -1, (starter,), state.suit, len(buried)))
        return state, events

    @classmethod
    def from_position(cls, rules: RuleSet, hands, stock, discard, current: int = 0, dealer: int = -1,
                      suit: int | None = None, direction: int = 1, rng: random.Random | None = None,
                      ) -> "HandState":
        """A hand set up from given cards (scenarios, puzzles): ``stock[0]`` is drawn first, ``discard[-1]`` is on top."""
        state = cls.__new__(cls)
        state.rules = rules
        state.tables = tables_for(rules)
        state.n = rules.players
        if len(hands) != rules.players:
            raise ValueError(f"{len(hands)} hands given for {rules.players} players")
        state.hands = [list(h) for h in hands]
        state.stock = list(reversed(stock))
        state.discard = list(discard)
        if not state.discard:
            raise ValueError("the discard pile needs at least its top card")
        state.dealer = (current - 1) % state.n if dealer < 0 else dealer
        state.current = current
        state.direction = direction
        top = state.discard[-1]
        state.suit = SUIT_OF[top] if suit is None else suit
        state.nominated = suit is not None
        state.pending, state.pending_kind, state.pending_skips = 0, NO_PENALTY, 0
        state.phase, state.drawn_count, state.last_drawn, state.called_last = START, 0, -1, False
        state.passes = state.turns = 0
        state.over, state.winner, state.end_reason = False, -1, ""
        state.void_hints = [0] * state.n
        state.cap_base = [NO_CAP] * (CAP_KINDS * state.n)
        state.drawn_total = [0] * state.n
        state.wild_plays = ()
        state.stock_source, state.fresh_counts = NO_SOURCE, [0] * state.n
        state.last_call_open = -1
        state.rng = rng or random.Random(0)
        state._legal = None
        return state

    # ----- copying -------------------------------------------------------

    def copy(self, rng: random.Random | None = None) -> "HandState":
        """An independent copy; pass ``rng`` to give it its own random source cheaply."""
        other = HandState.__new__(HandState)
        other.rules = self.rules
        other.tables = self.tables
        other.n = self.n
        other.hands = [h[:] for h in self.hands]
        other.stock = self.stock[:]
        other.discard = self.discard[:]
        other.dealer = self.dealer
        other.current = self.current
        other.direction = self.direction
        other.suit = self.suit
        other.nominated = self.nominated
        other.pending = self.pending
        other.pending_kind = self.pending_kind
        other.pending_skips = self.pending_skips
        other.phase = self.phase
        other.drawn_count = self.drawn_count
        other.last_drawn = self.last_drawn
        other.called_last = self.called_last
        other.passes = self.passes
        other.turns = self.turns
        other.over = self.over
        other.winner = self.winner
        other.end_reason = self.end_reason
        other.void_hints = self.void_hints[:]
        other.cap_base = self.cap_base[:]
        other.drawn_total = self.drawn_total[:]
        other.wild_plays = self.wild_plays     # an immutable tuple: shared until the next wild play
        other.stock_source = self.stock_source  # a frozenset: shared until the next reshuffle
        other.fresh_counts = self.fresh_counts[:]
        other.last_call_open = self.last_call_open
        if rng is None:
            rng = random.Random()
            rng.setstate(self.rng.getstate())
        other.rng = rng
        other._legal = self._legal
        return other

    # ----- queries -------------------------------------------------------

    @property
    def top(self) -> int:
        """The card on top of the discard pile."""
        return self.discard[-1]

    def is_playable(self, card: int) -> bool:
        """Whether ``card`` may be played now by the player to act (ignoring whose hand it is in)."""
        tables = self.tables
        if self.pending:
            return self._answers_penalty(card)
        if self.pending_skips:
            return tables.skip[card]
        top = self.discard[-1]
        if tables.wild[card]:
            return self.rules.wild_on_wild or not tables.wild[top]
        return (SUIT_OF[card] == self.suit or RANK_OF[card] == RANK_OF[top]
                or (tables.anything_on[top] and not self.nominated))

    def _answers_penalty(self, card: int) -> bool:
        if self.pending_kind == BLACK_JACK:
            if self.tables.red_jack[card]:
                return True
            return self.rules.black_jack_stacking and self.tables.penalty_kind[card] == BLACK_JACK
        return self.rules.stacking and self.tables.penalty_kind[card] == self.pending_kind

    def legal_actions(self) -> list[int]:
        """The actions the player to act may take (cached until the next move)."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        return legal

    def _compute_legal(self) -> list[int]:
        if self.over:
            return []
        hand = self.hands[self.current]
        rules = self.rules
        tables = self.tables
        actions: list[int] = []
        wild = tables.wild
        if self.pending:
            for card in hand:
                if self._answers_penalty(card):
                    actions.append(card * 5)
            actions.append(DRAW)
        elif self.pending_skips:
            skip = tables.skip
            for card in hand:
                if skip[card]:
                    actions.append(card * 5)
            actions.append(PASS)
        else:
            if self.phase == DRAWING and (rules.draw_rule == "one_then_may_play" or not rules.voluntary_draw):
                # Without voluntary draws, drawing showed nothing held before fitted, and the
                # suit and top have not changed since: only the card just drawn can be new.
                candidates = (self.last_drawn,)
            else:
                candidates = hand
            top = self.discard[-1]
            suit = self.suit
            top_rank = RANK_OF[top]
            anything = tables.anything_on[top] and not self.nominated
            wild_fits = rules.wild_on_wild or not wild[top]
            for card in candidates:
                if wild[card]:
                    if wild_fits:
                        base = card * 5
                        actions += (base + 1, base + 2, base + 3, base + 4)
                elif anything or SUIT_OF[card] == suit or RANK_OF[card] == top_rank:
                    actions.append(card * 5)
            can_play = bool(actions)
            if self.phase == START:
                if not can_play:
                    actions.append(DRAW if self._can_draw() else PASS)
                elif rules.voluntary_draw and self._has_card_to_draw():
                    # Drawing instead of playing needs a card to draw: with none, whoever can play must.
                    actions.append(DRAW)
                if rules.stop_call and self.hand_value(self.current) <= rules.stop_threshold:
                    actions.append(STOP)
            elif rules.draw_rule == "one_then_may_play":
                actions.append(PASS)
            elif not can_play:
                if self._can_draw() and (rules.draw_rule == "until_playable"
                                         or self.drawn_count < rules.draw_limit):
                    actions.append(DRAW)
                else:
                    actions.append(PASS)
        # The call: before playing down to one card (so only with a card to play), or on a turn
        # that comes round again while one's own call is still open (a skip with two players).
        if rules.last_card_call and not self.called_last and (
                (len(hand) == 2 and actions[0] < DRAW) or self.last_call_open == self.current):
            actions.append(LAST_CARD)
        if rules.decks > 1 and len(actions) > 1:
            actions = list(dict.fromkeys(actions))
        return actions

    def _can_draw(self) -> bool:
        # ``end_hand``: asking for a card from an empty stock is what ends the hand.
        return (bool(self.stock) or self.rules.stock_exhausted == "end_hand"
                or (self.rules.stock_exhausted == "reshuffle" and len(self.discard) > 1))

    def _has_card_to_draw(self) -> bool:
        return bool(self.stock) or (self.rules.stock_exhausted == "reshuffle" and len(self.discard) > 1)

    def legal_moves(self) -> list[Move]:
        """The legal moves as ``Move`` values."""
        return [MOVES[a] for a in self.legal_actions()]

    def can_call_last_card(self, player: int) -> bool:
        """Whether ``player`` may call "last card" now: on their turn before playing down to one
        card, or (in or out of turn) from the play that left them one card until another player acts."""
        if self.over:
            return False
        if player == self.current:
            return LAST_CARD in self.legal_actions()
        return self.last_call_open == player

    def legal_actions_for(self, player: int) -> list[int]:
        """The actions ``player`` may take now: the player to act's legal actions, or for anyone else
        the out-of-turn "last card" call while theirs is open (else nothing)."""
        if player == self.current:
            return self.legal_actions()
        return [LAST_CARD] if self.last_call_open == player and not self.over else []

    def holding_caps(self, player: int) -> list[int]:
        """Public upper bounds on how many cards of each kind (see ``CAP_KINDS``) ``player`` holds.

        Derived from public events only: a player who draws (or passes) because they
        cannot play holds no card of the suit in force, of the top's rank, nor a wild;
        cards drawn later and plays loosen or tighten the bounds.
        """
        size = len(self.hands[player])
        drawn = self.drawn_total[player]
        start = player * CAP_KINDS
        return [min(size, max(0, b + drawn)) for b in self.cap_base[start:start + CAP_KINDS]]

    def _none_playable(self, player: int, suit: int = -1, top: int = -1, nominated: bool = False) -> None:
        """Everyone saw ``player`` could not play: they hold no card of the suit, the top's rank, nor a wild.

        ``suit``/``top``/``nominated`` default to the current ones.
        """
        if top < 0:
            top, suit, nominated = self.discard[-1], self.suit, self.nominated
        if self.tables.anything_on[top] and not nominated:
            return
        base = self.cap_base
        start = player * CAP_KINDS
        drawn = -self.drawn_total[player]
        base[start + suit] = drawn
        if self.rules.wild_on_wild or not self.tables.wild[top]:
            base[start + CAP_WILD] = drawn
        if top < FIRST_JOKER:
            base[start + CAP_RANK + RANK_OF[top]] = drawn

    def hand_value(self, player: int) -> int:
        """Points in a player's hand."""
        value = self.tables.value
        return sum(value[c] for c in self.hands[player])

    def next_player(self, steps: int = 1) -> int:
        """The player ``steps`` seats on in the direction of play."""
        return (self.current + self.direction * steps) % self.n

    # ----- applying moves -----------------------------------------------

    def apply(self, move: Move | int, player: int | None = None) -> list[Event]:
        """Apply a legal move for the player to act (or, given ``player`` who is not to act, their
        out-of-turn "last card" call); returns the events. Raises IllegalMove."""
        action = move if isinstance(move, int) else move.action
        if player is not None and player != self.current:
            return self._call_out_of_turn(player, action)
        if action not in self.legal_actions():
            raise self.why_illegal(MOVES[action] if isinstance(move, int) else move)
        return self.apply_legal(action)

    def refusal(self, move: Move, player: int | None = None) -> IllegalMove | None:
        """Why ``apply(move, player)`` would refuse ``move`` now, or None when it would take it; changes
        nothing (a screen checks a person's move with it before the move is applied)."""
        if player is None or player == self.current:
            return None if move.action in self.legal_actions() else self.why_illegal(move)
        if move.action in self.legal_actions_for(player):
            return None
        if self.over:
            return IllegalMove("hand_over", "the hand is over")
        return IllegalMove("not_your_turn", "it is not your turn")

    def apply_legal(self, action: int) -> list[Event]:
        """Apply ``action``, which the caller knows is one of ``legal_actions()``, for the player to act;
        returns the events. For the search's rollouts, which pick from the legal actions millions of
        times: ``apply`` without its checks (an illegal action here would corrupt the hand)."""
        events: list[Event] = []
        self._legal = None
        player = self.current
        late = self.last_call_open
        if action < DRAW:
            self._play(player, action, events)
        elif action == DRAW:
            self._draw(player, events)
        elif action == PASS:
            self._pass(player, events)
        elif action == LAST_CARD:
            self.called_last = True
            if late == player:
                self.last_call_open = late = -1
            events.append(Event("last_card_called", player))
        else:
            self._stop(player, events)
        if late >= 0:
            self._close_last_call(late, player, events)
        return events

    def _close_last_call(self, late: int, player: int, events: list) -> None:
        """``late`` played down to one card without the call: another player's move costs them the penalty."""
        if late != player:
            if self.last_call_open == late:
                self.last_call_open = -1
            if not self.over:
                drawn = self._take(late, self.rules.last_card_penalty, events)
                events.append(Event("last_card_penalty", late, (), NO_SUIT, drawn))
        elif len(self.hands[late]) != 1:
            self.last_call_open = -1    # they drew again on their own extra turn: no longer on one card

    def _call_out_of_turn(self, player: int, action: int) -> list[Event]:
        refusal = self.refusal(MOVES[action], player)
        if refusal is not None:
            raise refusal
        self.last_call_open = -1
        self._legal = None
        return [Event("last_card_called", player)]

    def _play(self, player: int, action: int, events: list) -> None:
        card, nomination = divmod(action, 5)
        hand = self.hands[player]
        # Playing after drawing for want of a card: the rest of the hand is what could not be played.
        rules = self.rules
        before = (self.suit, self.discard[-1], self.nominated) if (
            self.phase == DRAWING and not self.pending and (not rules.voluntary_draw or (
                self.drawn_count > 1 and rules.draw_rule != "one_then_may_play"))) else None
        tables = self.tables
        if tables.wild[card]:
            self.wild_plays += (WildPlay(player, self.suit, self.discard[-1], self.phase == DRAWING,
                                         self.drawn_total[player],
                                         min(len(h) for p, h in enumerate(self.hands) if p != player)),)
        hand.remove(card)
        self.discard.append(card)
        if card in self.stock_source:
            self.fresh_counts[player] -= 1
        self.passes = 0
        events.append(Event("played", player, (card,), SUIT_OF[card]))
        if nomination:
            self.suit = nomination - 1
            self.nominated = True
            events.append(Event("nominated", player, (card,), self.suit))
        else:
            self.suit = SUIT_OF[card]
            self.nominated = False
        if not hand:
            self._end(player, OUT, events)
            return
        # Suits a player drew on are only hints; playing one shows they hold it.
        self.void_hints[player] &= ~(1 << self.suit)
        start = player * CAP_KINDS
        base = self.cap_base
        for kind in tables.cap_kinds[card]:
            base[start + kind] -= 1
        if before is not None:
            self._none_playable(player, *before)
        if len(hand) == 1 and self.rules.last_card_call and not self.called_last:
            # Down to one card with no call: it may still be made until another player acts.
            self.last_call_open = player
        steps = 1
        if self.pending:
            if tables.red_jack[card] and self.pending_kind == BLACK_JACK:
                events.append(Event("penalty_cancelled", player, (card,), NO_SUIT, self.pending))
                self.pending, self.pending_kind = 0, NO_PENALTY
            else:
                self.pending += tables.draw_amount[card]
                events.append(Event("penalty_stacked", player, (card,), NO_SUIT, self.pending))
        elif self.pending_skips:
            self.pending_skips += 1
            events.append(Event("skip_stacked", player, (card,), NO_SUIT, self.pending_skips))
        elif tables.draw_amount[card]:
            self.pending = tables.draw_amount[card]
            self.pending_kind = tables.penalty_kind[card]
            events.append(Event("penalty_stacked", player, (card,), NO_SUIT, self.pending))
        elif tables.skip[card]:
            if self.rules.skip_stacking:
                self.pending_skips = 1
                events.append(Event("skip_stacked", player, (card,), NO_SUIT, 1))
            else:
                steps = 2
                events.append(Event("skipped", self.next_player(1)))
        elif tables.reverse[card]:
            if self.n != 2:
                self.direction = -self.direction
                events.append(Event("reversed", player, (card,), NO_SUIT, self.direction))
            elif self.rules.reverse_with_two == "skip":
                self.direction = -self.direction
                events.append(Event("reversed", player, (card,), NO_SUIT, self.direction))
                steps = 2
                events.append(Event("skipped", self.next_player(1)))
            # "none": with two players the direction of play means nothing; the turn passes as usual.
        elif tables.play_again[card]:
            steps = 0
            events.append(Event("plays_again", player, (card,)))
        self._advance(steps, events)

    def _draw(self, player: int, events: list) -> None:
        if self.pending:
            count = self.pending
            self.pending, self.pending_kind = 0, NO_PENALTY
            drawn = self._take(player, count, events)
            events.append(Event("penalty_paid", player, (), NO_SUIT, drawn))
            if not self.over:
                self._advance(1, events)
            return
        if self.phase == START and not self.rules.voluntary_draw:
            self.void_hints[player] |= 1 << self.suit
            self._none_playable(player)
        elif self.phase == DRAWING:
            self._none_playable(player)     # drawing again: nothing, the last card drawn included, fit
        drawn = self._take(player, 1, events)
        if self.over:
            return
        self.passes = 0
        self.phase = DRAWING
        self.drawn_count += drawn
        if drawn:
            self.last_drawn = self.hands[player][-1]
        rule = self.rules.draw_rule
        if rule == "one_then_may_play":
            if not self.is_playable(self.last_drawn):
                if drawn:
                    # The card drawn does not fit: it is none of the kinds that would.
                    self._none_playable_drawn(player)
                events.append(Event("passed", player))
                self._advance(1, events)
        elif rule == "one_then_pass":
            # The card drawn is kept whether or not it fits: the turn passes.
            events.append(Event("passed", player))
            self._advance(1, events)
        elif rule == "up_to_n" and self.drawn_count >= self.rules.draw_limit:
            if not any(self.is_playable(c) for c in self.hands[player]):
                self._none_playable(player)
                events.append(Event("passed", player))
                self._advance(1, events)

    def _none_playable_drawn(self, player: int) -> None:
        """The one card ``player`` just drew cannot be played: undo its loosening of the fitting kinds."""
        top = self.discard[-1]
        if self.tables.anything_on[top] and not self.nominated:
            return
        base = self.cap_base
        start = player * CAP_KINDS
        base[start + self.suit] -= 1
        if self.rules.wild_on_wild or not self.tables.wild[top]:
            base[start + CAP_WILD] -= 1
        if top < FIRST_JOKER:
            base[start + CAP_RANK + RANK_OF[top]] -= 1

    def _pass(self, player: int, events: list) -> None:
        if not (self.pending or self.pending_skips) and (
                self.phase == DRAWING and self.rules.draw_rule != "one_then_may_play"
                or self.phase == START):
            self._none_playable(player)
        events.append(Event("passed", player))
        if self.pending_skips:
            skipped = self.pending_skips
            self.pending_skips = 0
            for step in range(skipped):
                events.append(Event("skipped", self.next_player(step)))
            self._advance(skipped, events)
            return
        if self.phase == START or self.drawn_count == 0:
            self.passes += 1
            if self.passes >= self.n:
                self._end(self._lowest_hand(), BLOCKED, events)
                return
        self._advance(1, events)

    def _stop(self, player: int, events: list) -> None:
        events.append(Event("stop_called", player))
        caller_value = self.hand_value(player)
        lowest = self._lowest_hand()
        winner = player if caller_value <= self.hand_value(lowest) else lowest
        self._end(winner, STOPPED, events)

    def _take(self, player: int, count: int, events: list) -> int:
        """Draw up to ``count`` cards, reshuffling as the rules allow; returns how many came."""
        hand = self.hands[player]
        stock = self.stock
        taken = []
        fresh_before = 0        # cards of this draw that came before a reshuffle inside it
        for _ in range(count):
            if not stock:
                rule = self.rules.stock_exhausted
                if rule == "reshuffle" and len(self.discard) > 1:
                    self._reshuffle(events)
                    stock = self.stock
                    fresh_before = len(taken)
                elif rule == "end_hand":
                    if taken:
                        events.append(Event("drew", player, tuple(taken), NO_SUIT, len(taken)))
                    self._end(self._lowest_hand(), STOCK_OUT, events)
                    return len(taken)
                else:
                    break
            card = stock.pop()
            hand.append(card)
            taken.append(card)
        self.drawn_total[player] += len(taken)
        if self.stock_source:
            self.fresh_counts[player] += len(taken) - fresh_before
        if taken:
            events.append(Event("drew", player, tuple(taken), NO_SUIT, len(taken)))
        return len(taken)

    def _reshuffle(self, events: list) -> None:
        top = self.discard.pop()
        self.stock = self.discard
        shuffle(self.stock, self.rng)
        self.discard = [top]
        # Everyone saw which cards went back: from now on the stock holds only these (with one pack,
        # a card names its copy, so we can also count how many of them each hand holds).
        self.stock_source = frozenset(self.stock) if self.rules.decks == 1 else NO_SOURCE
        self.fresh_counts = [0] * self.n
        events.append(Event("reshuffled", -1, (), NO_SUIT, len(self.stock)))

    def _advance(self, steps: int, events: list) -> None:
        self.current = (self.current + self.direction * steps) % self.n
        self.phase, self.drawn_count, self.last_drawn, self.called_last = START, 0, -1, False
        self.turns += 1
        if self.turns >= self.rules.turn_cap:
            self._end(self._lowest_hand(), TURN_CAP, events)

    def end_early(self, reason: str) -> list[Event]:
        """End the hand now as one nobody went out of (R-ENDED-EARLY: the lowest hand wins), for a
        ``reason`` from outside the hand (the match's length, R-MATCH-LENGTH); returns the events."""
        events: list[Event] = []
        if not self.over:
            self._end(self._lowest_hand(), reason, events)
        return events

    def _lowest_hand(self) -> int:
        """Lowest hand value; ties go to the earliest from the dealer's left."""
        best, best_value = -1, None
        for offset in range(1, self.n + 1):
            player = (self.dealer + offset) % self.n
            value = self.hand_value(player)
            if best_value is None or value < best_value:
                best, best_value = player, value
        return best

    def _end(self, winner: int, reason: str, events: list) -> None:
        self.over = True
        self.winner = winner
        self.end_reason = reason
        self._legal = []
        events.append(Event("hand_ended", winner, (), NO_SUIT, 0))

    # ----- explaining refusals -------------------------------------------

    def why_illegal(self, move: Move) -> IllegalMove:
        """The specific reason ``move`` is not legal now (assumes it is not)."""
        if self.over:
            return IllegalMove("hand_over", "the hand is over")
        hand = self.hands[self.current]
        suit_name = SUIT_NAMES[self.suit] if self.suit < NO_SUIT else ""
        top = self.discard[-1]
        if move.kind == MoveKind.PLAY:
            card = move.card
            if card not in hand:
                return IllegalMove("not_in_hand", f"{card_to_str(card)} is not in your hand",
                                   card=card_to_str(card))
            if self.pending:
                return IllegalMove("must_answer_penalty",
                                   f"you must pick up {self.pending} or answer with a matching card",
                                   count=self.pending)
            if self.pending_skips:
                return IllegalMove("must_answer_skip", "you are skipped unless you play a skip card")
            if self.phase == DRAWING and self.rules.draw_rule == "one_then_may_play" and card != self.last_drawn:
                return IllegalMove("only_drawn_card", "after drawing you may only play the card you drew",
                                   card=card_to_str(self.last_drawn))
            if self.tables.wild[card] and move.suit is None:
                return IllegalMove("needs_suit", "a wild card needs a suit to be named")
            if not self.tables.wild[card] and move.suit is not None:
                return IllegalMove("not_wild", f"{card_to_str(card)} is not wild and cannot name a suit",
                                   card=card_to_str(card))
            if self.tables.wild[card] and self.tables.wild[top]:
                # Only a rule against wild on wild refuses a wild card (Mau-Mau: no jack on a jack).
                return IllegalMove("wild_on_wild", f"{card_to_str(card)} cannot go on the wild {card_to_str(top)}",
                                   card=card_to_str(card), top=card_to_str(top))
            rank = RANKS[RANK_OF[top]] if top < FIRST_JOKER else "X"
            return IllegalMove("not_matching", f"{card_to_str(card)} doesn't match {suit_name} or {rank}",
                               suit=SUITS[self.suit], rank=rank, card=card_to_str(card))
        if move.kind == MoveKind.DRAW:
            if not self._can_draw():
                return IllegalMove("stock_empty", "the stock is empty")
            if any(a < DRAW for a in self.legal_actions()):
                return IllegalMove("must_play", "you have a card you can play")
            return IllegalMove("draw_limit", "you cannot draw again; pass")
        if move.kind == MoveKind.PASS:
            return IllegalMove("cannot_pass", "you cannot pass now")
        if move.kind == MoveKind.LAST_CARD:
            return IllegalMove("last_card_not_allowed",
                               "you can call last card only as you play down to one card",
                               word=self.rules.last_card_word)
        return IllegalMove("stop_not_allowed",
                           f"you can call stop only at the start of your turn with at most "
                           f"{self.rules.stop_threshold} points", threshold=self.rules.stop_threshold)

    # ----- results ---------------------------------------------------------

    def hand_values(self) -> list[int]:
        """Every player's hand value."""
        return [self.hand_value(p) for p in range(self.n)]

    def scores(self) -> list[int]:
        """Points each player adds to their total for this (finished) hand."""
        values = self.hand_values()
        went_out = self.end_reason == OUT
        if self.rules.scoring == "penalty":
            if went_out:
                return [0 if p == self.winner else values[p] for p in range(self.n)]
            return values
        collected = sum(v for p, v in enumerate(values) if p != self.winner)
        return [collected if p == self.winner else 0 for p in range(self.n)]

    def card_total(self) -> int:
        """Cards in stock, discard and all hands (constant for a hand)."""
        return len(self.stock) + len(self.discard) + sum(len(h) for h in self.hands)
