"""Headless arena: bots play many hands (or matches) and the figures that compare them are printed.

Usage:
  python -m game.ai.arena --rules crazy_eights --players 2 --bots hard,medium --games 2000 --seed 1 --jobs 2 [--json]
  python -m game.ai.arena --list

Each deal is played once per seat rotation (game g uses deal g // N with the
bots moved g % N seats on), so every bot plays every seat and the same cards,
which takes much of the luck out of the comparison. The dealer also rotates.
"""
from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import random
import statistics
import sys
import time
from pathlib import Path

from game.rules import (HOUSE_RULES_BY_ID, LAST_CARD, MAX_PLAYERS, MIN_PLAYERS, PRESETS, HandState, InvalidRuleSet, Match,
                        Move, RuleSet, preset, view_of)

from . import LEVELS, create_bot
from .hard import DEFAULT_BUDGET_MS

EXIT_BAD_USAGE = 2


class UsageError(Exception):
    """A command-line mistake; the message is shown as is and the exit code is 2."""


def wilson_interval(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval for a win rate."""
    if games == 0:
        return (0.0, 1.0)
    rate = wins / games
    denominator = 1 + z * z / games
    centre = (rate + z * z / (2 * games)) / denominator
    half = z * math.sqrt(rate * (1 - rate) / games + z * z / (4 * games * games)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def percentile(values: list[float], fraction: float) -> float:
    """The value below which ``fraction`` of ``values`` lie (nearest rank); 0 for no values."""
    if not values:
        return 0.0
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, math.ceil(fraction * len(ordered)) - 1))
    return ordered[index]


# ----- playing (top-level functions so that 'spawn' worker processes can import them) -----

def _timed_choice(bot, view, rng, record: dict, entry: int):
    """Ask a bot for a move, recording how long it took and how much it searched."""
    started = time.perf_counter()
    search = getattr(bot, "search", None)
    if search is not None:
        result = search(view, rng)
        action, iterations, search_seconds = result.action, result.iterations, result.seconds
    else:
        action, iterations, search_seconds = bot.choose_action(view, rng), 0, 0.0
    elapsed_ms = (time.perf_counter() - started) * 1000.0
    record["decision_ms"][entry].append(elapsed_ms)
    if iterations:
        record["search_ms"][entry].append(elapsed_ms)
        record["iterations"][entry] += iterations
        record["search_seconds"][entry] += search_seconds
    if action not in view.legal_actions:
        raise RuntimeError(f"bot {bot.level} chose an illegal action {action}")
    return action


def _empty_record(entries: int) -> dict:
    return {"wins": [0.0] * entries, "points": [0] * entries, "decision_ms": [[] for _ in range(entries)],
            "search_ms": [[] for _ in range(entries)], "iterations": [0] * entries,
            "search_seconds": [0.0] * entries, "games": 0, "moves": 0}


def deal_game(rules: RuleSet, seed: int, game: int) -> tuple[HandState, int, random.Random]:
    """Game number ``game`` of a run: its dealt hand, how many seats the bots are moved on, and their RNG.

    Game g plays deal g // N with the bots moved g % N seats, so every bot plays every seat on
    the same cards. The benches that replay the arena's games (``bench/decision_regret.py``,
    ``bench/information_ceiling.py``) deal them here too.
    """
    players = rules.players
    deal, rotation = divmod(game, players)
    state, _ = HandState.deal(rules, random.Random(f"{seed}:deal:{deal}"), dealer=deal % players)
    return state, rotation, random.Random(f"{seed}:bots:{game}")


def play_hand(rules: RuleSet, bots: list, seed: int, game: int, record: dict) -> None:
    """Play game number ``game`` (one hand) and add its outcome to ``record``."""
    players = rules.players
    state, rotation, bot_rng = deal_game(rules, seed, game)
    seat_of_entry = [(entry + rotation) % players for entry in range(players)]
    entry_of_seat = {seat: entry for entry, seat in enumerate(seat_of_entry)}
    moves = 0
    while not state.over:
        seat = state.current
        entry = entry_of_seat[seat]
        action = _timed_choice(bots[entry], view_of(state, seat), bot_rng, record, entry)
        state.apply(action)
        if state.last_call_open == seat != state.current and not state.over:
            # Down to one card without the call: the bot may still call before the next player acts.
            if bots[entry].calls_last_card(view_of(state, seat), bot_rng):
                state.apply(LAST_CARD, seat)
        moves += 1
    scores = state.scores()
    record["wins"][entry_of_seat[state.winner]] += 1
    for entry, seat in enumerate(seat_of_entry):
        record["points"][entry] += scores[seat]
    record["games"] += 1
    record["moves"] += moves


def play_match(rules: RuleSet, bots: list, seed: int, game: int, record: dict) -> None:
    """Play game number ``game`` as a whole match; shared first places count as a share of a win."""
    players = rules.players
    rotation = game % players
    seat_of_entry = [(entry + rotation) % players for entry in range(players)]
    entry_of_seat = {seat: entry for entry, seat in enumerate(seat_of_entry)}
    match = Match(rules, seed=random.Random(f"{seed}:match:{game // players}").getrandbits(48))
    bot_rng = random.Random(f"{seed}:bots:{game}")
    moves = 0
    while not match.over:
        if match.hand.over:
            match.start_next_hand()
        seat = match.current_seat
        entry = entry_of_seat[seat]
        action = _timed_choice(bots[entry], match.view(seat), bot_rng, record, entry)
        match.apply(Move.from_action(action))
        if not match.hand.over and match.current_seat != seat and match.can_call_last_card(seat):
            if bots[entry].calls_last_card(match.view(seat), bot_rng):
                match.apply(Move("last_card"), seat)
        moves += 1
    for seat in match.winners:
        record["wins"][entry_of_seat[seat]] += 1.0 / len(match.winners)
    for entry, seat in enumerate(seat_of_entry):
        record["points"][entry] += match.totals[seat]
    record["games"] += 1
    record["moves"] += moves


def play_chunk(task: tuple) -> dict:
    """Worker entry point: play games ``first..last-1`` and return their merged record."""
    rules_data, bot_levels, budget_ms, seed, first, last, whole_matches = task
    rules = RuleSet.from_dict(rules_data)
    bots = [create_bot(level, budget_ms) for level in bot_levels]
    record = _empty_record(len(bots))
    play = play_match if whole_matches else play_hand
    for game in range(first, last):
        play(rules, bots, seed, game, record)
    return record


def _merge(total: dict, part: dict) -> None:
    for key in ("wins", "points", "iterations", "search_seconds"):
        total[key] = [a + b for a, b in zip(total[key], part[key])]
    for key in ("decision_ms", "search_ms"):
        for entry, values in enumerate(part[key]):
            total[key][entry].extend(values)
    total["games"] += part["games"]
    total["moves"] += part["moves"]


def game_ranges(games: int, jobs: int, most: int = 25) -> list[tuple[int, int]]:
    """Games 0..games-1 cut into (first, last) chunks: about four per worker, at most ``most`` games each."""
    chunk = max(1, min(most, games // (jobs * 4) or 1))
    return [(first, min(games, first + chunk)) for first in range(0, games, chunk)]


def map_tasks(function, tasks: list, jobs: int):
    """``function`` over ``tasks`` in ``jobs`` spawned worker processes (here, for one job); results as they end."""
    if jobs > 1:
        with multiprocessing.get_context("spawn").Pool(jobs) as pool:
            yield from pool.imap_unordered(function, tasks)
    else:
        for task in tasks:
            yield function(task)


def run(rules: RuleSet, bot_levels: list[str], games: int, seed: int, jobs: int = 1,
        budget_ms: int = DEFAULT_BUDGET_MS, whole_matches: bool = False, progress=None) -> dict:
    """Play ``games`` hands (or matches) and return the summary (the ``--json`` object)."""
    tasks = [(rules.to_dict(), bot_levels, budget_ms, seed, first, last, whole_matches)
             for first, last in game_ranges(games, jobs)]
    record = _empty_record(len(bot_levels))
    started = time.perf_counter()
    for part in map_tasks(play_chunk, tasks, jobs):
        _merge(record, part)
        if progress:
            progress(record["games"], games)
    return summarize(rules, bot_levels, record, budget_ms, whole_matches, time.perf_counter() - started)


def summarize(rules: RuleSet, bot_levels: list[str], record: dict, budget_ms: int,
              whole_matches: bool, wall_seconds: float) -> dict:
    """The printed figures, from a merged record."""
    games = record["games"]
    bots = []
    for entry, level in enumerate(bot_levels):
        wins = record["wins"][entry]
        low, high = wilson_interval(wins, games)
        decisions = record["decision_ms"][entry]
        searched = record["search_ms"][entry]
        seconds = record["search_seconds"][entry]
        bots.append({
            "seat_bot": level,
            "entry": entry,
            "wins": wins,
            "win_rate": round(wins / games, 4) if games else 0.0,
            "ci95": [round(low, 4), round(high, 4)],
            "mean_points": round(record["points"][entry] / games, 3) if games else 0.0,
            "decisions": len(decisions),
            "decision_ms_p50": round(statistics.median(decisions), 3) if decisions else 0.0,
            "decision_ms_p95": round(percentile(decisions, 0.95), 3),
            "decision_ms_max": round(max(decisions), 3) if decisions else 0.0,
            "searched_decisions": len(searched),
            "searched_ms_p50": round(statistics.median(searched), 3) if searched else 0.0,
            "searched_ms_p95": round(percentile(searched, 0.95), 3),
            "playouts_per_s": round(record["iterations"][entry] / seconds) if seconds else 0,
        })
    return {
        "games": games,
        "unit": "matches" if whole_matches else "hands",
        "rules": rules.name,
        "players": rules.players,
        "scoring": rules.scoring,
        "budget_ms": budget_ms,
        "moves": record["moves"],
        "wall_seconds": round(wall_seconds, 1),
        "bots": bots,
    }


def format_table(summary: dict) -> str:
    """The summary as a readable table."""
    points = "penalty pts/hand" if summary["scoring"] == "penalty" else "points won/hand"
    if summary["unit"] == "matches":
        points = "final total"
    lines = [f"{summary['games']} {summary['unit']} of {summary['rules']}, {summary['players']} players "
             f"(hard budget {summary['budget_ms']} ms, {summary['wall_seconds']} s)",
             f"{'seat bot':10s} {'win rate':>8s} {'95% CI':>15s} {points:>17s} {'ms p50':>8s} {'ms p95':>8s} "
             f"{'search p95':>10s} {'playouts/s':>10s}"]
    for bot in summary["bots"]:
        low, high = bot["ci95"]
        lines.append(f"{bot['seat_bot']:10s} {bot['win_rate']:8.3f} {f'[{low:.3f}, {high:.3f}]':>15s} "
                     f"{bot['mean_points']:17.2f} {bot['decision_ms_p50']:8.2f} {bot['decision_ms_p95']:8.2f} "
                     f"{bot['searched_ms_p95']:10.2f} {bot['playouts_per_s']:10d}")
    return "\n".join(lines)


# ----- the command line -----------------------------------------------------

def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m game.ai.arena",
        description="Play bots against each other headless and print win rates, points and thinking time.")
    parser.add_argument("--list", action="store_true", help="print the preset ids and bot levels, then exit")
    parser.add_argument("--rules", default="crazy_eights",
                        help="a preset id (see --list) or a JSON rule-set file (a custom rule set)")
    parser.add_argument("--house", default="", help="house-rule switches to turn on, comma-separated")
    parser.add_argument("--players", type=int, default=2, help=f"players, {MIN_PLAYERS} to {MAX_PLAYERS}")
    parser.add_argument("--bots", default="medium,easy",
                        help="one level per seat, comma-separated (e.g. hard,medium,medium,medium)")
    parser.add_argument("--games", type=int, default=200, help="hands (or matches with --matches) to play")
    parser.add_argument("--matches", action="store_true", help="play whole matches instead of single hands")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--budget-ms", type=int, default=DEFAULT_BUDGET_MS, help="the hard bot's time per move")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of a table")
    parser.add_argument("--quiet", action="store_true", help="no progress on stderr")
    return parser


def _rules_from(args) -> RuleSet:
    if args.rules in PRESETS:
        rules = preset(args.rules)
    elif args.rules.endswith(".json"):
        path = Path(args.rules)
        try:
            rules = RuleSet.from_dict(json.loads(path.read_text(encoding="utf-8")))
        except OSError as error:
            raise UsageError(f"cannot read the rule-set file {path}: {error.strerror}") from None
        except (ValueError, InvalidRuleSet) as error:
            raise UsageError(f"the rule-set file {path} is not a valid rule set: {error}") from None
    else:
        raise UsageError(f"unknown preset {args.rules!r}; choose one of: {', '.join(PRESETS)} "
                         f"(or give a .json rule-set file)")
    if not MIN_PLAYERS <= args.players <= MAX_PLAYERS:
        raise UsageError(f"--players must be between {MIN_PLAYERS} and {MAX_PLAYERS}, not {args.players}")
    try:
        rules = rules.with_players(args.players)
        for switch in filter(None, (s.strip() for s in args.house.split(","))):
            if switch not in HOUSE_RULES_BY_ID:
                raise UsageError(f"unknown house rule {switch!r}; choose from: {', '.join(HOUSE_RULES_BY_ID)}")
            rules = HOUSE_RULES_BY_ID[switch].turn_on(rules)
    except InvalidRuleSet as error:
        raise UsageError(f"these rules cannot be played with {args.players} players: {error}") from None
    return rules


def _bots_from(args) -> list[str]:
    levels = [level.strip() for level in args.bots.split(",")]
    for level in levels:
        if level not in LEVELS:
            raise UsageError(f"unknown bot {level!r}; choose from: {', '.join(LEVELS)}")
    if len(levels) != args.players:
        raise UsageError(f"--bots names {len(levels)} bot(s) but --players is {args.players}: "
                         f"give one bot per seat")
    return levels


def main(argv=None) -> int:
    """Run the arena command line; returns the exit code."""
    parser = _parser()
    args = parser.parse_args(argv)
    if args.list:
        print("presets: " + " ".join(PRESETS))
        print("bots: " + " ".join(LEVELS))
        print("house rules: " + " ".join(HOUSE_RULES_BY_ID))
        return 0
    try:
        rules = _rules_from(args)
        levels = _bots_from(args)
        if args.games < 1:
            raise UsageError("--games must be at least 1")
        if args.jobs < 1:
            raise UsageError("--jobs must be at least 1")
        if args.budget_ms < 1:
            raise UsageError("--budget-ms must be at least 1")
    except UsageError as error:
        print(f"{parser.prog}: error: {error}", file=sys.stderr)
        return EXIT_BAD_USAGE

    def progress(done: int, total: int) -> None:
        print(f"\r{done}/{total}", end="", file=sys.stderr, flush=True)

    summary = run(rules, levels, args.games, args.seed, args.jobs, args.budget_ms, args.matches,
                  None if args.quiet else progress)
    if not args.quiet:
        print(file=sys.stderr)
    print(json.dumps(summary) if args.json else format_table(summary))
    return 0


if __name__ == "__main__":
    multiprocessing.freeze_support()
    sys.exit(main())
