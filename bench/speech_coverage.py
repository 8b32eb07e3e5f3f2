"""Speech coverage: whole matches of every game played by keyboard alone, every word recorded.

Each match runs in the real App (dummy video driver) with the recording speech output: the player
only presses keys (Right/Enter to play, D/P/L/S, a suit letter in the chooser, Enter on a hand's
result, and now and then R, T, C, O, E to ask), and every utterance is checked as it is said: no
card is named that the person could not know, and it is in the match's language. At the end every
step of the match's history must have been told exactly once.

    .venv/bin/python bench/speech_coverage.py [--hands 3|--default] [--languages en,de] [--seed 1]

The last line is one JSON object: matches, events, spoken_once_pct, hidden_cards_spoken, wrong_language,
utterances, seconds.
"""
from __future__ import annotations

import argparse
import dataclasses
import json
import os
import re
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame  # noqa: E402

from game.rules import PRESETS, Match, card_to_str, preset  # noqa: E402
from game.session import Seat  # noqa: E402
from game.speech import RecordingBackend  # noqa: E402

#: Words of the English move narration that no German utterance may hold.
ENGLISH_WORDS = (" plays ", " draws ", "Your turn", " wins the hand", "You play ", "Scores:", "On the pile")
ASK_KEYS = (pygame.K_r, pygame.K_t, pygame.K_c, pygame.K_o, pygame.K_e)
SUIT_LETTER_KEYS = (pygame.K_c, pygame.K_d, pygame.K_h, pygame.K_s)


class CheckingRecorder(RecordingBackend):
    """Records every utterance and checks it against the table as it stands when it is said."""

    def __init__(self, language: str):
        super().__init__(screen_reader=True)
        self.language = language
        self.table = None
        self.hidden_spoken: list[tuple[str, str]] = []
        self.wrong_language: list[str] = []

    def speak(self, utterance) -> None:
        super().speak(utterance)
        if utterance.language != self.language or (
                self.language != "en" and any(word in utterance.text for word in ENGLISH_WORDS)):
            self.wrong_language.append(utterance.text)
        if self.table is not None:
            for card, names in hidden_names(self.table):
                if any(re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", utterance.text, re.IGNORECASE)
                       for name in names):
                    self.hidden_spoken.append((card, utterance.text))


def spoken_forms(card: int) -> set[str]:
    """Every way the narration may say ``card``: its bare name and its name in each grammatical case
    (German "den Pik-König", Greek "τον άσο σπαθί"), lower-cased."""
    from game.ui.i18n import card_name

    name = card_name(card_to_str(card))
    return {form.lower() for form in (str(name), *name.forms.values())}


def hidden_names(table) -> list[tuple[str, set[str]]]:
    """(code, every spoken form) of every card the person cannot know now: in another seat's hand or in the
    stock, and never seen by them (a second deck's twin of a card they know is left out)."""
    session = table.session
    match = session.match   # the bench sees everything; the table itself reads views
    hand = match.hand
    me = match.hand_player(session.human) if session.human is not None else -1
    known = set(hand.discard) | (set(hand.hands[me]) if me >= 0 else set())
    for entry in session.history:
        for event in entry.events:
            if event.kind in ("played", "starter") or event.player == session.human:
                known.update(event.cards)
    for result in match.results:   # a hand's result shows every hand left
        for cards in result.hands.values():
            known.update(cards)
    hidden = set(hand.stock)
    for player, cards in enumerate(hand.hands):
        if player != me:
            hidden.update(cards)
    known_names = set().union(*(spoken_forms(card) for card in known)) if known else set()
    found = []
    for card in hidden - known:
        forms = spoken_forms(card) - known_names
        if forms:
            found.append((card_to_str(card), forms))
    return found


def press(app, key: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0))
    app.step(1 / 60)


