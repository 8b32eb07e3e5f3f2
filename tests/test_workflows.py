"""The GitHub workflows stay green by what can be checked without GitHub.

Every workflow validates against GitHub's workflow schema (the copy check-jsonschema ships, so
this runs offline) and passes yamllint; the test workflow runs `make test` on Linux, Windows and
macOS for the oldest and the newest Python pyproject.toml promises; every `make` target a workflow
calls exists, and the Makefile finds the venv's interpreter on Windows too; the X11 install script
is quiet and succeeds where there is nothing to install; the README promises what CI runs.
"""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[1]
WORKFLOWS = sorted((ROOT / ".github" / "workflows").glob("*.yml"))
TEST_WORKFLOW = ROOT / ".github" / "workflows" / "test.yml"
PLATFORMS = {"ubuntu-latest", "windows-latest", "macos-latest"}


def check_workflow_schema(*paths: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "check_jsonschema", "--builtin-schema", "vendor.github-workflows",
                           *map(str, paths)], cwd=ROOT, capture_output=True, text=True, timeout=120)


def load_workflow(path: Path) -> dict:
    workflow = yaml.safe_load(path.read_text(encoding="utf-8"))
    # YAML 1.1 (PyYAML) reads the key `on` as true.
    if True in workflow:
        workflow["on"] = workflow.pop(True)
    return workflow


def run_commands(workflow: dict) -> list[str]:
    """Every shell line of every step of every job."""
    return [line.strip() for job in workflow["jobs"].values() for step in job.get("steps", ())
            for line in step.get("run", "").splitlines() if line.strip()]


