"""A record file the player brings in: imported to play on, or replayed, as fits.

Importing replaces the match in play (or the one saved for Continue): like New game, it asks
first, and the match given up counts as abandoned. A file dropped onto the window opens here too:
a finished match in the replay viewer, an unfinished one at the table to play on.
"""
from __future__ import annotations

from pathlib import Path

from game.store import RecordFileError

from .i18n import _
from .problems import os_error_words, problem_text, unplayable_file_text
from .replay.opening import open_replay
from .safe_text import safe_text
from .scenes.loading import run_in_slices
from .sessions import match_desk, resume_steps


def open_dropped_file(app, path: Path) -> bool:
    """A file dropped onto the window: a finished match replays, an unfinished one is imported to play
    on (asking first when it would replace a match). False, with a notice, for a file that cannot be."""
    path = Path(path)
    try:
        saved = match_desk(app).read_record(path)
    except RecordFileError as error:
        app.notify(problem_text(error), problem=True)
        return False

    def loaded(session) -> None:
        if session.over:
            session.close()
            open_replay(app, saved, path.stem)
        else:
            _ask_then_open(app, session, file_name, None)

    file_name = safe_text(path.name, max_chars=60)   # a file name from disk may hold anything
    return _load(app, saved, file_name, _default_seats(app), loaded)


def play_imported(app, saved, file_name: str, seats_for=None, on_done=None) -> bool:
    """Play ``saved`` on at a new table. Over a match in play or saved for Continue, ask first, and count
    the one given up as abandoned. ``on_done()`` runs once the new table opens (e.g. to close the pause
    overlay). False, with a notice, when the record cannot be played."""
    file_name = safe_text(file_name, max_chars=60)   # a file name from disk may hold anything
    return _load(app, saved, file_name, seats_for or _default_seats(app),
                 lambda session: _ask_then_open(app, session, file_name, on_done))


def _default_seats(app):
    from game.session import default_table  # the session loads with the first table

    return lambda players: default_table(app.settings.player_name, players)


def _load(app, saved, file_name: str, seats_for, loaded) -> bool:
    """Replay ``saved`` into a session a slice a frame (a long record shows its progress), then
    ``loaded(session)``; False, with a notice, when it cannot be played."""
    failed: list[ValueError] = []

    def unplayable(error: ValueError) -> None:  # SavedGameError, SeatError
        failed.append(error)
        app.notify(unplayable_file_text(file_name, error), problem=True)

    run_in_slices(app, resume_steps(app, saved, seats_for), _("Loading the game record…"), loaded, unplayable)
    return not failed


def _ask_then_open(app, session, file_name: str, on_done) -> None:
    """Open the loaded ``session``; over a match in play or saved for Continue, ask first."""
    live = _match_in_play(app)
    if live is None and not app.autosave_store.exists():
        _open_table(app, session, file_name, None, on_done)
        return

    def cancelled() -> None:
        session.close()

    app.go("confirm", _("Abandon the current match?"),
           _("Importing {file} replaces the match you are playing, and it counts as abandoned in the "
             "statistics.").format(file=file_name),
           _("Abandon"), lambda: _open_table(app, session, file_name, live, on_done), on_cancel=cancelled)


def _match_in_play(app):
    """The saved game of the match at a table on the stack, if one is being played by the person."""
    for scene in app.scenes:
        session = getattr(scene, "session", None)
        if session is not None and getattr(session, "human", None) is not None and not session.over:
            return session.saved_game()
    return None


def _open_table(app, session, file_name: str, live, on_done) -> None:
    """Count the replaced match as abandoned (the one at the table, else the one saved), then open the
    imported one."""
    try:
        match_desk(app).give_up(live)
    except OSError as error:
        app.notify(_("The saved match could not be deleted: {error}").format(error=os_error_words(error)),
                   problem=True)
    if on_done is not None:
        on_done()
    app.main_menu()
    app.go("table", session)
    app.notify(_("Game record {name} loaded.").format(name=file_name))
