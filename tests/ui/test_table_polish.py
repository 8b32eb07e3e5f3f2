"""The table after a player's-eye test: undo and practice, the Undo button's state, the hint, Escape at the result."""
from __future__ import annotations

import dataclasses

import pygame
import pytest

from game.rules import Match, Move, preset
from game.store import StatisticsStore
from game.ui.scenes.statistics import StatisticsScene
from tests.ui.test_table import (C8, app, card_point, click, find_seed, key, open_table, playable,  # noqa: F401
                                 run_until, step)

PRACTICE_NOTICE = ("Taking back a move makes this match practice: its results count apart in your statistics.")


def play_a_card_and_wait_for_my_turn(app, table) -> None:
    card = sorted(playable(table.session.match))[0]
    click(app, card_point(table, card))
    if table.chooser is not None:
        key(app, pygame.K_h)  # name hearts
    run_until(app, lambda: table.human_turn() or table.session.match.hand.over, limit=20)


def test_the_first_take_back_says_the_match_is_now_practice_and_later_ones_do_not(app):
    app.settings = dataclasses.replace(app.settings, animation_speed="fast", computer_speed="fast")
    table = open_table(app, C8, find_seed(C8, lambda m: playable(m)))
    assert not table.session.practice
    play_a_card_and_wait_for_my_turn(app, table)
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    assert table.session.practice
    assert table.effects.toast[0] == PRACTICE_NOTICE
    play_a_card_and_wait_for_my_turn(app, table)
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    assert table.effects.toast[0] == "Taken back: your last move and everything since."


def test_the_practice_notice_is_drawn_whole_on_a_small_window(app):
    from game.ui.table.toast import toast_image

    app.resize((960, 600))
    table = open_table(app, C8, seed=3)
    lay = table.board.layout
    image = toast_image(table.text, PRACTICE_NOTICE, int(lay.font_size), int(lay.size[0] * 0.6))
    one_line = table.text.render(PRACTICE_NOTICE, int(lay.font_size), bold=True)
    assert image.get_width() <= lay.size[0] * 0.6
    assert image.get_height() >= one_line.get_height() * 2, "the long notice goes on two lines, not cut"
    # Two lines go where the turn banner is (it waits under them), clear of the suit above.
    from game.ui.table.toast import covers_banner

    table.effects.show_toast(PRACTICE_NOTICE, seconds=6.0, kind="hint")
    assert covers_banner(table.text, table.effects, lay)
    table.effects.show_toast("Taken back: your last move and everything since.", kind="hint")
    assert not covers_banner(table.text, table.effects, lay)


def test_the_statistics_note_says_what_practice_means_only_when_a_practice_row_shows(app):
    store = StatisticsStore(app.folders)
    store.record_hand("crazy_eights", "hard", True, 0, True)
    app.push(StatisticsScene(app))
    step(app)
    assert "Practice" not in app.scenes.top.note.html_text
    store.record_hand("crazy_eights", "practice", True, 0, True)
    app.scenes.pop()
    app.push(StatisticsScene(app))
    step(app)
    scene = app.scenes.top
    assert "Practice" in [cell for row in scene.shown_rows() for cell in row]
    assert "Practice: matches in which you took back a move" in scene.note.html_text


def test_the_undo_button_is_lit_only_when_undo_would_be_allowed(app):
    app.settings = dataclasses.replace(app.settings, animation_speed="fast", computer_speed="fast")
    table = open_table(app, C8, find_seed(C8, lambda m: playable(m)))
    undo = table.input.buttons["undo"]
    assert undo.visible and not undo.is_enabled
    assert undo.tool_tip_text == "There is no move of yours to take back in this hand."
    # Greyed out, it still says why when the pointer rests on it.
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=undo.rect.center, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.mouse.set_pos(undo.rect.center)   # pygame_gui reads the pointer from pygame.mouse
    step(app, 20, dt=0.1)
    assert undo.tool_tip is not None
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 300), rel=(0, 0), buttons=(0, 0, 0)))
    pygame.mouse.set_pos((5, 300))
    step(app, 2)
    play_a_card_and_wait_for_my_turn(app, table)
    step(app)
    assert undo.is_enabled and undo.tool_tip_text == "Take back your last move (Ctrl+Z)"
    click(app, undo.rect.center)
    step(app, 2)
    assert table.session.practice and not undo.is_enabled


