"""Learn to play: a short lesson for each family of games, played at the real table on a stacked deal.

A lesson is one hand of a named game dealt in a fixed order (``game.rules.stacked_order``) and a
script of every move in it: the computer players' moves are scripted, the person's moves are the
lesson's steps. Each step waits for the person to make its move; any other move is refused with a
kind word (a ``Verdict``) and the step stays. A step can be skipped (its move is made for the
person) and a lesson opened at any step (the script is played up to it), so progress is one number
per lesson, kept by ``game.store.lessons``. What the teacher says is a step's ``key`` (the screen
words it) and, where the hint has a sentence for it, a ``Hint`` built from the person's view.
"""
from __future__ import annotations

from dataclasses import dataclass

from game.rules import (FIRST_JOKER, SUIT_OF, IllegalMove, Match, Move, MoveKind, card_from_str, preset,
                        stacked_order)

from .coach import Hint
from .seats import HUMAN, OPPONENT_NAMES, Seat
from .session import TableSession

#: Every lesson is played by three: the person in seat 0, then two computer players clockwise. The
#: third seat deals, so the person starts.
PLAYERS = 3
PERSON = 0
DEALER = 2
#: The computer level named for the scripted seats (they never think: the script answers for them).
SCRIPTED_LEVEL = "easy"
#: The rules-screen sections a step can belong to (``game.ui.rules_text.describe``'s order).
SECTIONS = ("play", "draw", "actions", "calls")


@dataclass(frozen=True)
class LessonStep:
    """One thing the person does: ``key`` names it (the screen words it), ``move`` is what it asks for,
    ``rules`` the docs/RULES.md rows it shows, ``section`` where the rules screen links to it, ``hint``
    the reason code of the hint sentence that fits it (or "")."""

    key: str
    move: Move
    rules: tuple[str, ...]
    section: str
    hint: str = ""

    @property
    def focus(self) -> tuple[int, ...]:
        """The cards the step is about (to highlight): the card it plays, if any."""
        return (self.move.card,) if self.move.kind == MoveKind.PLAY else ()


@dataclass(frozen=True)
class Lesson:
    """A lesson: ``game`` (a preset id) dealt as ``hands`` / ``starter`` / ``stock`` (top first), and
    ``script``: every move of the lesson in order as (seat, move), the person's carrying its step."""

    key: str
    game: str
    hands: tuple[tuple[int, ...], ...]
    starter: int
    stock: tuple[int, ...]
    script: tuple[tuple[int, Move, LessonStep | None], ...]

    @property
    def rules(self):
        """The rule set the lesson is played under (the game's, for three players)."""
        return preset(self.game).with_players(PLAYERS)

    @property
    def steps(self) -> tuple[LessonStep, ...]:
        """The person's steps, in order."""
        return tuple(step for _seat, _move, step in self.script if step is not None)

    def step_index(self, key: str) -> int:
        """The index of the step called ``key``; raises KeyError."""
        for index, step in enumerate(self.steps):
            if step.key == key:
                return index
        raise KeyError(key)

    def deck_order(self) -> tuple[int, ...]:
        """The stacked deal."""
        return stacked_order(self.rules, DEALER, self.hands, self.starter, self.stock)


def _cards(text: str) -> tuple[int, ...]:
    return tuple(card_from_str(code) for code in text.split())


def _lesson(key: str, game: str, hands: tuple[str, str, str], starter: str, stock: str, script) -> Lesson:
    """A lesson from card notation; ``script`` holds (seat, move) and (seat, move, step) entries, a step
    as (key, rules, section, hint)."""
    entries = []
    for entry in script:
        seat, move_text = entry[0], entry[1]
        move = Move.parse(move_text)
        step = None
        if len(entry) > 2:
            step_key, rules, section, hint = entry[2]
            step = LessonStep(f"{key}.{step_key}", move, tuple(rules.split()), section, hint)
        entries.append((seat, move, step))
    return Lesson(key, game, tuple(_cards(hand) for hand in hands), card_from_str(starter), _cards(stock),
                  tuple(entries))


# Each script is checked move by move by tests/session/test_lessons.py against the rules core.
CRAZY_EIGHTS = _lesson(
    "crazy_eights", "crazy_eights",
    ("9H QS 8S 7D 4C", "9D KS 2D 10C 7C", "QD KH 2S 8H 9S"), "5H", "3S 6H 6S 5D JC",
    [
        (0, "9H", ("match_suit", "R-MATCH", "play", "")),
        (1, "9D"), (2, "QD"),
        (0, "QS", ("match_rank", "R-MATCH", "play", "")),
        (1, "KS"), (2, "KH"),
        (0, "8S>D", ("eight_wild", "R-WILD R-NOMINATE", "play", "wild_names_suit")),
        (1, "2D"), (2, "2S"),
        (0, "draw", ("draw", "R-DRAW-RULE", "draw", "nothing_fits")),
        (0, "3S", ("play_drawn", "R-DRAW-RULE", "draw", "only_move")),
        (1, "draw"), (1, "draw"), (1, "6S"), (2, "8H>D"),
        (0, "7D", ("follow_named", "R-NOMINATE", "play", "")),
        (1, "7C"), (2, "draw"), (2, "draw"), (2, "JC"),
        (0, "4C", ("go_out", "R-GOING-OUT", "play", "go_out")),
    ])

