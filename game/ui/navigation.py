"""Scenes by name: ``app.go("new_game")`` opens a scene without importing it.

Scenes never import each other; they ask the app for the next one by name,
and this module is the one place that knows which class each name is. That
keeps the UI free of import cycles.
"""
from __future__ import annotations

from .scenes.menu import MainMenuScene
from .scenes.message import ConfirmScene, MessageScene
from .scenes.new_game import NewGameScene
from .scenes.pause import PauseScene
from .scenes.rules import RulesScene
from .scenes.settings import SettingsScene
from .scenes.statistics import StatisticsScene
from .table.results import HandResultScene, MatchResultScene
from .table.scene import TableScene

SCENES = {
    "menu": MainMenuScene,
    "new_game": NewGameScene,
    "rules": RulesScene,
    "settings": SettingsScene,
    "statistics": StatisticsScene,
    "message": MessageScene,
    "confirm": ConfirmScene,
    "pause": PauseScene,
    "table": TableScene,
    "hand_result": HandResultScene,
    "match_result": MatchResultScene,
}

#: How a new scene joins the stack: on top, instead of the top one, or alone.
HOW = ("push", "replace", "clear")


class UnknownScene(KeyError):
    """No scene has that name."""


def create(app, name: str, *args, **kwargs):
    """A new scene ``name`` for ``app`` (arguments as the scene's constructor takes them)."""
    try:
        scene_class = SCENES[name]
    except KeyError:
        raise UnknownScene(f"no scene is called {name!r}; the scenes are {', '.join(SCENES)}") from None
    return scene_class(app, *args, **kwargs)