def test_the_undo_state_is_worked_out_once_per_position_not_every_frame(app, monkeypatch):
    table = open_table(app, C8, find_seed(C8, lambda m: playable(m)))
    asked = []
    real = table.session.undo_refusal   # the table asks its session why undo would be refused
    monkeypatch.setattr(table.session, "undo_refusal", lambda: asked.append(table.session.version) or real())
    table.input.undo_checked_for = None
    step(app, 30)
    assert len(asked) == 1
    table.human_move(Move("draw") if Move("draw") in table.session.match.legal_moves() else Move.play(playable(table.session.match)[0]))
    step(app, 3)
    assert len(asked) >= 2 and len(asked) == len(set(asked)), "once for each position, no more"


def hand_result_over(app, players: int = 4):
    """A table whose first hand has just ended, with its hand result on top."""
    from game.ui.table.results import HandResultScene

    rules = preset("crazy_eights", players)
    table = open_table(app, rules, seed=5)
    for _turn in range(3000):
        if table.session.match.hand.over:
            break
        table.session.apply(table.session.match.legal_moves()[0])
    table._hand_finished()
    run_until(app, lambda: isinstance(app.scenes.top, HandResultScene))
    return table, app.scenes.top


def test_escape_at_the_hand_result_opens_the_pause_menu_and_resume_comes_back(app):
    from game.ui.scenes.pause import PauseScene

    table, result = hand_result_over(app)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scenes.top, PauseScene) and app.scenes.top.table is table
    key(app, pygame.K_ESCAPE)  # Escape resumes: back to the result, still waiting for Next hand
    assert app.scenes.top is result
    click(app, result.menu_button.rect.center)
    step(app, 3)  # pygame_gui tells the scene about the press on a later frame
    assert isinstance(app.scenes.top, PauseScene)


