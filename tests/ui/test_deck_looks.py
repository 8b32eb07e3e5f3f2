"""Deck looks (issue 23): the French cards in two or four colours, the German tournament colours, and
German suits (Eichel, Grün, Herz, Schellen; Unter, Ober, König, Daus) for 32-card games. Every face of
every look loads; the choice is made and kept in Settings; a 52-card game with German suits chosen is
dealt in French cards and says so; card names follow the look the cards are drawn in."""
from __future__ import annotations

import dataclasses

import pygame
import pytest

from game.rules import RANKS, SUITS, Match, RuleSet, card_to_str, preset
from game.session import Seat
from game.store.settings import DECK_LOOKS
from game.ui import i18n
from game.ui.assets import Assets, card_height
from game.ui.deck_looks import LOOK_FOLDERS, deals_skat_deck, has_german_face, shown_deck_look
from game.ui.look import shapes
from game.ui.scenes.settings import SettingsScene
from game.ui.sessions import session_for

from test_menus import assert_inside, saved_settings

ALL_CODES = [rank + suit for suit in SUITS for rank in RANKS] + ["X1", "X2", "X3", "X4"]
GERMAN_CODES = [code for code in ALL_CODES if has_german_face(code)]
#: Whether the rules core has the 32-card deck yet (the ``maumau`` branch adds ``cards_per_deck``).
HAS_SKAT_DECK = "cards_per_deck" in {field.name for field in dataclasses.fields(RuleSet)}


def pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGBA")


@pytest.fixture
def names():
    """Card names in a language and a deck look, put back to English and the French cards afterwards."""
    def speak(language: str, look: str) -> None:
        i18n.set_language(language)
        i18n.set_deck_look(look)
    yield speak
    i18n.set_language("en")
    i18n.set_deck_look("classic")


# ----- the art ---------------------------------------------------------------------------------------

def test_the_settings_looks_are_the_looks_the_art_has():
    assert set(DECK_LOOKS) == set(LOOK_FOLDERS)


def test_every_card_of_every_look_loads_at_the_asked_size():
    assets = Assets()
    assert assets.missing_files() == []
    for look in DECK_LOOKS:
        for code in ALL_CODES:
            card = assets.card(code, 48, look)
            assert card.get_size() == (48, card_height(48)), (look, code)
            assert card.get_at((24, 33)).a == 255, (look, code)


def test_the_german_look_has_the_32_cards_and_the_others_stay_french():
    assets = Assets()
    assert len(GERMAN_CODES) == 32
    assert sorted({code[:-1] for code in GERMAN_CODES}) == sorted(["7", "8", "9", "10", "J", "Q", "K", "A"])
    for code in ALL_CODES:
        path = assets.card_path(code, "german")
        if code in GERMAN_CODES:
            assert path.parent.name == "german", code
            assert pixels(assets.card(code, 60, "german")) != pixels(assets.card(code, 60)), code
        else:   # a 2 to 6 or a joker has no German face: the classic one
            assert path == assets.card_path(code), code


def test_each_look_draws_its_own_faces():
    assets = Assets()
    faces = {look: pixels(assets.card("QD", 80, look)) for look in DECK_LOOKS}
    assert len(set(faces.values())) == len(DECK_LOOKS)
    with pytest.raises(ValueError, match="deck look"):
        assets.card_path("QD", "swiss")


def test_suit_inks_follow_the_look():
    # clubs, diamonds, hearts, spades
    assert shapes.suit_color(1, "classic") == shapes.suit_color(2, "classic")            # red diamonds
    assert shapes.suit_color(0, "four_color") == shapes.suit_color(3, "tournament")      # green clubs / spades
    assert shapes.suit_color(0, "tournament") == shapes.suit_color(3, "classic")         # black clubs
    yellow = shapes.suit_color(1, "tournament")
    assert yellow[0] > 200 and yellow[1] > 150 and yellow[2] < 60
    assert len({shapes.suit_color(suit, "german") for suit in range(4)}) == 4


def test_german_suit_icons_are_the_signs_in_their_own_colours():
    signs = [shapes.suit_sign(suit, 40, "german") for suit in range(4)]
    french = [shapes.suit_sign(suit, 40, "classic") for suit in range(4)]
    assert all(sign.get_size() == (40, 40) for sign in signs)
    assert len({pixels(sign) for sign in signs}) == 4
    assert all(pixels(g) != pixels(f) for g, f in zip(signs, french))
    leaf = signs[3]
    greens = sum(1 for y in range(40) for x in range(40)
                 if (c := leaf.get_at((x, y))).a > 200 and c.g > c.r + 40)
    assert greens > 200, "Grün is a green leaf"


# ----- which look a game is shown in -----------------------------------------------------------------

