"""The match analysis screen on the dummy video driver: opened with A from the hand result, progress while
the workers run, then driven with real keys and clicks (next decision, next error, one player), and the
analysis exported as a text file in the records folder."""
from __future__ import annotations

import random

import pygame
import pytest

from game.ai import EasyBot, MediumBot
from game.rules import Match, preset
from game.session import Seat
from game.session.match_review import AnalysisSource, analyse_match
from game.ui.sessions import session_for
from tests.ui.conftest import Driver

SEATS = [Seat("Tess", "human"), Seat("Ada", "easy"), Seat("Bruno", "medium")]


def finished_hand(app, seed=11):
    rules = preset("crazy_eights", 3).replace(match_end="single_hand")
    table = app.go("table", session_for(app, Match(rules, seed), SEATS))
    app.step(1 / 60)
    bots, rng = {"human": EasyBot(), "easy": EasyBot(), "medium": MediumBot()}, random.Random(3)
    while not table.session.match.hand.over:
        seat = table.session.match.current_seat
        table.session.apply(bots[table.session.seats[seat].kind].choose(table.session.match.view(seat), rng))
    table.resync(animate=False)
    return table, app.go("hand_result", table)


def key(ui, code, mod=0):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode=""))
    ui.step()


def test_a_opens_the_analysis_which_works_in_the_background_and_escape_stops_it(make_app):
    from game.ui.analysis.scene import MatchAnalysisScene

    app = make_app((960, 600))
    ui = Driver(app)
    _table, _result = finished_hand(app)
    ui.step(30)
    key(ui, pygame.K_a)
    scene = app.scenes.top
    assert isinstance(scene, MatchAnalysisScene) and scene.source.hands == (1,)
    ui.step(5)
    done, total = scene.progress
    assert scene.analysis is None and total > 5 and done < total     # the frames go on while workers work
    key(ui, pygame.K_ESCAPE)
    assert app.scenes.top is not scene and scene.job is None


def test_keys_and_clicks_walk_the_decisions_and_export_writes_a_readable_file(make_app, home):
    from game.ui.analysis.scene import MatchAnalysisScene

    app = make_app((1280, 720))
    ui = Driver(app)
    table, _result = finished_hand(app)
    source = AnalysisSource.of_session(table.session, (1,))
    scene = app.go("match_analysis", source)
    scene.close()                                                   # the full analysis takes a while: a cheap one
    scene._keep(analyse_match(source.record, (1,), rollouts=60, luck_worlds=12))
    ui.step(3)
    analysis = scene.analysis
    decisions = analysis.decisions
    assert scene.index == decisions[0] and len(scene.row_rects) == min(7, len(analysis.items[decisions[0]].ranked))
    key(ui, pygame.K_RIGHT)
    assert scene.index == decisions[1]
    key(ui, pygame.K_LEFT)
    assert scene.index == decisions[0]
    marked = [i for i, item in enumerate(analysis.items) if item.mark]
    assert marked, "this hand's Easy players make a marked error"
    start = scene.index
    following = next((i for i in marked if i > start), marked[0])     # the next error, wrapping round
    key(ui, pygame.K_n)
    assert scene.index == following and analysis.items[scene.index].mark
    key(ui, pygame.K_n, pygame.KMOD_SHIFT)
    assert scene.index == next((i for i in reversed(marked) if i < following), marked[-1])
    key(ui, pygame.K_p)                                             # one player: seat 0 first
    assert scene.player == 0 and all(analysis.items[i].seat == 0 for i in scene.shown_decisions())
    ui.click_at(scene.player_rects[2].center)
    assert scene.player == 2 and analysis.items[scene.index].seat == 2
    ui.click_at(scene.player_rects[2].center)                       # again: everyone's
    assert scene.player is None
    screen = app.screen.get_rect()
    for rect in list(scene.player_rects.values()) + scene.row_rects:
        assert screen.contains(rect) and scene.panel.contains(rect)
    # E asks for a name in the records folder; the file is written beside the records, as text.
    key(ui, pygame.K_e)
    assert app.scenes.top.__class__.__name__ == "RecordsScene"
    app.pop()
    assert isinstance(app.scenes.top, MatchAnalysisScene)
    folder = app.folders.records_dir
    assert scene.write_export(folder / "Sunday.json")
    written = folder / "Sunday.txt"
    text = written.read_text(encoding="utf-8")
    assert "Tess" in text and "Ada" in text and "Bruno" in text and "Hand 1" in text
    assert scene.write_export(folder / "Sunday.json") and (folder / "Sunday (2).txt").exists()
    assert written.read_text(encoding="utf-8") == text               # the first file is kept


def test_the_replay_viewer_opens_the_analysis_of_the_whole_record_on_the_hand_shown(make_app):
    from game.session import Replay
    from game.store.saved_game import SavedGame
    from game.ui.analysis.scene import MatchAnalysisScene

    app = make_app((1280, 720))
    ui = Driver(app)
    match = Match(preset("crazy_eights", 2), 3)
    medium, rng = MediumBot(), random.Random(1)
    for number in range(2):
        if number:
            match.start_next_hand()
        while not match.hand.over:
            match.apply(medium.choose(match.view(match.current_seat), rng))
    scene = app.go("replay", Replay.of(SavedGame.of(match, [Seat("Tess", "human"), Seat("Ada", "medium")])), "x")
    ui.step(3)
    scene.go_to(scene.replay.hand_starts[1] + 2)
    ui.click(scene.analysis_button)
    analysis = app.scenes.top
    assert isinstance(analysis, MatchAnalysisScene)
    assert analysis.source.hands is None and analysis.source.first_hand == 2
    assert analysis.source.names == ("Tess", "Ada") and analysis.job is not None
    key(ui, pygame.K_ESCAPE)
    assert app.scenes.top is scene and analysis.job is None
    key(ui, pygame.K_a)
    assert isinstance(app.scenes.top, MatchAnalysisScene)
    key(ui, pygame.K_ESCAPE)


@pytest.mark.parametrize("language", ["en", "de", "el", "nb"])
def test_the_key_hint_is_never_cut_short_at_960_by_600(make_app, language):
    """The German hint ended in "E: exp…": at the smallest size the line may take, it fits whole."""
    import dataclasses

    from game.ui import i18n
    from game.ui.table.sprites import MAX_FITTED_CHARACTERS

    app = make_app((960, 600))
    app.save_settings(dataclasses.replace(app.settings, language=language))
    ui = Driver(app)
    table, _result = finished_hand(app)
    scene = app.go("match_analysis", AnalysisSource.of_session(table.session, (1,)))
    scene.close()
    ui.step(2)
    keys = i18n._("Left/Right: decisions · N: next error · P: one player · E: export")
    assert len(keys) < MAX_FITTED_CHARACTERS
    room = scene.browser_left() - scene.panel.left - scene.px(28)
    smallest = max(8, int(max(10, scene.px(13)) * 0.6))     # TextCache.fit shrinks no further, then trims
    assert scene.text.font(smallest).size(keys)[0] <= room, keys
