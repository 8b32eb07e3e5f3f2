"""The lessons (docs/RULES.md rows each step cites): every lesson played to its end by a scripted person,
each rule of its family coming up, wrong moves refused with the step kept, skipping, opening at a step,
and the progress file (resumed from disk; a damaged one set aside)."""
from __future__ import annotations

import json

import pytest

from game.rules import EventKind, Move, MoveKind, card_from_str, stacked_order, preset
from game.session.lessons import DEALER, LESSONS, PERSON, LessonRun, lesson_steps_for_rule
from game.store.lessons import LESSONS_FILE_NAME, LessonMark, LessonProgress, LessonProgressStore
from game.store.paths import UserFolders


def play_through(run: LessonRun) -> set[str]:
    """Play ``run`` to its end doing each step; returns the kinds of event that happened."""
    kinds: set[str] = set()
    while not run.finished:
        before = len(run.session.history)
        run.play_computers()
        if not run.finished:
            assert run.play(run.expected_move()).ok
        for entry in run.session.history[before:]:
            kinds |= {event.kind for event in entry.events}
    return kinds


@pytest.mark.parametrize("key", LESSONS)
def test_every_lesson_plays_to_its_end_step_by_step(key):
    lesson = LESSONS[key]
    run = LessonRun(lesson)
    seen_steps = []
    while not run.finished:
        run.play_computers()
        if run.finished:
            break
        seen_steps.append(run.step.key)
        assert run.session.to_act() == PERSON
        assert run.play(run.expected_move()).ok
    assert seen_steps == [step.key for step in lesson.steps]
    assert run.step is None and run.step_index == len(lesson.steps)


# What each family must show: docs/RULES.md R-MATCH, R-NOMINATE, R-DRAW-RULE, R-GOING-OUT (Crazy Eights);
# R-SKIP, R-REVERSE, R-DRAW-PENALTY, R-STACKING, R-ANYTHING-ON (action cards); R-SKIP, R-REVERSE,
# R-BLACK-JACK, R-STACKING, R-LAST-CARD, R-GOING-OUT (Switch).
FAMILY_EVENTS = {
    "crazy_eights": {EventKind.NOMINATED, EventKind.DREW, EventKind.HAND_ENDED},
    "action_cards": {EventKind.SKIPPED, EventKind.REVERSED, EventKind.PENALTY_STACKED, EventKind.PENALTY_PAID},
    "switch": {EventKind.SKIPPED, EventKind.REVERSED, EventKind.PENALTY_CANCELLED, EventKind.PENALTY_STACKED,
               EventKind.PENALTY_PAID, EventKind.LAST_CARD_CALLED, EventKind.HAND_ENDED},
}
FAMILY_RULES = {
    "crazy_eights": {"R-MATCH", "R-WILD", "R-NOMINATE", "R-DRAW-RULE", "R-GOING-OUT"},
    "action_cards": {"R-SKIP", "R-REVERSE", "R-DRAW-PENALTY", "R-STACKING", "R-ANYTHING-ON"},
    "switch": {"R-MATCH", "R-SKIP", "R-REVERSE", "R-BLACK-JACK", "R-DRAW-PENALTY", "R-STACKING", "R-DRAW-RULE",
               "R-LAST-CARD", "R-GOING-OUT"},
}


@pytest.mark.parametrize("key", LESSONS)
def test_each_rule_of_the_family_comes_up(key):
    kinds = play_through(LessonRun(LESSONS[key]))
    assert FAMILY_EVENTS[key] <= kinds
    shown = {rule for step in LESSONS[key].steps for rule in step.rules}
    assert FAMILY_RULES[key] <= shown
    for rule in FAMILY_RULES[key]:
        assert (key, next(i for i, s in enumerate(LESSONS[key].steps) if rule in s.rules)) in lesson_steps_for_rule(rule)


def test_the_eight_names_a_suit_and_the_next_player_follows_it():
    run = LessonRun.at_step(LESSONS["crazy_eights"], LESSONS["crazy_eights"].step_index("crazy_eights.eight_wild"))
    run.play_computers()
    assert run.play(run.expected_move()).ok
    assert run.session.match.hand.suit == 1   # diamonds named (R-NOMINATE)
    hint = run.hint() if run.persons_turn() else None
    assert hint is None or hint.reason


def test_a_wrong_move_is_refused_kindly_and_the_step_stays():
    run = LessonRun(LESSONS["crazy_eights"])
    run.play_computers()
    step = run.step
    # 8S is allowed by the rules (wild) but not what this step teaches; 7D does not match the 5H.
    other = run.check(Move.play(card_from_str("8S"), 2))
    assert not other.ok and other.code == "other_move" and other.step == step
    refused = run.play(Move.play(card_from_str("7D")))
    assert not refused.ok and refused.code == "not_allowed" and refused.refusal.reason == "not_matching"
    assert run.step == step and run.session.match.moves[-1] == []
    assert run.play(run.expected_move()).ok and run.step != step


