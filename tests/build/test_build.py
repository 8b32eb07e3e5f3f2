"""The standalone build: the release workflow lints, and (marked `build`) the built program runs."""
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
EXE = ROOT / "dist" / ("crazy-eights.exe" if sys.platform == "win32" else "crazy-eights")
FOLDER_EXE = ROOT / "dist" / "crazy-eights-folder" / EXE.name
MAX_ONE_FILE_BYTES = 30 * 1024 * 1024


def test_the_release_workflow_passes_yamllint():
    result = subprocess.run([sys.executable, "-m", "yamllint", "-s", ".github/workflows/release.yml"],
                            cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_spec_folder_holds_only_the_spec():
    assert sorted(p.name for p in (ROOT / "build").iterdir()) == ["crazy-eights.spec"]


def smoke_env(tmp_path):
    return dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", CRAZY_EIGHTS_HOME=str(tmp_path))


@pytest.mark.build
@pytest.mark.parametrize("program", [EXE, FOLDER_EXE], ids=["one-file", "one-folder"])
def test_the_built_program_prints_its_version_and_passes_the_smoke_run(program, tmp_path):
    assert program.exists(), "run `make build` first"
    from game import __version__
    version = subprocess.run([str(program), "--version"], capture_output=True, text=True, timeout=120,
                             env=smoke_env(tmp_path))
    assert version.returncode == 0 and __version__ in version.stdout
    smoke = subprocess.run([str(program), "--smoke"], capture_output=True, text=True, timeout=600,
                           env=smoke_env(tmp_path))
    assert smoke.returncode == 0, smoke.stdout + smoke.stderr


@pytest.mark.build
def test_the_one_file_build_stays_small():
    assert EXE.stat().st_size <= MAX_ONE_FILE_BYTES