def play_match(preset_id: str, seed: int, language: str, fixed_hands: int | None, home: Path,
               max_frames: int = 60_000) -> dict:
    """Play one match of ``preset_id`` by keyboard; returns its figures and problems."""
    from game.store import UserFolders
    from game.ui.app import App
    from game.ui.sessions import session_for
    from game.ui.table import TableScene
    from game.ui.table.results import HandResultScene, MatchResultScene

    app = App(size=(960, 600), folders=UserFolders(home / "config", home / "data"), headless=True, fullscreen=False)
    app.running = True
    app.save_settings(dataclasses.replace(app.settings, animation_speed="instant", computer_speed="instant",
                                          ai_think_budget_ms=10, language=language, speech="screen_reader"))
    recorder = CheckingRecorder(language)
    app.speech.use(recorder)
    rules = preset(preset_id)
    if fixed_hands is not None:
        rules = dataclasses.replace(rules, match_end="fixed_hands", fixed_hands=fixed_hands)
    seats = [Seat("Tess", "human")] + [Seat(name, "easy") for name in ("Ada", "Bruno", "Chloé", "Dmitri")]
    table = TableScene(app, session_for(app, Match(rules, seed), seats[:rules.players]))
    recorder.table = table
    app.push(table)
    asked = 0
    frames = 0
    last_version = None
    while frames < max_frames:
        frames += 1
        top = app.scenes.top
        if isinstance(top, MatchResultScene):
            break
        if isinstance(top, HandResultScene):
            app.step(1 / 60)
            press(app, pygame.K_RETURN)
            continue
        if top is not table:
            app.step(1 / 60)
            continue
        session = table.session
        if table.chooser is not None:
            press(app, SUIT_LETTER_KEYS[seed % 4])
            continue
        if table.waiting_for_player is not None:
            press(app, pygame.K_SPACE)
            continue
        view = session.view()
        kinds = view.move_kinds
        if not view.my_turn and "last_card" in kinds:
            press(app, pygame.K_l)
            continue
        if not view.my_turn or table.result_timer is not None:
            app.step(1 / 60)
            continue
        if view.version != last_version:   # a new turn of the person's: ask one thing first
            last_version = view.version
            press(app, ASK_KEYS[asked % len(ASK_KEYS)])
            asked += 1
            continue
        if "last_card" in kinds:
            press(app, pygame.K_l)
        elif "stop" in kinds and len(view.my_cards) <= 2:
            press(app, pygame.K_s)
        elif view.playable:
            sprites = table.my_sprites()
            if not (0 <= table.input.selected < len(sprites)) or sprites[table.input.selected].card not in view.playable:
                press(app, pygame.K_RIGHT)
                sprites = table.my_sprites()
                guard = 0
                while sprites[table.input.selected].card not in view.playable and guard < len(sprites):
                    press(app, pygame.K_RIGHT)
                    guard += 1
            press(app, pygame.K_RETURN)
        elif "draw" in kinds:
            press(app, pygame.K_d)
        elif "pass" in kinds:
            press(app, pygame.K_p)
        else:
            app.step(1 / 60)
    session = table.session
    told: dict[int, int] = {}
    for utterance in recorder.utterances:
        for key in utterance.keys:
            if key[0] == "step":
                told[key[1]] = told.get(key[1], 0) + 1
    steps = len(session.history)
    once = sum(1 for index in range(steps) if told.get(index) == 1)
    figures = {
        "preset": preset_id, "language": language, "finished": session.over, "frames": frames,
        "hands": len(session.match.results), "events": steps, "spoken_once": once,
        "never_spoken": [i for i in range(steps) if i not in told],
        "spoken_twice": [i for i in range(steps) if told.get(i, 0) > 1],
        "hidden_cards_spoken": recorder.hidden_spoken, "wrong_language": recorder.wrong_language,
        "utterances": len(recorder.utterances), "asked": asked,
    }
    while len(app.scenes):
        app.scenes.pop()
    app.shutdown()
    return figures


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=3, help="hands per match (a fixed-hands match)")
    parser.add_argument("--default", action="store_true", help="each game's own match end instead")
    parser.add_argument("--languages", default="en,de")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    started = time.perf_counter()
    results = []
    with tempfile.TemporaryDirectory() as folder:
        for language in args.languages.split(","):
            for index, preset_id in enumerate(sorted(PRESETS)):
                home = Path(folder) / f"{language}-{preset_id}"
                figures = play_match(preset_id, args.seed + index, language, None if args.default else args.hands,
                                     home)
                results.append(figures)
                print(f"{language} {preset_id:22} finished={figures['finished']} hands={figures['hands']} "
                      f"events={figures['events']} once={figures['spoken_once']} "
                      f"hidden={len(figures['hidden_cards_spoken'])} wrong_language={len(figures['wrong_language'])} "
                      f"utterances={figures['utterances']}", flush=True)
    events = sum(r["events"] for r in results)
    once = sum(r["spoken_once"] for r in results)
    summary = {
        "matches": len(results), "finished": sum(1 for r in results if r["finished"]), "events": events,
        "spoken_once_pct": round(100.0 * once / max(1, events), 2),
        "hidden_cards_spoken": sum(len(r["hidden_cards_spoken"]) for r in results),
        "wrong_language": sum(len(r["wrong_language"]) for r in results),
        "utterances": sum(r["utterances"] for r in results),
        "seconds": round(time.perf_counter() - started, 1),
    }
    print(json.dumps(summary))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
