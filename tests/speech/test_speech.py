"""The pygame-free voice: modes, interruption, failing outputs, and the system voice as a real process."""
from __future__ import annotations

import logging
import sys
import time

from game.speech import CommandVoice, NoOutputs, RecordingBackend, Speech, clean_text


class Outputs:
    """Outputs of a made-up computer: a screen reader and a voice that may or may not be there."""

    def __init__(self, screen_reader=None, voice=None):
        self.reader, self.voice, self.looks = screen_reader, voice, 0

    def screen_reader(self):
        self.looks += 1
        return self.reader

    def system_voice(self, language="en"):
        return self.voice


def test_off_says_nothing_and_a_screen_reader_mode_never_uses_the_system_voice():
    voice = RecordingBackend(screen_reader=False)
    assert not Speech("off", outputs=Outputs(voice=voice)).say("Ada plays 8S")
    speech = Speech("screen_reader", outputs=Outputs(voice=voice))
    assert not speech.say("Ada plays the eight of spades")
    assert voice.utterances == []
    always = Speech("always", outputs=Outputs(voice=voice))
    assert always.say("Ada plays the eight of spades", keys=(("step", 3),))
    assert voice.utterances[0].keys == (("step", 3),) and voice.utterances[0].interrupt


def test_the_screen_reader_comes_first_and_is_looked_for_again_later():
    now = [0.0]
    outputs = Outputs()
    speech = Speech("screen_reader", outputs=outputs, clock=lambda: now[0])
    assert not speech.say("one") and not speech.say("two")
    assert outputs.looks == 1, "no second look straight away"
    outputs.reader = RecordingBackend()
    now[0] = 31.0
    assert speech.say("three")
    assert outputs.reader.texts == ["three"]


def test_a_failing_output_is_dropped_quietly_and_logged_once(caplog):
    class Broken(RecordingBackend):
        def speak(self, utterance):
            raise OSError("the screen reader went away")

    broken = Broken()
    broken.name = "broken reader"
    speech = Speech("always", outputs=NoOutputs())
    with caplog.at_level(logging.WARNING, logger="game.speech"):
        speech.use(broken)
        assert not speech.say("one")
        speech.use(broken)
        assert not speech.say("two")
    assert sum("broken reader" in record.message for record in caplog.records) == 1
    assert speech.backend is None


def test_text_is_cleaned_and_the_last_thing_can_be_said_again():
    assert clean_text("a\u202eb\x00c \n  d") == "abc d"
    assert len(clean_text("x" * 5000)) == 2000
    recorder = RecordingBackend()
    speech = Speech("screen_reader", outputs=NoOutputs())
    speech.use(recorder)
    speech.language = "de"
    speech.say("Du bist dran")
    assert speech.repeat()
    assert recorder.texts == ["Du bist dran", "Du bist dran"]
    assert {u.language for u in recorder.utterances} == {"de"}


def test_the_system_voice_command_gets_the_text_and_the_language(tmp_path):
    said = tmp_path / "said.txt"
    script = tmp_path / "voice.py"
    script.write_text("import sys, pathlib\npathlib.Path(sys.argv[1]).write_text(' '.join(sys.argv[2:]))\n")
    voice = CommandVoice([sys.executable, str(script), str(said)], None, "--language")
    speech = Speech("always", outputs=NoOutputs())
    speech.use(voice)
    speech.language = "nb"
    assert speech.say("-du spiller hjerter ni")
    deadline = time.monotonic() + 10
    while not said.exists() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert said.read_text() == "--language nb -- -du spiller hjerter ni"
    voice.stop()


def test_a_look_in_the_background_speaks_what_was_said_meanwhile_once_found():
    import threading

    answer = threading.Event()
    reader = RecordingBackend()

    class SlowOutputs(Outputs):
        def screen_reader(self):
            answer.wait(10)
            return reader

    speech = Speech("screen_reader", outputs=SlowOutputs(), background=True)
    assert not speech.say("Main menu"), "nothing waits for the screen reader to answer"
    assert not speech.say("New game, button")
    answer.set()
    speech.wait_for_output()
    assert reader.texts == ["New game, button"], "only the last thing said meanwhile"
    assert speech.say("Settings, button") and reader.texts[-1] == "Settings, button"
