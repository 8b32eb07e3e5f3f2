"""The Host a table setup shows the rules in short, in the cards' own names for the deck the table deals
(Unter and Ober for German-suited Mau-Mau), and whole inside its panel in every language at both window
sizes: real clicks on the real screen on the dummy driver."""
from __future__ import annotations

import dataclasses

import pytest

from game.rules import MAX_PLAYERS
from game.ui import i18n


def host_setup(make_app, ui_for, size, language: str, deck_look: str = "classic"):
    """The Host a table screen opened from a fresh app at ``size`` in ``language``, and its driver."""
    app = make_app(size)
    app.save_settings(dataclasses.replace(app.settings, language=language, deck_look=deck_look))
    ui = ui_for(app)
    host = app.go("host_table")
    ui.step(2)
    return app, ui, host


@pytest.fixture
def ui_for():
    from tests.ui.conftest import Driver
    return Driver


def test_german_suited_mau_mau_is_summed_up_with_unter_and_ober(make_app, ui_for):
    app, ui, host = host_setup(make_app, ui_for, (1280, 720), "de", deck_look="german")
    ui.choose(host.preset_menu, "Mau-Mau")
    host = app.scenes.top
    summary = host.summary_box.html_text
    assert "Unter sind Wünscher" in summary
    for french in ("Bube", "Buben", "Dame", "Damen"):
        assert french not in summary.replace("Wünscher", ""), f"{french!r} on German-suited cards"
    assert i18n.deck_look() == "classic", "the card names away from the summary are as they were"


def test_french_cards_keep_the_bube_on_the_host_setup(make_app, ui_for):
    app, ui, host = host_setup(make_app, ui_for, (1280, 720), "de", deck_look="classic")
    ui.choose(host.preset_menu, "Mau-Mau")
    summary = app.scenes.top.summary_box.html_text
    assert "Buben sind Wünscher" in summary and "Unter" not in summary


@pytest.mark.parametrize("size", [(960, 600), (1280, 720)])
@pytest.mark.parametrize("language", ["en", "de", "el", "nb"])
def test_the_summary_shows_inside_its_panel_in_every_language(make_app, ui_for, size, language):
    """Seven players (the most seats to list) and Mau-Mau (the longest summary): the summary still shows,
    inside its inset inside the setup panel, whole or with a scroll bar to read the rest."""
    app, ui, host = host_setup(make_app, ui_for, size, language)
    ui.choose(host.players_menu, i18n.ngettext("{n} player", "{n} players", MAX_PLAYERS).format(n=MAX_PLAYERS))
    ui.choose(app.scenes.top.preset_menu, "Mau-Mau")
    host = app.scenes.top
    box = host.summary_box
    panel = next(w for w in host.widgets if w.most_specific_combined_id.endswith("#host_setup"))
    inset = next(w for w in host.widgets if w.most_specific_combined_id.endswith("#host_summary"))
    assert box.alive() and box.visible and box.html_text.strip()
    assert panel.get_abs_rect().contains(inset.get_abs_rect()), "the summary's inset runs out of its panel"
    assert inset.get_abs_rect().contains(box.get_abs_rect()), "the summary runs out of its inset"
    assert box.get_abs_rect().height >= host.text_h(15, 2), "too little room to read the summary"
    whole = box.text_box_layout.layout_rect.height <= box.get_abs_rect().height
    assert whole or box.scroll_bar is not None, "the summary is cut off with no way to read the rest"


@pytest.mark.parametrize("language", ["en", "de", "el", "nb"])
def test_at_1280x720_the_summary_is_in_the_normal_type(make_app, ui_for, language):
    app, ui, host = host_setup(make_app, ui_for, (1280, 720), language)
    assert "@summary_small" not in host.summary_box.most_specific_combined_id


@pytest.mark.parametrize("language, line", [
    ("el", "1.  Mia (φιλοξενεί)"),   # not "οικοδεσπότης": a masculine noun for every host
    ("de", "1.  Mia (lädt ein)"),    # not "Gastgeber"
    ("nb", "1.  Mia (vert)"),        # "vert" is used for anyone in Norwegian
    ("en", "1.  Mia (host)"),
])
def test_the_host_is_named_in_words_that_suit_anyone(make_app, ui_for, language, line):
    from tests.ui.test_network_play import type_into

    app, ui, host = host_setup(make_app, ui_for, (960, 600), language)
    type_into(ui, host.name_entry, "Mia")
    ui.click(ui.button(i18n._("Open the table")))
    ui.step(3)
    host = app.scenes.top
    assert host.link is not None
    assert host.seat_labels[0].text == line
    host.back()
