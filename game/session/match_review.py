"""The match analysis: every seat's decisions and every draw's luck, for a hand or a whole match.

The record is replayed; before each move the mover's own ``PlayerView`` is captured (never a
hidden card of anyone else). A move with a choice is a decision, scored by the one analysis
(``game.ai.analysis.analyse``, the hint's and the review's); a move without one is forced and not
judged. A move that took cards from the stock is a chance event, and ``game.ai.luck.draw_luck``
measures its luck from the drawer's view. ``analyse_moment`` works out one move; the background job
(``match_review_job.MatchAnalysisJob``) shares the moves out between worker processes, and
``MatchAnalysis`` puts them together: marks per decision, and per player the marks counted, an
error rate, a rating, the luck and the luck-adjusted result (GNU Backgammon's fair measure).

Marks, in win chance given up (the analysis's utility: the chance to win the hand, with the points
at their weight), and only when the review's test says the gap is sure (``surely_costly``):
doubtful from 2.5 points of win chance, bad from 6, very bad from 12. Luck marks, in win chance
gained or lost by the cards that came, only when more than two standard errors from nothing:
lucky / unlucky from 8 points, very lucky / very unlucky from 20.
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from game.ai.analysis import ANALYSIS_ROLLOUTS, MoveScore, analyse
from game.ai.luck import LUCK_WORLDS, draw_luck
from game.rules import Match, Move, PlayerView, parse_record_move

from .coach import MARK_FROM, MARKS, decision_mark  # noqa: F401  (the marks' one home)
from .review import SURE_Z, surely_costly

#: Luck marks and the win chance the cards that came are worth (more, or less, than the average).
LUCK_MARKS = ("very_lucky", "lucky", "unlucky", "very_unlucky")
LUCKY, VERY_LUCKY = 0.08, 0.20

#: The rating scale: error rate (win chance given up per decision that mattered, in percentage
#: points: see ``MomentAnalysis.mattered``) below which each name is earned, best first. Calibrated
#: on bench/analysis_calibration.py (see docs/ai.md, 200 hands a level): Hard (400 iterations) earns
#: "Advanced", Medium "Intermediate", Easy "Casual player" and a random player "Beginner" (Casual's line
#: halfway between those two); "Expert" and "World class" are beyond the Hard level.
RATINGS = (("world_class", 1.0), ("expert", 2.0), ("advanced", 3.4), ("intermediate", 5.0),
           ("casual", 7.4), ("beginner", float("inf")))
#: Luck ratings by the luck per hand played (win chance, in hands), luckiest first.
LUCK_RATINGS = (("very_lucky", 0.15), ("lucky", 0.05), ("average", -0.05), ("unlucky", -0.15),
                ("very_unlucky", float("-inf")))


@dataclass(frozen=True)
class Moment:
    """One move of the record as its mover saw it: the view before it, the move, the cards it drew."""

    hand: int                 # the hand number (from 1)
    step: int                 # the move's index in the hand's list of moves
    seat: int                 # the mover's match seat
    view: PlayerView          # what the mover knew (hand-player numbering, like every PlayerView)
    seats: tuple[int, ...]    # the match seat of each player of the hand
    made: Move
    forced: bool              # a single legal move: no decision
    drawn: tuple[int, ...] = ()   # the cards the move took from the stock, in order (a chance event)


@dataclass(frozen=True)
class MomentAnalysis:
    """One move analysed: every candidate ranked (none for a forced move), its mark, the draw's luck."""

    moment: Moment
    ranked: tuple[MoveScore, ...] = ()
    made_score: MoveScore | None = None
    mark: str = ""            # "", or one of MARKS
    luck: float | None = None
    luck_error: float = 0.0
    luck_mark: str = ""       # "", or one of LUCK_MARKS

    @property
    def seat(self) -> int:
        return self.moment.seat

    @property
    def decision(self) -> bool:
        """Whether the move was a decision (it had a choice)."""
        return not self.moment.forced and bool(self.ranked)

    @property
    def mattered(self) -> bool:
        """Whether the decision mattered: some candidate would have given up at least a doubtful mark's
        worth. In a hopeless (or a won) position every move is worth about the same; such a decision
        tells nothing of the player's skill, and is left out of the error rate's count, like a forced move."""
        return self.decision and self.ranked[-1].gap >= MARK_FROM["doubtful"]

    @property
    def loss(self) -> float:
        """The win chance (points at their weight) the move made gave up against the best (0 if forced)."""
        return max(0.0, self.made_score.gap) if self.made_score is not None else 0.0

    @property
    def best(self) -> MoveScore | None:
        """The analysis's best move (None for a forced move)."""
        return self.ranked[0] if self.ranked else None


def luck_mark(luck: float | None, error: float) -> str:
    """The mark of a draw worth ``luck`` win chance against the average card (standard error ``error``)."""
    if luck is None or abs(luck) <= SURE_Z * error or abs(luck) < LUCKY:
        return ""
    if luck > 0:
        return "very_lucky" if luck >= VERY_LUCKY else "lucky"
    return "very_unlucky" if luck <= -VERY_LUCKY else "unlucky"


