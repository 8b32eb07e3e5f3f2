"""Two people at one computer: New game seats a person by name, the table opens on "Pass to …", every hand
is hidden between two people's turns, each sees only their own cards, and the last-card call stays open."""
from __future__ import annotations

import os

import pygame

from game.rules import MoveKind, preset
from game.session import Seat
from game.ui.sessions import new_session
from game.ui.table import TableScene
from game.ui.table.pass_screen import PassScene

SHOTS = os.environ.get("SEATS_SHOTS")   # a folder to save the screens in, when looking at them


def _shot(app, name):
    if SHOTS:
        for _ in range(3):
            app.step(1 / 60)
        app.draw()
        pygame.image.save(app.screen, os.path.join(SHOTS, f"{name}.png"))


def _hot_seat_table(app, ui, seed=5):
    seats = [Seat("Tess", "human"), Seat("Bruno", "human"), Seat("Ada", "easy")]
    session = new_session(app, preset("crazy_eights", 3), seed, seats)
    table = app.go("table", session)
    ui.step(3)
    return table


def _until(ui, condition, frames=4000):
    for _ in range(frames):
        if condition():
            return
        ui.step()
    raise AssertionError("never happened")


def test_the_table_passes_between_people_and_hides_every_hand(app, ui):
    table = _hot_seat_table(app, ui)
    session = table.session
    first = session.human
    assert isinstance(app.scenes.top, PassScene) and app.scenes.top.seat == first
    assert not any(isinstance(s, TableScene) for s in app.scenes.visible())   # the table is not drawn at all
    _shot(app, "pass_at_start")
    ui.key(pygame.K_SPACE)
    assert app.scenes.top is table and session.viewer == first
    passes, hidden_seen = 0, False
    for _turn in range(40):
        _until(ui, lambda: isinstance(app.scenes.top, PassScene) or session.human_turn() or session.hand_over)
        if session.hand_over:
            break
        if isinstance(app.scenes.top, PassScene):
            passing = app.scenes.top
            before = session.viewer
            assert passing.seat == session.human != before
            _shot(app, f"pass_{passes}")
            ui.key(pygame.K_SPACE)
            passes += 1
            assert session.viewer == passing.seat and table.board.viewer == passing.seat
        # Only the cards of the person holding the device are face up in anyone's hand.
        mine = set(session.view().my_cards)
        hands = {sprite.card for sprite in table.board.sprites
                 if sprite.zone[0] == "hand" and sprite.card >= 0}
        assert hands <= mine, [(s.card, s.zone, s.remove_when_done) for s in table.board.sprites if s.card in hands - mine]
        assert table.painter.banner_text()[0] == f"Your turn, {session.name(session.viewer)}"
        if passes == 1:
            _shot(app, "bruno_turn")
        move = next((m for m in session.view().my_moves if m.kind == MoveKind.PLAY), session.view().my_moves[0])
        holder = session.viewer
        assert table.human_move(move)
        if session.computer_to_act() is not None and not session.can_call_last_card(holder):
            # A computer's turn: the holder's own cards lie face down too (others may be looking).
            ui.step(30)
            in_hand = [s for s in table.board.sprites if s.zone == ("hand", holder) and not s.remove_when_done]
            assert in_hand and all(s.card < 0 for s in in_hand)
            hidden_seen = True
            _shot(app, "computer_turn_hidden")
        if passes >= 2 and hidden_seen:
            break
    assert passes >= 2 and hidden_seen


def test_the_last_card_call_stays_open_on_the_pass_screen(app, ui):
    seats = [Seat("Tess", "human"), Seat("Bruno", "human")]
    session = new_session(app, preset("switch", 2), 3, seats)   # Switch: "last card" is called
    # Play until a person is about to go down to one card, then let them forget the call.
    table = app.go("table", session)
    ui.step(3)
    ui.key(pygame.K_SPACE)
    for _ in range(200):
        _until(ui, lambda: isinstance(app.scenes.top, PassScene) or session.human_turn() or session.hand_over)
        if session.hand_over:
            break
        if isinstance(app.scenes.top, PassScene):
            passing = app.scenes.top
            if passing.last_card_button is not None:
                _shot(app, "pass_last_card")
                caller = passing.previous
                ui.key(pygame.K_l)
                assert any(e.kind == "last_card_called" and e.player == caller
                           for e in session.history[-1].events)
                assert passing.last_card_button is None
                return
            ui.key(pygame.K_SPACE)
            continue
        view = session.view()
        plays = [m for m in view.my_moves if m.kind == MoveKind.PLAY]
        move = plays[0] if plays else next(m for m in view.my_moves if m.kind != MoveKind.LAST_CARD)
        assert table.human_move(move)
    raise AssertionError("no one went down to one card without calling")


