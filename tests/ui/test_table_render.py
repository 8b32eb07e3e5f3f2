"""Every table scene renders at the smallest and a large window with nothing off-screen or overlapping."""
from __future__ import annotations

import dataclasses
import math

import pygame
import pytest

from game.rules import Match, Move, preset
from game.session import Seat
from game.ui.sessions import session_for

SIZES = [(960, 600), (1920, 1080)]
NAMES = ["Maximilian", "Ada", "Bruno", "Chloé", "Dmitri", "Elena", "Farid"]


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    from game.store import UserFolders
    from game.ui.app import App

    home = tmp_path_factory.mktemp("render")
    application = App(size=SIZES[0], folders=UserFolders(home / "c", home / "d"), headless=True, fullscreen=False)
    application.settings = dataclasses.replace(application.settings, animation_speed="instant", computer_speed="instant",
                                               ai_think_budget_ms=10)
    application.running = True
    yield application
    while len(application.scenes):
        application.scenes.pop()


def fresh(app, size):
    while len(app.scenes):
        app.scenes.pop()
    app.resize(size)
    assert app.size == size


def seats(players: int, human: bool = True):
    kinds = ["human"] + ["easy", "medium", "hard"] * 2 if human else ["easy", "medium", "hard"] * 3
    return [Seat(NAMES[i], kinds[i]) for i in range(players)]


def rotated_bounds(x, y, w, h, angle):
    a = math.radians(angle)
    bw = abs(w * math.cos(a)) + abs(h * math.sin(a))
    bh = abs(w * math.sin(a)) + abs(h * math.cos(a))
    return pygame.Rect(round(x - bw / 2), round(y - bh / 2), round(bw), round(bh))


def check_table(table, size):
    screen = pygame.Rect((0, 0), size)
    lay = table.layout
    assert lay.size == size
    boxes = []
    for sprite in table.board.sprites:
        sprite.finish()
        box = rotated_bounds(sprite.x, sprite.y - sprite.lift, sprite.width, sprite.width * 1.4, sprite.angle)
        assert screen.contains(box), f"{sprite.code} at {box} is off-screen in {size}"
    for seat, spot in lay.seats.items():
        assert screen.contains(spot.plate), f"plate of seat {seat} off-screen: {spot.plate}"
        fan = pygame.Rect(0, 0, spot.max_fan_width, spot.card_h * 1.15)
        fan.center = spot.center
        boxes.append((f"seat {seat}", spot.plate.union(fan) if not spot.bottom else spot.plate))
    for name in ("stock", "pile", "log_rect", "buttons_rect", "human_plate", "menu_button", "hint_button",
                 "undo_button"):
        assert screen.contains(getattr(lay, name)), f"{name} off-screen in {size}"
    ring = [lay.ring_point(a) for a in range(0, 360, 3)]
    assert all(screen.collidepoint(p) for p in ring)
    suit = pygame.Rect(0, 0, lay.suit_radius * 2, lay.suit_radius * 2)
    suit.center = lay.suit_center
    centre = lay.stock.union(lay.pile).union(suit)
    boxes += [("centre", centre), ("log", lay.log_rect), ("buttons", lay.buttons_rect),
              ("menu", lay.menu_button), ("hint", lay.hint_button),
              ("undo", lay.undo_button)]
    # Seat blocks, the centre and the corner panels never overlap one another or the direction ring.
    for i, (name_a, a) in enumerate(boxes):
        for name_b, b in boxes[i + 1:]:
            assert not a.colliderect(b), f"{name_a} {a} overlaps {name_b} {b} in {size}"
        if name_a.startswith("seat"):
            crossing = [p for p in ring if a.collidepoint(p)]
            assert not crossing, f"the direction ring crosses {name_a} {a} in {size}"
    for name, button in table.input.buttons.items():
        assert screen.contains(button.rect), f"button {name} off-screen"


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("players", range(2, 8))
def test_table_renders_on_screen(app, players, size):
    from game.ui.table import TableScene

    fresh(app, size)
    table = TableScene(app, session_for(app, Match(preset("crazy_eights", players), seed=players), seats(players)))
    app.push(table)
    for _ in range(3):
        app.step(1 / 60)
    check_table(table, size)
    # A crowded hand (many cards drawn) still fits between the corners.
    for _ in range(40):
        if table.session.match.hand.over:
            break
        seat = table.session.match.current_seat
        moves = table.session.match.legal_moves()
        move = Move("draw") if Move("draw") in moves and seat == 0 else moves[0]
        table.session.apply(move)
    table.resync(animate=False)
    app.step(1 / 60)
    check_table(table, size)
    # The surface really is painted (not a blank frame): many colours on screen.
    sample = {tuple(app.screen.get_at((x, y)))[:3] for x in range(0, size[0], 37) for y in range(0, size[1], 41)}
    assert len(sample) > 50


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_spectator_table_renders_on_screen(app, size):
    from game.ui.table import TableScene

    fresh(app, size)
    table = TableScene(app, session_for(app, Match(preset("switch", 7), seed=9), seats(7, human=False)))
    app.push(table)
    app.step(1 / 60)
    check_table(table, size)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("players", [2, 7])
