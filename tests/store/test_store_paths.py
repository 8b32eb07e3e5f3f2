"""Where the files live: the platform's folders, or $CRAZY_EIGHTS_HOME."""

from __future__ import annotations

from pathlib import Path

import platformdirs

from game.store import UserFolders


def test_home_override_puts_config_and_data_under_it(tmp_path):
    folders = UserFolders.default(environ={"CRAZY_EIGHTS_HOME": str(tmp_path)})
    assert folders == UserFolders(config_dir=tmp_path / "config", data_dir=tmp_path / "data")


def test_relative_home_override_is_made_absolute(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    folders = UserFolders.default(environ={"CRAZY_EIGHTS_HOME": "play-home"})
    assert folders.config_dir == tmp_path / "play-home" / "config"
    assert folders.config_dir.is_absolute()


def test_without_override_the_platform_folders_are_used():
    for environ in ({}, {"CRAZY_EIGHTS_HOME": "  "}):
        folders = UserFolders.default(environ=environ)
        assert folders.config_dir == Path(platformdirs.user_config_dir("crazy-eights", appauthor=False))
        assert folders.data_dir == Path(platformdirs.user_data_dir("crazy-eights", appauthor=False))


def test_default_reads_the_real_environment(tmp_path, monkeypatch):
    monkeypatch.setenv("CRAZY_EIGHTS_HOME", str(tmp_path))
    assert UserFolders.default().data_dir == tmp_path / "data"


def test_folders_are_not_created_by_asking(tmp_path):
    UserFolders.default(environ={"CRAZY_EIGHTS_HOME": str(tmp_path / "home")})
    assert not (tmp_path / "home").exists()
