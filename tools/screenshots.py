"""Render every scene to PNG files with the dummy video driver, to look at them.

Usage::

    python tools/screenshots.py OUTDIR [--sizes 1280x720,960x600]

Uses a throw-away CRAZY_EIGHTS_HOME filled with sample statistics and an
autosave, so Continue and the statistics table show. The table's scenes are
included when ``game.ui.table`` provides them.
"""
from __future__ import annotations

import argparse
import os
import sys
import random
import tempfile
import time
import traceback
from dataclasses import replace as replaced
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def _size(text: str) -> tuple[int, int]:
    width, height = text.lower().split("x")
    return int(width), int(height)


def fill_sample_data(folders) -> None:
    """Statistics rows and an autosaved match, so those screens have something to show."""
    from game.rules import Match, preset
    from game.session import Seat
    from game.store import AutosaveStore, StatisticsStore
    from game.store.saved_game import SavedGame, export_saved_game, save_autosave

    stats = StatisticsStore(folders)
    sample = [("crazy_eights", "medium", [(True, 0), (False, 23), (True, 0), (False, 41)], [True, False]),
              ("crazy_eights", "hard", [(False, 57), (True, 0)], [False]),
              ("switch", "easy", [(True, 0), (True, 0), (False, 12)], [True]),
              ("swedish_rummy", "medium", [(True, 62), (False, 0)], [])]
    for preset_id, level, hands, matches in sample:
        low = preset_id != "swedish_rummy"
        for won, score in hands:
            stats.record_hand(preset_id, level, won, score, low)
        for won in matches:
            stats.record_match(preset_id, level, won)
    match = Match(preset("crazy_eights", 4), seed=42)
    for _ in range(6):
        match.apply(match.legal_moves()[0])
    seats = [Seat("You", "human"), Seat("Ada", "easy"), Seat("Bruno", "medium"), Seat("Chloé", "hard")]
    save_autosave(AutosaveStore(folders), SavedGame.of(match, seats))
    folders.records_dir.mkdir(parents=True, exist_ok=True)
    for name in ("Sunday with Ada", "Switch final", "Crazy Eights 2026-11-30 2140"):
        export_saved_game(SavedGame.of(match, seats), folders.records_dir / f"{name}.json")
    fill_recent_matches(folders, seats)


def finished_sample_match(preset_id: str, players: int, seed: int, hands: int):
    """A whole match of random legal moves, for the recent matches and the replay viewer."""
    import random

    from game.rules import Match, play_randomly, preset

    rules = preset(preset_id, players)
    if hands:
        rules = rules.replace(match_end="fixed_hands", fixed_hands=hands)
    return play_randomly(Match(rules, seed), random.Random(seed))


def fill_recent_matches(folders, seats) -> None:
    """Three finished matches in the list of recent matches (one of them practice)."""
    import datetime

    from game.rules import preset_id_of
    from game.store.recent import RecentMatchesStore
    from game.store.saved_game import SavedGame

    times = iter(datetime.datetime(2026, 11, 30, 20, 5) + datetime.timedelta(minutes=37 * i) for i in range(9))
    store = RecentMatchesStore(folders, clock=lambda: next(times))
    for preset_id, players, seed, hands, practice in (("switch", 3, 8, 0, False), ("crazy_eights", 4, 5, 3, True),
                                                      ("crazy_eights", 4, 11, 2, False)):
        match = finished_sample_match(preset_id, players, seed, hands)
        saved = SavedGame.of(match, seats[:players], practice)
        store.add(saved, preset_id_of(match.rules) or "custom", match.winners)