def test_a_52_card_game_is_shown_french_when_german_suits_are_chosen():
    rules = preset("crazy_eights", 4)
    assert not deals_skat_deck(rules)
    assert shown_deck_look("german", rules) == "classic"
    for look in ("classic", "four_color", "tournament"):
        assert shown_deck_look(look, rules) == look
    assert shown_deck_look("german", None) == "german"   # no game: the choice itself (the Settings preview)


@pytest.mark.skipif(not HAS_SKAT_DECK, reason="the rules core has no 32-card deck yet (branch maumau)")
def test_a_32_card_game_is_shown_german_unless_it_has_jokers():
    rules = dataclasses.replace(preset("crazy_eights", 4), cards_per_deck=32)
    assert deals_skat_deck(rules)
    assert shown_deck_look("german", rules) == "german"
    with_jokers = dataclasses.replace(rules, jokers_per_deck=1)
    assert shown_deck_look("german", with_jokers) == "classic"


# ----- card names follow the look -------------------------------------------------------------------

GERMAN_NAMES = {
    "en": {"QC": "over of acorns", "JS": "under of leaves", "AD": "ace of bells", "KH": "king of hearts",
           "7D": "seven of bells"},
    "de": {"QC": "Eichel-Ober", "JS": "Grün-Unter", "AD": "Schellen-Daus", "KH": "Herz-König",
           "7D": "Schellen-Sieben"},
    "el": {"QC": "όμπερ βελανίδι", "JS": "ούντερ πράσινο", "AD": "άσος κουδούνι", "KH": "ρήγας καρδιά",
           "7D": "εφτάρι κουδούνι"},
    "nb": {"QC": "eikenøtter overknekt", "JS": "løv underknekt", "AD": "bjeller ess", "KH": "hjerter konge",
           "7D": "bjeller sju"},
}


@pytest.mark.parametrize("language", sorted(GERMAN_NAMES))
def test_card_names_follow_the_german_look_in_each_language(names, language):
    names(language, "classic")
    french = {code: str(i18n.card_name(code)) for code in GERMAN_NAMES[language]}
    names(language, "german")
    assert {code: str(i18n.card_name(code)) for code in GERMAN_NAMES[language]} == GERMAN_NAMES[language]
    assert french["QC"] != GERMAN_NAMES[language]["QC"] and french["AD"] != GERMAN_NAMES[language]["AD"]
    names(language, "tournament")   # the other looks only colour the French suits: French names
    assert {code: str(i18n.card_name(code)) for code in french} == french


def test_german_names_take_their_cases_and_plurals(names):
    names("de", "german")
    sentence = "{card:acc} / {card:gen} / {ace:nom} / {under:indef} / {ranks:nom}"
    assert sentence.format(card=i18n.card_name("QC"), ace=i18n.card_name("AD"), under=i18n.rank_name("J"),
                           ranks=i18n.ranks_phrase(["J", "A"])) == \
        "den Eichel-Ober / des Eichel-Obers / das Schellen-Daus / einen Unter / die Unter und die Däuser"
    assert [i18n.suit_name(suit) for suit in "CSHD"] == ["Eichel", "Grün", "Herz", "Schellen"]
    names("el", "german")
    assert "{card:acc}".format(card=i18n.card_name("QC")) == "τον όμπερ βελανίδι"
    names("nb", "german")
    assert "{rank:indef}".format(rank=i18n.rank_name("Q")) == "en overknekt"
    names("en", "german")
    assert i18n.ranks_phrase(["J", "Q"]) == "unders and overs"
    assert [i18n.suit_name(suit) for suit in "CSHD"] == ["acorns", "leaves", "hearts", "bells"]


def test_a_move_told_on_german_cards_names_them_so(names):
    from game.rules import Move, card_from_str

    names("de", "german")
    move = Move.play(card_from_str("JC"), suit=SUITS.index("D"))
    assert i18n.move_text(move) == "Du hast den Eichel-Unter gespielt und Schellen angesagt."


# ----- Settings --------------------------------------------------------------------------------------

def test_the_deck_choice_is_saved_at_once_and_the_preview_shows_it(app, ui, home):
    from game.ui.scenes.settings import DECK_LOOK_CHOICES

    app.push(SettingsScene(app))
    ui.step()
    previews = {"classic": [pixels(image.image) for image in app.scenes.top.preview_cards]}
    for look, label in DECK_LOOK_CHOICES[1:] + DECK_LOOK_CHOICES[:1]:
        ui.choose(app.scenes.top.deck_look_menu, label)
        assert saved_settings(home)["deck_look"] == look and app.settings.deck_look == look
        scene = app.scenes.top   # rebuilt in the new look
        assert scene.deck_look_menu.selected_option[1] == look
        shown = [pixels(image.image) for image in scene.preview_cards]
        if look == "classic":
            assert shown == previews["classic"]
        else:
            assert shown not in previews.values(), look
            previews[look] = shown
    # German suits change every card of the preview (ace, king, Ober, Unter); the colours only some.
    assert all(german != french for german, french in zip(previews["german"], previews["classic"]))
    assert len(previews) == len(DECK_LOOKS)


