"""Every refusal the rules core, the store and the seats can give is said in the player's language.

The walk below makes the real code refuse, once for each code it declares (a code nobody can
trigger, or a refusal with an undeclared code, fails the walk), then words each refusal in every
catalogue. The screens show those words: the New game screen in German and an import in Greek.
"""
from __future__ import annotations

import json
import os
import re

import pygame
import pytest

from game.rules import RECORD_CODES, RULE_CODES, InvalidRuleSet, Match, Problem, RuleSet, preset
from game.rules.match import MAX_RECORD_MOVES
from game.session import SEAT_CODES, Seat, TableSession, check_table
from game.store import (SAVED_GAME_CODES, STORE_CODES, AutosaveStore, SettingsStore, StatisticsStore,
                        UserFolders)
from game.store.autosave import MATCH_RECORD_FORMAT
from game.store.recent import RECENT_FORMAT, RecentMatchesStore
from game.store.saved_game import SavedGame, check_seats, import_saved_game, load_autosave
from game.store.settings import SETTINGS_FORMAT
from game.store.statistics import STATISTICS_FORMAT
from game.ui import i18n
from game.ui.problems import CLAUSES, SENTENCES, problem_text
from game.ui.scenes.new_game import NewGameScene

from test_menus import open_table, pick_record
from tests.portability import can_make_links

LANGUAGES = ("de", "el", "nb")
EVERY_CODE = RULE_CODES | RECORD_CODES | SAVED_GAME_CODES | SEAT_CODES | STORE_CODES | {"rules.invalid"}


@pytest.fixture(autouse=True)
def back_to_english():
    yield
    i18n.set_language("en")


@pytest.fixture
def german(monkeypatch):
    # The app speaks the system's language unless told otherwise: make the "system" German.
    monkeypatch.setenv("LANGUAGE", "de")


@pytest.fixture
def greek(monkeypatch):
    monkeypatch.setenv("LANGUAGE", "el")


def refusal(action):
    """What ``action()`` raised (it must raise a ValueError)."""
    try:
        action()
    except ValueError as error:
        return error
    raise AssertionError(f"{action} did not refuse")


def record(**changes):
    good = Match(preset("crazy_eights", 3), seed=5).to_record()
    return {**good, **changes}


def document_file(path, kind, data, version=1):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"format": kind, "version": version, "data": data}))


def rule_refusals():
    yield refusal(lambda: RuleSet(turn_cap=True))
    yield refusal(lambda: RuleSet.from_dict([]))
    yield refusal(lambda: RuleSet.from_dict({"colour": "red"}))
    # JSON has only text keys and every value is checked first: the last guard cannot be reached
    # from a file, so it is built as the rules core builds it.
    yield InvalidRuleSet([Problem("rules.malformed", "malformed rule set: (a TypeError)")])
    yield refusal(lambda: RuleSet(players=7, decks_by_players=(1,) * 6, hand_size_by_players=(8,) * 6))
    yield refusal(lambda: RuleSet(players=7, hand_size_by_players=(15,) * 6))
    yield refusal(lambda: RuleSet(draw_rule="up_to_n", draw_limit=0))
    yield refusal(lambda: RuleSet(match_end="target_wins"))
    yield refusal(lambda: RuleSet(scoring="winner_collects"))
    yield refusal(lambda: RuleSet(scoring="winner_collects", match_end="elimination"))
    yield refusal(lambda: RuleSet(wild_ranks=("Z",)))
    yield refusal(lambda: RuleSet(draw_penalties=(("2", 11),)))
    yield refusal(lambda: RuleSet(black_jack_stacking=True))
    yield refusal(lambda: RuleSet(skip_stacking=True))
    yield refusal(lambda: RuleSet(draw_penalties=(("8", 2),), skip_ranks=("8",), reverse_ranks=("8",)))
    yield refusal(lambda: RuleSet(wild_ranks=("J",), black_jack_draw=7))
    yield refusal(lambda: RuleSet(anything_on_ranks=("8",)))
    yield refusal(lambda: RuleSet(draw_penalties=(("2", 2), ("2", 3))))
    yield refusal(lambda: RuleSet(turn_cap=10**6))
    yield refusal(lambda: RuleSet(cards_per_deck=32, draw_penalties=(("2", 2), ("3", 3))))
    yield refusal(lambda: RuleSet(skip_ranks=("A",), play_again_ranks=("A",)))