#: A rating is named only from this many decisions that mattered: three lucky ones are not "World class".
MIN_RATED_DECISIONS = 10
#: The rating of a player with fewer decisions than that.
TOO_FEW_TO_RATE = "too_few"


def rating_for(error_rate_pp: float) -> str:
    """The rating earned by an error rate (percentage points of win chance given up per decision)."""
    return next(name for name, below in RATINGS if error_rate_pp < below)


def luck_rating_for(luck_per_hand: float) -> str:
    """The luck rating for the luck per hand played (in hands won)."""
    return next(name for name, above in LUCK_RATINGS if luck_per_hand >= above)


def moments(record: dict, hands: Iterable[int] | None = None) -> list[Moment]:
    """Every move (out-of-turn calls aside) of the hands ``hands`` (numbers from 1; None: all) of the
    match ``record``, as its mover saw it. Raises RecordError (or ValueError) when the record cannot
    be replayed."""
    all_hands = record["hands"]
    wanted = set(range(1, len(all_hands) + 1) if hands is None else hands)
    if not wanted or not wanted <= set(range(1, len(all_hands) + 1)):
        raise ValueError("the match has no such hand")
    last = max(wanted)
    match = Match.from_record(dict(record, hands=[[]]))
    found: list[Moment] = []
    for number in range(1, last + 1):
        if number > 1:
            match.start_next_hand()
        for step, text in enumerate(all_hands[number - 1]):
            move, caller = parse_record_move(text)
            moment = None
            if number in wanted and caller is None:
                seat = match.current_seat
                view = match.view(seat)
                moment = Moment(number, step, seat, view, tuple(match.seats), move, len(view.legal_actions) <= 1)
            events = match.apply(move, caller)
            if moment is not None:
                drawn = tuple(card for event in events if event.kind == "drew" and event.player == moment.seat
                              for card in event.cards)
                if drawn:
                    moment = Moment(moment.hand, moment.step, moment.seat, moment.view, moment.seats, moment.made,
                                    moment.forced, drawn)
                found.append(moment)
    return found


def worth_analysing(moment: Moment) -> bool:
    """Whether a moment needs a worker at all (a decision, or a draw whose luck to measure)."""
    return not moment.forced or bool(moment.drawn)


def analyse_moment(moment: Moment, rollouts: int = ANALYSIS_ROLLOUTS,
                   luck_worlds: int = LUCK_WORLDS) -> MomentAnalysis:
    """One move analysed: its candidates ranked and marked (a decision), its luck (a draw)."""
    ranked: tuple[MoveScore, ...] = ()
    made_score, mark = None, ""
    if not moment.forced:
        analysis = analyse(moment.view, rollouts)
        ranked = analysis.ranked
        made_score = analysis.score(moment.made.action)
        mark = decision_mark(made_score.gap, made_score.gap_error)
    luck, error = None, 0.0
    if moment.drawn:
        measured = draw_luck(moment.view, moment.made.action, moment.drawn, luck_worlds)
        if measured is not None:
            luck, error = measured.luck, measured.error
    return MomentAnalysis(moment, ranked, made_score, mark, luck, error, luck_mark(luck, error))


@dataclass(frozen=True)
class PlayerSummary:
    """One seat's figures over the analysed hands."""

    seat: int
    decisions: int            # moves with a choice
    forced: int
    mattered: int             # decisions where some move would have cost a doubtful mark's worth
    marks: dict               # mark -> count
    luck_marks: dict          # luck mark -> count
    error_rate: float         # win chance given up per decision that mattered, in percentage points
    rating: str
    luck: float               # the draws' luck summed, in hands won
    luck_rating: str
    hands: int                # hands played
    won: int                  # hands won
    points: int               # points scored in the analysed hands

    @property
    def luck_adjusted(self) -> float:
        """Hands won less the luck: what the player's play earned (GNU Backgammon's fair measure)."""
        return self.won - self.luck

    @property
    def errors(self) -> int:
        """How many decisions got a mark."""
        return sum(self.marks.values())


@dataclass(frozen=True)
class HandOutcome:
    """What a hand's result says of the seats: who played it, who won it, each seat's points."""

    number: int
    seats: tuple[int, ...]
    winner: int
    scores: dict