def replay_shots(app, size, settle, shot) -> None:
    """The replay viewer at a deal, in the middle of a hand (a card in flight), at a hand's end (its
    scores), at the end of the match, and the records dialog opened from the statistics screen."""
    from game.store.recent import RecentMatchesStore
    from game.ui.i18n import date_time_text
    from game.ui.replay.opening import open_replay
    from game.ui.scenes.recent import choose_record
    from game.ui.scenes.statistics import StatisticsScene

    try:
        recent = RecentMatchesStore(app.folders).load()[0]
        app.scenes.clear_to(StatisticsScene(app))
        open_replay(app, recent[1].saved, date_time_text(recent[1].finished))
        settle(90)
        shot("replay_deal", size)
        scene = app.scenes.top
        scene.go_to(11)
        settle(90)
        scene.step_forward()
        settle(12)
        shot("replay_moving", size)
        scene.go_to(scene.replay.hand_starts[1] - 1 if scene.replay.hand_count > 1 else len(scene.replay) - 1)
        settle(150)
        shot("replay_hand_end", size)
        scene.last()
        settle(10)
        shot("replay_end", size)
        app.scenes.clear_to(StatisticsScene(app))
        settle(2)
        choose_record(app)
        settle(4)
        shot("replay_record_dialog", size)
    except Exception:
        print(f"replay at {size}: FAILED", file=sys.stderr)
        traceback.print_exc()
    app.notices.clear()


def quiz_shots(app, size, settle, shot, seed: int = 3) -> None:
    """"What would you play?": looking for positions, a question, a wrong answer, a right one (a wild card's
    suit chooser on the way when there is one) and the score."""
    import pygame

    from game.session.quiz import QuizJob

    job = QuizJob(seed)
    app.go("menu")
    settle()
    app.go("quiz", None, job)
    settle()
    shot("quiz_waiting", size)
    while not job.poll():
        time.sleep(0.05)
    settle(60)
    scene = app.scenes.top
    shot("quiz_question", size)
    wrong = next(answer.move for answer in scene.question.answers if not answer.right)
    scene.human_move(wrong)
    settle(30)
    shot("quiz_wrong", size)
    for _number in range(1, 5):
        scene.next_question()
        settle(40)
        best = scene.question.best.move
        if best.suit is not None and scene.chooser is None:
            scene.play_card(best.card, next(s for s in scene.my_sprites() if s.card == best.card))
            settle(30)
            shot("quiz_suit_chooser", size)
            scene._chooser_cancelled()
        scene.human_move(best)
        settle(30)
        shot("quiz_right", size)
    scene.next_question()
    settle(10)
    shot("quiz_score", size)
    job.close()


def sample_problems(folder: Path):
    """Real problems from the store, as the player meets them: a damaged statistics file (told at
    start or on the statistics screen) and a record whose moves cannot be replayed (told on import)."""
    import json

    from game.rules import Match, preset
    from game.store import StatisticsStore, UserFolders
    from game.store.autosave import MATCH_RECORD_FORMAT

    folders = UserFolders(config_dir=folder / "config", data_dir=folder / "data")
    folders.data_dir.mkdir(parents=True)
    stats = StatisticsStore(folders)
    stats.path.write_text("{ damaged")
    _statistics, problem = stats.load()
    record = {**Match(preset("crazy_eights", 4), seed=42).to_record(), "hands": [["ZZ"]]}
    broken = folder / "Sunday with Ada (damaged).json"
    broken.write_text(json.dumps({"format": MATCH_RECORD_FORMAT, "version": 1, "data": {"record": record}}))
    return problem, broken


class StandInTable:
    """A table for the pause menu when game.ui.table is not there yet."""

    transparent = False

    def __init__(self, app):
        from game.rules import Match, preset

        self.app = app
        self.match = Match(preset("crazy_eights", 4), seed=1)
        self.seats = [Seat("You", "human")] + [Seat(n, "medium") for n in ("Ada", "Bruno", "Chloé")]

    def on_enter(self): pass
    def on_exit(self): pass
    def on_resize(self, size): pass
    def handle_event(self, event): return False
    def update(self, dt): pass

    def draw(self, surface):
        from game.ui.look.paint import backdrop
        surface.blit(backdrop(self.app.size), (0, 0))


#: Where each lesson's screenshot is taken: a step that shows its family's powers.
LESSON_SHOTS = (("crazy_eights", 2), ("action_cards", 3), ("switch", 3))


