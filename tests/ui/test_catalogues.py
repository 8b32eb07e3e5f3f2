"""The translated catalogues (de, el, nb…) are complete, clean and compiled.

Every msgid of the template is translated in every catalogue, with no empty,
fuzzy or obsolete entry; a translation keeps exactly the placeholders of its
source (``{name}`` and ``%d`` style); each ``.mo`` is what the ``.po``
compiles to, and gettext reads it. ``make messages`` (tools/extract_messages.py)
merges new msgids into every catalogue; translate the empty entries it adds.
"""
from __future__ import annotations

import gettext
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
import extract_messages as em  # noqa: E402

LANGUAGES = ("de", "el", "nb")
PLACEHOLDER = re.compile(r"\{[^{}]*\}|%\([^)]*\)[-#0 +]*\d*(?:\.\d+)?[sdifr]|%[-#0 +]*\d*(?:\.\d+)?[sdifr%]")


#: A translation may ask for a card or rank name with its article in a case: "{card:acc}" (game.ui.i18n.CASES).
CASE_SPEC = re.compile(r"\{(\w+):(?:nom|acc|dat|gen|indef)\}")


def placeholders(text: str) -> list[str]:
    return sorted(PLACEHOLDER.findall(CASE_SPEC.sub(r"{\1}", text)))


def problems_in(header: str, entries: list[em.Entry], template: set, language: str) -> list[str]:
    """Everything wrong with one catalogue, as readable lines."""
    problems = []
    have = {entry.key for entry in entries if not entry.obsolete}
    for msgid, _plural in sorted(template - have):
        problems.append(f"missing: {msgid!r}")
    for msgid, _plural in sorted(have - template):
        problems.append(f"not in the template any more: {msgid!r}")
    if f"Plural-Forms: {em.PLURAL_FORMS[language]}" not in header:
        problems.append(f"Plural-Forms header should be {em.PLURAL_FORMS[language]!r}")
    for entry in entries:
        name = repr(entry.msgid[:60])
        if entry.obsolete:
            problems.append(f"obsolete entry: {name}")
            continue
        if entry.fuzzy:
            problems.append(f"fuzzy: {name}")
        if entry.plural is not None and len(entry.msgstr) != em.nplurals(language):
            problems.append(f"{len(entry.msgstr)} plural forms instead of {em.nplurals(language)}: {name}")
        sources = [entry.msgid] if entry.plural is None else [entry.msgid] + [entry.plural] * (len(entry.msgstr) - 1)
        for index, (source, text) in enumerate(zip(sources, entry.msgstr)):
            if not text:
                problems.append(f"untranslated (msgstr[{index}]): {name}")
            elif placeholders(text) != placeholders(source):
                problems.append(f"placeholders {placeholders(text)} instead of {placeholders(source)}: {name}")
    return problems


@pytest.fixture(scope="module")
def template():
    return em.read_pot()


def test_the_template_is_up_to_date():
    missing = {m.key for m in em.collect()} - em.read_pot()
    assert not missing, f"run `make messages`; not in the .pot: {sorted(missing)[:5]}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_catalogue_is_complete_and_keeps_every_placeholder(language, template):
    path = em.po_path(language)
    assert path.exists(), f"no catalogue {path}"
    header, entries = em.read_po(path)
    problems = problems_in(header, entries, template, language)
    assert not problems, (f"{language}: {len(problems)} problem(s) (run `make messages`, then translate):\n  "
                          + "\n  ".join(problems[:40]))


@pytest.mark.parametrize("language", LANGUAGES)
def test_mo_is_compiled_from_the_po_and_gettext_reads_it(language):
    po = em.po_path(language)
    header, entries = em.read_po(po)
    mo = po.with_suffix(".mo")
    assert mo.read_bytes() == em.mo_bytes(header, entries), f"{mo} is stale: run `make messages`"
    with mo.open("rb") as handle:
        catalogue = gettext.GNUTranslations(handle)
    for entry in entries[:: max(1, len(entries) // 25)]:
        if entry.plural is None:
            assert catalogue.gettext(entry.msgid) == entry.msgstr[0]
        else:
            assert catalogue.ngettext(entry.msgid, entry.plural, 1) == entry.msgstr[0]
            assert catalogue.ngettext(entry.msgid, entry.plural, 5) == entry.msgstr[1]


def test_the_checker_catches_broken_entries(template):
    """The checks above can fail: a catalogue with each kind of fault is caught."""
    header, entries = em.read_po(em.po_path("de"))
    by_id = {entry.msgid: entry for entry in entries}
    by_id["{name} plays {card}"].msgstr = ["{name} spielt"]            # lost a placeholder
    by_id["You play {card}"].msgstr = ["Du spielst {card} {suit}"]    # added one
    by_id["Rules"].msgstr = [""]                                       # untranslated
    by_id["Quit"].flags.append("fuzzy")                                # fuzzy
    by_id["Back"].obsolete = True                                      # obsolete
    dropped = entries.pop(0)                                           # missing
    text = em.render_catalogue("de", entries)
    reread_header, reread = em.parse_po(text)
    problems = "\n".join(problems_in(reread_header, reread, template, "de"))
    for expected in ("placeholders ['{name}'] instead of ['{card}', '{name}']: '{name} plays {card}'",
                     "placeholders ['{card}', '{suit}'] instead of ['{card}']: 'You play {card}'",
                     "untranslated (msgstr[0]): 'Rules'", "fuzzy: 'Quit'", "obsolete entry: 'Back'",
                     f"missing: {dropped.msgid!r}"):
        assert expected in problems, problems
    assert em.mo_bytes(reread_header, reread) != em.mo_bytes(header, em.read_po(em.po_path("de"))[1])


def test_percent_placeholders_are_counted():
    assert placeholders("%d cards for %(name)s") == ["%(name)s", "%d"]
    assert placeholders("{count} cards") == ["{count}"]


def test_merge_adds_new_msgids_empty_drops_vanished_ones_and_keeps_translations():
    old = em.Entry("Quit")
    old.msgstr = ["Beenden"]
    old.translator_comments = ["kept"]
    gone = em.Entry("An old message")
    gone.msgstr = ["Eine alte Meldung"]
    obsolete = em.Entry("Older still")
    obsolete.obsolete = True
    messages = [em.Message("Quit"), em.Message("{n} new card", "{n} new cards")]
    merged, counts = em.merge(messages, [old, gone, obsolete], "de")
    assert [e.msgid for e in merged] == ["Quit", "{n} new card"]
    assert merged[0].msgstr == ["Beenden"] and merged[0].translator_comments == ["kept"]
    assert merged[1].msgstr == ["", ""] and not merged[1].fuzzy
    assert counts == {"messages": 2, "translated": 1, "new": 1, "dropped": 2}
    text = em.render_catalogue("de", merged)
    assert em.parse_po(text)[1][0].msgstr == ["Beenden"]


def test_po_round_trip_keeps_every_entry():
    for language in LANGUAGES:
        text = em.po_path(language).read_text(encoding="utf-8")
        header, entries = em.parse_po(text)
        assert em.render_catalogue(language, entries) == text
