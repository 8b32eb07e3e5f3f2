"""The command line: the flags, then the game in a window (or a headless self-test)."""
from __future__ import annotations

import argparse
import dataclasses
import multiprocessing
import sys

from .app import MIN_SIZE, App
from .selftest import AUTOPLAY_SEED, autoplay, smoke
from .version import version


def _window_size(text: str) -> tuple[int, int]:
    try:
        width, height = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected WIDTHxHEIGHT such as 1280x720, not {text!r}") from None
    if width < MIN_SIZE[0] or height < MIN_SIZE[1]:
        raise argparse.ArgumentTypeError(f"the window must be at least {MIN_SIZE[0]}x{MIN_SIZE[1]}, not {text}")
    if width > 16384 or height > 16384:
        raise argparse.ArgumentTypeError(f"{text} is larger than any screen")
    return width, height


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="crazy-eights",
        description="Crazy Eights and its cousins (Hoyle, Swedish Rummy, Crazy Aces, action cards, Switch) "
                    "against computer players.")
    parser.add_argument("--version", action="version", version=f"crazy-eights {version()}")
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--windowed", action="store_true", help="play in a window (remembered)")
    mode.add_argument("--fullscreen", action="store_true", help="play full screen (remembered; F11 toggles)")
    parser.add_argument("--size", type=_window_size, metavar="WxH", help="window size, e.g. 1280x720")
    parser.add_argument("--seed", type=int, metavar="N", help="seed for the first new game (replayable deals)")
    parser.add_argument("--smoke", action="store_true",
                        help="self-test: play a seeded computer-only match headless through the real scenes, then exit")
    # For the crash test (tests/store/test_crash_resume.py); not for players.
    parser.add_argument("--autoplay", action="store_true", help=argparse.SUPPRESS)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Start the game (or the --smoke self-test); returns the exit status."""
    multiprocessing.freeze_support()
    args = _parser().parse_args(argv)
    if args.smoke:
        return smoke(seed=8 if args.seed is None else args.seed)
    if args.autoplay:
        return autoplay(seed=AUTOPLAY_SEED if args.seed is None else args.seed)
    fullscreen = True if args.fullscreen else False if args.windowed else None
    app = App(size=args.size, fullscreen=fullscreen, own_data_folder=True)
    if app.owns_data and fullscreen is not None and app.settings.fullscreen != fullscreen:
        app.save_settings(dataclasses.replace(app.settings, fullscreen=fullscreen))
    app.seed_override = args.seed
    return app.run()


if __name__ == "__main__":
    sys.exit(main())
