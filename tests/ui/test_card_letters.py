"""Corner letters in the player's language (issue 15): German decks mark the jack B (Bube) and the
queen D (Dame); the king (König) and the ace (Ass) keep K and A, so those faces are the English ones.
The setting ``english_card_letters`` keeps J, Q, K, A; the faces on screen follow at once."""
from __future__ import annotations

import dataclasses

import pygame
import pytest

from game.rules import Match, card_to_str, preset
from game.session import Seat
from game.ui import i18n
from game.ui.assets import Assets
from game.ui.scenes.settings import SettingsScene
from game.ui.sessions import session_for

from test_menus import assert_inside, saved_settings


@pytest.fixture
def german(monkeypatch):
    # The app speaks the system's language unless told otherwise: make the "system" German.
    monkeypatch.setenv("LANGUAGE", "de")
    i18n.set_language("de")
    yield
    i18n.set_language("en")


@pytest.fixture
def english(monkeypatch):
    monkeypatch.setenv("LANGUAGE", "en")
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGBA")


def test_the_current_language_is_the_active_catalogues():
    try:
        for language in ("de", "el", "nb", "en"):
            i18n.set_language(language)
            assert i18n.current_language() == language
        i18n.set_language("xx")   # no catalogue: the English source strings
        assert i18n.current_language() == "en"
    finally:
        i18n.set_language(None)


def test_card_path_picks_the_german_letters_in_german_unless_the_setting_keeps_the_english(german):
    assets = Assets()
    cards = assets.cards_dir
    assert assets.card_letters() == "de"
    assert assets.card_path("JC") == cards / "de" / "JC.svg"
    assert assets.card_path("QH", "four_color") == cards / "de" / "four_color" / "QH.svg"
    # K and A are the German letters too, numbers and jokers have no letters: the one English set.
    for code in ("KS", "AD", "10H", "8C", "X1", "X3"):
        assert assets.card_path(code) == assets.card_path(code, letters="en"), code
        assert assets.card_path(code).parent == cards
    assets.english_card_letters = True
    assert assets.card_letters() == "en"
    assert assets.card_path("JC") == cards / "JC.svg"
    assert assets.card_path("QH", "four_color") == cards / "four_color" / "QH.svg"
    assert all(path.is_file() for path in (assets.card_path("JC", letters="de"),
                                           assets.card_path("QS", "four_color", letters="de")))


@pytest.mark.parametrize("language", ["en", "el", "nb"])
def test_other_languages_show_j_q_k_a(language):
    i18n.set_language(language)
    try:
        assets = Assets()
        assert assets.card_letters() == "en"
        assert assets.card_path("QD") == assets.cards_dir / "QD.svg"
    finally:
        i18n.set_language(None)


def test_a_face_is_cached_per_file_so_the_german_and_english_faces_are_different_surfaces(german):
    assets = Assets()
    german_queen = assets.card("QD", 90)
    assets.english_card_letters = True
    english_queen = assets.card("QD", 90)
    assert pixels(german_queen) != pixels(english_queen)
    assert assets.card("KD", 90) is assets.card("KD", 90)


def test_ticking_the_box_by_a_click_saves_it_and_the_preview_shows_j_and_q(app, ui, home, german):
    app.push(SettingsScene(app))
    ui.step()
    scene = app.scenes.top
    assert scene.letters_box is not None and scene.letters_box.text == i18n._("Keep J, Q, K, A on the cards")
    before = [pixels(image.image) for image in scene.preview_cards]   # AS, KH, QD, JC
    ui.click(scene.letters_box)
    assert saved_settings(home)["english_card_letters"] is True
    assert app.settings.english_card_letters is True and app.assets.card_letters() == "en"
    scene = app.scenes.top
    assert scene.letters_box.get_state() is True
    after = [pixels(image.image) for image in scene.preview_cards]
    assert [b != a for b, a in zip(before, after)] == [False, False, True, True]
    ui.click(scene.letters_box)
    assert saved_settings(home)["english_card_letters"] is False
    assert [pixels(image.image) for image in app.scenes.top.preview_cards] == before


