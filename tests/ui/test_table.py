"""The table driven by real pygame events on the dummy video driver.

Each test starts a seeded match, posts mouse and keyboard events, steps the
real App frame by frame and checks what the rules core recorded.
"""
from __future__ import annotations

import dataclasses
import time

import pygame
import pytest

from game.rules import Match, Move, card_to_str, preset
from game.session import Seat
from game.ui.sessions import session_for

FPS_DT = 1 / 60

HUMAN_SEATS = ["human", "easy", "medium", "hard", "easy", "medium", "hard"]
NAMES = ["Tess", "Ada", "Bruno", "Chloé", "Dmitri", "Elena", "Farid"]


# ----- harness ---------------------------------------------------------------------------


@pytest.fixture
def app(tmp_path):
    from game.store import UserFolders
    from game.ui.app import App

    application = App(size=(1280, 720), folders=UserFolders(tmp_path / "config", tmp_path / "data"),
                      headless=True, fullscreen=False)
    application.settings = dataclasses.replace(application.settings, animation_speed="instant",
                                               computer_speed="instant",
                                               ai_think_budget_ms=10, highlight_playable=True)
    application.running = True
    played = []
    original = application.sound.play

    def record(name):
        played.append(name)
        original(name)

    application.sound.play = record
    application.sounds_played = played
    yield application
    while len(application.scenes):
        application.scenes.pop()
    pygame.event.clear()


def seats_for(players: int, human: bool = True) -> list[dict]:
    kinds = HUMAN_SEATS[:players] if human else ["easy", "medium", "hard"] * 3
    return [Seat(NAMES[i], kinds[i]) for i in range(players)]


def open_table(app, rules, seed: int, human: bool = True):
    from game.ui.table import TableScene

    table = TableScene(app, session_for(app, Match(rules, seed), seats_for(rules.players, human)))
    app.push(table)
    app.step(FPS_DT)
    return table


def dark_red_pixels(surface) -> int:
    """How many pixels have the toast panel's dark red (every fourth pixel, both ways)."""
    width, height = surface.get_size()
    count = 0
    for x in range(0, width, 4):
        for y in range(0, height, 4):
            r, g, b, _a = surface.get_at((x, y))
            if 40 <= r <= 80 and g < 32 and b < 32:
                count += 1
    return count * 16


def step(app, frames: int = 1, dt: float = FPS_DT) -> None:
    for _ in range(frames):
        app.step(dt)


def run_until(app, condition, limit: float = 20.0, dt: float = FPS_DT) -> None:
    """Step frames until ``condition()`` holds (fails after ``limit`` seconds of wall time)."""
    started = time.monotonic()
    while not condition():
        if time.monotonic() - started > limit:
            raise AssertionError("condition not reached in time")
        app.step(dt)
        time.sleep(0.0005)  # let the AI worker thread run


def post(kind, **attrs) -> None:
    pygame.event.post(pygame.event.Event(kind, **attrs))


def mouse_down(app, pos) -> None:
    post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    app.step(FPS_DT)


def mouse_up(app, pos) -> None:
    post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    app.step(FPS_DT)


def click(app, pos) -> None:
    mouse_down(app, pos)
    mouse_up(app, pos)


def drag(app, start, end, steps: int = 8, before_release=None) -> None:
    """Press at ``start``, move in steps to ``end`` (a frame per step) and release there."""
    mouse_down(app, start)
    for i in range(1, steps + 1):
        x = start[0] + (end[0] - start[0]) * i / steps
        y = start[1] + (end[1] - start[1]) * i / steps
        post(pygame.MOUSEMOTION, pos=(int(x), int(y)), rel=(0, 0), buttons=(1, 0, 0))
        app.step(FPS_DT)
    if before_release is not None:
        before_release()
    mouse_up(app, end)


def key(app, key_code, mod: int = 0) -> None:
    post(pygame.KEYDOWN, key=key_code, mod=mod, unicode="", scancode=0)
    post(pygame.KEYUP, key=key_code, mod=mod, unicode="", scancode=0)
    app.step(FPS_DT)


def sprite_of(table, card: int):
    for sprite in table.my_sprites():
        if sprite.card == card:
            return sprite
    raise AssertionError(f"no sprite for {card_to_str(card)} in the player's hand")


