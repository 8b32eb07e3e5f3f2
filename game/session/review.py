"""The hand review: each of the person's decisions in a hand, scored by the one analysis.

The hand is replayed from the match record; before each of the person's decisions with a
choice (a single legal move is no decision) their ``PlayerView`` is captured, and
``game.ai.analysis.analyse`` scores every candidate move on shared worlds seeded by the
position, exactly as the hint does: the review's best move for a view is the hint for that
view. Only the view is read: never a hidden card. A review is the same every time and its
decisions can be worked out in any order (``ReviewJob`` shares them between two worker processes).
"""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from game.ai.analysis import ANALYSIS_ROLLOUTS, MoveScore, analyse
from game.rules import Match, Move, MoveKind, PlayerView, parse_record_move

from .coach import (COSTLY, ROUNDING, SAME_AS_BEST, SURE_Z, SURELY_AT_LEAST, costly_and_sure,  # noqa: F401
                    explain, surely_costly)  # the review's test, which the tutor and the match analysis share

SHOWN = 3


@dataclass(frozen=True)
class Decision:
    """One of the person's decisions: the view they had, the move they made, where it stood in the hand."""

    step: int                 # the move's index in the hand's list of moves
    view: PlayerView
    seats: tuple[int, ...]    # the match seat of each player of the hand (the view numbers players by hand)
    made: Move
    turn: int = 0             # which of the person's moves in the hand it was, forced ones counted, from 1


@dataclass(frozen=True)
class DecisionReview:
    """A reviewed decision: the move made, the best move, what each was worth and why the best one is better.

    ``made_value`` / ``best_value`` are the hard bot's utility (winning the hand first, points
    second), ``made_win`` / ``best_win`` the chance to win the hand after each move,
    ``made_points`` / ``best_points`` the points expected from the hand (penalty points taken,
    or points collected, as the rules score). ``reason`` and ``params`` say why the best move is
    better, as codes the screen puts in words (the coach's hint codes and ``could_go_out``).
    """

    decision: Decision
    best: Move
    made_value: float
    best_value: float
    made_win: float
    best_win: float
    made_points: float
    best_points: float
    error: float
    worlds: int
    reason: str
    params: dict = field(default_factory=dict)
    ranked: tuple[MoveScore, ...] = ()   # every candidate move as the analysis scored it, best first

    @property
    def view(self) -> PlayerView:
        """What the person saw before the decision."""
        return self.decision.view

    @property
    def made(self) -> Move:
        """The move the person made."""
        return self.decision.made

    @property
    def cost(self) -> float:
        """How much utility the move made gave away against the best one (0 when it was the best)."""
        return max(0.0, self.best_value - self.made_value)

    @property
    def matched(self) -> bool:
        """Whether the move made was the best one (or as good as it, within the noise)."""
        return self.cost <= SAME_AS_BEST

    @property
    def costly(self) -> bool:
        """Whether the move made cost enough, surely enough, to be worth showing."""
        return surely_costly(self.cost, self.error)

    @property
    def named_suit(self) -> int | None:
        """The suit named by a wild card on the pile, if any (0..3, C D H S)."""
        return self.view.suit if self.view.nominated else None

    def opponent_counts(self) -> list[tuple[int, int]]:
        """``(match seat, cards held)`` for every other player of the hand, in turn order from the person."""
        view, seats = self.view, self.decision.seats
        players = len(view.hand_counts)
        order = [(view.seat + view.direction * k) % players for k in range(1, players)]
        return [(seats[player], view.hand_counts[player]) for player in order]


