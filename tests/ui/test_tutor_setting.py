"""The tutor's setting on the Settings screen: off at first, ticked with a real click, saved at once,
and read back as it was written (a damaged value is reset by the store's checks)."""
from __future__ import annotations

import json

from game.store import Settings, SettingsStore, UserFolders
from game.ui.scenes.settings import SettingsScene


def test_ticking_the_tutor_saves_it_and_a_new_start_keeps_it(app, ui, home):
    assert app.settings.tutor_mode is False
    app.push(SettingsScene(app))
    ui.step()
    scene = app.scenes.top
    assert scene.tutor_box.get_state() is False
    ui.click(scene.tutor_box)
    assert app.settings.tutor_mode is True
    saved = json.loads((home / "config" / "settings.json").read_text())["data"]
    assert saved["tutor_mode"] is True
    loaded, problem = SettingsStore(UserFolders.default()).load()
    assert loaded.tutor_mode is True and problem is None
    ui.click(scene.tutor_box)
    assert app.settings.tutor_mode is False


def test_a_damaged_tutor_value_is_reset_and_named(home):
    folders = UserFolders.default()
    store = SettingsStore(folders)
    store.save(Settings(tutor_mode=True))
    path = home / "config" / "settings.json"
    document = json.loads(path.read_text())
    document["data"]["tutor_mode"] = "sometimes"
    path.write_text(json.dumps(document))
    loaded, problem = store.load()
    assert loaded.tutor_mode is False
    assert problem is not None and "tutor_mode" in problem.params["fields"]
