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


def new_game_for_mau_mau(app, ui, language: str, deck_look: str):
    """The New game screen with Mau-Mau chosen from its drop-down, as a player would."""
    from game.ui.scenes.new_game import NewGameScene

    app.save_settings(dataclasses.replace(app.settings, language=language, deck_look=deck_look))
    app.push(NewGameScene(app))
    ui.step()
    ui.choose(app.scenes.top.preset_menu, "Mau-Mau")
    ui.step()
    return app.scenes.top


def test_new_game_names_german_suited_cards_as_the_table_shows_them(app, ui):
    """The summary, the description and the house rules of German-suited Mau-Mau say Unter, as its rules do."""
    scene = new_game_for_mau_mau(app, ui, "de", "german")
    summary = scene.summary_box.html_text
    assert "Unter sind Wünscher, nie aufeinander" in summary
    assert "Unter sind Wünscher" in scene.description.html_text
    switches = {rule_id: toggle for toggle, rule_id in scene.toggles.items()}
    assert switches["jack_on_jack"].text == "Unter auf Unter"
    assert switches["ace_again"].text == "Daus: noch einmal legen"
    ui.click(switches["ace_again"])
    assert "Däuser lassen noch einmal legen" in scene.summary_box.html_text
    for french in ("Bube", "Buben", "Dame", "Damen"):
        assert french not in scene.summary_box.html_text
    assert i18n.deck_look() == "classic", "the names away from the screen are as they were"


def test_new_game_goes_back_to_french_names_when_a_switch_deals_french_cards(app, ui):
    """Jokers make Mau-Mau a deck German suits cannot show: the table deals French cards, so the screen
    names them Bube at once, switches included."""
    scene = new_game_for_mau_mau(app, ui, "de", "german")
    switches = {rule_id: toggle for toggle, rule_id in scene.toggles.items()}
    ui.click(switches["jokers"])
    ui.step()
    scene = app.scenes.top
    assert "Buben sind Wünscher" in scene.summary_box.html_text
    switches = {rule_id: toggle for toggle, rule_id in scene.toggles.items()}
    assert switches["jack_on_jack"].text == "Bube auf Bube" and switches["jokers"].get_state()


@pytest.mark.parametrize("language, wild, switch", [
    ("el", "Οι ούντερ είναι μπαλαντέρ", "Ούντερ πάνω σε ούντερ"),
    ("nb", "Underknekter", "Underknekt på underknekt"),
    ("en", "Unders wild", "Under on under"),
])
def test_new_game_german_names_in_the_other_languages(app, ui, language, wild, switch):
    scene = new_game_for_mau_mau(app, ui, language, "german")
    assert wild in scene.summary_box.html_text
    assert switch in [toggle.text for toggle in scene.toggles]
