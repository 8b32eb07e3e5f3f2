"""The real game in a real X window under Xvfb, driven by xdotool.

Starts Xvfb on a free display, opens a table directly
(``python -m game.ui.table``), drags a card onto the pile with real pointer
events (absolute coordinates: with no window manager the window sits at
+0+0) and checks that the move reached the rules core through the autosave.
Skips, saying why, only when Xvfb/xdotool are missing and cannot be installed.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.xvfb

ROOT = Path(__file__).resolve().parents[2]
SIZE = (1280, 720)
PLAYERS = 3
PRESET = "crazy_eights"


def _tools_ready() -> bool:
    return shutil.which("Xvfb") is not None and shutil.which("xdotool") is not None


def _ensure_tools() -> None:
    if not sys.platform.startswith("linux"):
        pytest.skip("Xvfb and xdotool drive an X11 window: Linux only (pygame uses the system's own windows here)")
    if _tools_ready():
        return
    script = ROOT / "tools" / "install_x11_tools.sh"
    try:
        subprocess.run(["sh", str(script)], check=False, timeout=300, capture_output=True)
    except (OSError, subprocess.TimeoutExpired):
        pass
    if not _tools_ready():
        pytest.skip("Xvfb and xdotool are not installed and tools/install_x11_tools.sh could not install them")


def _free_display() -> int:
    for number in range(90, 190):
        if not Path(f"/tmp/.X11-unix/X{number}").exists() and not Path(f"/tmp/.X{number}-lock").exists():
            return number
    pytest.skip("no free X display number")


@pytest.fixture
def xserver():
    _ensure_tools()
    number = _free_display()
    proc = subprocess.Popen(["Xvfb", f":{number}", "-screen", "0", f"{SIZE[0]}x{SIZE[1]}x24", "-nolisten", "tcp"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    display = f":{number}"
    deadline = time.monotonic() + 10
    while not Path(f"/tmp/.X11-unix/X{number}").exists():
        if proc.poll() is not None or time.monotonic() > deadline:
            proc.kill()
            pytest.skip("Xvfb did not start")
        time.sleep(0.05)
    yield display
    proc.terminate()
    try:
        proc.wait(timeout=5)
    except subprocess.TimeoutExpired:
        proc.kill()


def _opening(seed: int):
    from game.rules import Match, preset

    return Match(preset(PRESET, PLAYERS), seed)


def _pick_seed():
    """A seed where the player moves first and holds a playable, non-wild card."""
    for seed in range(1, 300):
        match = _opening(seed)
        if match.current_seat != 0:
            continue
        plays = [m.card for m in match.legal_moves() if m.kind == "play" and m.suit is None]
        if plays:
            return seed, match, plays[0]
    raise AssertionError("no suitable seed")


def _xdotool(display: str, *args: str) -> None:
    subprocess.run(["xdotool", *args], check=True, timeout=10, env={**os.environ, "DISPLAY": display})


def test_drag_a_card_in_a_real_window(xserver, tmp_path):
    from game.rules import card_to_str
    from game.ui.table.layout import compute_layout
    from game.ui.table.board import display_order

    seed, match, card = _pick_seed()
    env = {**os.environ, "DISPLAY": xserver, "CRAZY_EIGHTS_HOME": str(tmp_path), "SDL_AUDIODRIVER": "dummy",
           "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    env.pop("SDL_VIDEODRIVER", None)
    log = open(tmp_path / "game.log", "w")
    game = subprocess.Popen([sys.executable, "-m", "game.ui.table", "--size", f"{SIZE[0]}x{SIZE[1]}",
                             "--seed", str(seed), "--players", str(PLAYERS), "--preset", PRESET,
                             "--speed", "fast"], cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
    autosave = tmp_path / "data" / "autosave.json"
    try:
        deadline = time.monotonic() + 30
        while not autosave.exists():
            assert game.poll() is None, (tmp_path / "game.log").read_text()
            assert time.monotonic() < deadline, "the game did not start"
            time.sleep(0.1)
        time.sleep(2.5)  # the deal animation (fast speed)
        # Where the card is: the same layout the table computes.
        layout = compute_layout(SIZE, PLAYERS, 0, True)
        hand = display_order(match.hand.hands[match.hand_player(0)], match.rules)
        x, y, _angle = layout.hand_positions(len(hand))[hand.index(card)]
        start = (int(x - layout.card_w * 0.38), int(y))
        end = layout.pile.center
        _xdotool(xserver, "mousemove", str(start[0]), str(start[1]))
        time.sleep(0.3)
        _xdotool(xserver, "mousedown", "1")
        time.sleep(0.1)
        for i in range(1, 9):
            px = start[0] + (end[0] - start[0]) * i // 8
            py = start[1] + (end[1] - start[1]) * i // 8
            _xdotool(xserver, "mousemove", str(px), str(py))
            time.sleep(0.04)
        _xdotool(xserver, "mouseup", "1")
        expected = card_to_str(card)
        deadline = time.monotonic() + 15
        while True:
            document = json.loads(autosave.read_text())
            data = document.get("data", document)
            moves = data["record"]["hands"][0]
            if moves:
                break
            assert time.monotonic() < deadline, "the drop did not reach the game"
            time.sleep(0.1)
        assert moves[0] == expected
        if shutil.which("import"):
            subprocess.run(["import", "-window", "root", str(tmp_path / "screen.png")], env=env, timeout=20,
                           check=False, capture_output=True)
    finally:
        game.terminate()
        try:
            game.wait(timeout=10)
        except subprocess.TimeoutExpired:
            game.kill()
        log.close()