def test_naming_another_suit_than_the_step_asks_is_refused():
    lesson = LESSONS["crazy_eights"]
    run = LessonRun.at_step(lesson, lesson.step_index("crazy_eights.eight_wild"))
    run.play_computers()
    verdict = run.play(Move.play(card_from_str("8S"), 3))
    assert verdict.code == "other_suit" and run.step.key == "crazy_eights.eight_wild"


def test_a_last_card_call_out_of_place_is_refused_with_the_rules_reason():
    run = LessonRun(LESSONS["switch"])
    run.play_computers()
    verdict = run.play(Move(MoveKind.LAST_CARD))
    assert verdict.code == "not_allowed" and verdict.refusal.reason == "last_card_not_allowed"


def test_skipping_a_step_makes_its_move_and_goes_on():
    run = LessonRun(LESSONS["action_cards"])
    run.play_computers()
    move = run.skip()
    assert run.play(move).ok
    assert 0 in run.skipped and run.step_index == 1
    assert any(e.kind == EventKind.SKIPPED for e in run.session.history[-1].events)


@pytest.mark.parametrize("key", LESSONS)
def test_opening_at_each_step_reaches_the_same_position_as_playing_to_it(key):
    lesson = LESSONS[key]
    played = LessonRun(lesson)
    for index in range(len(lesson.steps)):
        played.play_computers()
        opened = LessonRun.at_step(lesson, index)
        opened.play_computers()
        assert opened.session.fingerprint() == played.session.fingerprint()
        assert opened.step == played.step == lesson.steps[index]
        played.play(played.expected_move())


def test_a_stacked_deal_deals_exactly_the_chosen_cards():
    lesson = LESSONS["switch"]
    run = LessonRun(lesson)
    hand = run.session.match.hand
    assert [tuple(cards) for cards in hand.hands] == [tuple(cards) for cards in lesson.hands]
    assert hand.top == lesson.starter and run.session.match.dealer == DEALER
    assert sum(len(h) for h in hand.hands) + len(hand.stock) + len(hand.discard) == 52   # R-CONSERVATION
    with pytest.raises(ValueError):
        stacked_order(preset("switch").with_players(3), 2, lesson.hands[:2] + (lesson.hands[0],), lesson.starter)


def test_progress_is_resumed_from_the_file(tmp_path):
    folders = UserFolders(config_dir=tmp_path / "config", data_dir=tmp_path / "data")
    store = LessonProgressStore(folders)
    assert store.load() == (LessonProgress(), None)
    store.save(LessonProgress().with_mark("switch", LessonMark(step=4)).with_mark("crazy_eights", LessonMark(6, True)))
    progress, problem = LessonProgressStore(folders).load()
    assert problem is None and progress.mark("switch") == LessonMark(4, False)
    assert progress.mark("crazy_eights").done and progress.mark("action_cards") == LessonMark()
    run = LessonRun.at_step(LESSONS["switch"], progress.mark("switch").step)
    run.play_computers()
    assert run.step == LESSONS["switch"].steps[4]


@pytest.mark.parametrize("damage", [
    "{not json",
    json.dumps({"format": "crazy-eights-lessons", "version": 1, "data": {"lessons": {"switch": {"step": True, "done": False}}}}),
    json.dumps({"format": "crazy-eights-lessons", "version": 1, "data": {"lessons": {"switch": {"step": 3}}}}),
    json.dumps({"format": "crazy-eights-lessons", "version": 1, "data": {"lessons": {"switch": {"step": 10**9, "done": False}}}}),
    json.dumps({"format": "crazy-eights-lessons", "version": 1, "data": {"lessons": [], "extra": 1}}),
])
def test_a_damaged_progress_file_is_set_aside_with_a_notice(tmp_path, damage):
    folders = UserFolders(config_dir=tmp_path / "config", data_dir=tmp_path / "data")
    folders.data_dir.mkdir(parents=True)
    path = folders.data_dir / LESSONS_FILE_NAME
    path.write_text(damage, encoding="utf-8")
    progress, problem = LessonProgressStore(folders).load()
    assert progress == LessonProgress()
    assert problem is not None and problem.code == "store.set_aside" and problem.params["role"] == "lessons"
    assert (folders.data_dir / (LESSONS_FILE_NAME + ".bak")).read_text(encoding="utf-8") == damage
    LessonProgressStore(folders).save(LessonProgress().with_mark("switch", LessonMark(1)))
    assert LessonProgressStore(folders).load()[0].mark("switch").step == 1