def record_refusals():
    yield refusal(lambda: Match.from_json('{"format": "crazy-eights-record", "vers'))
    yield refusal(lambda: Match.from_record([]))
    yield refusal(lambda: Match.from_record(record(format="chess")))
    yield refusal(lambda: Match.from_record(record(version="one")))
    yield refusal(lambda: Match.from_record(record(version=99)))
    yield refusal(lambda: Match.from_record(record(rules={**record()["rules"], "players": 7,
                                                          "hand_size_by_players": [8] * 6,
                                                          "decks_by_players": [1] * 6})))
    yield refusal(lambda: Match.from_record(record(seed=None)))
    yield refusal(lambda: Match.from_record(record(hands="8S")))
    yield refusal(lambda: Match.from_record(record(hands=[["D"] * (MAX_RECORD_MOVES + 1)])))
    yield refusal(lambda: Match.from_record(record(hands=[[], []])))
    yield refusal(lambda: Match.from_record(record(hands=[["ZZ"]])))


def saved_game_refusals():
    good = record()
    yield refusal(lambda: SavedGame.from_document(5))
    yield refusal(lambda: SavedGame.from_document({"record": 5}))
    yield refusal(lambda: SavedGame.from_document({"record": good, "notes": "x"}))
    yield refusal(lambda: SavedGame.from_document({"record": good, "practice": "yes"}))
    yield refusal(lambda: check_seats([]))
    yield refusal(lambda: check_seats([5]))
    yield refusal(lambda: check_seats([{"name": " ", "kind": "easy"}]))
    yield refusal(lambda: check_seats([{"name": "a" * 50, "kind": "easy"}]))
    yield refusal(lambda: check_seats([{"name": "Ada", "kind": "Wizard!"}]))
    yield refusal(lambda: SavedGame(good, (Seat("Ada", "easy"),)).match())
    yield refusal(lambda: SavedGame(record(seed=None), None).match())
    yield refusal(lambda: Seat("Ada", "wizard"))
    yield refusal(lambda: check_table([Seat("Ada", "easy")], 3))
    yield refusal(lambda: TableSession.resume(SavedGame(good, None)))


def store_problems(home):
    folders = UserFolders(config_dir=home / "config", data_dir=home / "data")
    settings = SettingsStore(folders)
    settings.path.parent.mkdir(parents=True)
    if can_make_links():
        os.symlink(settings.path.name, settings.path)       # a link to itself: the system cannot read it
        yield settings.load()[1]
    statistics = StatisticsStore(folders)
    statistics.path.parent.mkdir(parents=True)
    statistics.path.write_text("{ damaged")
    yield statistics.load()[1]
    document_file(statistics.path, STATISTICS_FORMAT, {"entries": [{"preset": "crazy_eights"}]})
    yield statistics.load()[1]
    if can_make_links():
        os.unlink(settings.path)
    document_file(settings.path, SETTINGS_FORMAT, {"sound_volume": "loud", "colour": "red"})
    yield settings.load()[1]
    recent = RecentMatchesStore(folders)
    document_file(recent.path, RECENT_FORMAT, {"matches": [{"finished": "today"}]})
    yield recent.load()[1]
    autosave = AutosaveStore(folders)
    autosave.path.mkdir(parents=True)                        # a folder where the autosave belongs
    yield autosave.check_place()
    document_file(autosave.path, MATCH_RECORD_FORMAT, {"record": 5})
    yield load_autosave(autosave)[1]
    records = folders.records_dir
    records.mkdir()
    yield refusal(lambda: import_saved_game(records / "gone.json"))
    document_file(records / "future.json", MATCH_RECORD_FORMAT, record(), version=9)
    yield refusal(lambda: import_saved_game(records / "future.json"))
    (records / "notes.json").write_text('{"hello": "world"}')
    yield refusal(lambda: import_saved_game(records / "notes.json"))
    document_file(records / "bad.json", MATCH_RECORD_FORMAT, {"record": record(), "seats": []})
    yield refusal(lambda: import_saved_game(records / "bad.json"))


@pytest.fixture
def every_problem(tmp_path):
    problems = [*rule_refusals(), *record_refusals(), *saved_game_refusals(), *store_problems(tmp_path)]
    assert all(problem is not None for problem in problems)
    return problems


def codes_of(problem):
    """The problem's code and every code inside it (a record's rules, a saved game's record)."""
    yield problem.code
    for inner in problem.params.get("problems", ()):
        yield inner.code
    if "error" in problem.params:
        yield from codes_of(problem.params["error"])


def test_the_walk_meets_every_code_the_core_the_store_and_the_seats_declare(every_problem):
    met = {code for problem in every_problem for code in codes_of(problem)}
    # Only a loop of links makes a file no one can read, root included; where links cannot be made (Windows
    # without the right to), that one code is not met.
    expected = EVERY_CODE if can_make_links() else EVERY_CODE - {"store.unreadable"}
    assert met == expected, f"never met: {sorted(expected - met)}; undeclared: {sorted(met - EVERY_CODE)}"
    assert EVERY_CODE <= set(CLAUSES) | set(SENTENCES), "a code without words"


