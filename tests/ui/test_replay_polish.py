"""The replay viewer after a player's-eye review: the seat lit is the one the caption tells of, no turn
banner, a short record said in the replay's own panel, keys and tooltips agree, a step back snaps, draws
name their cards, each hand's scores and the match's winner shown, the title names the game, every seat
goes by its name, face-up fans spread; the statistics' recent matches under headings, Reset clearing
them, and the records list's rows holding their text."""
from __future__ import annotations

import pygame

from game.rules import Event, Match, preset
from game.rules.cards import card_from_str as parse_card
from game.session import Seat
from game.store.saved_game import SavedGame, export_saved_game
from game.ui.i18n import date_time_text
from game.ui.replay.board import OPEN_FAN_SPACING, replay_log, step_caption
from game.ui.look.palette import GOLD
from game.ui.replay.scene import ReplayScene
from game.ui.scenes.records import RecordsScene
from game.ui.table.board import HAND_ZONE
from game.ui.table.narration import describe
from tests.ui.test_replay import SEATS, open_statistics, play_a_match_at_the_table

pygame.font.init()


def open_first_recent(app, ui) -> ReplayScene:
    ui.click(open_statistics(app, ui).replay_buttons[0])
    scene = app.scenes.top
    assert isinstance(scene, ReplayScene)
    ui.step(3)
    return scene


def test_the_seat_lit_is_the_one_that_moved_and_no_turn_banner_shows(app, ui):
    play_a_match_at_the_table(app, seed=21)
    scene = open_first_recent(app, ui)
    replay = scene.replay
    # A move after which someone else is to act: the mover is lit, not the next seat.
    index = next(f.index for f in replay.frames if not f.deal and f.to_act is not None and f.to_act != f.seat)
    replay.go(index - 1)
    ui.key(pygame.K_RIGHT)
    ui.step(90)
    frame = replay.frame
    assert scene.painter.lit_seat() == frame.seat != frame.to_act
    headline, _rest = step_caption(replay, frame, scene.session.human)
    assert headline.startswith(replay.name(frame.seat))
    surface = pygame.Surface(app.size)
    scene.draw(surface)
    border = (lambda seat: surface.get_at((scene.layout.seats[seat].plate.centerx,
                                           scene.layout.seats[seat].plate.top + 1))[:3])
    assert border(frame.seat) == GOLD and border(frame.to_act) != GOLD  # the mover's plate is gold-rimmed
    # Whoever is to act, the person's turn included, the table's "Your turn" banner never shows.
    for frame in replay.frames:
        replay.go(frame.index)
        scene.show(animate=False)
        assert scene.painter.banner_text() is None


def test_a_short_record_says_so_in_the_replay_panel_and_no_notice_outlives_the_replay(app, ui):
    match = Match(preset("crazy_eights", 3), 4)
    for _ in range(9):
        match.apply(match.legal_moves()[0])
    app.folders.records_dir.mkdir(parents=True, exist_ok=True)
    export_saved_game(SavedGame.of(match, SEATS), app.folders.records_dir / "Sunday.json")
    statistics = open_statistics(app, ui)
    app.notify("A notice from before")
    ui.click(ui.button("Replay a record…"))
    ui.click(app.scenes.top.record_list.item_list[0]["button_element"])
    ui.click(ui.button("Open"))
    scene = app.scenes.top
    assert isinstance(scene, ReplayScene)
    assert not any("stops before the end" in text for text in app.notices.texts())
    assert "The record stops before the end of the match." in scene.painter.info_lines()
    assert scene.title == "Replay · Crazy Eights · Sunday"
    app.notify("Something said during the replay")
    ui.key(pygame.K_y)  # the move list over the replay: the replay is still open
    ui.key(pygame.K_ESCAPE)
    assert "Something said during the replay" in app.notices.texts()
    ui.key(pygame.K_ESCAPE)
    assert app.scenes.top is statistics
    assert app.notices.texts() == ["A notice from before"]


def test_every_key_a_tooltip_names_does_what_the_button_does(app, ui):
    play_a_match_at_the_table(app, seed=21)
    scene = open_first_recent(app, ui)
    replay = scene.replay
    tips = {name: button.tool_tip_text for name, button in scene.buttons.items()}
    keys = {"Page Up": pygame.K_PAGEUP, "Page Down": pygame.K_PAGEDOWN, "Left": pygame.K_LEFT,
            "Right": pygame.K_RIGHT, "Space": pygame.K_SPACE, "Home": pygame.K_HOME, "End": pygame.K_END,
            "(P)": pygame.K_p, "Escape": pygame.K_ESCAPE}
    assert "(Page Up)" in tips["hand_start"] and "Home" in tips["hand_start"].split(";")[1]
    assert "(Page Down)" in tips["next_hand"] and "End" in tips["next_hand"].split(";")[1]
    inside = replay.hand_starts[1] + 3
    for name, tip in tips.items():
        named = [key for word, key in keys.items() if word in tip.split(";")[0]]
        assert named, f"the tooltip of {name} names no key: {tip}"
        if name in ("back", "play"):
            continue
        scene.go_to(inside)
        ui.click(scene.buttons[name])
        by_button = (replay.index, scene.pace)
        scene.go_to(inside)
        if name == "pace":
            scene.change_pace()  # the press moved it on: put it where it was before the key
            scene.change_pace()
        ui.key(named[0])
        assert (replay.index, scene.pace) == by_button, name
    # The second halves: Home and End go to the match's start and end.
    scene.go_to(inside)
    ui.key(pygame.K_HOME)
    assert replay.index == 0
    ui.key(pygame.K_END)
    assert replay.at_end
    ui.key(pygame.K_PAGEUP)
    assert replay.index == replay.hand_starts[-1]


