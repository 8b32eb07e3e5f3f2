"""A guest's own statistics through the real screens: joined by the join screen (a real host on localhost),
the guest plays the match to its end, its result is in this computer's statistics under the name it joined
with, and the statistics screen shows it as a "Network table" row, with a note saying what that means."""
from __future__ import annotations

import random

from game.rules import MoveKind
from game.session import NETWORK
from game.ui.table import TableScene

from tests.ui.test_network_play import quick, run_until, served_table, type_into  # noqa: F401 - served_table: a fixture


def test_a_guest_finishes_a_match_and_its_statistics_show_a_network_table_row(make_app, ui, served_table):  # noqa: F811
    host, state = served_table
    app = make_app((960, 600))
    ui.app = app
    quick(app)
    join = app.go("join_table")
    ui.step(2)
    for key, text in (("name", "Zoë"), ("address", "127.0.0.1"), ("port", str(host.address[1])), ("code", "K7QM")):
        type_into(ui, join.entries[key], text)
    ui.click(ui.button("Join"))
    assert run_until(ui, lambda: isinstance(app.scenes.top, TableScene)), join.status
    table = app.scenes.top
    state["playing"] = True
    rng = random.Random(8)

    def frame():
        if table.session.human_turn() and not table.board.moving and app.scenes.top is table:
            moves = [m for m in table.session.view().my_moves if m.kind != MoveKind.LAST_CARD]
            table.human_move(rng.choice(moves or list(table.session.view().my_moves)))

    def counted():
        return app.stats_store.load()[0].entry("crazy_eights", NETWORK, "Zoë").matches_played == 1
    assert run_until(ui, counted, 60, also=frame), "the guest's match was not counted"
    winners = host.session.winners
    entry = app.stats_store.load()[0].entry("crazy_eights", NETWORK, "Zoë")
    assert (entry.hands_played, entry.matches_won) == (1, 1 in winners)
    assert app.stats_store.load()[0].summary_rows() == []   # nothing under the player against the computer

    # From the main menu to the statistics, and Zoë's results by name.
    app.main_menu()
    ui.step(2)
    ui.click(ui.button("Statistics"))
    scene = app.scenes.top
    assert type(scene).__name__ == "StatisticsScene" and scene.players == ["Zoë"]
    ui.choose(scene.player_menu, "Zoë")
    scene = app.scenes.top
    assert scene.player == "Zoë"
    ui.step(2)
    [cells] = scene.shown_rows()
    assert cells[:3] == ["Crazy Eights", "Network table", "1"]
    assert "Network table: matches you joined at a table hosted on another computer." in scene.note.html_text
    assert "Practice:" not in scene.note.html_text