def test_every_refusal_keeps_its_english_message_for_logs(every_problem):
    for problem in every_problem:
        assert isinstance(problem, (ValueError, str)) and len(str(problem)) > 10, problem


def test_every_problem_has_words_in_every_catalogue(every_problem):
    i18n.set_language("en")
    english = [problem_text(problem) for problem in every_problem]
    for text in english:
        assert text.endswith(".") and "\n" not in text, text
    for language in LANGUAGES:
        i18n.set_language(language)
        for problem, source in zip(every_problem, english):
            text = problem_text(problem)
            assert text != source, f"{language}: {problem.code} is said in English: {text}"
            assert not re.search(r"[{}]", text), text


def test_several_rule_problems_are_joined_in_the_players_language():
    refused = refusal(lambda: RuleSet(black_jack_stacking=True, skip_stacking=True))
    assert [problem.code for problem in refused.problems] == ["rules.black_jack_stacking_alone",
                                                             "rules.skip_stacking_alone"]
    assert str(refused) == ("black-jack stacking needs the black-jack draw effect; "
                            "skip stacking needs a skip card")
    i18n.set_language("el")
    assert problem_text(refused) == (
        "Αυτοί οι κανόνες δεν πάνε μαζί: οι μαύροι βαλέδες στοιβάζονται μόνο όταν βάζουν τον επόμενο να "
        "τραβήξει· το «χάνεις σειρά» στοιβάζεται μόνο όταν κάποιο φύλλο κάνει τον επόμενο να χάνει σειρά.")


def test_two_powers_on_one_rank_name_the_rank_and_the_powers_in_german():
    refused = refusal(lambda: RuleSet(draw_penalties=(("8", 2),)))
    i18n.set_language("de")
    assert problem_text(refused) == ("Diese Regeln passen nicht zusammen: Achten können nicht zwei Aufgaben "
                                     "zugleich haben (Wünscher und 2 Karten ziehen lassen).")


ENGLISH_WORDS = re.compile(r"\b(the|and|cannot|needs?|only|when|black|jacks?|stack\w*|pick|rules|file|"
                           r"record|damaged|move|hand)\b", re.IGNORECASE)


def test_an_impossible_rule_set_in_german_shows_only_german_on_the_new_game_screen(german, app, ui):
    app.push(NewGameScene(app))
    ui.step()
    ui.choose(app.scenes.top.preset_menu, "Switch")
    scene = app.scenes.top
    switches = {rule_id: toggle for toggle, rule_id in scene.toggles.items()}
    ui.click(switches["jack_wild"])
    ui.click(switches["black_jack_stacking"])
    assert scene.rules is None and not scene.start_button.is_enabled
    shown = re.sub(r"<[^>]+>", "", scene.summary_box.html_text)
    assert shown == ("Diese Regeln passen nicht zusammen: schwarze Buben lassen sich nur stapeln, "
                     "wenn sie den Nächsten ziehen lassen.")
    assert not ENGLISH_WORDS.search(shown)


def test_importing_a_damaged_record_in_greek_says_why_in_greek(greek, app, ui):
    table = open_table(app, ui)
    app.folders.records_dir.mkdir(parents=True)
    damaged = record(hands=[["ZZ"]])
    (app.folders.records_dir / "broken.json").write_text(json.dumps(
        {"format": MATCH_RECORD_FORMAT, "version": 1, "data": {"record": damaged}}))
    ui.key(pygame.K_ESCAPE)
    ui.click(ui.button(i18n._("Import game record…")))
    pick_record(ui, app.scenes.top, "broken")
    ui.click(ui.button(i18n._("Open")))
    assert app.scenes.top.table is table, "the table stays, paused"
    [notice] = app.notices.texts()
    assert notice == ("Το broken.json δεν μπορεί να παιχτεί: η κίνηση 1 του γύρου 1 (ZZ) δεν επιτρέπεται "
                      "από τους κανόνες.")


def test_a_damaged_statistics_file_is_told_in_greek_on_the_statistics_screen(greek, app, ui):
    app.main_menu()
    ui.step()
    path = app.stats_store.path
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("{ damaged")
    ui.click(ui.button(i18n._("Statistics")))
    assert app.notices.texts() == ["Το statistics.json ήταν χαλασμένο. Τα στατιστικά σου ξεκινούν πάλι από "
                                   "το μηδέν. Το παλιό αντίγραφο φυλάχτηκε ως statistics.json.bak."]
    assert path.with_name("statistics.json.bak").is_file()


# ----- cards in the move log and in words ------------------------------------------------------

def pixels(surface):
    return pygame.image.tobytes(surface, "RGBA"), surface.get_size()


