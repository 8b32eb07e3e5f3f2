"""The rules screen names the cards as the chosen deck look shows the game's cards: the Unter and the Ober
of German-suited cards, the Bube and the Dame of French ones (as the table does)."""
from __future__ import annotations

import dataclasses

import pytest

from game.ui import i18n
from game.ui.scenes.rules import RulesScene


def rules_on_screen(app, ui, preset_id: str, language: str, deck_look: str) -> tuple[str, str]:
    """(the rules' text, the game's description) as the rules screen shows them, opened as a player would."""
    app.save_settings(dataclasses.replace(app.settings, language=language, deck_look=deck_look))
    app.push(RulesScene(app, preset_id=preset_id))
    ui.step(2)
    scene = app.scenes.top
    shown = scene.rules_text(), scene.description.html_text
    ui.click(ui.button(i18n._("Back")))
    ui.step(2)
    return shown


def test_german_suited_mau_mau_rules_say_unter_and_daus_never_bube(app, ui):
    text, description = rules_on_screen(app, ui, "mau_mau", "de", "german")
    assert "Unter sind Wünscher" in description
    assert "Unter, Ober, König und Daus" in text
    assert "ein Unter als Startkarte" in text and "mit einem Unter darfst du ausmachen" in text
    for french in ("Bube", "Buben", "Dame", "Damen"):
        assert french not in text.replace("Wünscher", ""), f"{french!r} on German-suited cards"
    assert i18n.deck_look() == "classic", "the names away from the rules screen are as they were"


def test_french_cards_keep_the_bube(app, ui):
    text, description = rules_on_screen(app, ui, "mau_mau", "de", "classic")
    assert "Buben sind Wünscher" in description and "Bube, Dame, König und Ass" in text
    assert "Unter" not in text


def test_a_game_german_suits_cannot_show_keeps_the_french_names(app, ui):
    """Crazy Eights deals 52 cards: the table shows them French whatever the look, and so do its rules."""
    text, _description = rules_on_screen(app, ui, "crazy_eights", "de", "german")
    assert "Unter" not in text and "Ober" not in text


@pytest.mark.parametrize("language, words", [
    ("el", ("οι ούντερ είναι μπαλαντέρ", "ούντερ, όμπερ, ρήγας και άσος")),
    ("nb", ("underknekter er joker", "underknekt, overknekt, konge og ess")),
    ("en", ("unders are wild", "under, over, king and ace")),
])
def test_german_suited_names_in_the_other_languages(app, ui, language, words):
    text, description = rules_on_screen(app, ui, "mau_mau", language, "german")
    assert words[0] in description and words[1] in text
