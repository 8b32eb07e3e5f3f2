"""Speech for players who do not see the screen: no pygame, no words of its own.

The UI makes the words (in the player's language, through its ``_()``) and hands them to
:class:`Speech`, which sends each one to the player's screen reader, to the system's voice, or to a
recording (tests and the coverage bench). See ``speaker.py`` and ``backends.py``.
"""
from .backends import CommandVoice, NoOutputs, PrismOutput, RecordingBackend, SpeechBackend, SystemOutputs
from .speaker import DETAILS, MODES, Speech, Utterance, clean_text

__all__ = ["CommandVoice", "DETAILS", "MODES", "NoOutputs", "PrismOutput", "RecordingBackend", "Speech",
           "SpeechBackend", "SystemOutputs", "Utterance", "clean_text"]