@dataclass(frozen=True)
class MatchAnalysis:
    """Every analysed move of the hands asked for, in order, and per player the summary."""

    items: tuple[MomentAnalysis, ...]
    hands: tuple[int, ...]
    outcomes: tuple[HandOutcome, ...]
    players: int

    def summary(self, seat: int) -> PlayerSummary:
        """The figures of ``seat``."""
        mine = [item for item in self.items if item.seat == seat]
        decisions = [item for item in mine if item.decision]
        marks = {name: sum(1 for item in decisions if item.mark == name) for name in MARKS}
        luck_marks = {name: sum(1 for item in mine if item.luck_mark == name) for name in LUCK_MARKS}
        mattered = sum(1 for item in decisions if item.mattered)
        error_rate = 100.0 * sum(item.loss for item in decisions) / mattered if mattered else 0.0
        luck = sum(item.luck for item in mine if item.luck is not None)
        played = [outcome for outcome in self.outcomes if seat in outcome.seats]
        won = sum(1 for outcome in played if outcome.winner == seat)
        points = sum(outcome.scores.get(seat, 0) for outcome in played)
        hands = len(played)
        return PlayerSummary(seat, len(decisions), len(mine) - len(decisions), mattered, marks, luck_marks, error_rate,
                             rating_for(error_rate) if mattered >= MIN_RATED_DECISIONS else TOO_FEW_TO_RATE,
                             luck, luck_rating_for(luck / hands if hands else 0.0),
                             hands, won, points)

    def summaries(self) -> list[PlayerSummary]:
        """Every seat that played an analysed hand, in seat order."""
        seated = sorted({seat for outcome in self.outcomes for seat in outcome.seats}
                        | {item.seat for item in self.items})
        return [self.summary(seat) for seat in seated]

    @property
    def decisions(self) -> list[int]:
        """The indices (into ``items``) of the decisions: what the screen steps through."""
        return [index for index, item in enumerate(self.items) if item.decision]

    def next_marked(self, after: int, seat: int | None = None, backwards: bool = False) -> int | None:
        """The index of the next decision (or, ``backwards``, the one before) after ``after`` that got a
        mark, of ``seat`` (None: anyone's), wrapping round; None when there is none."""
        marked = [index for index, item in enumerate(self.items)
                  if item.mark and (seat is None or item.seat == seat)]
        if not marked:
            return None
        if backwards:
            earlier = [index for index in marked if index < after]
            return earlier[-1] if earlier else marked[-1]
        later = [index for index in marked if index > after]
        return later[0] if later else marked[0]


def outcomes_of(record: dict, hands: Iterable[int]) -> tuple[HandOutcome, ...]:
    """The result of each finished hand of ``hands`` in the record (a hand in play has none yet)."""
    match = Match.from_record(record)
    wanted = set(hands)
    return tuple(HandOutcome(result.number, tuple(result.seats), result.winner, dict(result.scores))
                 for result in match.results if result.number in wanted)


def assemble(record: dict, hands: tuple[int, ...], found: list[Moment],
             analysed: dict[int, MomentAnalysis]) -> MatchAnalysis:
    """The match analysis from every moment and the analyses worked out (by index into ``found``;
    a forced move without a draw needs none)."""
    items = tuple(analysed.get(index) or MomentAnalysis(moment) for index, moment in enumerate(found))
    players = Match.from_record(dict(record, hands=[[]])).rules.players
    return MatchAnalysis(items, tuple(hands), outcomes_of(record, hands), players)


def analyse_match(record: dict, hands: Iterable[int] | None = None, rollouts: int = ANALYSIS_ROLLOUTS,
                  luck_worlds: int = LUCK_WORLDS) -> MatchAnalysis:
    """The whole analysis worked out here and now (tests, benches, the export; the screen uses the job)."""
    chosen = tuple(sorted(set(hands))) if hands is not None else tuple(range(1, len(record["hands"]) + 1))
    found = moments(record, chosen)
    analysed = {index: analyse_moment(moment, rollouts, luck_worlds)
                for index, moment in enumerate(found) if worth_analysing(moment)}
    return assemble(record, chosen, found, analysed)


@dataclass(frozen=True)
class AnalysisSource:
    """What the analysis screen is given: the record, each seat's name and kind, the hands to analyse
    (None: all) and the hand to show first. Built from a table's session or from a replay."""

    record: dict
    names: tuple[str, ...]
    kinds: tuple[str, ...]
    hands: tuple[int, ...] | None = None
    human: int | None = None
    game: str = ""
    first_hand: int = 1

    @classmethod
    def of_session(cls, session, hands: tuple[int, ...] | None = None) -> "AnalysisSource":
        """The match at a table (``session``: a TableSession), its hands ``hands`` (None: every one)."""
        seats = session.seats
        return cls(session.saved_game().record, tuple(session.name(seat) for seat in range(len(seats))),
                   tuple(seat.kind for seat in seats), hands, session.human, session.rules.name,
                   min(hands) if hands else 1)

    @classmethod
    def of_replay(cls, replay, first_hand: int = 1) -> "AnalysisSource":
        """A replayed record (``replay``: a Replay), every hand; ``first_hand`` is shown first."""
        human = next((i for i, seat in enumerate(replay.seats) if seat.is_human), None)
        return cls(replay.record, tuple(seat.name for seat in replay.seats), tuple(seat.kind for seat in replay.seats),
                   None, human, replay.rules.name, first_hand)
