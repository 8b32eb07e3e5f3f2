"""The game's version, for ``--version`` and the main menu."""
from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version as installed_version

from game import __version__


def version() -> str:
    """The installed package version, or the source tree's own when not installed."""
    try:
        return installed_version("crazy-eights")
    except PackageNotFoundError:  # a plain checkout, or a frozen build without package metadata
        return __version__
