"""docs/RULES.md, the project's rules reference, stays true to the code and to what cites it.

Every row id cited anywhere in the repository (code, tests, scenario fixtures, docs) is a row of
docs/RULES.md, and every citation names the file by its path; every RuleSet parameter, game and house
rule has its row; the table of each game's values, the ranges and the refusal codes match the code.
"""
from __future__ import annotations

import re
from dataclasses import fields
from pathlib import Path

import pytest

from game.rules import RuleSet
from game.rules import ruleset as ruleset_module
from game.rules.errors import RULE_CODES
from game.rules.errors import InvalidRuleSet
from game.rules.presets import HOUSE_RULES, PRESETS

ROOT = Path(__file__).resolve().parents[1]
REFERENCE = ROOT / "docs/RULES.md"
ROW_ID = re.compile(r"\bR-[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)*\b")
# Where citations may live: text files of the repository (not the venv, caches or build output).
SUFFIXES = {".py", ".md", ".toml", ".yml", ".yaml", ".txt", ".sh", ".spec", ".cfg", ".ini"}
SKIPPED_DIRS = {".git", ".venv", "venv", "dist", ".pyi-work", "__pycache__", ".pytest_cache", ".hypothesis",
                "node_modules", "screenshots"}


def reference_text() -> str:
    return REFERENCE.read_text(encoding="utf-8")


def table_rows(text: str) -> list[list[str]]:
    """Every row of every table, as its cells (header and ruler rows included)."""
    return [[cell.strip() for cell in line.strip().strip("|").split("|")]
            for line in text.splitlines() if line.startswith("|")]


def row_ids() -> list[str]:
    return [cells[0] for cells in table_rows(reference_text()) if ROW_ID.fullmatch(cells[0])]


def section(title: str) -> str:
    """The text of the section whose heading starts with ``title``, up to the next heading of its level."""
    text = reference_text()
    match = re.search(rf"^(#+) {re.escape(title)}.*$", text, flags=re.MULTILINE)
    assert match, f"no section {title!r} in docs/RULES.md"
    level = len(match.group(1))
    rest = text[match.end():]
    end = re.search(rf"^#{{1,{level}}} ", rest, flags=re.MULTILINE)
    return rest[:end.start()] if end else rest


def repository_text_files():
    for path in sorted(ROOT.rglob("*")):
        parts = path.relative_to(ROOT).parts
        if any(part in SKIPPED_DIRS or part.endswith(".egg-info") for part in parts[:-1]):
            continue
        if path.suffix in SUFFIXES and path.is_file() and path != REFERENCE:
            yield path


def test_row_ids_are_unique():
    ids = row_ids()
    assert len(ids) > 50 and len(ids) == len(set(ids)), sorted(i for i in ids if ids.count(i) > 1)


def test_every_row_id_cited_in_the_repository_is_a_row_of_docs_rules_md():
    known = set(row_ids())
    cited = {}
    for path in repository_text_files():
        for number, line in enumerate(path.read_text(encoding="utf-8", errors="replace").splitlines(), 1):
            for row in ROW_ID.findall(line):
                cited.setdefault(row, []).append(f"{path.relative_to(ROOT)}:{number}")
    unknown = {row: places for row, places in cited.items() if row not in known}
    assert not unknown, unknown
    # The reference itself cites rows too: those must exist as well.
    assert set(ROW_ID.findall(reference_text())) <= known


def test_every_mention_of_rules_md_names_its_path_and_no_old_section_numbers():
    wrong = []
    for path in repository_text_files():
        for number, line in enumerate(path.read_text(encoding="utf-8", errors="replace").splitlines(), 1):
            for match in re.finditer(r"RULES\.md", line):
                before, after = line[:match.start()], line[match.end():]
                # A citation reads "docs/RULES.md" and a row id; the old ones gave a section number of a file
                # no clone has ("2.1", "section 4").
                if not before.endswith("docs/") or re.match(r"\s*(section\s*)?\d", after):
                    wrong.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert not wrong, "\n".join(wrong)


def test_the_scan_finds_the_citations_in_code_tests_and_fixtures():
    # Guards the scan itself: these files cite rows today, so a scan that reads nothing fails here.
    scanned = {path.relative_to(ROOT).as_posix() for path in repository_text_files()
               if ROW_ID.search(path.read_text(encoding="utf-8", errors="replace"))}
    assert {"game/rules/ruleset.py", "game/rules/cards.py", "tests/rules/scenarios/01_common_core.toml",
            "tests/rules/test_ruleset.py"} <= scanned


def test_every_scenario_cites_rows_that_exist():
    from tests.rules.scenario_runner import load_scenarios

    known = set(row_ids())
    for scenario in load_scenarios():
        cited = ROW_ID.findall(scenario["covers"].split(":", 1)[0])
        assert cited and set(cited) <= known, (scenario["file"], scenario["covers"])


