"""The hand review's words: what a decision cost, said without ambiguity, in every language."""
from __future__ import annotations

import pytest

from game.rules import Move, preset, view_of
from game.session.review import Decision, DecisionReview
from game.ui import i18n
from game.ui.i18n import review_cost_text
from tests.ai.ai_helpers import positions


@pytest.fixture(autouse=True)
def back_to_english():
    yield
    i18n.set_language("en")


def reviewed(made_win: float, best_win: float, made_points: float, best_points: float,
             game: str = "crazy_eights") -> DecisionReview:
    """A reviewed decision of a real position with the given chances and expected points."""
    rules = preset(game, 4)
    state = next(iter(positions(rules, 1, seed=2)))
    view = view_of(state, state.current)
    made = Move.from_action(sorted(view.legal_actions)[0])
    decision = Decision(0, view, (0, 1, 2, 3), made)
    return DecisionReview(decision, made, 0.3, 0.4, made_win, best_win, made_points, best_points, 0.01, 100,
                          "best_chance", {})


def test_the_cost_gives_both_chances_to_win_not_a_difference_that_reads_as_a_percentage():
    text = review_cost_text(reviewed(0.30, 0.39, 10.0, 10.4), penalty_scoring=True)
    assert text == "Your chance to win the hand: 30% instead of 39%"
    assert "less" not in text


def test_under_penalty_scoring_the_cost_adds_the_penalty_points_when_they_differ_meaningfully():
    text = review_cost_text(reviewed(0.30, 0.39, 16.2, 10.0), penalty_scoring=True)
    assert text == "Your chance to win the hand: 30% instead of 39%, and about 6 more penalty points to expect"
    # Points collected (not penalty points) are not told with the chances: the chances say it.
    assert review_cost_text(reviewed(0.30, 0.39, 10.0, 16.2), penalty_scoring=False) == \
        "Your chance to win the hand: 30% instead of 39%"


def test_a_cost_in_points_alone_when_the_chances_are_the_same():
    assert review_cost_text(reviewed(0.30, 0.31, 14.0, 10.0), penalty_scoring=True) == \
        "About 4 more penalty points to expect from the hand"
    assert review_cost_text(reviewed(0.30, 0.31, 10.0, 11.0), penalty_scoring=False) == \
        "About 1 point fewer to expect from the hand"


@pytest.mark.parametrize("language, words", [("de", ("30", "39", "Strafpunkte")), ("el", ("30", "39", "ποινής")),
                                             ("nb", ("30", "39", "straffepoeng"))])
def test_the_cost_is_said_in_the_players_language(language, words):
    i18n.set_language(language)
    text = review_cost_text(reviewed(0.30, 0.39, 16.2, 10.0), penalty_scoring=True)
    assert all(word in text for word in words) and "chance" not in text


@pytest.mark.parametrize("language", ["en", "de", "el", "nb"])
def test_the_new_reasons_are_words_of_their_own_in_every_language(language):
    from game.rules import card_from_str
    from game.session import Hint
    from game.ui.i18n import hint_text

    i18n.set_language(language)
    six, nine = card_from_str("6D"), card_from_str("9D")
    fallback = hint_text(Hint(Move.play(six), "best_chance", {"card": six}))
    texts = [hint_text(Hint(Move.play(six), "keep_matching", {"card": six, "kept": nine, "count": 2})),
             hint_text(Hint(Move.play(six), "fewest_stranded", {"card": six, "count": 0})),
             hint_text(Hint(Move.play(six), "fewest_stranded", {"card": six, "count": 2})),
             hint_text(Hint(Move.play(six), "keep_long_suit", {"card": six, "suit": 1, "count": 3}))]
    assert len(set(texts)) == 4 and fallback not in texts
    assert all("{" not in text and text[0].isupper() for text in texts)
    assert "2" in texts[0] and "2" in texts[2] and "3" in texts[3]
    assert i18n.card_name("9D") in texts[0] and i18n.suit_name("D") in texts[3]
