"""The person's own events are told in their own words ("You went out"), never as the third-person
message with "you" put in for the name (German "Du ist raus", Greek "Εσύ: βγήκε"), in every language."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from game.rules import Event
from game.ui import i18n
from game.ui.table.narration import describe, draw_run_line, shared_win_text
from game.ui.table.results import OWN_REASONS, REASONS, reason_text

LANGUAGES = ("en", "de", "el", "nb")
POT = Path(i18n.LOCALE_DIR) / "crazy-eights.pot"
PERSON = "Tess"  # a name no message holds: if it shows in the person's line, the third person was used
OTHERS = {0: PERSON, 1: "Ada", 2: "Bruno"}

#: Every message with a {name} in it, and where the person's own words for it are. None: the message
#: never names the person (a file, a computer player, another seat), with the reason.
NAME_MESSAGES = {
    "{name} plays {card} and names {suit}": "You play {card} and name {suit}",
    "{name} plays {card}": "You play {card}",
    "{name} draws a card": "You draw a card",
    "{name} draws {card}": "You draw {card}",
    "{name} draws {count} card: {cards}": "You draw {count} card: {cards}",
    "{name} picks up {count} card": "You pick up {count} card",
    "{name} picks up {count} card: {cards}": "You pick up {count} card: {cards}",
    "{name} forgot “Last card” and draws {count}": "You forgot “Last card” and draw {count}",
    "{name} forgot “Last card” and draws {count}: {cards}": "You forgot “Last card” and draw {count}: {cards}",
    "{name} is skipped": "You are skipped",
    "{name} cancels the penalty": "You cancel the penalty",
    "{name}: “Last card!”": "You call “Last card!”",
    "{name} forgot to say “Mau” and draws {count}": "You forgot to say “Mau” and draw {count}",
    "{name} forgot to say “Mau” and draws {count}: {cards}": "You forgot to say “Mau” and draw {count}: {cards}",
    "{name}: “Mau!”": "You say “Mau!”",
    "{name} plays again": "You play again",
    "{name} passes": "You pass",
    "{name} calls “Stop!”": "You call “Stop!”",
    "{name} wins the hand": "You win the hand!",
    "{name} wins the match": "You win the match!",
    "Hand {number}: {name} deals": "Hand {number}: you deal",
    "{name} went out": "You went out",
    "“Stop!” was called: {name} has the lowest hand": "“Stop!” was called: you have the lowest hand",
    "{name} moves": "You move",
    "{name}: +{points} this hand · {total} in all": "You: +{points} this hand · {total} in all",
    "named by {name}": "named by you",
    "{names} share the win": "You share the win with {names}",
    "Hand {hand} · move {move} · {name}": "Hand {hand} · your move {move}",
    "{name}'s hand · {count} card": "Your hand · {count} card",
    "Wait for your turn: {name} is playing.": None,   # said to the person about another seat
    "{name} has moved": None,                          # only a computer's move waits to be read
    "{name}: {count} card": "You: {count} card",       # the review counts the opponents' cards; speech everyone's
    "{name}: out": "You: out",
    "{name} {points}": "You {points}",
    "{name}: {points}": "You: {points}",
    "{name}: {cards}": "You: {cards}",
    "{name}'s turn": None,                             # the person hears "Your turn" instead
    "{name}, {state}": None,                           # a control's name and its state
    "{name}: {value}": None,                           # a control's name and its value
    "{name} cannot be played: {reason}": None,         # a file's name
    "Game record saved as {name}.": None,
    "Analysis saved as {name}.": None,                 # a file's name
    "Game record {name} loaded.": None,
    "A record called {name} is already there. Replace it?": None,
    "This game: {name}": None,                         # a game's name
    "the rules hold settings this version does not know ({names})": None,   # setting names
    "the saved game holds parts this version does not know ({names})": None,
    "Pass to {name}.": None,                           # said between two people, to the room
    "Press Space when {name} is ready.": None,
    "{name} is ready": None,
    "Your turn, {name}": None,                         # the person holding the screen, by name
    "Wait, {name}: there is a better move": "Wait: there is a better move",   # the tutor, to one of several people
    # A coach's reason names an opponent of the person (who cannot follow, is skipped, must pick up).
    "{name} could not follow {suit} and has none left": None,
    "{name} could not follow {suit} and can hold at most {count} of them now": None,
    "{name} must pick up {count} card or answer it": None,
    "it skips {name}": None,
    "it skips {name}, who holds only {count} card": None,
    # The teacher speaks to the person about the computer player who just moved or is skipped.
    "Some cards have powers in this game. A jack skips the next player: {name} misses a turn.": None,
    "In Switch an eight skips the next player: {name} misses a turn.": None,
    "{name} played a black jack: you must pick up seven cards! Only a red jack stops it: play the {card}, and "
    "nobody picks up.": None,
    "{name} played an eight and named {suit}. Follow {suit} or play an eight: play the {card}.": None,
    "{name} played a two: you must pick up two cards, unless you answer with a two of your own. Then the next "
    "player must pick up four.": None,
    "Lesson: {name}": None,                            # a lesson's name
    # Network play: the host and the table tell each person about the others, never about themselves.
    "{name}'s table": None,                            # a table, after its host
    "{name} sat down at the table.": None,
    "{name} left the table.": None,
    "{name} lost the connection. Waiting 30 seconds for them…": None,
    "A computer plays for {name} until they come back.": None,
    "{name} is back and plays on.": None,
    "{name} (host)": None,                             # the host's own lobby row: a name, not a sentence
    "{name}, computer: {level}": None,
    "{name}: connection lost": None,
    "{name} joined": None,
    "Waiting for {name} to deal the next hand…": None,  # said to a guest about the host
    "{name} (you)": None,                              # a guest's own lobby row: already their own words
    "Waiting for {name} to start…": None,              # a guest's lobby, about the host
    "The match begins when {name} presses Start. Leave the table with Esc.": None,
    "Two people at this table are called {name}: give each their own name.": None,   # a name typed twice
}


@pytest.fixture(params=LANGUAGES)
def language(request):
    i18n.set_language(request.param)
    yield request.param
    i18n.set_language("en")


def pot_messages() -> set[str]:
    text = POT.read_text(encoding="utf-8")
    ids = re.findall(r'^msgid "((?:[^"\\]|\\.)*)"', text, re.M)
    return {msgid.replace('\\"', '"') for msgid in ids}


def test_every_message_with_a_name_has_its_person_form_decided():
    own = {msgid for msgid in NAME_MESSAGES.values() if msgid is not None}
    named = {msgid for msgid in pot_messages() if "{name}" in msgid or "{names}" in msgid} - own
    assert named == set(NAME_MESSAGES), "a new {name} message: say what the person's own words are"
    for third, own in NAME_MESSAGES.items():
        if own is not None:
            assert own in pot_messages() and "{name}" not in own


def test_own_messages_are_translated_and_name_nobody(language):
    for third, own in NAME_MESSAGES.items():
        if own is None:
            continue
        mine, theirs = i18n._(own), i18n._(third)
        assert "{name}" not in mine and mine != theirs
        if language != "en":
            assert mine != own, f"{own!r} is not translated into {language}"


def events_of_every_kind(player: int) -> list[list[Event]]:
    return [
        [Event("played", player, (7,)), Event("nominated", player, suit=2)],
        [Event("played", player, (20,))],
        [Event("drew", player, (3,), count=1)],
        [Event("drew", player, (3, 4, 5), count=3)],
        [Event("drew", player, (3, 4), count=2), Event("penalty_paid", player, count=2)],
        [Event("drew", player, (3, 4), count=2), Event("last_card_penalty", player, count=2)],
        [Event("skipped", player)],
        [Event("penalty_cancelled", player)],
        [Event("last_card_called", player)],
        [Event("passed", player)],
        [Event("stop_called", player)],
        [Event("hand_ended", player)],
    ]


@pytest.mark.parametrize("name_drawn", [False, True])
def test_each_event_told_of_the_person_differs_from_the_third_person_and_names_nobody(language, name_drawn):
    for events in events_of_every_kind(0):
        own = describe(events, OTHERS, human=0, name_drawn=name_drawn)
        third = describe(events, OTHERS, human=None, name_drawn=name_drawn)
        assert own and len(own) == len(third)
        for mine, theirs in zip(own, third):
            assert PERSON in theirs and PERSON not in mine and "{" not in mine and mine != theirs, (events, mine)


def test_a_run_of_draws_the_hand_end_and_a_shared_win_in_the_persons_own_words(language):
    assert PERSON not in draw_run_line(True, PERSON, 8, [3] * 8, False)
    assert PERSON in draw_run_line(False, PERSON, 8, [3] * 8, False)
    for reason in OWN_REASONS:
        mine, theirs = reason_text(reason, PERSON, True), reason_text(reason, PERSON, False)
        assert PERSON not in mine and PERSON in theirs and "{" not in mine
    for reason in set(REASONS) - set(OWN_REASONS):
        assert "{name}" not in REASONS[reason], "a reason that names the winner needs the person's own words"
    mine, theirs = shared_win_text(["Ada"], True), shared_win_text([PERSON, "Ada"], False)
    assert "Ada" in mine and PERSON not in mine and mine != theirs