def card_point(table, card: int):
    """A point on the visible part of a card in the fanned hand (its left strip, which is never covered)."""
    sprite = sprite_of(table, card)
    sprite.finish()
    lay = table.layout
    return int(sprite.x - lay.card_w * 0.38), int(sprite.y - sprite.lift)


def pile_point(table):
    return table.layout.pile.center


def find_seed(rules, predicate, limit: int = 400) -> int:
    """The first seed whose opening position satisfies ``predicate(match)`` (the human moves first)."""
    for seed in range(1, limit):
        match = Match(rules, seed)
        if match.current_seat == 0 and predicate(match):
            return seed
    raise AssertionError("no seed found")


def human_hand(match) -> list[int]:
    return list(match.hand.hands[match.hand_player(0)])


def playable(match) -> list[int]:
    return [m.card for m in match.legal_moves() if m.kind == "play" and m.suit is None]


def unplayable(match) -> list[int]:
    legal = {m.card for m in match.legal_moves() if m.kind == "play"}
    return [c for c in human_hand(match) if c not in legal]


def wild_cards(match) -> list[int]:
    return [m.card for m in match.legal_moves() if m.kind == "play" and m.suit is not None]


def moves_played(match) -> list[str]:
    return [move for hand in match.moves for move in hand]


C8 = preset("crazy_eights", 3)


# ----- tests ------------------------------------------------------------------------------


def test_dragging_a_legal_card_onto_the_pile_plays_it(app):
    seed = find_seed(C8, lambda m: playable(m))
    table = open_table(app, C8, seed)
    card = playable(table.session.match)[0]
    before = len(moves_played(table.session.match))
    drag(app, card_point(table, card), pile_point(table))
    assert moves_played(table.session.match)[before] == card_to_str(card)
    assert table.session.match.hand.discard[-1] == card
    assert "play" in app.sounds_played
    # The sprite that was dragged now lies on the pile.
    step(app, 5)
    pile = [s for s in table.board.sprites if s.zone == ("pile",)]
    assert any(s.card == card for s in pile)
    # The move was autosaved with the seats.
    saved, problem = app.autosave_store.load()
    assert problem is None
    assert card_to_str(card) in saved["record"]["hands"][0]
    assert saved["seats"][0]["kind"] == "human"


def test_on_your_turn_the_cards_you_can_play_stand_proud_and_the_others_are_dimmed(app):
    seed = find_seed(C8, lambda m: playable(m) and unplayable(m))
    table = open_table(app, C8, seed)
    step(app, 30)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(2, 2), rel=(1, 1), buttons=(0, 0, 0)))
    step(app, 30)
    for card in human_hand(table.session.match):
        sprite = sprite_of(table, card)
        if card in playable(table.session.match):
            assert sprite.lift > 0 and not sprite.dim, card_to_str(card)
        else:
            assert sprite.lift == 0 and sprite.dim, card_to_str(card)


def test_an_illegal_drop_slides_back_and_says_why(app):
    seed = find_seed(C8, lambda m: unplayable(m) and playable(m))
    table = open_table(app, C8, seed)
    app.settings = dataclasses.replace(app.settings, animation_speed="normal")
    card = unplayable(table.session.match)[0]
    before = moves_played(table.session.match)
    drag(app, card_point(table, card), pile_point(table))
    assert moves_played(table.session.match) == before
    assert table.effects.toast is not None
    text = table.effects.toast[0]
    assert "doesn't match" in text
    assert "invalid" in app.sounds_played
    sprite = sprite_of(table, card)
    assert sprite.tween is not None, "the card should slide back, animated"
    step(app, 40)
    target = next(t for t in table.board.targets(table.session.view()) if t.card == card)
    assert (round(sprite.x), round(sprite.y)) == (round(target.x), round(target.y))
    # The toast is drawn on screen: a dark red panel above the hand, gone once the toast is.
    step(app, 1)
    with_toast = dark_red_pixels(app.screen)
    table.effects.toast = None
    step(app, 1)
    assert with_toast > dark_red_pixels(app.screen) + 2000


