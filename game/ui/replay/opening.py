"""Opening a replay: a recent match from the statistics screen, or a record file the player picks."""
from __future__ import annotations

from pathlib import Path

from game.session import default_table
from game.session.replay import Replay
from game.store import RecordFileError
from game.store.saved_game import import_saved_game

from ..i18n import _
from ..problems import problem_clause, problem_text
from ..scenes.loading import run_in_slices


def open_replay(app, saved, source: str) -> bool:
    """Replay ``saved`` (a SavedGame) over the current screen, ``source`` (its date, its file) in the title;
    False, with a notice, when it cannot be. A record that stops short says so in the replay's own panel."""
    failed: list[ValueError] = []

    def unplayable(error: ValueError) -> None:  # SavedGameError: the record does not replay
        failed.append(error)
        app.notify(_("This match cannot be replayed: {reason}").format(reason=problem_clause(error)), problem=True)

    # A long record replays a slice a frame, with its progress shown.
    steps = Replay.building(saved, lambda players: default_table(app.settings.player_name, players))
    run_in_slices(app, steps, _("Preparing the replay…"), lambda replay: app.go("replay", replay, source), unplayable)
    return not failed


def open_record_file(app, path: Path) -> bool:
    """Replay the record file at ``path``; False, with a notice saying why, for a file that cannot be."""
    try:
        saved = import_saved_game(path)
    except RecordFileError as error:
        app.notify(problem_text(error), problem=True)
        return False
    return open_replay(app, saved, Path(path).stem)
