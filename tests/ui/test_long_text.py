"""Text from a damaged file can be any length: it is cut before it is laid out, and still fits."""
from __future__ import annotations

import warnings

import pygame

from game.ui.scenes.message import MAX_NOTICE_CHARACTERS
from game.ui.table.sprites import MAX_FITTED_CHARACTERS, TextCache


def test_fitting_a_huge_line_renders_a_few_times_and_fits(app):
    renders = []
    cache = TextCache(lambda size, bold=False: app.assets.font(size, bold))
    original = cache.render

    def counting_render(text, *args, **kwargs):
        renders.append(len(text))
        return original(text, *args, **kwargs)

    cache.render = counting_render
    image = cache.fit("Crazy Eights " * 1000, 18, 240)
    assert image.get_width() <= 240
    assert max(renders) <= MAX_FITTED_CHARACTERS
    assert len(renders) < 40  # shrinking the font, then halving the length: never one render per character


def test_a_short_line_is_not_trimmed(app):
    cache = TextCache(lambda size, bold=False: app.assets.font(size, bold))
    whole = cache.render("Switch", 18)
    assert cache.fit("Switch", 18, 400).get_size() == whole.get_size()


def test_a_megabyte_notice_is_cut_to_one_readable_line(app, ui):
    notice = "move 3 of hand 1 ('" + "8S" * 500_000 + "') cannot be replayed"
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # pygame_gui warns when a label's text does not fit its box
        app.notify(notice, problem=True)
        ui.step()
    [shown] = app.notices.texts()
    assert len(shown) == MAX_NOTICE_CHARACTERS and shown.endswith("…")
    assert shown.startswith("move 3 of hand 1")
    assert app.screen.get_rect().contains(app.notices.toasts[0].panel.get_abs_rect())
    pygame.event.clear()