@dataclass(frozen=True)
class HandReview:
    """Every reviewed decision of one hand, in the order they were made."""

    decisions: tuple[DecisionReview, ...]
    forced: int = 0           # moves the person had no choice about (not reviewed)

    @property
    def matched(self) -> int:
        """How many decisions were the best move (or as good)."""
        return sum(1 for decision in self.decisions if decision.matched)

    @property
    def moves(self) -> int:
        """How many moves the person made in the hand, forced ones included."""
        return len(self.decisions) + self.forced

    def number(self, decision: DecisionReview) -> int:
        """Which of the person's moves in the hand this decision was, forced moves counted, from 1 (so
        the person's last move of the hand is number ``moves``)."""
        return decision.decision.turn or next(i for i, d in enumerate(self.decisions, start=1) if d is decision)

    def costliest(self, count: int = SHOWN) -> list[DecisionReview]:
        """The costly decisions, costliest first (at most ``count``)."""
        costly = [decision for decision in self.decisions if decision.costly]
        return sorted(costly, key=lambda d: (-d.cost, d.decision.step))[:count]


def hand_decisions(record: dict, seat: int, hand_number: int) -> tuple[list[Decision], int]:
    """The decisions with a choice that ``seat`` made in hand ``hand_number`` of the match ``record``,
    and how many of its moves were forced (a single legal move).

    The record is replayed (raises RecordError when it cannot be); moves out of turn (a late
    "last card" call) are replayed but are not decisions.
    """
    hands = record["hands"]
    if not 1 <= hand_number <= len(hands):
        raise ValueError(f"the match has no hand {hand_number}")
    start = dict(record, hands=[list(h) for h in hands[:hand_number - 1]] + [[]])
    match = Match.from_record(start)
    decisions: list[Decision] = []
    forced = 0
    for step, text in enumerate(hands[hand_number - 1]):
        move, caller = parse_record_move(text)
        if caller is None and match.current_seat == seat:
            view = match.view(seat)
            turn = len(decisions) + forced + 1
            if len(view.legal_actions) > 1:
                decisions.append(Decision(step, view, tuple(match.seats), move, turn))
            else:
                forced += 1
        match.apply(move, caller)
    return decisions, forced


def review_decision(decision: Decision, rollouts: int = ANALYSIS_ROLLOUTS) -> DecisionReview:
    """Score one decision with the analysis of the person's view (the hint's analysis of that view)."""
    view = decision.view
    analysis = analyse(view, rollouts)
    made = analysis.score(decision.made.action)
    best = analysis.best
    if made.gap <= SAME_AS_BEST:
        best = made   # as good as the best: the person's own move stands (and is what they see named)
    best_move = decision.made if best is made else best.move
    reason, params = why_better(view, best_move, decision.made, best.win, analysis)
    if "player" in params:   # the view numbers players by hand; the screen names them by match seat
        params["seat"] = decision.seats[params["player"]]
    error = made.gap_error if best is not made else 0.0
    return DecisionReview(decision, best_move, made.value, best.value, made.win, best.win, made.points,
                          best.points, error, analysis.worlds, reason, params, analysis.ranked)


def why_better(view: PlayerView, best: Move, made: Move, best_win: float, analysis=None) -> tuple[str, dict]:
    """The reason code (and details) for playing ``best`` rather than ``made`` (``best_win``: the chance
    to win the hand after ``best``; 1 when it went out in every world), from the analysis's numbers."""
    if best.kind == MoveKind.PLAY and len(view.hand) == 1 and made != best and best_win == 1.0:
        return "could_go_out", {"card": best.card}
    hint = explain(view, best, instead=None if made == best else made, analysis=analysis)
    return hint.reason, dict(hint.params)


def reviewing(decisions: list[Decision], rollouts: int = ANALYSIS_ROLLOUTS) -> Iterator[DecisionReview]:
    """Each decision reviewed in turn (a generator, so a caller can show progress between them)."""
    for decision in decisions:
        yield review_decision(decision, rollouts)


def review_hand(record: dict, seat: int, hand_number: int, rollouts: int = ANALYSIS_ROLLOUTS) -> HandReview:
    """The whole review of one hand, worked out here and now (tests and benches; the screen uses ReviewJob)."""
    decisions, forced = hand_decisions(record, seat, hand_number)
    return HandReview(tuple(reviewing(decisions, rollouts)), forced)