ACTION_CARDS = _lesson(
    "action_cards", "crazy_eights_action",
    ("JC QC 2S KS 4S", "2C 2D AD 4H 6C", "9C 3C 7D KH 9H"), "5C", "6D 10S 5S 10D 3D 4D",
    [
        (0, "JC", ("skip", "R-SKIP", "actions", "skip_next")),
        (2, "9C"),
        (0, "QC", ("reverse", "R-REVERSE", "actions", "")),
        (2, "3C"), (1, "2C"),
        (0, "2S", ("answer_two", "R-DRAW-PENALTY R-STACKING", "actions", "pass_penalty_on")),
        (2, "draw"), (1, "2D"),
        (0, "draw", ("take_penalty", "R-DRAW-PENALTY", "actions", "take_penalty")),
        (2, "7D"), (1, "AD"),
        (0, "KS", ("anything_on_ace", "R-ANYTHING-ON", "actions", "")),
    ])

SWITCH = _lesson(
    "switch", "switch",
    ("9S 8S AS JH 2D 4H 4S", "7S JS 2H 9D KH 6D QD", "10S 3S 6S 6H 10H 4C QC"), "5S", "5C 3H 8H 6C 9H 8D",
    [
        (0, "9S", ("no_wild", "R-MATCH R-WILD", "play", "")),
        (1, "7S"), (2, "10S"),
        (0, "8S", ("eight_skips", "R-SKIP", "actions", "skip_next")),
        (2, "3S"),
        (0, "AS", ("ace_reverses", "R-REVERSE", "actions", "")),
        (2, "6S"), (1, "JS"),
        (0, "JH", ("red_jack", "R-BLACK-JACK", "actions", "")),
        (2, "6H"), (1, "2H"),
        (0, "2D", ("answer_two", "R-DRAW-PENALTY R-STACKING", "actions", "pass_penalty_on")),
        (2, "draw"), (1, "9D"),
        (0, "draw", ("draw_one", "R-DRAW-RULE R-VOLUNTARY-DRAW", "draw", "nothing_fits")),
        (0, "9H", ("play_drawn", "R-DRAW-RULE", "draw", "only_move")),
        (2, "10H"), (1, "KH"),
        (0, "last", ("call_last", "R-LAST-CARD R-LAST-CARD-PENALTY", "calls", "call_last_card")),
        (0, "4H", ("one_left", "R-LAST-CARD", "calls", "")),
        (2, "4C"), (1, "draw"),
        (0, "4S", ("go_out", "R-GOING-OUT", "play", "go_out")),
    ])

#: Every lesson, in the order the menu lists them.
LESSONS = {lesson.key: lesson for lesson in (CRAZY_EIGHTS, ACTION_CARDS, SWITCH)}


def lesson_steps_for_rule(rule: str) -> list[tuple[str, int]]:
    """(lesson id, step index) of every step that shows docs/RULES.md row ``rule``."""
    return [(lesson.key, index) for lesson in LESSONS.values() for index, step in enumerate(lesson.steps)
            if rule in step.rules]


@dataclass(frozen=True)
class Verdict:
    """How the person's move went: ``ok`` (the step is done), else ``code`` says why it was not the
    step's move ("not_allowed": the rules refuse it, ``refusal`` says why; "other_move": it is allowed but
    the step asks for another; "other_suit": the right wild card, another suit; "not_now": not the
    person's turn in the lesson) and ``step`` is the step that stays."""

    ok: bool
    code: str = ""
    step: LessonStep | None = None
    refusal: IllegalMove | None = None


class ScriptedPlayer:
    """A computer seat of a lesson: it answers with the script's next move (the ``SeatPlayer`` shape)."""

    def __init__(self, run: "LessonRun") -> None:
        self.run = run
        self._answer = None

    def ask(self, ticket, view, seed: int) -> None:
        """Take the script's next move as the answer for ``ticket``."""
        self._answer = (ticket, self.run.next_scripted_move(), None)

    def poll(self):
        """The answer (at once)."""
        answer, self._answer = self._answer, None
        return answer

    def cancel(self) -> None:
        """Forget the question."""
        self._answer = None