def test_a_wild_card_opens_the_suit_chooser_and_names_the_suit(app):
    seed = find_seed(C8, lambda m: wild_cards(m))
    table = open_table(app, C8, seed)
    eight = wild_cards(table.session.match)[0]
    before = len(moves_played(table.session.match))
    drag(app, card_point(table, eight), pile_point(table))
    assert table.chooser is not None, "a wild card asks for a suit first"
    assert len(moves_played(table.session.match)) == before
    # The card being played stays in view, inside the panel and beside the suits; the turn banner steps aside.
    chooser = table.chooser
    step(app, 30)
    assert chooser.panel.contains(chooser.card_rect)
    assert all(not chooser.card_rect.colliderect(r) for r in chooser.rects)
    r, g, b, *_ = pygame.transform.average_color(app.screen, chooser.card_rect)
    assert min(r, g, b) > 150, "the card face (light), not the dark panel, shows where the card stands"
    assert table.painter.banner_text() is None
    hearts = table.chooser.rects[2]
    click(app, hearts.center)
    assert table.chooser is None
    assert moves_played(table.session.match)[before] == card_to_str(eight) + ">H"
    assert table.session.match.hand.suit == 2 and table.session.match.hand.nominated
    assert table.session.named_by == 0


def test_escape_closes_the_suit_chooser_and_the_card_returns(app):
    seed = find_seed(C8, lambda m: wild_cards(m))
    table = open_table(app, C8, seed)
    eight = wild_cards(table.session.match)[0]
    click(app, card_point(table, eight))
    assert table.chooser is not None
    key(app, pygame.K_ESCAPE)
    assert table.chooser is None
    assert eight in human_hand(table.session.match)
    # Keyboard naming: Enter on the card again, then D for diamonds.
    sprites = table.my_sprites()
    index = next(i for i, s in enumerate(sprites) if s.card == eight)
    table.input.selected = index
    key(app, pygame.K_RETURN)
    assert table.chooser is not None
    key(app, pygame.K_d)
    assert table.session.match.hand.suit == 1
    assert moves_played(table.session.match)[-1].endswith(">D") or table.session.match.current_seat != 0


def test_keyboard_selects_and_plays_draws_and_passes(app):
    seed = find_seed(C8, lambda m: playable(m) and not wild_cards(m))
    table = open_table(app, C8, seed)
    key(app, pygame.K_RIGHT)  # selects the first playable card
    sprites = table.my_sprites()
    chosen = sprites[table.input.selected].card
    assert chosen in playable(table.session.match)
    before = len(moves_played(table.session.match))
    key(app, pygame.K_RETURN)
    assert moves_played(table.session.match)[before] == card_to_str(chosen)
    # D when it is not our turn is refused with a reason, and nothing changes.
    if table.session.match.current_seat != 0:
        count = len(moves_played(table.session.match))
        key(app, pygame.K_d)
        assert len(moves_played(table.session.match)) == count
        assert table.effects.toast is not None


def test_drawing_from_the_stock_by_click_and_key(app):
    seed = find_seed(C8, lambda m: not playable(m) and not wild_cards(m))
    table = open_table(app, C8, seed)
    hand_before = len(human_hand(table.session.match))
    click(app, table.layout.stock.center)
    assert moves_played(table.session.match)[0] == "draw"
    assert "draw" in app.sounds_played
    if table.session.match.current_seat == 0 and any(m.kind == "draw" for m in table.session.match.legal_moves()):
        key(app, pygame.K_d)
        assert moves_played(table.session.match)[1] == "draw"
    assert len(human_hand(table.session.match)) > hand_before


def test_pass_and_stop_buttons_appear_only_when_legal(app):
    rules = preset("crazy_eights_hoyle", 3).replace(stop_call=True, stop_threshold=60)
    seed = find_seed(rules, lambda m: any(x.kind == "stop" for x in m.legal_moves()))
    table = open_table(app, rules, seed)
    step(app, 2)
    assert table.input.buttons["stop"].visible
    assert not table.input.buttons["pass"].visible
    assert not table.input.buttons["last_card"].visible
    click(app, table.input.buttons["stop"].rect.center)
    step(app, 2)
    assert moves_played(table.session.match)[0] == "stop"
    assert table.session.match.hand.over


