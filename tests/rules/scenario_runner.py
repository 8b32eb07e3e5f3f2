"""Loads the readable scenario fixtures (scenarios/*.toml) and checks them against the engine."""
from __future__ import annotations

import random
import tomllib
from pathlib import Path

from game.rules import (HOUSE_RULES_BY_ID, RANK_OF, RANKS, SUITS, HandState, IllegalMove, Match, Move, RuleSet,
                        card_to_str, cards_from_str, cards_to_str, parse_record_move, preset)

SCENARIO_DIR = Path(__file__).parent / "scenarios"


def load_scenarios() -> list[dict]:
    """Every scenario in every fixture file, each tagged with its file."""
    scenarios = []
    for path in sorted(SCENARIO_DIR.glob("*.toml")):
        with path.open("rb") as handle:
            for scenario in tomllib.load(handle)["scenario"]:
                scenario["file"] = path.name
                scenarios.append(scenario)
    return scenarios


def build_rules(scenario: dict) -> RuleSet:
    """The preset named by the scenario with its house switches (``switches``) and overrides (``set``)."""
    rules = preset(scenario.get("rules", "crazy_eights"), scenario.get("players", 2))
    for switch_id in scenario.get("switches", []):
        rules = HOUSE_RULES_BY_ID[switch_id].turn_on(rules)
    overrides = scenario.get("set", {})
    if "draw_penalties" in overrides:
        overrides = dict(overrides, draw_penalties=tuple(tuple(p) for p in overrides["draw_penalties"]))
    return rules.replace(**overrides) if overrides else rules


def build_state(scenario: dict) -> HandState:
    """The position described by the scenario, or a shuffled deal when it gives ``deal_seed``."""
    rules = build_rules(scenario)
    if "deal_seed" in scenario:
        return HandState.deal(rules, random.Random(scenario["deal_seed"]))[0]
    suit = scenario.get("suit")
    return HandState.from_position(
        rules,
        hands=[cards_from_str(h) for h in scenario["hands"]],
        stock=cards_from_str(scenario.get("stock", "")),
        discard=cards_from_str(scenario["discard"]),
        current=scenario.get("current", 0),
        dealer=scenario.get("dealer", -1),
        suit=None if suit is None else SUITS.index(suit),
        direction=scenario.get("direction", 1),
        rng=random.Random(scenario.get("seed", 0)),
    )


def event_text(event) -> str:
    """An event as ``kind player cards`` with count when it has one, e.g. ``penalty_stacked 0 2H count=4``."""
    parts = [event.kind, str(event.player)]
    if event.cards:
        parts.append(cards_to_str(event.cards))
    if event.count:
        parts.append(f"count={event.count}")
    return " ".join(parts)


def run_scenario(scenario: dict) -> None:
    """Play the scenario's moves and assert every expectation; AssertionError says what differs."""
    state = build_state(scenario)
    events = []
    for text in scenario.get("moves", []):
        move, caller = parse_record_move(text)      # "last@0": player 0's call out of turn
        events += state.apply(move, caller)
    expect = scenario.get("expect", {})
    name = scenario["name"]
    happened = [event_text(e) for e in events]
    for wanted in expect.get("events", []):
        assert wanted in happened, f"{name}: event {wanted!r} missing from {happened}"
    for unwanted in expect.get("no_events", []):
        assert not any(h.startswith(unwanted) for h in happened), f"{name}: unexpected {unwanted!r} in {happened}"
    if "current" in expect:
        assert state.current == expect["current"], f"{name}: current is {state.current}"
    if "hands" in expect:
        got = [cards_to_str(sorted(h)) for h in state.hands]
        want = [cards_to_str(sorted(cards_from_str(h))) for h in expect["hands"]]
        assert got == want, f"{name}: hands {got} != {want}"
    if "hand_counts" in expect:
        assert [len(h) for h in state.hands] == expect["hand_counts"], f"{name}: counts {[len(h) for h in state.hands]}"
    if "legal" in expect:
        got = sorted(str(m) for m in state.legal_moves())
        assert got == sorted(expect["legal"]), f"{name}: legal {got}"
    for text in expect.get("legal_includes", []):
        assert text in {str(m) for m in state.legal_moves()}, f"{name}: {text} not legal"
    for text, reason in expect.get("illegal", {}).items():
        try:
            state.apply(Move.parse(text))
        except IllegalMove as error:
            assert error.reason == reason, f"{name}: {text} refused for {error.reason}, not {reason}"
        else:
            raise AssertionError(f"{name}: {text} was accepted")
    if "can_call_last_card" in expect:
        got = [state.can_call_last_card(p) for p in range(state.n)]
        assert got == expect["can_call_last_card"], f"{name}: who may call last card: {got}"
    for key in ("suit",):
        if key in expect:
            assert SUITS[state.suit] == expect[key], f"{name}: suit in force {SUITS[state.suit]}"
    if "direction" in expect:
        assert state.direction == expect["direction"], f"{name}: direction {state.direction}"
    if "pending" in expect:
        assert state.pending == expect["pending"], f"{name}: pending {state.pending}"
    if "top" in expect:
        assert card_to_str(state.top) == expect["top"], f"{name}: top {card_to_str(state.top)}"
    if "stock_count" in expect:
        assert len(state.stock) == expect["stock_count"], f"{name}: stock {len(state.stock)}"
    if "over" in expect:
        assert state.over == expect["over"], f"{name}: over={state.over}"
    if "winner" in expect:
        assert state.winner == expect["winner"], f"{name}: winner {state.winner}"
    if "end_reason" in expect:
        assert state.end_reason == expect["end_reason"], f"{name}: ended by {state.end_reason}"
    if "scores" in expect:
        assert state.scores() == expect["scores"], f"{name}: scores {state.scores()}"
    if "card_total" in expect:
        assert state.card_total() == expect["card_total"], f"{name}: {state.card_total()} cards"
    if "ranks" in expect:
        pack = state.stock + state.discard + [card for hand in state.hands for card in hand]
        got = sorted({RANKS[RANK_OF[card]] for card in pack}, key=RANKS.index)
        assert got == expect["ranks"].split(), f"{name}: ranks {got}"
    if "values" in expect:
        assert state.hand_values() == expect["values"], f"{name}: values {state.hand_values()}"