class LessonRun:
    """One lesson being played: its table session (which writes no file) and where the script stands."""

    def __init__(self, lesson: Lesson, person_name: str = "You", names: tuple[str, ...] = OPPONENT_NAMES[:2]):
        self.lesson = lesson
        rules = lesson.rules
        seats = (Seat(person_name, HUMAN),) + tuple(Seat(name, SCRIPTED_LEVEL) for name in names)
        self.session = TableSession(Match(rules, 0, stacked=lesson.deck_order(), dealer=DEALER), seats)
        self.session.coached = False
        self.session.seat_players.update({seat: ScriptedPlayer(self) for seat in range(1, PLAYERS)})
        #: How many of the script's moves have been made.
        self.played = 0
        #: The steps the person skipped (their moves made for them), by index.
        self.skipped: set[int] = set()

    @classmethod
    def at_step(cls, lesson: Lesson, step: int, **names) -> "LessonRun":
        """The lesson with its script played up to step ``step`` (0: from the start; clamped to the steps)."""
        run = cls(lesson, **names)
        step = max(0, min(step, len(lesson.steps)))
        while run.step_index < step:
            seat, move, _step = lesson.script[run.played]
            run._apply(seat, move)
        return run

    # ----- where the lesson stands ------------------------------------------------------------

    @property
    def step_index(self) -> int:
        """The index of the step the person is on (len(steps) once the lesson is finished)."""
        return sum(1 for _seat, _move, step in self.lesson.script[:self.played] if step is not None)

    @property
    def step(self) -> LessonStep | None:
        """The step waiting for the person (or for the computers' moves before it), None when finished."""
        for _seat, _move, step in self.lesson.script[self.played:]:
            if step is not None:
                return step
        return None

    @property
    def finished(self) -> bool:
        """Whether every move of the script has been made."""
        return self.played >= len(self.lesson.script)

    def persons_turn(self) -> bool:
        """Whether the script waits for the person now."""
        return not self.finished and self.lesson.script[self.played][0] == PERSON

    def next_scripted_move(self) -> Move | None:
        """The script's next move if a computer makes it, else None."""
        if self.finished or self.persons_turn():
            return None
        return self.lesson.script[self.played][1]

    def expected_move(self) -> Move | None:
        """The move the step waits for, once it is the person's turn in the script."""
        return self.lesson.script[self.played][1] if self.persons_turn() else None

    def hint(self) -> Hint | None:
        """The step's move as a hint (a reason code the hint words), from the person's view, or None."""
        step, move = self.step, self.expected_move()
        if step is None or move is None or not step.hint:
            return None
        view = self.session.player_view(PERSON)
        params: dict = {}
        if move.card is not None:
            params["card"] = move.card
        if step.hint == "wild_names_suit":
            params["suit"] = move.suit
            params["count"] = sum(1 for card in view.hand if card != move.card and card < FIRST_JOKER
                                  and SUIT_OF[card] == move.suit)
        elif step.hint == "take_penalty":
            params["count"] = self.session.match.hand.pending
        elif step.hint == "skip_next":
            seat = self._next_seat()
            params.update(seat=seat, name=self.session.name(seat), cards=len(self.session.match.hand.hands[seat]))
        elif step.hint == "call_last_card":
            params["word"] = self.lesson.rules.last_card_word
        return Hint(move, step.hint, params)

    def _next_seat(self) -> int:
        hand = self.session.match.hand
        return (PERSON + hand.direction) % PLAYERS

    # ----- the person's moves ------------------------------------------------------------------

    def check(self, move: Move) -> Verdict:
        """Whether ``move`` is the step's move (nothing is applied)."""
        step, expected = self.step, self.expected_move()
        if expected is None:
            return Verdict(False, "not_now", step)
        if move == expected:
            return Verdict(True, step=step)
        hand = self.session.match.hand
        if move.kind == MoveKind.PLAY and expected.kind == MoveKind.PLAY and move.card == expected.card:
            return Verdict(False, "other_suit", step)
        if move in hand.legal_moves():
            return Verdict(False, "other_move", step)
        if move.kind == MoveKind.LAST_CARD and not self.session.can_call_last_card(PERSON):
            return Verdict(False, "not_allowed", step,
                           IllegalMove("last_card_not_allowed", "not now", word=self.lesson.rules.last_card_word))
        return Verdict(False, "not_allowed", step, hand.why_illegal(move))

    def made(self, move: Move) -> None:
        """The session has applied the step's ``move`` for the person (the screen's own path): move on."""
        if self.expected_move() != move:
            raise ValueError(f"{move} is not the move the lesson waits for")
        self.played += 1

    def play(self, move: Move) -> Verdict:
        """Check ``move`` and, when it is the step's, make it through the session."""
        verdict = self.check(move)
        if verdict.ok:
            self.session.play(move)
            self.played += 1
        return verdict

    def skip(self) -> Move:
        """Skip the step: note it and give the move to make for the person (``play`` or the screen makes it)."""
        move = self.expected_move()
        if move is None:
            raise ValueError("the lesson is not waiting for the person")
        self.skipped.add(self.step_index)
        return move

    # ----- the computers' moves (the screen plays them through the session's SeatPlayer) --------------

    def computer_moved(self) -> None:
        """The session has made the script's next computer move (the scene's own path)."""
        self.played += 1

    def play_computers(self) -> None:
        """Make every scripted computer move up to the person's next step (tests and ``at_step``)."""
        while not self.finished and not self.persons_turn():
            seat, move, _step = self.lesson.script[self.played]
            self._apply(seat, move)

    def _apply(self, seat: int, move: Move) -> None:
        session = self.session
        if session.to_act() != seat:
            raise ValueError(f"the script has seat {seat} play {move}, but seat {session.to_act()} is to act")
        session.apply(move)
        self.played += 1
