""""What would you play?": sets of five positions whose best move the analysis is sure of, to learn from.

A set is made from a seed (the screen passes the clock; the same seed always makes the same set).
Each of its five questions is found on its own (``find_question(seed, number)``), so the two
background workers find them side by side and the first can be shown while the others are sought.
A question looks for one theme worth learning (``THEMES``): which suit to name with a wild card,
keeping a wild card for later, what to play when someone is about to go out, and any clear
decision. It plays seeded hands of Medium against Medium in the presets, takes a decision of that
theme at random, analyses it (``game.ai.analysis.analyse``) and keeps it only when the best move
is clearly better: every other candidate gives up a costly gap more than two standard errors wide
(``coach.costly_and_sure``), the best wins at least ``MIN_WIN_GAIN`` more often than the
runner-up, and the reason for it (``game.session.reasons``) is a fact of the position, not
"the best chance". A quick analysis first spares the full one for positions that cannot be clear
(most rejected positions have no reason but "the best chance"). Every answer is judged and
explained up front, so the screen only reads.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, replace

from game.ai.analysis import COSTLY_GAP, Analysis, MoveScore, analyse
from game.ai.medium import MediumBot
from game.rules import DRAW, Match, Move, MoveKind, PlayerView, preset, tables_for

from .background import BackgroundJob, BackgroundTasks
from .coach import Hint, costly_and_sure, hint_from
from .seats import HUMAN, OPPONENT_NAMES, Seat
from .session import HistoryEntry
from .view import TableView, table_view

#: Questions in a set.
QUESTIONS = 5
#: What each question of a set looks for (the order in a set is shuffled by its seed).
THEMES = ("name_suit", "keep_wild", "nearly_out", "any", "any")
#: The games positions come from, and the table sizes (a small table reads at a glance).
QUIZ_PRESETS = ("crazy_eights", "crazy_eights_hoyle", "swedish_rummy", "crazy_eights_action", "crazy_aces",
                "switch", "mau_mau")
QUIZ_PLAYERS = (2, 3, 4)
#: The best move must win the hand at least this much more often than the runner-up (a lesson, not noise).
MIN_WIN_GAIN = 0.04
#: ... and have a chance worth playing for, but not be a foregone win.
WIN_RANGE = (0.05, 0.97)
#: An opponent with this many cards or fewer is about to go out.
NEARLY_OUT = 2
#: Hands a question plays in search of its theme before it takes any clear decision instead.
THEME_HANDS = 24
#: Hands a question plays at most (then it keeps the clearest decision it analysed).
MAX_HANDS = 48
#: The rollouts of the quick look that spares the full analysis of a position that cannot be clear, and how
#: far outside WIN_RANGE its rough chance to win may lie.
QUICK_ROLLOUTS = 240
QUICK_WIN_SLACK = 0.05
#: Reasons that say nothing a player can learn from.
VAGUE_REASONS = frozenset({"best_chance", "only_move", "call_last_card", "call_stop"})


@dataclass(frozen=True)
class QuizAnswer:
    """How one candidate move is judged: ``right`` when it is the best move; ``hint`` why the best move
    beats it (for the best move itself: why it beats the runner-up), with both win chances."""

    move: Move
    right: bool
    score: MoveScore
    hint: Hint


@dataclass(frozen=True)
class QuizQuestion:
    """One position of a set: the table as the player sees it (``table``, seat ``table.viewer`` to play),
    the hand so far (``history``), the analysis's ranking and every candidate's answer."""

    number: int
    theme: str
    preset_id: str
    match_seed: int
    step: int
    table: TableView
    #: The same position as the rules core's view of the player (what the analysis and the reasons read).
    view: PlayerView
    history: tuple[HistoryEntry, ...]
    analysis: Analysis
    answers: tuple[QuizAnswer, ...]

    @property
    def best(self) -> QuizAnswer:
        """The best move and why it beats the runner-up."""
        return self.answers[0]

    @property
    def legal(self) -> tuple[Move, ...]:
        """Every move the player may make here (several wild cards of a kind each count)."""
        return self.table.my_moves

    def judge(self, move: Move) -> QuizAnswer | None:
        """The answer for ``move`` (None when it is not a legal move here: the screen says why)."""
        if move not in self.legal:
            return None
        score = self.analysis.score(move.action)
        answer = next(answer for answer in self.answers if answer.score.action == score.action)
        return replace(answer, move=move)


def question_rng(seed: int, number: int) -> random.Random:
    """The random numbers of question ``number`` of set ``seed`` (independent of the other questions)."""
    return random.Random(seed * 1_000_003 + number * 7_919)


def themes_for(seed: int) -> tuple[str, ...]:
    """The theme of each question of set ``seed``."""
    themes = list(THEMES)
    random.Random(seed).shuffle(themes)
    return tuple(themes)


def find_question(seed: int, number: int, player_name: str = "You") -> QuizQuestion:
    """Question ``number`` of set ``seed``: a decision of its theme whose best move is clear (see the module)."""
    theme = themes_for(seed)[number]
    rng = question_rng(seed, number)
    bot = MediumBot()
    fallback: QuizQuestion | None = None
    fallback_gain = -1.0
    for hands in range(MAX_HANDS):
        wanted = theme if hands < THEME_HANDS else "any"
        preset_id = rng.choice(QUIZ_PRESETS)
        players = rng.choice(QUIZ_PLAYERS)
        match_seed = rng.getrandbits(40)
        moves, steps = _play_hand(preset_id, players, match_seed, bot, rng, wanted)
        if not steps:
            continue
        step = rng.choice(steps)
        question = _question_at(number, wanted, preset_id, players, match_seed, moves[:step], player_name)
        if question is None:
            continue
        gain = _clear_gain(question)
        if gain is not None and _fits(question, wanted):
            return replace(question, theme=theme if wanted == theme else "any")
        if gain is not None and gain > fallback_gain:
            fallback, fallback_gain = question, gain
    if fallback is None:   # never seen in the measured sets; a set still gets its five questions
        raise RuntimeError(f"no clear decision in {MAX_HANDS} hands (set {seed}, question {number})")
    return replace(fallback, theme="any")


def _play_hand(preset_id: str, players: int, match_seed: int, bot: MediumBot, rng: random.Random,
               theme: str) -> tuple[list[Move], list[int]]:
    """The moves of one hand of Medium's play, and the steps where the player to act had a decision of ``theme``."""
    match = Match(preset(preset_id, players), match_seed)
    moves: list[Move] = []
    steps: list[int] = []
    while not match.hand.over:
        view = match.view(match.current_seat)
        if _candidate(view, theme):
            steps.append(len(moves))
        move = bot.choose(view, rng)
        match.apply(move)
        moves.append(move)
    return moves, steps