def test_the_box_is_offered_only_where_the_decks_have_letters_of_their_own(app, ui, english):
    app.push(SettingsScene(app))
    ui.step()
    assert app.scenes.top.letters_box is None


@pytest.mark.parametrize("size", [(960, 600), (1920, 1080)])
def test_the_german_settings_screen_with_the_box_fits(make_app, german, size):
    app = make_app(size)
    app.push(SettingsScene(app))
    app.step()
    assert_inside(app, "settings")
    scene = app.scenes.top
    panel = scene.letters_box.ui_container.get_rect()
    assert panel.contains(scene.letters_box.get_abs_rect())
    assert all(panel.contains(image.get_abs_rect()) for image in scene.preview_cards)


def open_table_with_a_court_card(app, ui):
    """A table where the person moves first holding a jack or a queen."""
    from game.ui.table import TableScene

    rules = preset("crazy_eights", 3)
    for seed in range(1, 200):
        match = Match(rules, seed)
        hand = [card_to_str(card) for card in match.hand.hands[match.hand_player(0)]]
        if match.current_seat == 0 and any(code[:-1] in ("J", "Q") for code in hand):
            break
    app.save_settings(dataclasses.replace(app.settings, animation_speed="instant", computer_speed="instant"))
    app.main_menu()
    seats = [Seat("You", "human"), Seat("Ada", "easy"), Seat("Bruno", "easy")]
    table = TableScene(app, session_for(app, match, seats))
    app.push(table)
    ui.step(5)
    return table


def corner_of(app, sprite, lay) -> bytes:
    """The screen's pixels over the top-left corner index of a card in the hand (the mouse away)."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(2, 2), rel=(0, 0), buttons=(0, 0, 0)))
    for _ in range(3):
        app.step(1 / 60)
    w, h = lay.card_w, round(lay.card_w * 1.4)
    box = pygame.Rect(0, 0, int(w * 0.16), int(h * 0.12))
    box.topleft = (int(sprite.x - w / 2 + w * 0.02), int(sprite.y - sprite.lift - h / 2 + h * 0.02))
    return pixels(app.screen.subsurface(box.clip(app.screen.get_rect())).copy())


def test_the_table_redraws_its_jacks_and_queens_when_the_box_is_ticked(app, ui, german):
    table = open_table_with_a_court_card(app, ui)
    lay = table.layout
    sprites = table.my_sprites()
    court = next(s for s in sprites if s.code[:-1] in ("J", "Q"))
    court.finish()
    plain = next((s for s in sprites if s.code[:-1] not in ("J", "Q")), None)
    ui.step(2)
    before = corner_of(app, court, lay)
    plain_before = corner_of(app, plain, lay) if plain is not None else None
    german_keys = [key for key in table.images.base if key[3] is None and key[4] == "de"]
    assert german_keys, "the table prewarms German faces"

    app.push(SettingsScene(app))
    ui.step()
    ui.click(app.scenes.top.letters_box)
    assert app.settings.english_card_letters is True
    # The settings change dropped the German faces and prewarmed the English ones.
    assert not [key for key in table.images.base if key[3] is None and key[4] == "de"]
    assert [key for key in table.images.base if key[3] is None and key[4] == "en"]
    app.pop()
    ui.step(3)
    court = next(s for s in table.my_sprites() if s.code == court.code)
    assert corner_of(app, court, lay) != before, "the jack or queen still shows its German letter"
    if plain is not None:
        plain = next(s for s in table.my_sprites() if s.code == plain.code)
        assert corner_of(app, plain, lay) == plain_before
    shown = table.images.image(court.code, lay.card_w, "classic", table.back_style, (lay.card_w, lay.small_w))
    assert pixels(shown) == pixels(app.assets.card(court.code, lay.card_w))


def test_the_move_log_marks_cards_with_the_letters_of_the_faces(german):
    assets = Assets()
    assert [assets.rank_letter(rank) for rank in ("J", "Q", "K", "A", "10")] == ["B", "D", "K", "A", "10"]
    assets.english_card_letters = True
    assert [assets.rank_letter(rank) for rank in ("J", "Q", "K", "A")] == ["J", "Q", "K", "A"]
