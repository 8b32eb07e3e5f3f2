"""The match analysis worked out off the frame loop, with progress to show.

``MatchAnalysisJob(record, hands)`` replays the record (cheap: a few milliseconds a hand), then
hands every move worth analysing (a decision, or a draw whose luck to measure) to two worker
processes, as the hand review does (``background``), in the order they were played, so the first
hands finish first. ``poll()`` never blocks: it
collects what is ready and returns the ``MatchAnalysis`` once every move is in; ``done`` and
``total`` drive the progress bar. If no process can be started, or one dies, the rest is worked
out in a thread (slower frames, same answers: every analysis is seeded by its position).
"""
from __future__ import annotations

from game.ai.analysis import ANALYSIS_ROLLOUTS
from game.ai.luck import LUCK_WORLDS

from .background import BackgroundJob, BackgroundTasks
from .match_review import MatchAnalysis, analyse_moment, assemble, moments, worth_analysing


class MatchAnalysisJob(BackgroundJob):
    """The analysis of some hands of a match record (every seat), move by move, in the background."""

    def __init__(self, record: dict, hands: tuple[int, ...] | None = None, *, mode: str | None = None,
                 rollouts: int = ANALYSIS_ROLLOUTS, luck_worlds: int = LUCK_WORLDS):
        self.record = record
        self.hands = tuple(sorted(set(hands))) if hands is not None else tuple(range(1, len(record["hands"]) + 1))
        self.rollouts = rollouts
        self.luck_worlds = luck_worlds
        self.found = moments(record, self.hands)
        self.todo = [index for index, moment in enumerate(self.found) if worth_analysing(moment)]
        self.work = BackgroundTasks(analyse_moment, ((index, (self.found[index], rollouts, luck_worlds))
                                                     for index in self.todo), "analysis", mode)
        self._analysis: MatchAnalysis | None = None
        if not self.todo:
            self._analysis = assemble(record, self.hands, self.found, {})

    def poll(self) -> MatchAnalysis | None:
        """The finished analysis, or None while moves are still being worked out. Never blocks."""
        if self._analysis is None and self.work.poll():
            self._analysis = assemble(self.record, self.hands, self.found, self.work.results)
        return self._analysis
