"""Start-up time to the first main-menu frame: from source, the one-file build and the one-folder build.

Each run launches the program as a fresh process with CRAZY_EIGHTS_LAUNCH_T (the launch moment,
time.time()) and CRAZY_EIGHTS_EXIT_AFTER_FIRST_FRAME (a report file) set; the App writes the
seconds from launch to the first flipped main-menu frame into that file and quits. The figure
includes interpreter start-up, imports and, for the one-file build, unpacking the bundle.

    .venv/bin/python bench/startup.py                 # dummy video driver (headless)
    xvfb-run -a .venv/bin/python bench/startup.py --display   # a real X window (Xvfb)

One warm-up run per program is discarded (it fills the disk cache); the median of --runs runs is
reported. Builds that are missing (run `make build`) are skipped and reported as null. The last
line is JSON: {"source_s": ..., "onefile_s": ..., "onefolder_s": ...}.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
EXE_NAME = "crazy-eights.exe" if sys.platform == "win32" else "crazy-eights"
PROGRAMS = {
    "source": [sys.executable, str(ROOT / "main.py")],
    "onefile": [str(ROOT / "dist" / EXE_NAME)],
    "onefolder": [str(ROOT / "dist" / "crazy-eights-folder" / EXE_NAME)],
}


def first_frame_seconds(command: list[str], home: Path, display: bool, timeout: float = 60.0) -> tuple[float, float]:
    """(launch to first frame, launch to exit) of one run, in seconds."""
    report = home / "first-frame.txt"
    report.unlink(missing_ok=True)
    env = dict(os.environ, CRAZY_EIGHTS_HOME=str(home), CRAZY_EIGHTS_EXIT_AFTER_FIRST_FRAME=str(report),
               SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    if not display:
        env["SDL_VIDEODRIVER"] = "dummy"
    launched = time.time()
    env["CRAZY_EIGHTS_LAUNCH_T"] = repr(launched)
    result = subprocess.run(command, env=env, cwd=ROOT, capture_output=True, text=True, timeout=timeout)
    ended = time.time() - launched
    if result.returncode != 0 or not report.is_file():
        raise RuntimeError(f"{command[-1]} failed (status {result.returncode}): {result.stderr[-400:]}")
    return float(report.read_text().split()[1]), ended


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=9, help="measured runs per program (median reported)")
    parser.add_argument("--display", action="store_true",
                        help="use the current display (e.g. under xvfb-run) instead of SDL's dummy driver")
    parser.add_argument("--programs", default=",".join(PROGRAMS), help="comma-separated: source,onefile,onefolder")
    args = parser.parse_args(argv)
    figures: dict[str, float | None] = {}
    print(f"start-up to the first menu frame, median of {args.runs} runs "
          f"({'display ' + os.environ.get('DISPLAY', '?') if args.display else 'dummy video driver'})")
    with tempfile.TemporaryDirectory(prefix="crazy-eights-startup-") as folder:
        for name in args.programs.split(","):
            command = PROGRAMS[name]
            if not Path(command[0]).exists():
                print(f"  {name:10} missing ({command[0]}): run `make build`")
                figures[f"{name}_s"] = None
                continue
            home = Path(folder) / name
            home.mkdir()
            first_frame_seconds(command, home, args.display)  # warm-up, discarded
            runs = [first_frame_seconds(command, home, args.display) for _ in range(args.runs)]
            frames = sorted(frame for frame, _ in runs)
            exits = sorted(ended for _, ended in runs)
            median = statistics.median(frames)
            figures[f"{name}_s"] = round(median, 3)
            print(f"  {name:10} first frame {median:.3f} s (min {frames[0]:.3f}, max {frames[-1]:.3f}); "
                  f"process exit {statistics.median(exits):.3f} s")
    print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