def test_resize_mid_drag_then_drop_on_the_new_pile(app):
    seed = find_seed(C8, lambda m: playable(m))
    table = open_table(app, C8, seed)
    card = playable(table.session.match)[0]
    start = card_point(table, card)
    mouse_down(app, start)
    post(pygame.MOUSEMOTION, pos=(start[0], start[1] - 60), rel=(0, -60), buttons=(1, 0, 0))
    step(app, 1)
    app.resize((1024, 640))
    step(app, 3)
    new_pile = pile_point(table)
    post(pygame.MOUSEMOTION, pos=new_pile, rel=(0, 0), buttons=(1, 0, 0))
    step(app, 1)
    assert table.input.drag is not None and table.input.drag.sprite.card == card
    assert table.layout.size == (1024, 640)
    mouse_up(app, new_pile)
    assert moves_played(table.session.match)[0] == card_to_str(card)
    step(app, 30)
    for sprite in table.board.sprites:
        assert 0 <= sprite.x <= 1024 and 0 <= sprite.y <= 640


def play_human_turn(app, table, turn: int) -> None:
    """Make one legal move for the human by events only, using a different input each time."""
    match = table.session.match
    legal = match.legal_moves()
    plays = [m for m in legal if m.kind == "play"]
    kinds = {m.kind for m in legal}
    if "last_card" in kinds and plays:
        click(app, table.input.buttons["last_card"].rect.center)
        return
    if plays:
        card = plays[0].card
        wild = plays[0].suit is not None
        if turn % 3 == 0:
            drag(app, card_point(table, card), pile_point(table))
        elif turn % 3 == 1:
            click(app, card_point(table, card))
            step(app, 30)  # past the double-click window
        else:
            sprites = table.my_sprites()
            table.input.selected = -1
            key(app, pygame.K_RIGHT)
            while sprites[table.input.selected].card != card:
                key(app, pygame.K_RIGHT)
            key(app, pygame.K_RETURN)
        if wild:
            assert table.chooser is not None
            click(app, table.chooser.rects[turn % 4].center)
        return
    if "draw" in kinds:
        click(app, table.layout.stock.center)
    elif "pass" in kinds:
        click(app, table.input.buttons["pass"].rect.center)
    else:
        raise AssertionError(f"nothing to do with {legal}")


def test_a_whole_match_by_events_alone(app):
    from game.ui.table import HandResultScene, MatchResultScene, TableScene

    rules = preset("crazy_eights", 3).replace(match_end="fixed_hands", fixed_hands=2)
    table = open_table(app, rules, seed=11)
    turns = 0
    started = time.monotonic()
    while not isinstance(app.scenes.top, MatchResultScene):
        assert time.monotonic() - started < 40, "the match did not finish"
        top = app.scenes.top
        if isinstance(top, HandResultScene):
            click(app, top.primary.rect.center)
            step(app, 2)
            continue
        if isinstance(top, TableScene) and table.human_turn() and table.chooser is None:
            count = len(moves_played(table.session.match))
            play_human_turn(app, table, turns)
            step(app, 1)
            turns += 1
            assert len(moves_played(table.session.match)) > count or table.chooser is not None, "the move was not applied"
            continue
        app.step(FPS_DT)
        time.sleep(0.0005)
    match = table.session.match
    assert match.over and len(match.results) == 2
    assert turns > 0
    # The autosave is gone and the statistics know about both hands and the match.
    assert app.autosave_store.load()[0] is None
    # A short match of a named game is filed under that game, under the strongest computer player (medium here).
    stats, _ = app.stats_store.load()
    entry = stats.entry("crazy_eights", "medium")
    assert entry.hands_played == 2 and entry.matches_played == 1
    assert ("win" in app.sounds_played) or ("lose" in app.sounds_played)
    # Play again: a fresh table with the same rules and a new seed.
    result = app.scenes.top
    click(app, result.primary.rect.center)
    step(app, 2)
    assert isinstance(app.scenes.top, TableScene)
    assert app.scenes.top.session.match.rules == rules
    assert app.scenes.top.session.match.seed != match.seed


def test_escape_opens_the_pause_menu(app):
    table = open_table(app, C8, seed=3)
    key(app, pygame.K_ESCAPE)
    from game.ui.scenes.pause import PauseScene

    assert isinstance(app.scenes.top, PauseScene)
    assert app.scenes.top.table is table


def time_between_computer_moves(app, table, moves: int = 3) -> list[float]:
    """Game seconds between consecutive computer moves, for ``moves`` gaps."""
    run_until(app, lambda: len(moves_played(table.session.match)) >= 1, limit=15)
    gaps = []
    for _ in range(moves):
        count = len(moves_played(table.session.match))
        game_time = 0.0
        while len(moves_played(table.session.match)) == count and not table.session.match.hand.over:
            app.step(FPS_DT)
            time.sleep(0.001)
            game_time += FPS_DT
            assert game_time < 10
        gaps.append(game_time)
    return gaps


