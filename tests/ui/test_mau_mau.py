"""Mau-Mau on screen, in German first: New game and its summary, the rules screen, the "Mau" call at the
table and in the log, and a 32-card game that never shows a two to six."""
from __future__ import annotations

import dataclasses
import random

import pytest

from game.rules import RANK_OF, RANKS, Match, Move, preset, with_house_rules
from game.session import Seat
from game.ui.scenes.new_game import NewGameScene
from game.ui.scenes.rules import RulesScene
from game.ui.sessions import session_for

SHORT_RANKS = {"A", "7", "8", "9", "10", "J", "Q", "K"}


def speak(app, language: str) -> None:
    app.save_settings(dataclasses.replace(app.settings, language=language))
    assert app.language == language


def test_new_game_offers_mau_mau_in_german_with_its_summary_and_its_own_switches_first(app, ui, home):
    speak(app, "de")
    app.push(NewGameScene(app))
    ui.step()
    ui.choose(app.scenes.top.preset_menu, "Mau-Mau")
    scene = app.scenes.top
    assert scene.preset_id == "mau_mau"
    assert "Das deutsche Spiel mit 32 Karten" in scene.description.html_text
    summary = scene.summary_box.html_text
    assert "ein Deck mit 32 Karten" in summary
    assert "Buben sind Wünscher, nie aufeinander" in summary
    assert "Siebenen lassen 2 ziehen" in summary and "Achten lassen aussetzen" in summary
    assert "„Mau“" in summary
    assert list(scene.toggles.values())[:4] == ["ace_again", "nine_reverse", "jack_on_jack", "drawn_card_waits"]
    switches = {rule_id: toggle for toggle, rule_id in scene.toggles.items()}
    ui.click(switches["ace_again"])
    assert "Asse lassen noch einmal legen" in scene.summary_box.html_text
    ui.click(ui.button("Los geht’s"))
    table = app.scenes.top
    assert table.session.match.rules.cards_per_deck == 32 and table.session.match.rules.play_again_ranks == ("A",)


def test_the_rules_screen_explains_mau_mau_in_german(app, ui):
    speak(app, "de")
    app.push(RulesScene(app, preset_id="mau_mau"))
    ui.step()
    text = app.scenes.top.rules_text()
    assert "32er-Blatt" in text and "keine Zweien bis Sechsen" in text
    assert "Ein Wünscher darf nie auf einen Wünscher gelegt werden" in text
    assert "Siebenen: Der nächste Spieler zieht 2 Karten und setzt aus" in text
    assert "sag „Mau“" in text
    assert "Buben 20; Asse 11; Könige 4; Damen 3" in text
    assert text.count("Zweien") == 1     # only "no twos to sixes": no value is told for a rank the deck lacks
    # Where German tables differ, the screen says what this game chose (docs/RULES.md R-MAU-MAU-CHOICES).
    assert "So spielen wir" in text and "ein Bube als Startkarte kommt zurück in den Talon" in text
    app.scenes.top.choice = "crazy_eights"
    app.scenes.top.rebuild()
    assert "So spielen wir" not in app.scenes.top.rules_text()
    app.push(RulesScene(app, rules=with_house_rules("mau_mau", 5, ["ace_again", "jack_on_jack"])))
    ui.step()
    assert "So spielen wir" in app.scenes.top.rules_text()


@pytest.mark.parametrize("language", ["de", "el", "nb", "en"])
def test_the_call_is_mau_in_every_language(app, ui, language):
    from game.rules import Event
    from game.ui.table.narration import describe

    speak(app, language)
    names = {0: "Ada", 1: "Bruno"}
    said = describe([Event("last_card_called", 0)], names, call_word="mau")
    forgot = describe([Event("last_card_penalty", 1, (), 4, 2)], names, call_word="mau")
    assert "Mau" in said[0] and "Mau" in forgot[0]
    assert "Mau" not in describe([Event("last_card_called", 0)], names)[0]


def test_a_mau_mau_table_names_the_call_mau_and_never_shows_a_two_to_six(tmp_path):
    from game.store import UserFolders
    from game.ui.app import App
    from game.ui.table import TableScene
    from game.ai import MediumBot

    app = App(size=(960, 600), folders=UserFolders(tmp_path / "config", tmp_path / "data"), headless=True,
              fullscreen=False)
    app.settings = dataclasses.replace(app.settings, animation_speed="instant", computer_speed="instant",
                                       language="de")
    app.apply_language()
    app.running = True
    try:
        rules = with_house_rules("mau_mau", 3, ["ace_again"])
        seats = [Seat("Tess", "human"), Seat("Ada", "easy"), Seat("Bruno", "easy")]
        table = TableScene(app, session_for(app, Match(rules, 4), seats))
        app.push(table)
        app.step(1 / 60)
        assert table.input.buttons["last_card"].text.startswith("Mau")
        bot, rng = MediumBot(), random.Random(1)
        seen = set()
        for _ in range(400):
            if table.session.match.hand.over:
                break
            seat = table.session.match.current_seat
            table.session.apply(bot.choose(table.session.match.view(seat), rng))
            table.resync(animate=False)
            app.step(1 / 60)
            # Face-down cards carry no card (a negative one): only the faces shown count.
            seen |= {RANKS[RANK_OF[sprite.card]] for sprite in table.board.sprites
                     if sprite.card is not None and 0 <= sprite.card < 52}
        assert seen and seen <= SHORT_RANKS
        # The faces drawn ahead of time are the 32 of the deck, not 52.
        asked = []
        prewarm = table.images.prewarm
        table.images.prewarm = lambda width, deck_look, codes: (asked.extend(codes), prewarm(width, deck_look, codes))
        table.board.prewarm(table.session.rules, table.deck_look, table.back_style)
        assert len(asked) == 32 and {code[:-1] for code in asked} == SHORT_RANKS
    finally:
        while len(app.scenes):
            app.scenes.pop()


def test_a_jack_on_a_jack_is_refused_in_words_and_the_hint_says_mau(app):
    from game.rules import HandState, cards_from_str, view_of
    from game.rules.errors import IllegalMove
    from game.session.coach import explain
    from game.ui.i18n import hint_text, reason_text

    speak(app, "de")
    rules = preset("mau_mau", 2)
    state = HandState.from_position(rules, hands=[cards_from_str("JD 9C"), cards_from_str("KC QC")],
                                    stock=cards_from_str("7S 8S"), discard=cards_from_str("JC"), suit=2)
    with pytest.raises(IllegalMove) as refused:
        state.apply(Move.parse("JD>S"))
    assert reason_text(refused.value) == "Den Karo-Buben darfst du nicht auf den Kreuz-Buben legen: " \
                                         "kein Wünscher auf einen Wünscher."
    state = HandState.from_position(rules, hands=[cards_from_str("9H 9C"), cards_from_str("KC QC")],
                                    stock=cards_from_str("7S 8S"), discard=cards_from_str("9S"))
    hint = explain(view_of(state, 0), Move.parse("last"))
    assert hint_text(hint) == "Sag jetzt „Mau“: Das kostet nichts und erspart dir eine Strafe."
    with pytest.raises(IllegalMove) as refused:
        HandState.from_position(rules, hands=[cards_from_str("KS 9C 7D"), cards_from_str("KC QC")],
                                stock=cards_from_str("7S 8S"), discard=cards_from_str("9H")).apply(Move.parse("last"))
    assert "„Mau“ kannst du nur sagen" in reason_text(refused.value)