def python_versions_promised() -> list[str]:
    """The Python versions pyproject.toml's classifiers name, oldest first."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    versions = [m.group(1) for c in project["classifiers"]
                if (m := re.fullmatch(r"Programming Language :: Python :: (3\.\d+)", c))]
    return sorted(versions, key=lambda v: tuple(map(int, v.split("."))))


def test_there_are_workflows_and_the_test_workflow_is_one():
    assert TEST_WORKFLOW in WORKFLOWS and len(WORKFLOWS) >= 2


@pytest.mark.parametrize("path", WORKFLOWS, ids=[p.name for p in WORKFLOWS])
def test_every_workflow_validates_against_the_github_workflow_schema(path):
    result = check_workflow_schema(path)
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_schema_check_refuses_a_job_github_would_refuse(tmp_path):
    # The same check on a workflow with a misspelt key: proof that the check above can fail.
    broken = tmp_path / "broken.yml"
    broken.write_text(TEST_WORKFLOW.read_text(encoding="utf-8").replace("runs-on:", "runs_on:"), encoding="utf-8")
    result = check_workflow_schema(broken)
    assert result.returncode != 0 and "runs-on" in result.stdout + result.stderr, result.stdout + result.stderr


@pytest.mark.parametrize("path", WORKFLOWS, ids=[p.name for p in WORKFLOWS])
def test_every_workflow_passes_yamllint(path):
    result = subprocess.run([sys.executable, "-m", "yamllint", "-s", str(path)], cwd=ROOT, capture_output=True,
                            text=True, timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_test_workflow_runs_on_every_push_and_pull_request():
    triggers = load_workflow(TEST_WORKFLOW)["on"]
    assert set(triggers) == {"push", "pull_request"}
    # No filter: a push to any branch or tag, and every pull request, is tested.
    assert all(not value for value in triggers.values()), triggers


def test_the_test_workflow_runs_make_test_headless_on_three_systems_and_the_promised_pythons():
    job = load_workflow(TEST_WORKFLOW)["jobs"]["test"]
    matrix = job["strategy"]["matrix"]
    assert set(matrix["os"]) == PLATFORMS
    promised = python_versions_promised()
    assert matrix["python"] == [promised[0], promised[-1]]
    assert job["runs-on"] == "${{ matrix.os }}"
    setup = [step for step in job["steps"] if step.get("uses", "").startswith("actions/setup-python@")]
    assert [step["with"]["python-version"] for step in setup] == ["${{ matrix.python }}"]
    assert job["env"]["SDL_VIDEODRIVER"] == "dummy" and job["env"]["SDL_AUDIODRIVER"] == "dummy"
    assert "make test" in run_commands(load_workflow(TEST_WORKFLOW))
    # One recipe everywhere: on Windows too the steps run in bash (Git Bash), where make finds sh.
    assert job["defaults"]["run"]["shell"] == "bash"


def test_the_test_workflow_builds_with_the_python_the_release_builds_with():
    build = next(step for step in load_workflow(TEST_WORKFLOW)["jobs"]["test"]["steps"]
                 if "make build" in step.get("run", ""))
    release = load_workflow(ROOT / ".github" / "workflows" / "release.yml")
    release_setup = next(step for step in release["jobs"]["build"]["steps"]
                         if step.get("uses", "").startswith("actions/setup-python@"))
    assert build["if"] == f"matrix.python == '{release_setup['with']['python-version']}'"


def test_the_oldest_promised_python_is_the_one_pyproject_requires():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["requires-python"] == f">={python_versions_promised()[0]}"
    promised = python_versions_promised()
    oldest, newest = (int(v.split(".")[1]) for v in (promised[0], promised[-1]))
    # Every minor version between them is promised too.
    assert promised == [f"3.{minor}" for minor in range(oldest, newest + 1)]


def makefile_targets() -> set[str]:
    text = (ROOT / "Makefile").read_text(encoding="utf-8")
    return set(re.findall(r"^([A-Za-z][\w.-]*)\s*:(?!=)", text, flags=re.MULTILINE))


@pytest.mark.parametrize("path", WORKFLOWS, ids=[p.name for p in WORKFLOWS])
def test_every_make_target_a_workflow_calls_exists(path):
    called = {target for line in run_commands(load_workflow(path))
              for target in re.findall(r"(?:^|[;&|]\s*)make\s+([A-Za-z][\w.-]*)", line)}
    assert called <= makefile_targets(), called - makefile_targets()


def test_the_ci_entry_point_calls_only_make_targets_that_exist():
    lines = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    called = {m.group(1) for line in lines if (m := re.fullmatch(r"make\s+([A-Za-z][\w.-]*)", line.strip()))}
    assert called and called <= makefile_targets()


@pytest.mark.skipif(shutil.which("make") is None, reason="GNU make is not on PATH")
@pytest.mark.parametrize("os_name, interpreter", [("", ".venv/bin/python"),
                                                   ("Windows_NT", ".venv/Scripts/python.exe")])
def test_make_test_runs_pytest_with_the_venvs_own_interpreter(os_name, interpreter):
    # A dry run (-n) prints the recipe without running it: the venv's layout differs on Windows.
    env = dict(os.environ, OS=os_name)
    result = subprocess.run(["make", "-n", "test"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stdout + result.stderr
    assert f"{interpreter} -m pytest" in result.stdout.splitlines(), result.stdout


@pytest.mark.skipif(shutil.which("sh") is None or sys.platform == "win32",
                    reason="needs a POSIX sh that runs a stand-in uname from PATH")
def test_the_x11_install_script_succeeds_quietly_where_x11_tools_do_not_apply(tmp_path):
    # A system that is not Linux (a stand-in uname says Darwin), with no Xvfb and no apt-get on PATH.
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    uname = bin_dir / "uname"
    uname.write_text("#!/bin/sh\necho Darwin\n", encoding="utf-8")
    uname.chmod(0o755)
    result = subprocess.run([shutil.which("sh"), str(ROOT / "tools" / "install_x11_tools.sh")],
                            env=dict(os.environ, PATH=str(bin_dir)), capture_output=True, text=True, timeout=60)
    assert (result.returncode, result.stdout, result.stderr) == (0, "", "")


@pytest.mark.skipif(shutil.which("sh") is None or sys.platform.startswith("linux"),
                    reason="the real system is Linux (or has no sh): the stand-in test above covers it")
def test_the_x11_install_script_succeeds_quietly_on_this_system():
    result = subprocess.run([shutil.which("sh"), "tools/install_x11_tools.sh"], cwd=ROOT, capture_output=True,
                            text=True, timeout=60)
    assert (result.returncode, result.stdout, result.stderr) == (0, "", "")


def test_the_readme_gives_a_clone_exactly_make_play_and_make_test():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Play from source", 1)[1].split("\n## ", 1)[0]
    first_block = re.search(r"```sh\n(.*?)```", section, flags=re.DOTALL).group(1)
    commands = [line.split("#", 1)[0].strip() for line in first_block.splitlines() if line.strip()]
    assert commands == ["make play", "make test"]
    assert {"play", "test"} <= makefile_targets()


def test_the_readme_promises_the_pythons_and_systems_ci_tests():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    promised = python_versions_promised()
    assert f"Python {promised[0]} to {promised[-1]}" in readme
    assert f"Python {promised[0]} and {promised[-1]} (`.github/workflows/test.yml`)" in readme
    for system in ("Linux", "Windows", "macOS"):
        assert system in readme


@pytest.mark.skipif(shutil.which("git") is None or not (ROOT / ".git").exists(), reason="not a git checkout")
def test_text_files_check_out_with_lf_endings_on_every_system_and_binaries_untouched():
    # Windows checkouts would otherwise turn LF into CRLF: the byte-for-byte asset tests and sh would fail.
    files = ["tools/install_x11_tools.sh", "assets/cards/8S.svg", "Makefile", "assets/sounds/win.wav",
             "game/ui/locale/de/LC_MESSAGES/crazy-eights.mo"]
    result = subprocess.run(["git", "check-attr", "eol", "text", "--", *files], cwd=ROOT, capture_output=True,
                            text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    attributes = dict(((path, name), value) for path, name, value in
                      (line.split(": ") for line in result.stdout.splitlines()))
    for path in files[:3]:
        assert attributes[(path, "eol")] == "lf", path
    for path in files[3:]:
        assert attributes[(path, "text")] == "unset", path
