"""Runs every readable scenario fixture in tests/rules/scenarios/ (one test each, named by the rule it covers)."""
import re

import pytest

from .scenario_runner import load_scenarios, run_scenario

SCENARIOS = load_scenarios()


@pytest.mark.parametrize("scenario", SCENARIOS, ids=[f"{s['file']}:{s['covers']}" for s in SCENARIOS])
def test_scenario(scenario):
    run_scenario(scenario)


def test_every_scenario_names_the_rule_it_covers():
    for scenario in SCENARIOS:
        assert scenario.get("covers"), scenario["name"]
        assert re.match(r"R-[A-Z0-9-]+[:,]", scenario["covers"]), \
            f"{scenario['name']}: covers should start with its docs/RULES.md row id"