def test_a_step_back_snaps_into_place_even_onto_a_deal(app, ui):
    play_a_match_at_the_table(app, seed=21)
    scene = open_first_recent(app, ui)
    replay = scene.replay
    for deal in replay.hand_starts:
        replay.go(deal + 1)
        scene.show(animate=False)
        ui.key(pygame.K_LEFT)
        assert replay.index == deal
        assert not scene.board.moving
    ui.key(pygame.K_RIGHT)
    assert scene.board.moving  # a step on still moves the cards


def test_a_draw_names_the_cards_it_took(app, ui):
    names = {0: "Tess", 1: "Bruno"}
    seven, king = parse_card("7C"), parse_card("KH")
    assert describe([Event("drew", 1, (seven,), count=1)], names, name_drawn=True) == ["Bruno draws 7C"]
    paid = [Event("drew", 1, (seven, king), count=2), Event("penalty_paid", 1, count=2)]
    assert describe(paid, names, name_drawn=True) == ["Bruno picks up 2 cards: 7C, KH"]
    assert describe(paid, names) == ["Bruno picks up 2 cards"]  # the table's own log names no hidden card
    play_a_match_at_the_table(app, seed=21)
    scene = open_first_recent(app, ui)
    replay = scene.replay
    draws = [f for f in replay.frames if [e.kind for e in f.events] == ["drew"] and f.events[0].count == 1]
    assert draws
    for frame in draws:
        headline, _rest = step_caption(replay, frame, scene.session.human)
        card = frame.events[0].cards[0]
        assert card in frame.hands[frame.seat]
        assert headline.endswith(("draws ", "draw ")[headline.startswith("You")] + spoken(card))


def spoken(card: int) -> str:
    from game.ui.table.narration import spoken_card
    return spoken_card(card)


def test_each_hand_end_shows_the_scores_and_the_last_says_who_won_the_match(app, ui):
    session = play_a_match_at_the_table(app, seed=21)
    scene = open_first_recent(app, ui)
    replay = scene.replay
    ends = [f.index for f in replay.frames if f.hand_over]
    assert len(ends) == len(session.match.results) == 2
    for end, result in zip(ends, session.match.results):
        replay.go(end)
        scene.show(animate=False)
        assert replay.result() == result
        log = list(scene.log)
        for seat in result.seats:
            line = f"{replay.name(seat)}: +{result.scores[seat]} this hand · {result.totals[seat]} in all"
            assert line in log
    winners = " & ".join(replay.name(seat) for seat in session.match.winners)
    said = "You win the match!" if session.match.winners == [0] and replay.name(0) == "You" else \
        f"{winners} wins the match"
    assert scene.log[-1] == said
    replay.go(ends[0] - 1)
    assert replay.result() is None
    # The panel is drawn over the table's centre at a hand's end, and not before.
    before = pygame.Surface(app.size)
    scene.show(animate=False)
    scene.draw(before)
    replay.go(ends[0])
    scene.show(animate=False)
    after = pygame.Surface(app.size)
    scene.draw(after)
    center = scene.layout.ring_center
    assert after.get_at(center) != before.get_at(center)


def test_the_title_names_the_game_and_marks_practice_and_every_seat_goes_by_its_name(app, ui):
    play_a_match_at_the_table(app, seed=21)  # fixed hands: a house rule on Crazy Eights
    statistics = open_statistics(app, ui)
    recent = statistics.recent[0]
    scene = open_first_recent(app, ui)
    assert scene.title == f"Replay · Crazy Eights · {date_time_text(recent.finished)}"
    replay = scene.replay
    assert step_caption(replay, replay.frames[0], scene.session.human)[0].startswith("Hand 1: ")
    assert all("you" not in line.lower().split() for line in replay_log(replay, scene.session.human))
    dealer = replay.frames[0].dealer
    assert step_caption(replay, replay.frames[0], scene.session.human)[0] == \
        f"Hand 1: {replay.name(dealer)} deals"
    ui.key(pygame.K_ESCAPE)
    practice = SavedGame(recent.saved.record, recent.saved.seats, practice=True)
    from game.ui.replay.opening import open_replay
    assert open_replay(app, practice, "Sunday")
    assert app.scenes.top.title == "Replay · Crazy Eights · Sunday · practice"