def _candidate(view: PlayerView, theme: str) -> bool:
    """Whether ``view`` may hold a decision of ``theme`` (cheap: the analysis decides)."""
    legal = view.legal_actions
    plays = [action // 5 for action in legal if action < DRAW]
    if len(set(plays)) + (DRAW in legal) < 2 and len(legal) < 2:
        return False
    if view.pending or view.phase:   # answering a penalty, or after a draw: too narrow to learn from
        return False
    wild = tables_for(view.rules).wild
    if theme == "name_suit":
        return any(wild[card] for card in plays)
    if theme == "keep_wild":
        return any(wild[card] for card in view.hand) and any(not wild[card] for card in plays)
    if theme == "nearly_out":
        return any(count <= NEARLY_OUT for player, count in enumerate(view.hand_counts) if player != view.seat)
    return True


def _question_at(number: int, theme: str, preset_id: str, players: int, match_seed: int, moves: list[Move],
                 player_name: str) -> QuizQuestion | None:
    """The position after ``moves`` of the hand, from the seat to act, analysed and every answer explained
    (None when a quick look already shows its best move is not clear enough to ask)."""
    match = Match(preset(preset_id, players), match_seed)
    history = [HistoryEntry(match.hand_number, None, None, tuple(match.deal_events), match.dealer)]
    for move in moves:
        seat = match.current_seat
        history.append(HistoryEntry(match.hand_number, seat, move, tuple(match.apply(move)), match.dealer))
    viewer = match.current_seat
    view = match.view(viewer)
    if not _worth_a_full_look(view):
        return None
    others = iter(OPPONENT_NAMES)
    seats = [Seat(player_name, HUMAN) if seat == viewer else Seat(next(others), "medium") for seat in range(players)]
    table = table_view(match, seats, viewer, None, len(moves), history=history)
    analysis = analyse(view)

    def named(hint: Hint) -> Hint:
        if "player" not in hint.params:
            return hint
        seat = match.seats[hint.params["player"]]
        return replace(hint, params={**hint.params, "seat": seat, "name": seats[seat].name})

    best = analysis.best
    answers = [QuizAnswer(best.move, True, best, named(hint_from(view, analysis)))]
    answers += [QuizAnswer(score.move, False, score, named(hint_from(view, analysis, against=score.move)))
                for score in analysis.ranked[1:]]
    return QuizQuestion(number, theme, preset_id, match_seed, len(moves), table, view, tuple(history), analysis,
                        tuple(answers))


def _worth_a_full_look(view: PlayerView) -> bool:
    """Whether a quick analysis (QUICK_ROLLOUTS) leaves the position a chance of being clear: a reason that
    is a fact, a runner-up at least half a costly gap behind, a chance to win worth playing for."""
    quick = analyse(view, QUICK_ROLLOUTS)
    if len(quick.ranked) < 2 or hint_from(view, quick).reason in VAGUE_REASONS:
        return False
    low, high = WIN_RANGE
    return quick.ranked[1].gap >= COSTLY_GAP / 2 and low - QUICK_WIN_SLACK <= quick.best.win <= high + QUICK_WIN_SLACK


def _clear_gain(question: QuizQuestion) -> float | None:
    """How much more often the best move wins than the runner-up, when the best move is clear (else None)."""
    ranked = question.analysis.ranked
    if len(ranked) < 2 or question.best.hint.reason in VAGUE_REASONS:
        return None
    best = ranked[0]
    if not WIN_RANGE[0] <= best.win <= WIN_RANGE[1]:
        return None
    if not all(costly_and_sure(score.gap, score.gap_error) for score in ranked[1:]):
        return None
    gain = best.win - max(score.win for score in ranked[1:])
    return gain if gain >= MIN_WIN_GAIN else None


def _fits(question: QuizQuestion, theme: str) -> bool:
    """Whether the clear best move of ``question`` is a lesson of ``theme``."""
    best, runner_up = question.analysis.ranked[0].move, question.analysis.ranked[1].move
    wild = tables_for(question.table.hand_rules).wild
    if theme == "name_suit":
        return best.suit is not None     # a wild card, and the suit it names, are the lesson
    if theme == "keep_wild":
        return question.best.hint.reason == "keep_wild" or (
            best.kind == MoveKind.PLAY and not wild[best.card] and runner_up.suit is not None)
    if theme == "nearly_out":
        return best.kind == MoveKind.PLAY
    return True


class QuizJob(BackgroundJob):
    """The five questions of set ``seed``, found in the background workers; ``question(n)`` is None until
    question ``n`` is ready (they come in any order; the screen shows them in order)."""

    def __init__(self, seed: int, player_name: str = "You", mode: str | None = None):
        self.seed = seed
        self.work = BackgroundTasks(find_question, [(number, (seed, number, player_name))
                                                    for number in range(QUESTIONS)], "quiz", mode)

    def poll(self) -> bool:
        """Collect the questions found so far; True once all five are in. Never blocks."""
        return self.work.poll()

    def question(self, number: int) -> QuizQuestion | None:
        """Question ``number`` when it has been found."""
        return self.work.results.get(number)