def test_result_scenes_render_on_screen(app, players, size):
    from game.ui.table import HandResultScene, MatchResultScene, TableScene

    fresh(app, size)
    rules = preset("crazy_eights", players).replace(match_end="single_hand")
    table = TableScene(app, session_for(app, Match(rules, seed=5), seats(players)))
    app.push(table)
    app.step(1 / 60)
    while not table.session.match.hand.over:
        table.session.apply(table.session.match.legal_moves()[0])
    screen = pygame.Rect((0, 0), size)
    hand_result = HandResultScene(app, table)
    app.push(hand_result)
    app.step(1 / 60)
    assert screen.contains(hand_result.panel)
    assert screen.contains(hand_result.primary.rect)
    assert hand_result.panel.contains(hand_result.primary.rect)
    match_result = MatchResultScene(app, table)
    app.replace(match_result)
    for _ in range(3):
        app.step(1 / 60)
    assert screen.contains(match_result.panel)
    for button in (match_result.primary, match_result.secondary):
        assert match_result.panel.contains(button.rect)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("players", range(2, 8))
def test_badges_by_the_seats_stay_on_screen_and_off_the_middle(players, size):
    from game.ui.table.badges import badge_anchor
    from game.ui.table.layout import compute_layout

    lay = compute_layout(size, players, 0, True)
    screen = pygame.Rect((0, 0), size)
    middle = lay.stock.union(lay.pile)
    corners = [lay.log_rect, lay.buttons_rect, lay.menu_button, lay.hint_button, lay.undo_button]
    for seat in lay.seats:
        badge = pygame.Rect(0, 0, lay.small_w + 8, int(lay.small_w * 1.5))
        badge.center = badge_anchor(lay, seat)
        assert screen.contains(badge), f"the badge of seat {seat} is off-screen at {size}: {badge}"
        assert not badge.colliderect(middle), f"the badge of seat {seat} covers the stock or the pile at {size}"
        assert not any(badge.colliderect(corner) for corner in corners), f"seat {seat}'s badge covers a corner"


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("players", range(2, 8))
def test_word_badges_stand_beside_their_plate_never_on_an_avatar(app, players, size):
    """However long the words ("Picked up 4" in every language), a badge keeps off every name plate
    (and so off its avatar), off the screen's edge, the stock, the pile and the corners."""
    from game.ui import i18n
    from game.ui.table.badges import badge_rect, badge_words, pill_size
    from game.ui.table.layout import compute_layout
    from game.ui.table.sprites import TextCache
    from game.session.view import LastAction

    text = TextCache(lambda px, bold=False: app.assets.font(px, bold))
    lay = compute_layout(size, players, 0, True)
    screen = pygame.Rect((0, 0), size)
    middle = lay.stock.union(lay.pile)
    corners = [lay.log_rect, lay.buttons_rect, lay.menu_button, lay.hint_button, lay.undo_button]
    plates = [spot.plate for spot in lay.seats.values()]
    try:
        for language in ("en", "de", "el", "nb"):
            i18n.set_language(language)
            for action in (LastAction("penalty", count=4), LastAction("draw", count=12), LastAction("skipped"),
                           LastAction("pass")):
                words, _rim = badge_words(action)
                badges = [badge_rect(lay, seat, pill_size(lay, words, text)) for seat in lay.seats]
                for index, badge in enumerate(badges):
                    others = badges[:index] + badges[index + 1:]
                    assert badge.collidelist(others) < 0, f"two badges overlap at {size} with {players} players"
                for seat in lay.seats:
                    badge = badge_rect(lay, seat, pill_size(lay, words, text))
                    where = f"{words!r} of seat {seat} at {size} with {players} players"
                    assert screen.contains(badge), where
                    assert not any(badge.colliderect(plate) for plate in plates), f"{where} covers a plate"
                    assert not badge.colliderect(middle), where
                    medallion = pygame.Rect(0, 0, 2 * lay.suit_radius, 2 * lay.suit_radius)
                    medallion.center = lay.suit_center
                    assert not badge.colliderect(medallion), f"{where} covers the suit in force"
                    assert not any(badge.colliderect(corner) for corner in corners), f"{where} covers a corner"
    finally:
        i18n.set_language("en")