def test_computer_players_are_paced_by_their_own_speed_setting(app):
    rules = preset("crazy_eights", 4)
    app.settings = dataclasses.replace(app.settings, animation_speed="fast", computer_speed="normal",
                                       ai_think_budget_ms=100)
    normal = time_between_computer_moves(app, open_table(app, rules, seed=4, human=False))
    assert min(normal) >= 0.8, "at normal speed each computer move stays on screen at least 0.8 s"
    app.main_menu()
    app.settings = dataclasses.replace(app.settings, animation_speed="fast", computer_speed="fast")
    fast = time_between_computer_moves(app, open_table(app, rules, seed=4, human=False))
    assert max(fast) < min(normal), "the computer speed setting, not the animation speed, sets the pace"


def test_wait_for_me_holds_the_next_computer_move_until_a_key(app):
    app.settings = dataclasses.replace(app.settings, pause_after_computer_move=True)
    seed = next(s for s in range(1, 400) if Match(C8, s).current_seat == 1)  # two computers move first
    table = open_table(app, C8, seed)
    run_until(app, lambda: table.waiting_for_player is not None, limit=15)
    held = len(moves_played(table.session.match))
    step(app, 240)  # four seconds: nothing moves while the table waits
    assert len(moves_played(table.session.match)) == held
    assert table.painter.banner_text()[0].endswith("has moved")
    key(app, pygame.K_SPACE)
    run_until(app, lambda: len(moves_played(table.session.match)) > held or table.human_turn(), limit=15)



def test_a_spectator_table_plays_to_the_match_result(app):
    from game.ui.table import MatchResultScene

    rules = preset("crazy_eights", 3).replace(match_end="single_hand")
    table = open_table(app, rules, seed=2, human=False)
    run_until(app, lambda: isinstance(app.scenes.top, MatchResultScene), limit=30)
    assert table.session.match.over
    # A table without a human neither autosaves nor records statistics.
    assert app.autosave_store.load()[0] is None
    assert app.stats_store.load()[0].entries == ()


def test_another_players_card_flies_from_their_hand_face_down_until_it_lands(app):
    app.settings = dataclasses.replace(app.settings, animation_speed="normal")
    table = open_table(app, preset("crazy_eights", 3), seed=5, human=False)
    run_until(app, lambda: not any(s.flying for s in table.board.sprites), limit=20)
    # No sprite at the table knows a card the viewer may not see.
    hidden = [s for s in table.board.sprites if s.zone != ("pile",)]
    assert hidden and all(s.card == -1 and s.code is None for s in hidden)
    plays = len([e for e in table.session.history if e.move is not None and e.move.kind == "play"])
    seat_sprites = {id(s): s.zone for s in table.board.sprites}
    run_until(app, lambda: len([e for e in table.session.history
                                if e.move is not None and e.move.kind == "play"]) > plays, limit=20)
    entry = table.session.history[-1]
    top = table.session.view().discard[-1]
    [landing] = [s for s in table.board.sprites if s.zone == ("pile",) and s.card == top]
    # The card on its way to the pile is one of the sprites that stood in that player's fan.
    assert seat_sprites.get(id(landing)) == ("hand", entry.seat)
    assert landing.code == card_to_str(top)


def test_h_asks_for_a_hint_that_names_a_legal_move_and_picks_its_card(app):
    table = open_table(app, C8, find_seed(C8, lambda m: playable(m)))
    assert table.input.buttons["hint"].visible
    before = list(moves_played(table.session.match))
    key(app, pygame.K_h)
    assert table.effects.toast[0] == "Thinking about a hint…"
    run_until(app, lambda: table.hint_for is None)
    text = table.effects.toast[0]
    assert text != "Thinking about a hint…" and text.endswith((".", "!"))
    assert moves_played(table.session.match) == before, "a hint never moves for the player"
    plays = {m.card for m in table.session.view().my_moves if m.kind == "play"}
    if table.input.selected >= 0:  # the suggested card is chosen, ready for Enter
        assert table.my_sprites()[table.input.selected].card in plays
    else:
        assert text.startswith(("Draw", "Pass", "Pick up", "Call"))


