"""Where the game keeps its files on this computer."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

HOME_OVERRIDE_VARIABLE = "CRAZY_EIGHTS_HOME"


@dataclass(frozen=True)
class UserFolders:
    """The folder for settings (config_dir), the folder for statistics and saves (data_dir), and where
    crash reports go (``log_dir``: the platform's log folder, else ``logs`` in the data folder)."""

    config_dir: Path
    data_dir: Path
    #: Two folders are the same place whatever the log folder (set by ``default``, else under data_dir).
    logs: Path | None = field(default=None, compare=False)

    @property
    def log_dir(self) -> Path:
        """Where crash reports are written."""
        return self.logs if self.logs is not None else self.data_dir / "logs"

    @property
    def records_dir(self) -> Path:
        """Where game records the player exports are kept (and looked for when importing)."""
        return self.data_dir / "records"

    @classmethod
    def default(
        cls,
        app_name: str = "crazy-eights",
        environ: Mapping[str, str] | None = None,
    ) -> UserFolders:
        """The platform's per-user folders, or `config/` and `data/` under $CRAZY_EIGHTS_HOME if it is set."""
        # environ is a parameter so tests can pass a dict instead of editing os.environ.
        environ = os.environ if environ is None else environ
        home = environ.get(HOME_OVERRIDE_VARIABLE, "").strip()
        if home:
            # Absolute, so a later change of working directory cannot move the files.
            root = Path(home).expanduser().absolute()
            return cls(config_dir=root / "config", data_dir=root / "data", logs=root / "logs")

        # Imported here: this is the only place that asks the platform, and the
        # rest of the store stays usable (and testable) without it.
        import platformdirs

        # appauthor=False: on Windows, avoid a needless "crazy-eights\crazy-eights" nesting.
        return cls(
            config_dir=Path(platformdirs.user_config_dir(app_name, appauthor=False)),
            data_dir=Path(platformdirs.user_data_dir(app_name, appauthor=False)),
            logs=Path(platformdirs.user_log_dir(app_name, appauthor=False)),
        )
