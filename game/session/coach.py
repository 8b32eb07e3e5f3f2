"""Help for the person: the best move of the one analysis of their own view, and why.

A hint reads only a ``PlayerView`` (never a hidden card): ``game.ai.analysis`` samples the
hidden hands from what the view allows, on worlds seeded by the position, so the hint for a
view is always the best move the hand review finds for that same view. The reason
(``game.session.reasons``) names what tells the best move apart from the one it is weighed
against (the runner-up, or the move the person wants to make), with the analysis's own
numbers beside it; it is a code with parameters, like a refusal, so the screen can say it in
the player's language. The tutor (``tutor_check``) uses the same analysis and the review's test
of a sure, costly loss.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field, replace

from game.ai.analysis import ANALYSIS_ROLLOUTS, COSTLY_GAP, Analysis, analyse
from game.rules import Move, MoveKind, PlayerView

from .reasons import why

#: A decision costs something worth showing from this loss of utility (about 2.5 % chance to win) ...
COSTLY = COSTLY_GAP
#: ... when the gap is also this many standard errors wide (not the luck of the sampled worlds).
SURE_Z = 2.0
#: Worth this little less than the best, a move counts as the best one (equal moves differ by noise).
SAME_AS_BEST = 0.004
#: ... and when even the low end of the gap (SURE_Z standard errors below it) costs at least this much.
SURELY_AT_LEAST = COSTLY / 2
#: Far below any gap the analysis can measure, far above the rounding of a mean of a few thousand floats.
ROUNDING = 1e-9


def costly_and_sure(gap: float, gap_error: float) -> bool:
    """Whether a gap is a costly error by the issue's definition: at least COSTLY, and more than SURE_Z
    standard errors (the oracle of bench/coach_accuracy.py judges its own, far narrower, gaps so)."""
    # The same per-world differences summed over more or fewer worlds round differently: a gap of
    # exactly COSTLY in every world must be judged alike however many worlds measured it.
    return gap > SAME_AS_BEST and gap >= COSTLY - ROUNDING and gap > SURE_Z * gap_error


def surely_costly(gap: float, gap_error: float) -> bool:
    """Whether a move that gives up ``gap`` utility against the best (standard error ``gap_error``) is an
    error the review marks (and the tutor asks about): costly and sure (``costly_and_sure``), and at least
    SURELY_AT_LEAST even SURE_Z standard errors below the measured gap."""
    # A move whose true gap lies just under the costly line measures above it about half the time, and
    # the race cannot always settle which side it is on: "surely not free" is not "surely costly". The
    # coach bench's 300 oracle positions: 23 of 424 marks false with the first test alone (at 256-640
    # worlds, not at the race's first 32), 8 of 391 with both; recall 92.6 % -> 88.5 %.
    return costly_and_sure(gap, gap_error) and gap - SURE_Z * gap_error >= SURELY_AT_LEAST - ROUNDING


#: Decision marks, mildest first, with the win chance given up from which each is given.
MARKS = ("doubtful", "bad", "very_bad")
MARK_FROM = {"doubtful": 0.025, "bad": 0.06, "very_bad": 0.12}
#: The marks the tutor asks about before the move is made.
TUTOR_MARKS = ("bad", "very_bad")


def decision_mark(gap: float, gap_error: float) -> str:
    """The mark of a move that gives up ``gap`` against the best, with standard error ``gap_error``:
    none unless the review's test finds the loss sure, then by the size of the loss."""
    if not surely_costly(gap, gap_error):
        return ""
    mark = ""
    for name in MARKS:
        if gap >= MARK_FROM[name]:
            mark = name
    return mark


@dataclass(frozen=True)
class Hint:
    """A suggested move and why (``reason`` a code, ``params`` its details; see ``game.session.reasons``).

    ``win`` is the chance to win the hand after the move, by the analysis; ``other`` the move it was
    weighed against (the runner-up, or the person's own move) and ``other_win`` that move's chance;
    ``close`` says the two are as good as each other within the analysis's noise. All None / False
    when there was nothing to weigh (a single legal move, or the analysis failed).
    """

    move: Move
    reason: str
    params: dict = field(default_factory=dict)
    win: float | None = None
    other: Move | None = None
    other_win: float | None = None
    close: bool = False
    #: The points each move is expected to bring from the hand (penalty points taken when ``penalty``).
    points: float | None = None
    other_points: float | None = None
    penalty: bool = False


