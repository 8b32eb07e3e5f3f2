"""Cards named with their article in the case the sentence needs ("Du hast die Kreuz-Acht gespielt",
"Spiel den Pik-Buben", "Τα οχτάρια είναι μπαλαντέρ"), and English and Norwegian untouched."""
from __future__ import annotations

import pytest

from game.rules import IllegalMove, Move, card_from_str, preset
from game.session import Hint
from game.ui import i18n
from game.ui.i18n import card_name, hint_text, move_text, rank_name, reason_text
from game.ui.rules_text import describe


@pytest.fixture
def language():
    def use(code):
        i18n.set_language(code)
    yield use
    i18n.set_language("en")


def test_german_cards_take_their_article_and_weak_nouns_their_ending(language):
    language("de")
    assert f"{card_name('8C'):acc}" == "die Kreuz-Acht"
    assert f"{card_name('JS'):acc}" == "den Pik-Buben" and f"{card_name('JS'):nom}" == "der Pik-Bube"
    assert f"{card_name('QH'):dat}" == "der Herz-Dame" and f"{card_name('AD'):acc}" == "das Karo-Ass"
    assert f"{card_name('KC'):dat}" == "dem Kreuz-König" and f"{card_name('X1'):acc}" == "den Joker"
    assert str(card_name("JS")) == "Pik-Bube", "the bare name where no case is asked for"
    assert move_text(Move.play(card_from_str("8C"), 2)) == "Du hast die Kreuz-Acht gespielt und Herz angesagt."
    assert reason_text(IllegalMove("not_in_hand", "", card="JS")) == "Den Pik-Buben hast du nicht auf der Hand."
    jack = card_from_str("JS")
    assert hint_text(Hint(Move.play(jack), "go_out", {"card": jack})) == "Spiel den Pik-Buben, und du bist raus!"


def test_greek_cards_and_plural_ranks_take_their_article(language):
    language("el")
    assert f"{card_name('AH'):acc}" == "τον άσο κούπα" and f"{card_name('KC'):nom}" == "ο ρήγας σπαθί"
    assert move_text(Move.play(card_from_str("8C"))) == "Έριξες το οχτάρι σπαθί."
    assert f"{rank_name('8', plural=True):nom}" == "τα οχτάρια"
    text = " ".join(paragraph for _heading, paragraph in describe(preset("crazy_eights", 4)))
    assert "Τα οχτάρια είναι μπαλαντέρ" in text
    assert "Οχτάρια είναι" not in text


@pytest.mark.parametrize("code", ["en", "nb"])
def test_languages_without_articles_keep_the_bare_name(language, code):
    language(code)
    assert f"{card_name('JS'):acc}" == str(card_name("JS"))
    assert f"{rank_name('8', plural=True):nom}" == str(rank_name("8", plural=True))


@pytest.mark.parametrize("code", ["de", "el", "nb"])
def test_every_translated_sentence_with_a_card_reads_in_every_case(language, code):
    """Every refusal, hint and move told in words, with each kind of card: nothing is left unformatted."""
    language(code)
    for card in ("8C", "JS", "QH", "AD", "KC", "10H", "X1"):
        value = card_from_str(card)
        for reason in ("not_in_hand", "only_drawn_card", "not_wild", "not_matching"):
            text = reason_text(IllegalMove(reason, "", card=card, suit="H", rank="8"))
            assert "{" not in text and ":acc" not in text
        for hint in ("go_out", "pass_penalty_on", "wild_names_suit", "keep_wild", "change_suit",
                     "could_go_out", "shed_points", "keep_matching", "fewest_stranded", "keep_long_suit", "best"):
            params = {"card": value, "suit": 1, "count": 2, "wild": value, "kept": value, "points": 8}
            text = hint_text(Hint(Move.play(value), hint, params))
            assert "{" not in text and text[:1] == text[:1].upper()


def test_norwegian_names_one_card_of_a_rank_as_a_noun(language):
    language("nb")
    assert f"{rank_name('2'):indef}" == "en toer" and str(card_name("2C")) == "kløver to"
    text = " ".join(paragraph for _heading, paragraph in describe(preset("crazy_eights_action", 4)))
    assert "legger en toer" in text and "en to." not in text


def test_german_names_one_card_of_a_rank_with_its_own_article(language):
    language("de")
    assert f"{rank_name('J'):indef}" == "einen Buben" and f"{rank_name('2'):indef}" == "eine Zwei"
    text = " ".join(paragraph for _heading, paragraph in describe(preset("crazy_eights_action", 4)))
    assert "legt ebenfalls eine Zwei" in text