def lesson_shots(app, size, shot) -> None:
    """Each lesson at a step, and the list of lessons, in each of the four languages (nothing may be clipped)."""
    from game.ui import i18n

    before = i18n.current_language()
    try:
        for language in ("en", "de", "el", "nb"):
            i18n.set_language(language)
            app.go("lessons", how="clear")
            for _ in range(6):
                app.step(1 / 30)
            shot(f"lessons_{language}", size)
            for lesson, step in LESSON_SHOTS:
                app.go("lesson_table", lesson, step, how="clear")
                for _ in range(600):
                    app.step(1 / 30)
                    table = app.scenes.top
                    if table.run.persons_turn() and not table.board.moving and table.time > 2:
                        break
                for _ in range(10):
                    app.step(1 / 30)
                shot(f"lesson_{lesson}_{language}", size)
    finally:
        i18n.set_language(before)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description="Render every scene to PNG files.")
    parser.add_argument("outdir", type=Path)
    parser.add_argument("--sizes", default="1280x720,960x600", help="comma-separated WxH list")
    parser.add_argument("--language", default="", help="en, de, el or nb (default: the settings')")
    parser.add_argument("--only", default="", choices=("", "quiz", "tutor", "net"),
                        help="'quiz': only the What would you play? screens; 'tutor': only the tutor's question; "
                             "'net': only the Play with friends screens")
    args = parser.parse_args(argv)
    args.outdir.mkdir(parents=True, exist_ok=True)
    sizes = [_size(s) for s in args.sizes.split(",") if s]

    with tempfile.TemporaryDirectory(prefix="crazy-eights-shots-") as home:
        os.environ["CRAZY_EIGHTS_HOME"] = home
        import pygame

        from game.rules import Match, preset
        from game.store import UserFolders
        from game.ui.app import App
        from game.ui.scenes.menu import MainMenuScene
        from game.ui.scenes.message import MessageScene
        from game.ui.scenes.new_game import NewGameScene
        from game.ui.scenes.pause import PauseScene
        from game.ui.scenes.rules import RulesScene
        from game.ui.scenes.settings import SettingsScene
        from game.ui.scenes.statistics import StatisticsScene
        from game.session import Seat
        from game.ui.i18n import _ as translated, shown_player_name
        from game.ui.sessions import session_for

        folders = UserFolders.default()
        fill_sample_data(folders)
        startup_problem, broken_record = sample_problems(Path(home) / "samples")
        app = App(size=sizes[0], folders=folders, headless=True, fullscreen=False)
        app.running = True
        if args.language:
            import dataclasses
            app.save_settings(dataclasses.replace(app.settings, language=args.language))
        if args.only == "quiz":
            for size in sizes:
                app.resize(size)
                quiz_shots(app, size, lambda frames=4: [app.step(1 / 60) for _ in range(frames)],
                           lambda name, size: (pygame.image.save(app.screen, str(
                               args.outdir / f"{name}_{args.language or 'en'}_{size[0]}x{size[1]}.png"))))
            app.shutdown()
            return 0
        try:
            from game.ui import table as table_package
            TableScene = getattr(table_package, "TableScene", None)
        except ImportError:
            table_package, TableScene = None, None
        written = []

        def settle(frames=4):
            for _ in range(frames):
                app.step(1 / 60)

        def shot(name, size):
            path = args.outdir / f"{name}_{size[0]}x{size[1]}.png"
            pygame.image.save(app.screen, str(path))
            written.append(path)

        def table_scene():
            seats = [Seat(shown_player_name(app.settings.player_name), "human")] + [
                Seat(n, "medium") for n in ("Ada", "Bruno", "Chloé")]
            if TableScene is None:
                return StandInTable(app)
            return TableScene(app, session_for(app, Match(preset("crazy_eights", 4), seed=7), seats))

        def small_table(players):
            names = ("Ada", "Bruno")[:players - 1]
            seats = [Seat(shown_player_name(app.settings.player_name), "human")] + [
                Seat(n, "medium") for n in names]
            return TableScene(app, session_for(app, Match(preset("crazy_eights", players), seed=3), seats))

        def table_with_wild_to_play():
            """A 4-player table where it is the human's turn with an eight in hand, chooser open."""
            from game.rules import card_to_str
            for seed in range(1, 200):
                table = TableScene(app, session_for(app, Match(preset("crazy_eights", 4), seed=seed), [
                    Seat(shown_player_name(app.settings.player_name), "human")] + [
                    Seat(n, "medium") for n in ("Ada", "Bruno", "Chloé")]))
                app.scenes.clear_to(table)
                for _ in range(240):
                    if table.human_turn():
                        break
                    app.step(1 / 30)
                eights = [c for c in table.session.view().my_cards if card_to_str(c).startswith("8")]
                if table.human_turn() and eights:
                    sprite = next(s for s in table.board.sprites if s.card == eights[0])
                    table.play_card(eights[0], sprite)
                    return table
            return None

        def new_screens(size):
            """The match analysis of a finished hand (a quick analysis, not the screen's full one), its
            next error, the key help over the menu, and a table of two people opening on its pass screen."""
            from game.ai import EasyBot, MediumBot
            from game.session.match_review import AnalysisSource, analyse_match

            seats = [Seat(shown_player_name(app.settings.player_name), "human"), Seat("Ada", "easy"),
                     Seat("Bruno", "medium")]
            table = TableScene(app, session_for(app, Match(preset("crazy_eights", 3).replace(
                match_end="single_hand"), seed=11), seats))
            app.scenes.clear_to(table)
            settle(2)
            bots, rng = [EasyBot(), EasyBot(), MediumBot()], random.Random(3)
            while not table.session.match.hand.over:
                seat = table.session.match.current_seat
                table.session.apply(bots[seat].choose(table.session.match.view(seat), rng))
            table.resync(animate=False)
            source = AnalysisSource.of_session(table.session, (1,))
            analysis = app.go("match_analysis", source)
            analysis.close()
            analysis._keep(analyse_match(source.record, (1,), rollouts=200, luck_worlds=24))
            settle(6)
            shot("match_analysis", size)
            analysis.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_n, mod=0, unicode="n"))
            settle(6)
            shot("match_analysis_next_error", size)
            app.main_menu()
            settle(4)
            app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F1, mod=0, unicode=""))
            settle(6)
            shot("key_help", size)
            people = [Seat("Mia", "human"), Seat("Bruno", "human"), Seat("Ada", "easy")]
            app.scenes.clear_to(TableScene(app, session_for(app, Match(preset("crazy_eights", 3), seed=4), people)))
            settle(30)
            shot("pass_screen", size)

        def costly_table(people, asked_seat):
            """A 3-player table played by Medium until ``asked_seat`` (a person) has a plain card the analysis
            marks as a sure, costly mistake; the table open on that turn. Returns (table, the move)."""
            from game.ai import MediumBot
            from game.ai.analysis import analyse
            from game.rules import DRAW, Move, tables_for
            from game.session.coach import surely_costly

            for seed in range(1, 60):
                session = session_for(app, Match(preset("crazy_eights", 3), seed=seed), people)
                bot, rng = MediumBot(), random.Random(seed)
                while not session.hand_over:
                    seat = session.match.current_seat
                    view = session.match.view(seat)
                    if seat == asked_seat and len(view.legal_actions) > 1:
                        analysis = analyse(view)
                        costly = [a for a in view.legal_actions if a < DRAW and not tables_for(view.rules).wild[a // 5]
                                  and surely_costly(analysis.score(a).gap, analysis.score(a).gap_error)]
                        if costly:
                            table = TableScene(app, session)
                            app.scenes.clear_to(table)
                            settle(2)
                            if app.scenes.top is not table:   # several people: the pass screen first
                                app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" "))
                                settle(2)
                            return table, Move.from_action(costly[0])
                    session.apply(bot.choose(view, rng))
                session.close()
            raise RuntimeError("no costly play found")

        def tutor_shots(size):
            """The tutor's question: to the one person at a table, and by name at a table of two people."""
            saved = app.settings
            for name, people, asked, changes in (
                    ("tutor", [Seat(shown_player_name(app.settings.player_name), "human"), Seat("Ada", "medium"),
                               Seat("Bruno", "medium")], 0, {"tutor_mode": True}),
                    ("tutor_hot_seat", [Seat("Mia", "human"), Seat("Bruno", "human"), Seat("Ada", "medium")], 1,
                     {"tutored_names": ("Bruno",)})):
                app.settings = replaced(saved, **changes)
                table, move = costly_table(people, asked)
                deadline = time.monotonic() + 60
                while table.session.tutor_check(move) is None and time.monotonic() < deadline:
                    app.step(1 / 60)   # the analysis is worked out in the background as the turn begins
                    time.sleep(0.01)
                table.human_move(move)
                while table.tutor.busy and table.tutor.dialog is None and time.monotonic() < deadline:
                    app.step(1 / 60)
                    time.sleep(0.01)
                settle(40)
                if table.tutor.dialog is None:
                    raise RuntimeError("the tutor did not ask")
                shot(name, size)
            app.settings = saved
        def network_shots(size):
            """Play with friends: the host's setup, its lobby with a friend joined from a real client on
            localhost, and the join screen (listing the table when multicast reaches it here)."""
            import threading

            from game.net import TableClient

            app.go("friends", how="clear")
            settle(4)
            shot("friends", size)
            host = app.go("host_table")
            host.players, host.kinds[:3] = 5, ["friend", "friend", "hard"]
            host.evaluate()
            host.rebuild()
            host.name_entry.set_text("Mia")
            settle(4)
            shot("host_setup", size)
            host.open_table()
            client = TableClient("127.0.0.1", host.link.host.address[1], host.link.code, "Bruno")
            joining = threading.Thread(target=lambda: client.connect(), daemon=True)
            joining.start()
            deadline = time.monotonic() + 15
            while joining.is_alive() and time.monotonic() < deadline:
                app.step(1 / 60)
            settle(10)
            app.notices.clear()
            settle(3)
            shot("host_lobby", size)
            join = app.go("join_table")
            deadline = time.monotonic() + 12
            while not join.browser.tables() and time.monotonic() < deadline:
                app.step(1 / 60)
                time.sleep(0.01)
            settle(6)
            app.notices.clear()
            settle(3)
            shot("join_table", size)
            app.pop()
            if client.table is not None:
                client.table.close()
            host.back()
            app.notices.clear()
            guest_lobby_shot(size)

        def guest_lobby_shot(size):
            """A guest's lobby: this app sits at Mia's table (a real host on localhost, polled in a thread),
            one friend is there already, one seat is still open, computers fill the rest (seven seats: the
            longest list)."""
            import threading

            from game.net import TableClient, TableHost
            from game.rules import preset as rules_preset
            from game.session import TableSession
            from game.ui.net_link import GuestLink

            session = TableSession.new(rules_preset("crazy_eights", 7), 7, [
                Seat("Mia", "human"), Seat("Bruno", "remote"), Seat("Chloé", "remote"), Seat("Dmitri", "remote"),
                Seat("Elena", "hard"), Seat("Farid", "easy"), Seat("Greta", "medium")], think_budget_ms=10)
            table_host = TableHost(session, bind="127.0.0.1", code="K7QM", lobby=True)
            stop = threading.Event()

            def host_loop():
                while not stop.is_set():
                    table_host.poll()
                    time.sleep(0.005)
            threading.Thread(target=host_loop, daemon=True).start()
            friend = TableClient("127.0.0.1", table_host.address[1], "K7QM", "Bruno")
            friend.connect()
            guest = TableClient("127.0.0.1", table_host.address[1], "K7QM", "Zoë")
            guest.connect()
            link = GuestLink(app, guest)
            app.table_link = link
            app.go("guest_lobby", link, how="clear")
            deadline = time.monotonic() + 5
            while time.monotonic() < deadline and len([s for s in link.lobby() if s.state == "joined"]) < 2:
                app.step(1 / 60)
                time.sleep(0.01)
            settle(6)
            app.notices.clear()
            settle(3)
            shot("guest_lobby", size)
            link.close()
            friend.close()
            stop.set()
            table_host.close()
            session.close()
            app.go("friends", how="clear")
            app.notices.clear()

        def review_over_finished_hand():
            """A finished 4-player hand the person played carelessly (always the first legal move) against
            Medium players, its result
            and the hand review opened over it; returns the review scene once its job is done."""
            from game.ui.table import HandResultScene

            seats = [Seat(shown_player_name(app.settings.player_name), "human")] + [
                Seat(n, "medium") for n in ("Ada", "Bruno", "Chloé")]
            table = TableScene(app, session_for(app, Match(preset("crazy_eights", 4).replace(
                match_end="single_hand"), seed=10), seats))
            app.scenes.clear_to(table)
            settle(2)
            from game.ai import MediumBot

            medium, rng = MediumBot(), random.Random(3)
            while not table.session.match.hand.over:
                seat = table.session.match.current_seat
                table.session.apply(table.session.match.legal_moves()[0] if seat == 0 else
                                    medium.choose(table.session.match.view(seat), rng))
            table.resync(animate=False)
            result = HandResultScene(app, table)
            app.push(result)
            settle(40)
            shot("hand_result_review_button", app.size)
            result.open_review()
            review = app.scenes.top
            for _ in range(6000):       # the picture of progress: about half the decisions scored
                done, total = review.progress
                if review.review is not None or done * 2 >= total:
                    break
                app.step(1 / 60)
                time.sleep(0.005)
            settle(30)
            shot("hand_review_progress", app.size)
            for _ in range(6000):
                if review.review is not None and review.shown_fraction >= 1.0:
                    break
                app.step(1 / 60)
                time.sleep(0.005)
            settle(40)
            return review

        for size in sizes:
            app.notices.clear()
            app.resize(size)
            if args.only == "tutor":
                tutor_shots(size)
                continue
            if args.only == "net":
                network_shots(size)
                continue

            def scene(name, make, frames=4, then=None):
                try:
                    app.scenes.clear_to(make())
                    settle(frames)
                    if then is not None:
                        then()
                        settle(frames)
                    shot(name, size)
                except Exception:  # keep going: one broken scene should not hide the others
                    print(f"{name} at {size}: FAILED", file=sys.stderr)
                    traceback.print_exc()
                app.notices.clear()

            app.startup_problems = [startup_problem]
            scene("menu_notice", lambda: MainMenuScene(app))
            scene("menu", lambda: MainMenuScene(app))

            def keyboard_focus():
                for _ in range(2):
                    app.scenes.top.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0))
            scene("menu_keyboard", lambda: MainMenuScene(app), then=keyboard_focus)
            scene("new_game", lambda: NewGameScene(app))

            def switch_invalid():
                s = NewGameScene(app)
                s.preset_id, s.players, s.switches = "switch", 5, {"jack_wild", "black_jack_stacking", "king_stop"}
                s.match_key = "elimination:100"
                s.evaluate()
                return s
            scene("new_game_invalid", switch_invalid)

            def seven():
                s = NewGameScene(app)
                s.preset_id, s.players, s.switches = "crazy_eights_action", 7, {"jokers", "skip_stacking"}
                s.match_key = "target:200"
                s.evaluate()
                return s
            scene("new_game_action_7", seven)
            scene("rules", lambda: RulesScene(app))
            scene("rules_switch", lambda: RulesScene(app, preset_id="switch"))
            scene("settings", lambda: SettingsScene(app))
            scene("statistics", lambda: StatisticsScene(app))
            scene("statistics_reset", lambda: StatisticsScene(app), then=lambda: app.scenes.top.ask_reset())
            replay_shots(app, size, settle, shot)

            def push_pause():
                table = table_scene()
                app.scenes.clear_to(table)
                settle(2)
                app.push(PauseScene(app, table))

            try:
                push_pause()
                settle()
                shot("pause", size)
                app.scenes.top.export_record()
                settle()
                shot("pause_export", size)
                app.scenes.top.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0))
                settle()
                app.scenes.top.import_record()
                settle()
                shot("pause_import", size)
                # As after a failed import: the records dialog has closed, the pause menu shows again.
                app.scenes.top.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0))
                settle()
                app.scenes.top.read_import(broken_record)
                settle(20)
                shot("pause_import_problem", size)
                # The same refusal as a message box (the words the import notice just showed).
                import_problem = app.notices.texts()[-1]
                app.notices.clear()
                app.push(MessageScene(app, translated("Open game record"), import_problem))
                settle()
                shot("message", size)
            except Exception:
                print(f"pause at {size}: FAILED", file=sys.stderr)
                traceback.print_exc()
            app.notify(translated("Game record saved as {name}.").format(name="crazy-eights-2025-01-01-1200.json"))
            settle()
            shot("toast", size)
            app.notices.clear()

            if TableScene is not None:
                try:
                    table = table_scene()
                    app.scenes.clear_to(table)
                    settle(30)
                    shot("table", size)
                    for _ in range(600):
                        app.step(1 / 30)
                    shot("table_later", size)
                    for players in (2, 3):
                        app.scenes.clear_to(small_table(players))
                        for _ in range(150):
                            app.step(1 / 30)
                        shot(f"table_{players}p", size)
                    chooser_table = table_with_wild_to_play()
                    if chooser_table is not None:
                        settle(30)
                        shot("suit_chooser", size)
                    # A computer-only match at full speed, for the hand and match result screens.
                    import dataclasses

                    saved = app.settings
                    app.settings = dataclasses.replace(saved, animation_speed="instant", computer_speed="instant", ai_think_budget_ms=10)
                    rules = preset("crazy_eights", 3).replace(match_end="fixed_hands", fixed_hands=2)
                    seats = [Seat(n, k) for n, k in (("Ada", "easy"), ("Bruno", "medium"), ("Chloé", "hard"))]
                    app.scenes.clear_to(TableScene(app, session_for(app, Match(rules, seed=5), seats)))
                    results = {"HandResultScene": "hand_result", "MatchResultScene": "match_result"}
                    for _ in range(20_000):
                        app.step(1 / 60)
                        scene_name = type(app.scenes.top).__name__
                        name = results.get(scene_name)
                        if name:
                            result_scene = app.scenes.top
                            result_scene.auto = None    # hold the spectators' result open for the picture
                            settle(40)
                            shot(name, size)
                            del results[scene_name]
                            if name == "hand_result":
                                result_scene.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN,
                                                                         mod=0))
                            if name == "match_result":
                                break
                    app.settings = saved
                except Exception:
                    print(f"table at {size}: FAILED", file=sys.stderr)
                    traceback.print_exc()
                try:
                    from game.session.review import HandReview

                    review = review_over_finished_hand()
                    shot("hand_review", size)
                    review.review = HandReview(tuple(d for d in review.review.decisions if not d.costly))
                    settle(2)
                    shot("hand_review_well_played", size)
                except Exception:
                    print(f"hand review at {size}: FAILED", file=sys.stderr)
                    traceback.print_exc()
                try:
                    quiz_shots(app, size, settle, shot)
                except Exception:
                    print(f"quiz at {size}: FAILED", file=sys.stderr)
                    traceback.print_exc()
                try:
                    tutor_shots(size)
                except Exception:
                    print(f"tutor at {size}: FAILED", file=sys.stderr)
                    traceback.print_exc()
                try:
                    network_shots(size)
                except Exception:
                    print(f"network screens at {size}: FAILED", file=sys.stderr)
                    traceback.print_exc()
                try:
                    new_screens(size)
                except Exception:
                    print(f"match analysis, key help, pass screen at {size}: FAILED", file=sys.stderr)
                    traceback.print_exc()
                try:
                    lesson_shots(app, size, shot)
                except Exception:
                    print(f"lessons at {size}: FAILED", file=sys.stderr)
                    traceback.print_exc()
        app.shutdown()
    for path in written:
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
