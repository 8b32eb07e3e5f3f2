"""Scenes by name: ``app.go("new_game")`` opens a scene without importing it.

Scenes never import each other; they ask the app for the next one by name,
and this module is the one place that knows which class each name is. That
keeps the UI free of import cycles.
"""
from __future__ import annotations

import importlib

#: Each scene's module and class. Modules load when their scene first opens, so that the main
#: menu starts without loading the table, the rules or the computer players.
SCENES = {
    "menu": "game.ui.scenes.menu:MainMenuScene",
    "new_game": "game.ui.scenes.new_game:NewGameScene",
    "friends": "game.ui.scenes.friends:FriendsScene",
    "host_table": "game.ui.scenes.host_table:HostTableScene",
    "join_table": "game.ui.scenes.join_table:JoinTableScene",
    "guest_lobby": "game.ui.scenes.guest_lobby:GuestLobbyScene",
    "rules": "game.ui.scenes.rules:RulesScene",
    "settings": "game.ui.scenes.settings:SettingsScene",
    "sound_settings": "game.ui.scenes.sound_settings:SoundSettingsScene",
    "keys": "game.ui.scenes.keys:KeyHelpScene",
    "statistics": "game.ui.scenes.statistics:StatisticsScene",
    "message": "game.ui.scenes.message:MessageScene",
    "confirm": "game.ui.scenes.message:ConfirmScene",
    "already_open": "game.ui.scenes.message:AlreadyOpenScene",
    "pause": "game.ui.scenes.pause:PauseScene",
    "pass_device": "game.ui.table.pass_screen:PassScene",
    "records": "game.ui.scenes.records:RecordsScene",
    "table": "game.ui.table.scene:TableScene",
    "lessons": "game.ui.scenes.lessons:LessonsScene",
    "lesson_table": "game.ui.table.lesson:LessonTableScene",
    "hand_result": "game.ui.table.results:HandResultScene",
    "history": "game.ui.table.history:HistoryScene",
    "hand_review": "game.ui.table.review:HandReviewScene",
    "match_result": "game.ui.table.results:MatchResultScene",
    "replay": "game.ui.replay.scene:ReplayScene",
    "match_analysis": "game.ui.analysis.scene:MatchAnalysisScene",
    "quiz": "game.ui.scenes.quiz:QuizScene",
}

#: How a new scene joins the stack: on top, instead of the top one, or alone.
HOW = ("push", "replace", "clear")


class UnknownScene(KeyError):
    """No scene has that name."""


def create(app, name: str, *args, **kwargs):
    """A new scene ``name`` for ``app`` (arguments as the scene's constructor takes them)."""
    return scene_class(name)(app, *args, **kwargs)


def scene_class(name: str):
    """The class of the scene called ``name``; raises UnknownScene."""
    try:
        module_name, _, class_name = SCENES[name].partition(":")
    except KeyError:
        raise UnknownScene(f"no scene is called {name!r}; the scenes are {', '.join(SCENES)}") from None
    return getattr(importlib.import_module(module_name), class_name)
