"""One thing, one word: the screens a player moves between call the same card, effect or screen the same,
in every language (the lesson list named the action cards and a skip otherwise than New game did)."""
from __future__ import annotations

import pytest

from game.ui import i18n
from game.ui.lesson_words import LESSON_BLURBS, LESSON_TITLES


@pytest.fixture
def speaking():
    """Switch the catalogue for one test; English again afterwards."""
    before = i18n.current_language()
    yield i18n.set_language
    i18n.set_language(before)


@pytest.mark.parametrize("language", ["en", "de", "el", "nb"])
def test_the_action_cards_lesson_is_named_as_the_game_and_the_rules_name_them(speaking, language):
    speaking(language)
    word = i18n._("Action cards").casefold()
    assert word in i18n._(LESSON_TITLES["action_cards"]).casefold()
    assert word in i18n._("Crazy Eights with action cards").casefold()


@pytest.mark.parametrize("language, skip", [("de", "lassen aussetzen"), ("el", "κόβουν σειρά"), ("nb", "stå over")])
def test_the_lesson_list_says_a_skip_as_the_summary_does(speaking, language, skip):
    """German "Buben setzen aus" said the jacks sit out; the summary's "Buben lassen aussetzen" is right."""
    speaking(language)
    assert skip in i18n._("{ranks} skip")
    for lesson in ("action_cards", "switch"):
        assert skip in i18n._(LESSON_BLURBS[lesson]), lesson
    assert "setzen aus" not in i18n._(LESSON_BLURBS["action_cards"]) + i18n._(LESSON_BLURBS["switch"])


def test_norwegian_calls_a_match_a_parti_everywhere(speaking):
    speaking("nb")
    assert i18n._("Match analysis") == "Partianalyse"
    for message in ("Every move of the match", "Every player's decisions and luck in the whole match (A)",
                    "This match cannot be analysed: {error}"):
        assert "kamp" not in i18n._(message) and "parti" in i18n._(message), message


def test_the_greek_tutor_setting_asks_before_a_move_that_costs_not_an_exact_one(speaking):
    """"ακριβή κίνηση" reads as "an exact move" as readily as "an expensive one"."""
    speaking("el")
    words = i18n._("Tutor: ask me before a costly move")
    assert "κοστίζει" in words and "ακριβ" not in words


def test_greek_calls_a_match_a_partida_in_the_key_help_too(speaking):
    speaking("el")
    assert "παρτίδα" in i18n._("Match analysis").replace("παρτίδας", "παρτίδα")
    assert "παρτίδας" in i18n._("Every move of the match") and "αγώνα" not in i18n._("Every move of the match")