def _type(ui, text: str) -> None:
    for character in text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=character))
    ui.step(2)


def test_new_game_seats_a_person_by_name_and_offers_the_name_again(make_app, ui):
    from game.ui.scenes.new_game import NewGameScene

    app = make_app((960, 600))
    ui.app = app
    scene = app.go("new_game")
    ui.step(2)
    first_menu = next(menu for menu, index in scene.level_menus.items() if index == 0)
    ui.choose(first_menu, "Person")
    assert scene.levels[0] == "human" and len(scene.name_entries) == 1
    [entry] = scene.name_entries
    ui.click(entry)
    for _ in range(len(entry.get_text())):
        ui.key(pygame.K_BACKSPACE)
    _type(ui, "Mia")
    assert scene.seats()[1] == Seat("Mia", "human")
    _shot(app, "new_game_person_960x600")
    ui.click(ui.button("Start"))
    ui.step(3)
    passing = app.scenes.top
    assert isinstance(passing, PassScene)
    table = next(s for s in app.scenes if isinstance(s, TableScene))
    assert table.session.people == (0, 1) and table.session.seats[1].name == "Mia"
    again = NewGameScene(app)
    assert again.levels[0] == "human" and again.names[0] == "Mia"   # the name used is offered again


def test_the_pass_screen_fits_in_german_and_greek_at_960x600(make_app, ui):
    from game.ui import i18n

    for language in ("de", "el"):
        app = make_app((960, 600))
        ui.app = app
        app.save_settings(app.settings.__class__(**{**app.settings.__dict__, "language": language}))
        i18n.set_language(language)
        try:
            seats = [Seat("Konstantina", "human"), Seat("Bartholomäus", "human"), Seat("Ada", "easy")]
            table = app.go("table", new_session(app, preset("switch", 3), 4, seats))
            ui.step(3)
            passing = app.scenes.top
            assert isinstance(passing, PassScene)
            panel = passing.panel_rect
            assert app.screen.get_rect().contains(panel)
            for widget in passing.widgets:
                rect = widget.get_abs_rect()
                assert panel.contains(rect), (language, widget, rect, panel)
                text = getattr(widget, "text", "")
                if text and hasattr(widget, "font"):
                    assert widget.font.size(text)[0] <= rect.width, (language, text)
            _shot(app, f"pass_{language}_960x600")
            table.session.close()
        finally:
            i18n.set_language("en")


def test_statistics_show_each_persons_results_by_name(make_app, ui):
    app = make_app((960, 600))
    ui.app = app
    app.stats_store.record_finished_hand("crazy_eights", "medium", "a:hand:1", (True, 0, True), None)
    app.stats_store.record_finished_hand("switch", "people", "b:hand:1:1", (True, 0, True), True, "Mia")
    app.stats_store.record_finished_hand("switch", "people", "b:hand:1:0", (False, 12, True), False, "Tess")
    scene = app.go("statistics")
    ui.step(2)
    assert scene.player == "" and len(scene.rows) == 1 and scene.players == ["Mia", "Tess"]
    ui.choose(scene.player_menu, "Mia")
    assert scene.player == "Mia"
    [row] = scene.rows
    assert (row.preset_id, row.level, row.matches_played, row.match_win_percent) == ("switch", "people", 1, 100.0)
    ui.step(2)
    assert any("People only" in cell for cells in scene.shown_rows() for cell in cells)
    _shot(app, "statistics_mia_960x600")


def test_a_recent_match_of_several_people_names_its_winner():
    import datetime

    from game.rules import Match
    from game.store.recent import RecentMatch
    from game.store.saved_game import SavedGame
    from game.ui.scenes.recent import recent_cells

    def cells(seats):
        saved = SavedGame.of(Match(preset("crazy_eights", 3), 1), seats)
        recent = RecentMatch(datetime.datetime(2026, 1, 2, 3, 4), "crazy_eights", (1,), saved)
        return recent_cells(recent, lambda game: "Crazy Eights")

    alone = cells([Seat("Tess", "human"), Seat("Bruno", "easy"), Seat("Ada", "easy")])
    assert alone[2] == "Bruno, Ada" and alone[3] == "You lost"
    together = cells([Seat("Tess", "human"), Seat("Bruno", "human"), Seat("Ada", "easy")])
    assert together[2] == "Tess, Bruno, Ada" and together[3] == "Bruno"
