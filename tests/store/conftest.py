"""Shared fixtures for the store tests: every test works on real files under tmp_path."""

from __future__ import annotations

import pytest

from game.store import UserFolders


@pytest.fixture
def folders(tmp_path):
    """Config and data folders inside this test's own temporary directory (not created yet)."""
    return UserFolders(config_dir=tmp_path / "config", data_dir=tmp_path / "data")