class AnalysisBot:
    """The analysis of a view as a worker's job: ``choose(view, rng)`` returns the whole ``Analysis``
    (the rng is not needed: the position seeds it). Picklable, for the worker process."""

    level = "analysis"
    searches = True   # pure-Python search: the AI worker runs it in its process, off the frame loop

    def __init__(self, rollouts: int = ANALYSIS_ROLLOUTS):
        self.rollouts = rollouts

    def choose(self, view: PlayerView, rng: random.Random) -> Analysis:
        """``analyse(view)``."""
        return analyse(view, self.rollouts)


def hint_bot(rollouts: int = ANALYSIS_ROLLOUTS) -> AnalysisBot:
    """The job that gives hints (and the tutor's verdicts): the analysis, in the AI worker's process."""
    return AnalysisBot(rollouts)


def hint_for(view: PlayerView, rollouts: int = ANALYSIS_ROLLOUTS) -> Hint:
    """The hint for the player whose view this is (it must be their turn)."""
    return hint_from(view, analyse(view, rollouts))


def runner_up(analysis: Analysis) -> Move | None:
    """The next best move (the candidates play different games: one card of each kind of wild), or None."""
    return analysis.ranked[1].move if len(analysis.ranked) > 1 else None


def hint_from(view: PlayerView, analysis: Analysis, against: Move | None = None) -> Hint:
    """The analysis's best move and why it beats ``against`` (default: the runner-up)."""
    best = analysis.best
    other = against if against is not None else runner_up(analysis)
    if other is None:
        return _with_reason(view, best.move, None, None, None, False)
    other_score = analysis.score(other.action)
    close = other_score.gap <= SAME_AS_BEST or not analysis.surely_worse(other.action, SURE_Z)
    hint = _with_reason(view, best.move, other, best.win, other_score.win, close)
    return replace(hint, points=best.points, other_points=other_score.points,
                   penalty=view.rules.scoring == "penalty")


def explain(view: PlayerView, move: Move, instead: Move | None = None, analysis: Analysis | None = None) -> Hint:
    """Why ``move`` is a good move from ``view`` (against ``instead``, when given; the analysis's numbers
    when ``analysis`` is given)."""
    if analysis is None:
        return _with_reason(view, move, instead, None, None, False)
    win = analysis.score(move.action).win
    other_win = analysis.score(instead.action).win if instead is not None else None
    return _with_reason(view, move, instead, win, other_win, False)


def _with_reason(view: PlayerView, move: Move, other: Move | None, win, other_win, close: bool) -> Hint:
    gain = None if win is None or other_win is None else win - other_win
    reason = why(view, move, other, gain)
    if other is None and len(view.legal_actions) == 1 and reason.code == "best_chance":
        return Hint(move, "only_move", {"card": move.card})
    return Hint(move, reason.code, dict(reason.params), win, other, other_win, close)


@dataclass(frozen=True)
class TutorCheck:
    """The tutor's verdict on a move the person is about to make: ``costly`` when the analysis marks it
    as the review would (a sure loss of at least COSTLY); ``better`` the hint against that move."""

    move: Move
    costly: bool
    better: Hint | None
    loss: float = 0.0


def tutor_check(view: PlayerView, analysis: Analysis, move: Move) -> TutorCheck:
    """Whether ``move`` is a mistake the analysis (of ``view``) marks bad or very bad, and the better move."""
    try:
        score = analysis.score(move.action)
    except KeyError:      # not a candidate (a call out of turn): nothing to weigh
        return TutorCheck(move, False, None)
    if decision_mark(score.gap, score.gap_error) not in TUTOR_MARKS:
        return TutorCheck(move, False, None, score.gap)
    return TutorCheck(move, True, hint_from(view, analysis, against=move), score.gap)