def parameter_rows() -> dict[str, str]:
    """Parameter name -> row id, from the rows of sections 2 and 3."""
    rows = {}
    for cells in table_rows(section("2. ") + section("3. ")):
        if ROW_ID.fullmatch(cells[0]) and re.fullmatch(r"`\w+`", cells[1]):
            rows[cells[1].strip("`")] = cells[0]
    return rows


def test_every_rule_set_parameter_has_its_row():
    names = [f.name for f in fields(RuleSet)]
    rows = parameter_rows()
    assert sorted(rows) == sorted(names), set(names) ^ set(rows)


def row_id_of(kind: str, code_id: str) -> str:
    """The row id of a game or a house rule: its id in the code, upper case, dashes for underscores."""
    return "-".join(("R", kind, code_id.upper().replace("_", "-")))


def test_every_game_and_every_house_rule_has_its_row():
    ids = set(row_ids())
    for preset_id in PRESETS:
        assert row_id_of("PRESET", preset_id) in ids, preset_id
    for rule in HOUSE_RULES:
        assert row_id_of("HOUSE", rule.id) in ids, rule.id
        row = next(cells for cells in table_rows(section("5. ")) if cells[0] == row_id_of("HOUSE", rule.id))
        assert f"(`{rule.id}`)" in row[1] and rule.name in row[1], row


def shown(value) -> str:
    """A parameter's value as the games table writes it."""
    if value is None or value == ():
        return "—"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, tuple) and isinstance(value[0], tuple):
        return " ".join(f"{rank}→{count}" for rank, count in value)
    if isinstance(value, tuple):
        return " ".join(str(item) for item in value)
    return str(value)


def test_the_games_table_holds_every_games_values():
    rows = [cells for cells in table_rows(section("4. ")) if cells[0].startswith("`") or cells[0] == "parameter"]
    header, body = rows[0], rows[1:]
    assert [cell.strip("`") for cell in header[1:]] == list(PRESETS)
    assert [cells[0].strip("`") for cells in body] == [f.name for f in fields(RuleSet)]
    for cells in body:
        name = cells[0].strip("`")
        for preset_id, cell in zip(PRESETS, cells[1:], strict=True):
            assert cell.strip("`") == shown(getattr(PRESETS[preset_id], name)), (name, preset_id, cell)


def limits_table() -> dict[str, tuple[int, int]]:
    rows = [cells for cells in table_rows(section("6. ")) if re.fullmatch(r"`\w+`", cells[0]) and len(cells) == 4]
    return {cells[0].strip("`"): (int(cells[1]), int(cells[2])) for cells in rows}


def test_the_limits_table_holds_the_ranges_the_code_checks():
    limits = limits_table()
    expected = dict(ruleset_module._INT_FIELDS)
    expected.update({name: allowed for name, (_length, allowed) in ruleset_module._INT_LIST_FIELDS.items()})
    expected["name"] = (0, ruleset_module.MAX_NAME_LENGTH)
    expected["black_jack_value"] = (0, ruleset_module.MAX_CARD_VALUE)
    expected["draw_penalties"] = limits["draw_penalties"]      # checked by behaviour below
    assert limits == expected


@pytest.mark.parametrize("count, accepted", [(0, False), (1, True), (10, True), (11, False)])
def test_the_draw_penalty_limits_in_the_table_are_the_ones_enforced(count, accepted):
    low, high = limits_table()["draw_penalties"]
    assert (low <= count <= high) == accepted
    base = PRESETS["crazy_eights"]
    if accepted:
        assert base.replace(draw_penalties=(("2", count),)).draw_penalties == (("2", count),)
    else:
        with pytest.raises(InvalidRuleSet):
            base.replace(draw_penalties=(("2", count),))


def test_the_refusals_table_lists_every_rule_code():
    codes = {cells[0].strip("`") for cells in table_rows(section("6. ")) if cells[0].startswith("`rules.")}
    assert codes == set(RULE_CODES)


def test_every_choice_of_a_word_parameter_is_explained_in_its_row():
    rows = {cells[0]: cells for cells in table_rows(section("2. ") + section("3. ")) if ROW_ID.fullmatch(cells[0])}
    parameters = parameter_rows()
    choices = {"draw_rule": ruleset_module.DRAW_RULES, "stock_exhausted": ruleset_module.STOCK_RULES,
               "scoring": ruleset_module.SCORING_MODES, "match_end": ruleset_module.MATCH_ENDS,
               "reverse_with_two": ruleset_module.REVERSE_WITH_TWO, "last_card_word": ruleset_module.LAST_CARD_WORDS}
    for name, words in choices.items():
        meaning = rows[parameters[name]][2]
        for word in words:
            assert f"`{word}`" in meaning, (name, word)