@pytest.mark.parametrize("size", [(960, 600), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_nothing_covers_the_menu_button_at_the_hand_result(app, size):
    app.resize(size)
    _table, result = hand_result_over(app, players=7)
    step(app, 30)
    menu = result.menu_button
    assert menu.visible and app.screen.get_rect().contains(menu.rect)
    assert not result.panel.colliderect(menu.rect)
    for widget in result.widgets:
        if widget is not menu and widget.visible:
            assert not widget.rect.colliderect(menu.rect), widget
    assert result.panel.bottom <= size[1]


def test_the_suit_the_person_named_is_named_by_you_in_every_language(app):
    from game.session import table_view
    from game.ui.i18n import set_language
    from game.ui.table.painter import named_caption

    rules = preset("crazy_eights", 3)
    seed = find_seed(rules, lambda m: any(mv.suit is not None for mv in m.legal_moves()))
    table = open_table(app, rules, seed)
    wild = next(mv for mv in table.session.match.legal_moves() if mv.suit is not None)
    table.human_move(wild)
    assert table.session.view().named_by == 0
    assert named_caption(table.session.view()) == "named by you"
    view = table.session.view()
    computer = dataclasses.replace(view, named_by=1)
    assert named_caption(computer) == f"named by {view.seats[1].name}"
    try:
        for language in ("de", "el", "nb"):
            set_language(language)
            words = named_caption(view)
            assert words and words != "named by you" and "{" not in words
            assert view.seats[0].name not in words  # not "named by You" in another language
    finally:
        set_language("en")


def test_the_hinted_card_loses_its_outline_once_another_card_is_played(app):
    def two_plain_plays(match):
        return len(playable(match)) >= 2

    table = open_table(app, C8, find_seed(C8, two_plain_plays))
    key(app, pygame.K_h)
    run_until(app, lambda: table.hint_for is None)
    hint_text_shown = table.effects.toast[0]
    if table.input.selected < 0:
        pytest.skip("this position's hint is not a card")
    hinted = table.my_sprites()[table.input.selected].card
    other = next(card for card in playable(table.session.match) if card != hinted)
    click(app, card_point(table, other))
    step(app, 2)
    assert table.input.selected == -1
    assert not any(sprite.selected for sprite in table.my_sprites()), "no card keeps the hint's outline"
    assert table.effects.toast is None or table.effects.toast[0] != hint_text_shown



def named_suit_table(app):
    """A table where the person has just named a suit with a wild card (the caption shows)."""
    rules = preset("crazy_eights", 3)
    table = open_table(app, rules, find_seed(rules, lambda m: any(mv.suit is not None for mv in m.legal_moves())))
    table.human_move(next(mv for mv in table.session.match.legal_moves() if mv.suit is not None))
    step(app, 30)
    return table


def test_the_direction_arrows_pass_under_the_named_by_caption(app):
    table = named_suit_table(app)
    surface = app.screen.copy()
    crops = set()
    for angle in range(0, 360, 4):
        table.effects.ring_angle = float(angle)
        table.painter.draw(surface)
        words = table.painter.caption_rect
        crops.add(pygame.image.tobytes(surface.subsurface(words), "RGB"))
    assert len(crops) == 1, "the arrows are never drawn over the caption"


def test_the_stock_count_shows_over_a_card_flying_onto_the_stock(app):
    table = open_table(app, C8, seed=3)
    step(app, 30)
    lay = table.board.layout
    surface = app.screen.copy()
    table.painter.draw(surface)
    drawn = table.painter.stock_count_rect
    pill = drawn.inflate(-drawn.h, -6)  # inside its rounded ends and rim
    alone = pygame.image.tobytes(surface.subsurface(pill), "RGB")
    flying = next(s for s in table.board.sprites if s.zone == ("pile",))
    flying.x, flying.y = lay.stock.centerx, lay.stock.centery + lay.card_h * 0.3
    flying.z = 9999
    table.painter.draw(surface)
    assert pygame.image.tobytes(surface.subsurface(pill), "RGB") == alone


def test_a_long_log_line_goes_on_two_rows_in_the_same_type(app):
    from game.ui.table.log_lines import log_rows

    table = open_table(app, C8, seed=3)
    assets, text = app.assets, table.text
    short = log_rows(text, assets, "classic", "You draw a card", 14, (255, 255, 255), 220)
    long_rows = log_rows(text, assets, "classic", "The discards are shuffled into a new stock", 14, (255, 255, 255), 220)
    assert len(short) == 1 and len(long_rows) == 2
    assert all(row.get_height() == short[0].get_height() for row in long_rows), "not squeezed smaller"
    assert all(row.get_width() <= 220 for row in long_rows)
    table.log.append("The discards are shuffled into a new stock")
    table.painter.draw(app.screen.copy())  # the log panel draws the two rows


def test_ctrl_z_at_the_hand_result_says_why_nothing_is_taken_back(app):
    table, result = hand_result_over(app)
    assert result.effects.toast is None
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert app.scenes.top is result
    assert result.effects.toast is not None
    assert result.effects.toast[0] == "The hand is over: its moves cannot be taken back."
    assert "invalid" in app.sounds_played
    assert result.frame_rate() >= 30, "the toast fades at full rate"
    step(app, 2)
    surface = app.screen.copy()
    result.effects.toast = None
    app.draw()
    assert app.screen.get_view("2").raw != surface.get_view("2").raw, "the toast was drawn"


def test_ctrl_z_at_the_hand_result_says_undo_is_off_when_it_is(app):
    table, result = hand_result_over(app)
    app.settings = dataclasses.replace(app.settings, allow_undo=False)
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert result.effects.toast[0] == "Undo is switched off in the settings."


def test_ctrl_z_while_the_hand_result_is_on_its_way_says_why(app):
    rules = preset("crazy_eights", 4)
    table = open_table(app, rules, seed=5)
    for _turn in range(3000):
        if table.session.match.hand.over:
            break
        table.session.apply(table.session.match.legal_moves()[0])
    table._hand_finished()
    assert table.result_timer is not None
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert table.effects.toast is not None and "hand is over" in table.effects.toast[0]


def draws_in_a_row(match) -> int:
    """How many cards the person must draw in a row from the opening position before one fits."""
    count = 0
    while match.current_seat == 0 and not playable(match) and Move("draw") in match.legal_moves():
        match.apply(Move("draw"))
        count += 1
    return count


def test_a_run_of_draws_is_one_line_in_the_log_live_and_when_told_again(app):
    from game.ui.table.narration import history_lines

    seed = find_seed(C8, lambda m: draws_in_a_row(Match(C8, m.seed)) >= 3, limit=2000)
    count = draws_in_a_row(Match(C8, seed))
    table = open_table(app, C8, seed)
    before = len(table.log)
    for _draw in range(count):
        assert table.human_move(Move("draw"))
    assert list(table.log)[before:] == [f"You draw {count} cards"]
    told_again = history_lines(table.session.history, table.session.shown_seats, table.session.human)
    assert told_again[-1] == f"You draw {count} cards" and list(table.log) == told_again[-len(table.log):]
    # Seen from another seat (a spectator's words), the same run is one line with the name.
    assert history_lines(table.session.history, table.session.shown_seats, None)[-1] == \
        f"{table.session.name(0)} draws {count} cards"
    # In a replay every card is named, still on one line.
    named = history_lines(table.session.history, table.session.shown_seats, None, name_drawn=True)[-1]
    assert named.startswith(f"{table.session.name(0)} draws {count} cards: ") and named.count(",") == count - 1


@pytest.mark.parametrize("language", ["en", "de", "el", "nb"])
def test_each_suit_shows_the_key_that_names_it(app, language):
    from game.ui import i18n
    from game.ui.table.suit_chooser import SUIT_LETTERS
    from tests.ui.test_table import drag, pile_point, wild_cards

    i18n.set_language(language)
    try:
        seed = find_seed(C8, lambda m: wild_cards(m))
        for suit, letter in enumerate(SUIT_LETTERS):
            table = open_table(app, C8, seed)
            drag(app, card_point(table, wild_cards(table.session.match)[0]), pile_point(table))
            chooser = table.chooser
            step(app, 30)
            assert len(chooser.key_caps) == 4
            for cap, button in zip(chooser.key_caps, chooser.rects):
                assert button.contains(cap)
                inside = cap.inflate(-6, -6)
                colours = {tuple(app.screen.get_at((x, y)))[:3] for x in range(inside.left, inside.right)
                           for y in range(inside.top, inside.bottom)}
                assert len(colours) >= 2, "the key's letter is drawn on its cap, inside its rim"
            key(app, getattr(pygame, f"K_{letter.lower()}"))
            assert table.chooser is None and table.session.match.hand.suit == suit
            app.pop()
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("size", [(960, 600), (1280, 720)])
@pytest.mark.parametrize("language, name", [
    ("de", "Crazy Eights mit Aktionskarten"), ("el", "Crazy Eights με ειδικά φύλλα"),
    ("nb", "Crazy Eights med spesialkort"), ("en", "Crazy Eights with action cards")])
def test_the_log_heading_is_the_games_name_in_the_players_language_and_fits(app, size, language, name):
    """The longest game name, beside "All moves (Y)": whole, in the heading's own type, on two lines at most."""
    app.save_settings(dataclasses.replace(app.settings, language=language))
    app.resize(size)
    table = open_table(app, preset("crazy_eights_action", 3), seed=3)
    table.painter.draw(app.screen)
    lay = table.board.layout
    font_size, width = table.painter.log_title_room(lay)
    lines = table.painter.log_title_lines(font_size, width)
    assert " ".join(lines) == name
    assert 1 <= len(lines) <= 2
    assert width >= lay.log_rect.w // 2, "the heading keeps most of the panel beside All moves"
    for line in lines:
        assert table.text.render(line, font_size, bold=True).get_width() <= width, f"{line!r} squeezed or cut"


def test_a_records_long_own_game_name_takes_two_lines_at_most_in_the_log_heading(app):
    """A record may name its rules with one long word (40 characters, the most the rules take): it is
    broken where it must be and trimmed on the second line, never drawn past the panel."""
    app.resize((960, 600))
    rules = preset("crazy_eights", 3).replace(name=("Sonntagsrundenhausregeln" * 2)[:40])
    table = open_table(app, rules, seed=3)
    table.painter.draw(app.screen)
    font_size, width = table.painter.log_title_room(table.board.layout)
    lines = table.painter.log_title_lines(font_size, width)
    assert len(lines) == 2 and "".join(lines).startswith("Sonntagsrunden")
    for line in lines:
        assert table.text.fit(line, font_size, width, bold=True).get_width() <= width
