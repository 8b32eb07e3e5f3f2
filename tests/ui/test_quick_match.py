"""Quick matches: every game can be played as one hand or a few, whatever its usual end."""
from __future__ import annotations

import pytest

from game.rules import PRESETS
from game.ui.scenes.new_game import NewGameScene, default_match_key, match_options


def open_new_game(app, ui):
    from game.ui.scenes.menu import MainMenuScene

    app.scenes.clear_to(MainMenuScene(app))
    ui.step(2)
    ui.click(ui.button("New game"))
    return app.scenes.top


@pytest.mark.parametrize("preset_id", sorted(PRESETS))
def test_every_game_can_be_played_as_one_hand_or_a_few(preset_id):
    options = {key: changes for key, _label, changes in match_options(preset_id)}
    assert any(changes.get("match_end") == "single_hand" or changes.get("fixed_hands") == 1
               for changes in options.values())
    assert any(changes.get("match_end") == "fixed_hands" and changes["fixed_hands"] <= 5 for changes in options.values())
    assert default_match_key(preset_id) in options
    # The default leaves the preset's own end as it is.
    default_changes = options[default_match_key(preset_id)]
    assert all(getattr(PRESETS[preset_id], name) == value for name, value in default_changes.items())


def test_classic_crazy_eights_starts_a_one_hand_match_and_remembers_it(app, ui, make_app):
    scene = open_new_game(app, ui)
    assert scene.preset_id == "crazy_eights" and scene.match_key == "target:100"
    ui.choose(scene.match_menu, "One hand")
    scene = app.scenes.top
    assert scene.rules is not None and scene.rules.match_end == "single_hand"
    ui.click(ui.button("Start"))
    table = app.scenes.top
    assert table.session.match.rules.match_end == "single_hand"
    again = NewGameScene(make_app())
    assert again.match_key == "single" and again.rules.match_end == "single_hand"


def test_first_to_100_can_be_three_hands(app, ui):
    scene = open_new_game(app, ui)
    scene.set_preset("swedish_rummy")
    ui.step(2)
    scene = app.scenes.top
    ui.choose(scene.match_menu, "3 hands")
    scene = app.scenes.top
    assert scene.rules.match_end == "fixed_hands" and scene.rules.fixed_hands == 3
    assert scene.rules.scoring == "winner_collects"
