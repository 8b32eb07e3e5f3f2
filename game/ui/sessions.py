"""Table sessions wired to the app: its autosave, its statistics, the player's thinking budget, and a
notice when either store cannot be written.

``game.session`` is imported when a table opens, not when the main menu starts: it brings the
rules, the computer players and the worker pool, which the menu does not need.
"""
from __future__ import annotations

from .i18n import _, shown_player_name
from .problems import os_error_words, problem_text


def match_desk(app):
    """The app's ``game.session.MatchDesk``: Continue, giving a match up, importing a record, the recent
    matches, and every new or resumed session, all on the app's stores."""
    from game.session.matches import MatchDesk

    options = _store_options(app)
    return MatchDesk(options.pop("autosave"), options.pop("statistics"), options.pop("recent"),
                     options.pop("journal"), **options)


def new_session(app, rules, seed: int, seats):
    """A ``TableSession`` for a new match under ``rules`` dealt from ``seed``, with ``seats``
    (``game.session.Seat``), saving to the app's stores."""
    return match_desk(app).new_session(rules, seed, seats)


def session_for(app, match, seats):
    """A ``TableSession`` for a match already built (tools and tests), saving to the app's stores."""
    return match_desk(app).session_for(match, seats)


def resume_session(app, saved, seats_for=None):
    """Replay a saved game into a ``TableSession`` saving to the app's stores; ``seats_for(players)``
    stands in for missing seats. Raises ValueError (SavedGameError, SeatError) saying why it cannot be played.
    """
    from game.rules import finish

    return finish(resume_steps(app, saved, seats_for))


def resume_steps(app, saved, seats_for=None):
    """``resume_session`` in slices (``TableSession.resuming``): a generator yielding progress and
    returning the session, for ``scenes.loading.run_in_slices``."""
    return match_desk(app).resume_steps(saved, seats_for)


def load_lesson_progress(app):
    """The lessons' progress from the app's data folder (a damaged file is set aside and the player told)."""
    from game.store.lessons import LessonProgressStore

    progress, problem = LessonProgressStore(app.folders).load()
    if problem is not None:
        app.notify(problem_text(problem), seconds=10.0, problem=True)
    return progress


def store_problem_text(store: str, problem) -> str:
    """The notice for a store the session could not write (``store``: AUTOSAVE, STATISTICS or RECENT, and
    ``problem`` the error), or for a file it set aside (NOTICE, ``problem`` the store's LoadProblem)."""
    if store == "notice":  # game.session.NOTICE
        return problem_text(problem)
    reason = os_error_words(problem)
    if store == "recent":  # game.session.RECENT
        return _("The match could not be kept in the list of recent matches ({reason}).").format(reason=reason)
    if store == "autosave":  # game.session.AUTOSAVE; the session module loads with the table
        return _("The match could not be saved ({reason}). Play goes on; saving is tried again after every "
                 "move.").format(reason=reason)
    return _("The statistics could not be saved ({reason}). Play goes on; they are tried again after every "
             "move.").format(reason=reason)


def store_problem_reporter(app):
    """``report_problem(store, problem)`` for a table's stores: a notice the player sees and hears."""
    def report_problem(store: str, problem) -> None:
        app.notify(store_problem_text(store, problem), seconds=10.0, problem=True)

    return report_problem


def _store_options(app) -> dict:
    return {"autosave": app.autosave_store, "statistics": app.stats_store,
            "think_budget_ms": app.settings.ai_think_budget_ms, "report_problem": store_problem_reporter(app),
            "recent": app.recent_store, "journal": app.journal, "shown_name": shown_player_name}