@pytest.mark.parametrize("size", [(960, 600), (1280, 720)])
@pytest.mark.parametrize("language", ["de", "el", "nb"])
def test_the_deck_choice_fits_in_each_language(make_app, monkeypatch, size, language):
    from game.ui.scenes.settings import DECK_LOOK_CHOICES

    monkeypatch.setenv("LANGUAGE", language)
    i18n.set_language(language)
    try:
        app = make_app(size)
        app.save_settings(dataclasses.replace(app.settings, deck_look="german"))
        app.push(SettingsScene(app))
        app.step()
        assert_inside(app, "settings")
        scene = app.scenes.top
        menu = scene.deck_look_menu.get_abs_rect()
        assert scene.deck_look_menu.ui_container.get_rect().contains(menu)
        # Each look's words fit beside the drop-down's arrow, the longest (German suits) too.
        for _look, words in DECK_LOOK_CHOICES:
            assert scene.text_w(i18n._(words)) + menu.h <= menu.w, (language, i18n._(words), menu.w)
    finally:
        i18n.set_language("en")


# ----- the table --------------------------------------------------------------------------------------

def open_table(app, ui, rules, look: str):
    from game.ui.table import TableScene

    app.save_settings(dataclasses.replace(app.settings, animation_speed="instant", computer_speed="instant",
                                          deck_look=look))
    app.main_menu()
    seats = [Seat("You", "human"), Seat("Ada", "easy"), Seat("Bruno", "easy")]
    table = TableScene(app, session_for(app, Match(rules, 3), seats))
    app.push(table)
    ui.step(5)
    return table


def test_a_52_card_table_with_german_suits_chosen_is_french_and_says_so(app, ui):
    table = open_table(app, ui, preset("crazy_eights", 3), "german")
    assert table.deck_look == "classic" and i18n.deck_look() == "classic"
    toast = table.effects.toast
    assert toast is not None and "32-card" in toast[0]
    sprite = table.my_sprites()[0]
    lay = table.layout
    shown = table.images.image(sprite.code, lay.card_w, table.deck_look, table.back_style,
                               (lay.card_w, lay.small_w))
    assert pixels(shown) == pixels(app.assets.card(sprite.code, lay.card_w, "classic"))
    app.pop()
    assert i18n.deck_look() == "classic"


def test_the_tournament_table_draws_tournament_faces_and_no_note(app, ui):
    table = open_table(app, ui, preset("crazy_eights", 3), "tournament")
    assert table.deck_look == "tournament"
    assert table.effects.toast is None or "32-card" not in table.effects.toast[0]
    lay = table.layout
    code = table.my_sprites()[0].code
    shown = table.images.image(code, lay.card_w, table.deck_look, table.back_style, (lay.card_w, lay.small_w))
    assert pixels(shown) == pixels(app.assets.card(code, lay.card_w, "tournament"))


@pytest.mark.skipif(not HAS_SKAT_DECK, reason="the rules core has no 32-card deck yet (branch maumau)")
def test_a_32_card_table_shows_german_suits_and_names_them(app, ui):
    rules = dataclasses.replace(preset("crazy_eights", 3), cards_per_deck=32)
    table = open_table(app, ui, rules, "german")
    assert table.deck_look == "german" and i18n.deck_look() == "german"
    assert table.effects.toast is None or "32-card" not in table.effects.toast[0]
    lay = table.layout
    code = table.my_sprites()[0].code
    shown = table.images.image(code, lay.card_w, table.deck_look, table.back_style, (lay.card_w, lay.small_w))
    assert pixels(shown) == pixels(app.assets.card(code, lay.card_w, "german"))
    # Switching to another look while the table waits: names and faces follow at once.
    app.save_settings(dataclasses.replace(app.settings, deck_look="classic"))
    assert i18n.deck_look() == "classic"
    app.pop()
    assert i18n.deck_look() == "classic"


def test_the_suit_chooser_titles_german_suits_and_shows_number_keys(names):
    from game.ui.table.suit_chooser import key_cap, suit_label

    names("de", "classic")
    assert [suit_label(suit) for suit in range(4)] == ["Kreuz", "Karo", "Herz", "Pik"]
    assert [key_cap(suit) for suit in range(4)] == ["C", "D", "H", "S"]
    names("de", "german")
    assert [suit_label(suit) for suit in range(4)] == ["Eichel", "Schellen", "Herz", "Grün"]
    assert [key_cap(suit) for suit in range(4)] == ["1", "2", "3", "4"]
    names("en", "german")
    assert [suit_label(suit) for suit in range(4)] == ["Acorns", "Bells", "Hearts", "Leaves"]
