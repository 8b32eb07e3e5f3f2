"""A hand review worked out off the frame loop, with progress to show.

``ReviewJob(decisions, forced)`` hands the decisions to two worker processes (``background``:
spawned, niced, shut down when it is done or dropped, ending with the game; a thread if there are
none). ``poll()`` never blocks: it returns the ``HandReview`` once every decision is in; ``done``
and ``total`` drive the progress bar.
"""
from __future__ import annotations

from game.ai.analysis import ANALYSIS_ROLLOUTS

from .background import BackgroundJob, BackgroundTasks
from .review import Decision, HandReview, hand_decisions, review_decision


class ReviewJob(BackgroundJob):
    """The review of one hand, decision by decision, in the background."""

    def __init__(self, decisions: list[Decision], forced: int, *,
                 rollouts: int = ANALYSIS_ROLLOUTS, mode: str | None = None):
        self.decisions = list(decisions)
        self.forced = forced
        self.rollouts = rollouts
        self.work = BackgroundTasks(review_decision, ((index, (decision, rollouts))
                                                      for index, decision in enumerate(self.decisions)),
                                    "review", mode)
        self._review: HandReview | None = HandReview((), forced) if not self.decisions else None

    def poll(self) -> HandReview | None:
        """The finished review, or None while decisions are still being scored. Never blocks."""
        if self._review is None and self.work.poll():
            results = self.work.results
            self._review = HandReview(tuple(results[i] for i in range(len(self.decisions))), self.forced)
        return self._review


def hand_review_job(match, seat: int, hand_number: int, mode: str | None = None) -> ReviewJob:
    """The review of hand ``hand_number`` of ``match`` for the person at ``seat``, started in the background."""
    decisions, forced = hand_decisions(match.to_record(), seat, hand_number)
    return ReviewJob(decisions, forced, mode=mode)
