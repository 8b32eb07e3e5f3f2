"""The store must stay usable without pygame (design rule: only game.ui imports it)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]


def test_importing_the_store_does_not_import_pygame():
    code = (
        "import sys\n"
        "import game.store, game.store.files, game.store.paths, game.store.settings\n"
        "import game.store.statistics, game.store.autosave\n"
        "assert 'pygame' not in sys.modules, 'game.store imported pygame'\n"
    )
    subprocess.run([sys.executable, "-c", code], cwd=REPO_ROOT, check=True, timeout=60)