def test_the_hint_button_shows_only_on_the_players_turn(app):
    seed = next(s for s in range(1, 400) if Match(C8, s).current_seat != 0)
    table = open_table(app, C8, seed)
    assert not table.human_turn() and not table.input.buttons["hint"].visible
    run_until(app, lambda: table.human_turn())
    step(app, 2)
    assert table.input.buttons["hint"].visible


def test_ctrl_z_takes_back_the_players_move_and_the_computer_moves_since(app):
    app.settings = dataclasses.replace(app.settings, animation_speed="fast", computer_speed="fast")
    table = open_table(app, C8, find_seed(C8, lambda m: playable(m)))
    before = table.session.match.to_record()
    hand_before = sorted(human_hand(table.session.match))
    card = sorted(playable(table.session.match))[0]
    click(app, card_point(table, card))
    if table.chooser is not None:
        key(app, pygame.K_h)  # name hearts
    run_until(app, lambda: table.human_turn() or table.session.match.hand.over, limit=20)
    drew = any(e.kind in ("drew", "penalty_paid", "reshuffled") for entry in table.session.history
               for e in entry.events if entry.seat is not None)
    assert len(moves_played(table.session.match)) > len(before["hands"][-1])
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    assert not drew and not table.session.match.hand.over, "this seed's computers play without drawing"
    assert table.session.match.to_record() == before
    assert sorted(human_hand(table.session.match)) == hand_before
    assert table.session.practice
    step(app, 60)
    # Every card is back where the position says: the one taken back in the hand, the others' fans full.
    assert sorted(s.card for s in table.my_sprites()) == hand_before
    for seat_view in table.session.view().seats:
        if seat_view.seat != 0:
            fan = [s for s in table.board.sprites if s.zone == ("hand", seat_view.seat)]
            assert len(fan) == seat_view.card_count and all(s.card == -1 for s in fan)


def test_undo_after_drawing_says_why_it_cannot(app):
    table = open_table(app, C8, find_seed(C8, lambda m: Move("draw") in m.legal_moves()))
    assert "draw" in {m.kind for m in table.session.view().my_moves}
    key(app, pygame.K_d)
    step(app, 2)
    record = table.session.match.to_record()
    reason = "A card was drawn since your last move, so it cannot be taken back."
    undo = table.input.buttons["undo"]
    assert undo.visible and not undo.is_enabled and undo.tool_tip_text == reason  # greyed out, saying why
    click(app, undo.rect.center)
    step(app, 2)  # pygame_gui tells the scene about a press on the next frame
    assert table.session.match.to_record() == record
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)  # the key still answers, with the reason
    assert table.session.match.to_record() == record
    assert table.effects.toast[0] == reason


def test_the_move_history_opens_scrolls_by_wheel_and_keys_and_closes(app):
    from game.ui.table.history import HistoryScene

    rules = preset("crazy_eights", 3)
    table = open_table(app, rules, seed=3, human=False)
    run_until(app, lambda: len(moves_played(table.session.match)) >= 40 or table.session.over, limit=60)
    key(app, pygame.K_y)
    history = app.scenes.top
    assert isinstance(history, HistoryScene) and app.scenes.visible()[-2:] == [table, history]
    from game.ui.table.narration import history_lines

    everything = history_lines(table.session.history, table.session.seats, table.session.human)
    assert [text for _seat, text in history.rows] == everything  # the whole match, not the log's last lines
    assert list(table.log) == everything[-len(table.log):]
    assert history.rows[0][0] is None and history.rows[0][1].startswith("Hand 1")
    bottom = history.top_line()
    assert bottom == len(history.rows) - history.visible_lines() > 0, "it opens on the newest moves"
    post(pygame.MOUSEWHEEL, x=0, y=2, flipped=False)
    step(app, 1)
    assert history.top_line() == bottom - 6
    key(app, pygame.K_HOME)
    assert history.top_line() == 0
    key(app, pygame.K_END)
    assert history.top_line() == bottom
    key(app, pygame.K_ESCAPE)
    assert app.scenes.top is table


def test_a_click_on_the_log_opens_the_history(app):
    from game.ui.table.history import HistoryScene

    table = open_table(app, C8, find_seed(C8, lambda m: True))
    click(app, table.layout.log_rect.center)
    assert isinstance(app.scenes.top, HistoryScene)
