"""Suite-wide setup: the test environment, and the fixtures every test folder may use.

pytest reads this file before it imports any test module, so the environment below is in
place before anything imports pygame: headless SDL drivers (no screen or sound card needed)
English whatever the machine speaks (the App's default language setting follows the
system's), and a throw-away CRAZY_EIGHTS_HOME, so that no test can reach the player's own settings,
statistics or autosave. This is the only place that sets them.

Fixtures:
``home``     a fresh CRAZY_EIGHTS_HOME for one test (settings, statistics, autosave live there);
``folders``  the store's config and data folders inside this test's tmp_path (not created yet).
The app fixtures (``make_app``, ``app``, ``ui``) are in tests/ui/conftest.py.
"""
from __future__ import annotations

import atexit
import os
import shutil
import tempfile

import pytest

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
os.environ["LANGUAGE"] = "en"
for _variable in ("LC_ALL", "LC_MESSAGES", "LANG"):
    os.environ.pop(_variable, None)
_SUITE_HOME = tempfile.mkdtemp(prefix="crazy-eights-tests-")
os.environ["CRAZY_EIGHTS_HOME"] = _SUITE_HOME
atexit.register(shutil.rmtree, _SUITE_HOME, ignore_errors=True)


@pytest.fixture
def home(tmp_path, monkeypatch):
    """A fresh user folder for this test only."""
    monkeypatch.setenv("CRAZY_EIGHTS_HOME", str(tmp_path))
    return tmp_path


@pytest.fixture
def folders(tmp_path):
    """Config and data folders inside this test's own temporary directory (not created yet)."""
    from game.store import UserFolders

    return UserFolders(config_dir=tmp_path / "config", data_dir=tmp_path / "data")
