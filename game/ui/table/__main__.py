"""Open a table directly, skipping the menus: ``python -m game.ui.table --size 1280x720 --seed 3``.

Used by the Xvfb test and for demos. The human sits at seat 0 unless
``--spectate`` is given; opponents cycle easy / medium / hard unless
``--levels`` says otherwise.
"""
from __future__ import annotations

import argparse
import sys


def build_table(app, preset_id: str = "crazy_eights", players: int = 4, seed: int = 1,
                levels=None, spectate: bool = False, player_name: str = "You"):
    """A TableScene for a fresh match (shared by the entry point, the tests and the benchmark)."""
    from game.rules import preset
    from game.session import HUMAN, OPPONENT_NAMES, Seat
    from game.ui.sessions import new_session

    from .scene import TableScene

    rules = preset(preset_id, players)
    names = OPPONENT_NAMES
    levels = list(levels or ["easy", "medium", "hard"])
    seats = []
    for seat in range(players):
        if seat == 0 and not spectate:
            seats.append(Seat(player_name, HUMAN))
        else:
            seats.append(Seat(names[seat - (0 if spectate else 1)], levels[seat % len(levels)]))
    return TableScene(app, new_session(app, rules, seed, seats))


def main(argv=None) -> int:
    from game.store.settings import ANIMATION_SPEEDS

    parser = argparse.ArgumentParser(prog="python -m game.ui.table", description=__doc__)
    parser.add_argument("--size", default="1280x720", help="window size WxH")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--preset", default="crazy_eights")
    parser.add_argument("--levels", default="easy,medium,hard", help="comma-separated computer levels")
    parser.add_argument("--speed", choices=ANIMATION_SPEEDS, help="animation speed")
    parser.add_argument("--spectate", action="store_true", help="computer players only")
    parser.add_argument("--headless", action="store_true", help="dummy video driver")
    args = parser.parse_args(argv)
    width, height = (int(v) for v in args.size.lower().split("x"))

    import dataclasses

    from game.ui.app import App

    app = App(size=(width, height), headless=args.headless, fullscreen=False)
    if args.speed:
        app.settings = dataclasses.replace(app.settings, animation_speed=args.speed)
    table = build_table(app, args.preset, args.players, args.seed, args.levels.split(","), args.spectate,
                        app.settings.player_name)
    app.push(table)
    return app.run()


if __name__ == "__main__":
    sys.exit(main())