def test_the_log_chips_take_the_german_corner_letters_unless_the_setting_keeps_j_q_k_a(german, app, ui):
    table = open_table(app, ui)
    assert app.assets.card_letters() == "de"
    queen_de, eight_de = (pixels(table.painter.log_line(line, 16, (255, 255, 255), 600))
                          for line in ("Ada spielt QH.", "Ada spielt 8H."))
    app.assets.english_card_letters = True
    queen_en, eight_en = (pixels(table.painter.log_line(line, 16, (255, 255, 255), 600))
                          for line in ("Ada spielt QH.", "Ada spielt 8H."))
    assert queen_de != queen_en, "the queen's chip reads D in German and Q with the English letters"
    assert eight_de == eight_en, "an eight is an 8 either way"
    app.assets.english_card_letters = False
    queen_as_d = table.painter.log_line("Ada spielt QH.", 16, (255, 255, 255), 600)
    assert pixels(queen_as_d) == queen_de


def test_a_card_named_in_words_is_named_in_the_players_language(greek, app, ui):
    from game.rules import IllegalMove, Move, card_from_str
    from game.session import Hint
    from game.ui.i18n import hint_text, reason_text
    from game.ui.table.narration import card_word

    assert reason_text(IllegalMove("not_in_hand", "QH is not in the hand", card="QH")) == \
        "Δεν έχεις την ντάμα κούπα στο χέρι σου.", "the card with its article in the accusative"
    queen = card_from_str("QH")
    assert "ντάμα κούπα" in hint_text(Hint(Move.play(queen), "go_out", {"card": queen}))
    assert card_word(52) == "τζόκερ"


def test_a_long_notice_wraps_whole_inside_a_small_window(greek, make_app):
    import warnings

    app = make_app(size=(960, 600))
    app.main_menu()
    problem = ("Το statistics.json ήταν χαλασμένο. Τα στατιστικά σου ξεκινούν πάλι από το μηδέν. "
               "Το παλιό αντίγραφο φυλάχτηκε ως statistics.json.bak.")
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # pygame_gui warns when a label's text does not fit its box
        app.notify(problem, problem=True)
        app.step(1 / 60)
    [toast] = app.notices.toasts
    assert len(toast.labels) > 1, "too long for one line of a 960-pixel window"
    assert " ".join(label.text for label in toast.labels) == problem, "every word shows, none cut"
    panel = toast.panel.get_abs_rect()
    assert app.screen.get_rect().contains(panel)
    assert all(panel.contains(label.get_abs_rect()) for label in toast.labels)


def test_the_common_system_errors_are_said_in_the_players_language_and_the_rest_as_the_system_says():
    import errno

    from game.ui.problems import os_error_words

    i18n.set_language("de")
    assert os_error_words(OSError(errno.ENOSPC, "No space left on device")) == "der Datenträger ist voll"
    assert os_error_words(PermissionError(errno.EACCES, "Permission denied")) == "keine Berechtigung"
    assert os_error_words(OSError(errno.EXDEV, "Invalid cross-device link")) == "Invalid cross-device link"


def test_a_store_the_session_cannot_write_is_reported_in_the_players_language(tmp_path):
    import shutil

    from game.session import AIWorker, default_table
    from game.store import UserFolders
    from game.ui.sessions import store_problem_text

    folders = UserFolders(tmp_path / "config", tmp_path / "data")
    told = []
    rules = preset("crazy_eights", 3)
    session = TableSession(Match(rules, 4), default_table("You", 3), autosave=AutosaveStore(folders),
                           worker=AIWorker("thread"), report_problem=lambda store, error: told.append((store, error)))
    try:
        shutil.rmtree(tmp_path / "data", ignore_errors=True)
        (tmp_path / "data").write_text("in the way")
        session.autosave()
    finally:
        session.close()
    [(store, error)] = told
    i18n.set_language("de")
    text = store_problem_text(store, error)
    assert text.startswith("Die Partie konnte nicht gespeichert werden (")
    assert "(eine Datei steht, wo ihr Ordner sein sollte)" in text
    assert error.strerror not in text


def test_a_hint_counts_the_cards_left_of_the_named_suit_in_singular_and_plural():
    from game.rules import Move, card_from_str
    from game.session import Hint
    from game.ui.i18n import hint_text

    eight = card_from_str("8C")
    one = hint_text(Hint(Move.play(eight, 2), "wild_names_suit", {"card": eight, "suit": 2, "count": 1}))
    two = hint_text(Hint(Move.play(eight, 2), "wild_names_suit", {"card": eight, "suit": 2, "count": 2}))
    assert one.endswith("you still hold 1 card of that suit.")
    assert two.endswith("you still hold 2 cards of that suit.")
    i18n.set_language("el")
    assert hint_text(Hint(Move.play(eight, 2), "wild_names_suit", {"card": eight, "suit": 2, "count": 2})).endswith(
        "έχεις ακόμα 2 φύλλα σ’ αυτό το χρώμα.")
