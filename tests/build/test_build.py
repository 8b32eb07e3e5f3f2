"""The standalone build: the release workflow lints, and (marked `build`, run by `make build-test`
after `make build`) the built programs run the smoke test and hold what the game needs, no more."""
import os
import re
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
    assert "smoke: ok" in smoke.stdout and "window: 'Crazy Eights'" in smoke.stdout, smoke.stdout
    # The screen-reader library and its native parts travel with the program where it is installed.
    from game.speech import SystemOutputs
    if SystemOutputs().library_loaded():
        assert "speech: prism" in smoke.stdout, smoke.stdout
    # The hard player thinks in a spawned worker process: freeze support works in the build.
    workers = re.search(r"AI worker: ([a-z, ]+)", smoke.stdout)
    assert workers and "process" in workers.group(1).split(", "), smoke.stdout + smoke.stderr


@pytest.mark.build
def test_the_one_file_build_stays_small():
    assert EXE.stat().st_size <= MAX_ONE_FILE_BYTES


@pytest.mark.build
def test_the_one_folder_build_holds_the_game_files_and_no_unused_fonts():
    internal = FOLDER_EXE.parent / "_internal"
    assert internal.is_dir(), "run `make build` first"
    assets = ROOT / "assets"
    wanted = [path.relative_to(ROOT) for folder in ("cards", "sounds") for path in (assets / folder).rglob("*")
              if path.is_file()]
    wanted += [Path("assets/icon/icon.png"), Path("game/ui/theme.json")]
    wanted += [path.relative_to(ROOT) for path in (ROOT / "game/ui/locale").rglob("*.mo")]
    wanted += [Path("pygame_gui/data") / name for name in
               ("NotoSans-Regular.ttf", "NotoSans-Bold.ttf", "FiraCode-Regular.ttf")]
    assert [str(path) for path in wanted if not (internal / path).is_file()] == []
    fonts = sorted(path.name for path in (internal / "pygame_gui" / "data").glob("*.ttf"))
    assert not [name for name in fonts if re.search(r"JP|KR|SC|Arabic|Georgian|Hebrew", name)], fonts
    unused = [path.name for path in internal.rglob("*")
              if re.match(r"_hashlib\.|.*\.(po|pot|ico|icns)$|_yaml", path.name)]
    assert unused == []
    # Network play travels with the program: zeroconf's compiled modules (imported by one another,
    # unseen by PyInstaller's analysis) and ssl, which websockets imports though home play is plain.
    assert list((internal / "zeroconf").glob("_dns.*")) and list((internal / "zeroconf").glob("_cache.*"))
    assert list(internal.rglob("_ssl.*"))