def test_the_person_under_the_default_name_is_still_told_as_you(app, ui):
    match = Match(preset("crazy_eights", 3), 4)
    saved = SavedGame.of(match, [Seat("You", "human"), Seat("Ada", "easy"), Seat("Bruno", "medium")])
    from game.ui.replay.opening import open_replay
    assert open_replay(app, saved, "Sunday")
    scene = app.scenes.top
    replay = scene.replay
    frame = replay.frames[0]
    expected = "Hand 1: you deal" if frame.dealer == 0 else f"Hand 1: {replay.name(frame.dealer)} deals"
    assert step_caption(replay, frame, scene.session.human)[0] == expected[:1].upper() + expected[1:]


def test_face_up_fans_spread_as_far_as_the_window_allows_at_960(make_app):
    app = make_app((960, 600))
    from tests.ui.conftest import Driver
    ui = Driver(app)
    seats = [Seat("Tess", "human"), Seat("Ada", "easy"), Seat("Bruno", "medium"), Seat("Chloé", "hard")]
    match = Match(preset("crazy_eights", 4), 3)
    from game.ui.replay.opening import open_replay
    assert open_replay(app, SavedGame.of(match, seats), "Sunday")
    ui.step(200)
    scene = app.scenes.top
    lay = scene.layout
    screen = pygame.Rect(0, 0, *app.size)
    fans = {}
    for seat, spot in lay.seats.items():
        if spot.bottom:
            continue
        sprites = sorted((s for s in scene.board.sprites if s.zone == (HAND_ZONE, seat)), key=lambda s: s.x)
        gaps = [b.x - a.x for a, b in zip(sprites, sprites[1:])]
        assert min(gaps) >= spot.card_w * OPEN_FAN_SPACING * 0.99  # a deal's few cards: the widest spacing
        fans[seat] = pygame.Rect(sprites[0].x - spot.card_w / 2, spot.center[1] - spot.card_h / 2,
                                 sprites[-1].x - sprites[0].x + spot.card_w, spot.card_h)
        assert screen.contains(fans[seat])
    rects = list(fans.values())
    assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])


def test_recent_matches_stand_under_headings_and_reset_forgets_them_too(app, ui):
    play_a_match_at_the_table(app, seed=21)
    statistics = open_statistics(app, ui)
    headings = {w.text: w for w in statistics.widgets if getattr(w, "object_ids", None)
                and any(str(i).startswith("#recent_column") for i in w.object_ids)}
    assert list(headings) == ["Date", "Game", "Opponents", "Result"]
    row_cells = [w for w in statistics.widgets if hasattr(w, "text") and w.text in ("Ada, Bruno", "Crazy Eights")]
    assert {cell.get_abs_rect().left for cell in row_cells} <= {h.get_abs_rect().left for h in headings.values()}
    opener = ui.button("Replay a record…")
    assert opener.get_abs_rect().right == statistics.replay_buttons[0].get_abs_rect().right
    ui.click(ui.button("Reset statistics…"))
    confirm = app.scenes.top
    assert any("recent matches" in getattr(w, "text", "") or "recent matches" in getattr(w, "html_text", "")
               for w in confirm.widgets)
    ui.click(ui.button("Reset"))
    assert app.recent_store.load()[0] == []
    assert app.scenes.top.recent == [] and app.scenes.top.rows == []


def test_the_statistics_columns_say_hands_or_matches_at_960(make_app):
    app = make_app((960, 600))
    from tests.ui.conftest import Driver
    ui = Driver(app)
    play_a_match_at_the_table(app, seed=21)
    statistics = open_statistics(app, ui)
    texts = [w.text for w in statistics.widgets if getattr(w, "object_ids", None)
             and any("heading_" in str(i) for i in w.object_ids)]
    assert "Hands" in texts and "Matches" in texts
    groups = {w.text: w.get_abs_rect() for w in statistics.widgets if getattr(w, "object_ids", None)
              and any("group_heading" in str(i) for i in w.object_ids)}
    won = sorted(w.get_abs_rect() for w in statistics.widgets if getattr(w, "text", None) == "Won")
    assert len(won) == 2
    assert groups["Hands"].left <= won[0].left < groups["Hands"].right <= groups["Matches"].left <= won[1].left


def test_the_records_rows_hold_their_text_at_every_size(make_app):
    for size in ((960, 600), (1920, 1080)):
        app = make_app(size)
        from tests.ui.conftest import Driver
        ui = Driver(app)
        app.folders.records_dir.mkdir(parents=True, exist_ok=True)
        export_saved_game(SavedGame.of(Match(preset("crazy_eights", 3), 4), SEATS),
                          app.folders.records_dir / "Sunday Eights.json")
        app.go("records", "open", app.folders.records_dir, lambda path: True)
        ui.step(2)
        dialog = app.scenes.top
        assert isinstance(dialog, RecordsScene)
        row = dialog.record_list.item_list[0]["button_element"]
        text_h = row.font.get_rect("Sunday Eightsgy").height if hasattr(row.font, "get_rect") else \
            row.font.size("Sunday Eightsgy")[1]
        assert row.rect.height >= text_h + 8, size
        assert row.rect.top >= dialog.record_list.get_abs_rect().top + 1
        while len(app.scenes):
            app.scenes.pop()
