"""Build the translation template and keep every catalogue in step with the sources.

Usage::

    python tools/extract_messages.py             # write the .pot, merge every catalogue, compile every .mo
    python tools/extract_messages.py --init fr   # the same, starting a new catalogue for French
    python tools/extract_messages.py --check     # exit 1 if the .pot, a catalogue or a .mo is out of date

Collects every ``_("…")``, ``N_("…")`` and ``ngettext("…", "…", n)`` with
literal strings in ``game/ui`` (read with ``ast``, like pygettext), plus the
player-facing data of the rules core that the UI translates at run time: the
preset names and descriptions and the house-rule names and explanations.

Writes ``game/ui/locale/crazy-eights.pot`` and
``game/ui/locale/en/LC_MESSAGES/crazy-eights.po`` / ``.mo`` (English: every
message translates to itself). Then merges each translated catalogue
``game/ui/locale/<lang>/LC_MESSAGES/crazy-eights.po`` with the template, like
``msgmerge`` without fuzzy guesses: a new msgid comes in with an empty
msgstr, a msgid the sources no longer have is dropped (obsolete ``#~``
entries too), every existing translation and translator comment is kept, and
the entries follow the template's order and references. Finally each
catalogue is compiled to its ``.mo`` (translated, non-fuzzy entries only;
the same bytes every time, so ``--check`` and the tests can compare).
"""
from __future__ import annotations

import argparse
import array
import ast
import struct
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCE_DIR = ROOT / "game" / "ui"
LOCALE_DIR = SOURCE_DIR / "locale"
DOMAIN = "crazy-eights"
POT_PATH = LOCALE_DIR / f"{DOMAIN}.pot"
ENGLISH_PO = LOCALE_DIR / "en" / "LC_MESSAGES" / f"{DOMAIN}.po"
ENGLISH_MO = LOCALE_DIR / "en" / "LC_MESSAGES" / f"{DOMAIN}.mo"

HEADER = (
    "Project-Id-Version: crazy-eights\n"
    "MIME-Version: 1.0\n"
    "Content-Type: text/plain; charset=UTF-8\n"
    "Content-Transfer-Encoding: 8bit\n"
    "Plural-Forms: nplurals=2; plural=(n != 1);\n"
)


class Message:
    """One msgid (and plural), with where it was found."""

    def __init__(self, msgid: str, plural: str | None = None):
        self.msgid = msgid
        self.plural = plural
        self.references: list[str] = []

    @property
    def key(self) -> tuple[str, str | None]:
        return self.msgid, self.plural


def _literal(node) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def messages_in_source(text: str, filename: str = "<source>") -> list[tuple[str, str | None, int]]:
    """(msgid, plural, line) for every marked string in Python source."""
    found = []
    for node in ast.walk(ast.parse(text, filename)):
        if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
            continue
        name = node.func.id
        if name in ("_", "N_") and node.args:
            msgid = _literal(node.args[0])
            if msgid is not None:
                found.append((msgid, None, node.lineno))
        elif name == "ngettext" and len(node.args) >= 2:
            singular, plural = _literal(node.args[0]), _literal(node.args[1])
            if singular is not None and plural is not None:
                found.append((singular, plural, node.lineno))
    return found


def data_messages() -> list[tuple[str, str]]:
    """(msgid, reference) for the rules core's player-facing data the UI translates."""
    sys.path.insert(0, str(ROOT))
    from game.rules import CHOICES, DESCRIPTIONS, HOUSE_RULES, PRESETS

    reference = "game/rules/presets.py"
    found = []
    for preset_id, rules in PRESETS.items():
        found.append((rules.name, f"{reference} (PRESETS[{preset_id!r}].name)"))
        found.append((DESCRIPTIONS[preset_id], f"{reference} (DESCRIPTIONS[{preset_id!r}])"))
        if preset_id in CHOICES:
            found.append((CHOICES[preset_id], f"{reference} (CHOICES[{preset_id!r}])"))
    for rule in HOUSE_RULES:
        found.append((rule.name, f"{reference} (house rule {rule.id})"))
        found.append((rule.explanation, f"{reference} (house rule {rule.id})"))
    return found


def collect(source_dir: Path = SOURCE_DIR) -> list[Message]:
    """Every message, in the order first met (sources sorted by path)."""
    catalogue: dict[tuple[str, str | None], Message] = {}

    def add(msgid: str, plural: str | None, reference: str) -> None:
        message = catalogue.get((msgid, plural))
        if message is None:
            message = catalogue[(msgid, plural)] = Message(msgid, plural)
        message.references.append(reference)

    for path in sorted(source_dir.rglob("*.py")):
        relative = path.relative_to(ROOT).as_posix()
        for msgid, plural, line in messages_in_source(path.read_text(encoding="utf-8"), relative):
            add(msgid, plural, f"{relative}:{line}")
    for msgid, reference in data_messages():
        add(msgid, None, reference)
    return list(catalogue.values())


def _quote(text: str) -> str:
    escaped = (text.replace("\\", "\\\\").replace('"', '\\"').replace("\t", "\\t")
               .replace("\r", "\\r"))
    if "\n" not in escaped:
        return f'"{escaped}"'
    lines = escaped.split("\n")
    parts = ['""'] + [f'"{line}\\n"' for line in lines[:-1]]
    if lines[-1]:
        parts.append(f'"{lines[-1]}"')
    return "\n".join(parts)


def render_po(messages: list[Message], translate: bool) -> str:
    """A .pot (``translate=False``: empty translations) or the English .po (each message to itself)."""
    out = ["# Crazy Eights: player-facing messages. Generated by tools/extract_messages.py; do not edit the .pot.",
           'msgid ""', f"msgstr {_quote(HEADER)}", ""]
    for message in messages:
        for reference in message.references:
            out.append(f"#: {reference}")
        if "{" in message.msgid:
            out.append("#, python-brace-format")
        out.append(f"msgid {_quote(message.msgid)}")
        if message.plural is None:
            out.append(f"msgstr {_quote(message.msgid if translate else '')}")
        else:
            out.append(f"msgid_plural {_quote(message.plural)}")
            out.append(f"msgstr[0] {_quote(message.msgid if translate else '')}")
            out.append(f"msgstr[1] {_quote(message.plural if translate else '')}")
        out.append("")
    return "\n".join(out)


def _unquote(text: str) -> str:
    return ast.literal_eval(text)


# ----- translated catalogues (.po) --------------------------------------------

#: The Plural-Forms header of each language (every language here has one form for 1, one for the rest).
PLURAL_FORMS = {
    "de": "nplurals=2; plural=(n != 1);",
    "el": "nplurals=2; plural=(n != 1);",
    "nb": "nplurals=2; plural=(n != 1);",
}
#: The language names written into each catalogue's Language-Team header.
LANGUAGE_NAMES = {"de": "German", "el": "Greek", "nb": "Norwegian Bokmål", "en": "English"}


class Entry:
    """One entry of a .po file: a msgid (and plural), its translation(s) and comment lines."""

    def __init__(self, msgid: str, plural: str | None = None):
        self.msgid = msgid
        self.plural = plural
        self.msgstr: list[str] = [""] if plural is None else ["", ""]
        self.translator_comments: list[str] = []  # "# …" lines, kept by a merge
        self.references: list[str] = []
        self.flags: list[str] = []
        self.obsolete = False

    @property
    def key(self) -> tuple[str, str | None]:
        return self.msgid, self.plural

    @property
    def fuzzy(self) -> bool:
        return "fuzzy" in self.flags

    @property
    def translated(self) -> bool:
        return all(self.msgstr) and not self.fuzzy and not self.obsolete


def parse_po(text: str) -> tuple[str, list[Entry]]:
    """(header msgstr, entries) of a .po/.pot file; obsolete (``#~``) entries are read with ``obsolete=True``."""
    header = ""
    entries: list[Entry] = []
    comments: list[str] = []
    references: list[str] = []
    flags: list[str] = []
    current: Entry | None = None
    field: tuple[str, int] | None = None
    obsolete = False

    def finish() -> None:
        nonlocal current, header
        if current is None:
            return
        if current.msgid == "" and current.plural is None:
            header = current.msgstr[0]
        else:
            entries.append(current)
        current = None

    for raw in text.splitlines():
        line = raw.strip()
        is_obsolete = line.startswith("#~")
        if is_obsolete:
            line = line[2:].strip()
        if not line:
            finish()
            field = None
            continue
        if line.startswith("#"):
            if current is not None and field is not None:
                finish()
                field = None
            if line.startswith("#:"):
                references.append(line[2:].strip())  # one reference a line, as written here
            elif line.startswith("#,"):
                flags += [flag.strip() for flag in line[2:].split(",") if flag.strip()]
            elif line == "#" or line.startswith("# "):
                comments.append(line[1:].strip())
            continue
        if line.startswith("msgctxt "):
            raise ValueError(f"msgctxt is not supported yet: {line!r}")
        if line.startswith("msgid "):
            finish()
            current = Entry(_unquote(line[6:]))
            current.translator_comments, current.references, current.flags = comments, references, flags
            current.obsolete = obsolete or is_obsolete
            comments, references, flags = [], [], []
            field = ("msgid", 0)
        elif line.startswith("msgid_plural "):
            current.plural = _unquote(line[13:])
            current.msgstr = []
            field = ("plural", 0)
        elif line.startswith("msgstr["):
            index = int(line[7:line.index("]")])
            while len(current.msgstr) <= index:
                current.msgstr.append("")
            current.msgstr[index] = _unquote(line[line.index("]") + 1:].strip())
            field = ("msgstr", index)
        elif line.startswith("msgstr "):
            current.msgstr = [_unquote(line[7:])]
            field = ("msgstr", 0)
        elif line.startswith('"') and current is not None and field is not None:
            kind, index = field
            if kind == "msgid":
                current.msgid += _unquote(line)
            elif kind == "plural":
                current.plural += _unquote(line)
            else:
                current.msgstr[index] += _unquote(line)
        else:
            raise ValueError(f"cannot read .po line: {raw!r}")
        obsolete = False
    finish()
    return header, entries


def read_po(path: Path) -> tuple[str, list[Entry]]:
    """(header, entries) of a .po/.pot file."""
    return parse_po(path.read_text(encoding="utf-8"))


def read_pot(path: Path = POT_PATH) -> set[tuple[str, str | None]]:
    """The (msgid, plural) pairs a .pot/.po file holds (the header and obsolete entries excluded)."""
    return {entry.key for entry in read_po(path)[1] if not entry.obsolete}


def po_header(language: str) -> str:
    return (f"Project-Id-Version: crazy-eights\n"
            f"Language: {language}\n"
            f"Language-Team: {LANGUAGE_NAMES.get(language, language)}\n"
            "MIME-Version: 1.0\n"
            "Content-Type: text/plain; charset=UTF-8\n"
            "Content-Transfer-Encoding: 8bit\n"
            f"Plural-Forms: {PLURAL_FORMS.get(language, 'nplurals=2; plural=(n != 1);')}\n")


def render_catalogue(language: str, entries: list[Entry]) -> str:
    """A translated .po file: the header, then every entry in template order."""
    out = [f"# Crazy Eights: {LANGUAGE_NAMES.get(language, language)} translation. Kept in step with "
           "the template by tools/extract_messages.py (`make messages`): translate the empty msgstr "
           "entries; keep every {placeholder} and %d of the English.",
           'msgid ""', f"msgstr {_quote(po_header(language))}", ""]
    for entry in entries:
        for comment in entry.translator_comments:
            out.append(f"# {comment}".rstrip())
        for reference in entry.references:
            out.append(f"#: {reference}")
        if entry.flags:
            out.append("#, " + ", ".join(entry.flags))
        lines = [f"msgid {_quote(entry.msgid)}"]
        if entry.plural is None:
            lines.append(f"msgstr {_quote(entry.msgstr[0])}")
        else:
            lines.append(f"msgid_plural {_quote(entry.plural)}")
            for index, text in enumerate(entry.msgstr):
                lines.append(f"msgstr[{index}] {_quote(text)}")
        if entry.obsolete:  # only a hand-edited catalogue has these: a merge drops them
            lines = ["#~ " + line for line in "\n".join(lines).split("\n")]
        out += lines
        out.append("")
    return "\n".join(out)


def nplurals(language: str) -> int:
    forms = PLURAL_FORMS.get(language, "nplurals=2;")
    return int(forms.split("nplurals=")[1].split(";")[0])


def merge(messages: list[Message], old: list[Entry], language: str) -> tuple[list[Entry], dict[str, int]]:
    """The catalogue for ``messages`` (template order), keeping the translations ``old`` has.

    New msgids come in with empty translations (no fuzzy guesses); msgids the
    sources no longer have are dropped, obsolete ``#~`` entries too.
    """
    known = {entry.key: entry for entry in old if not entry.obsolete}
    merged, added = [], 0
    for message in messages:
        entry = Entry(message.msgid, message.plural)
        entry.references = list(message.references)
        if "{" in message.msgid:
            entry.flags = ["python-brace-format"]
        previous = known.pop(message.key, None)
        if previous is not None:
            entry.translator_comments = previous.translator_comments
            entry.msgstr = list(previous.msgstr)
            if previous.fuzzy:
                entry.flags.append("fuzzy")
        else:
            added += 1
        if message.plural is not None:
            entry.msgstr = (entry.msgstr + [""] * nplurals(language))[:nplurals(language)]
        merged.append(entry)
    dropped = len(known) + sum(1 for entry in old if entry.obsolete)
    counts = {"messages": len(merged), "translated": sum(e.translated for e in merged),
              "new": added, "dropped": dropped}
    return merged, counts


def catalogue_languages() -> list[str]:
    """Every language with a catalogue under ``locale/`` besides English (which is generated)."""
    return sorted(path.parent.parent.name for path in LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.po")
                  if path.parent.parent.name != "en")


def po_path(language: str) -> Path:
    return LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_bytes(header: str, entries: list[Entry]) -> bytes:
    """A GNU .mo file (the format Python's gettext reads) holding the translated, non-fuzzy entries."""
    table = {b"": header.encode("utf-8")}
    for entry in entries:
        if not entry.translated:
            continue
        if entry.plural is None:
            table[entry.msgid.encode("utf-8")] = entry.msgstr[0].encode("utf-8")
        else:
            key = entry.msgid.encode("utf-8") + b"\0" + entry.plural.encode("utf-8")
            table[key] = b"\0".join(text.encode("utf-8") for text in entry.msgstr)
    keys = sorted(table)
    ids = strs = b""
    offsets = []
    for key in keys:
        offsets.append((len(ids), len(key), len(strs), len(table[key])))
        ids += key + b"\0"
        strs += table[key] + b"\0"
    key_start = 7 * 4 + 16 * len(keys)
    value_start = key_start + len(ids)
    key_offsets, value_offsets = [], []
    for id_offset, id_length, str_offset, str_length in offsets:
        key_offsets += [id_length, id_offset + key_start]
        value_offsets += [str_length, str_offset + value_start]
    header_bytes = struct.pack("Iiiiiii", 0x950412DE, 0, len(keys), 7 * 4, 7 * 4 + len(keys) * 8, 0, 0)
    return header_bytes + array.array("i", key_offsets + value_offsets).tobytes() + ids + strs


def compile_po(po: Path, mo: Path | None = None) -> Path:
    """Compile one .po into the .mo beside it (or ``mo``)."""
    header, entries = read_po(po)
    mo = mo or po.with_suffix(".mo")
    mo.parent.mkdir(parents=True, exist_ok=True)
    mo.write_bytes(mo_bytes(header, entries))
    return mo


def compile_mo(messages: list[Message], path: Path) -> None:
    """Write the English .mo: each message translated to itself."""
    entries = []
    for message in messages:
        entry = Entry(message.msgid, message.plural)
        entry.msgstr = [message.msgid] if message.plural is None else [message.msgid, message.plural]
        entries.append(entry)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(mo_bytes(HEADER, entries))


def update_catalogue(messages: list[Message], language: str) -> dict[str, int]:
    """Merge one language's .po with the template and compile its .mo."""
    path = po_path(language)
    old = read_po(path)[1] if path.exists() else []
    merged, counts = merge(messages, old, language)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(render_catalogue(language, merged), encoding="utf-8")
    compile_po(path)
    return counts


def check(messages: list[Message]) -> list[str]:
    """What is out of date: the template, a catalogue's msgids, or a compiled .mo."""
    problems = []
    keys = {m.key for m in messages}
    for msgid, _plural in sorted(keys - read_pot()):
        problems.append(f"not in {POT_PATH.name}: {msgid!r}")
    for language in catalogue_languages():
        header, entries = read_po(po_path(language))
        have = {entry.key for entry in entries if not entry.obsolete}
        for msgid, _plural in sorted(keys - have):
            problems.append(f"not in {language}: {msgid!r}")
        for msgid, _plural in sorted(have - keys):
            problems.append(f"no longer in the sources, still in {language}: {msgid!r}")
        mo = po_path(language).with_suffix(".mo")
        if not mo.exists() or mo.read_bytes() != mo_bytes(header, entries):
            problems.append(f"{language}: {mo.name} is not compiled from the current .po")
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true",
                        help="only check that the .pot, every catalogue and every .mo are up to date")
    parser.add_argument("--init", metavar="LANG", action="append", default=[],
                        help="start a catalogue for a new language (e.g. --init fr), then merge as usual")
    args = parser.parse_args(argv)
    messages = collect()
    if args.check:
        problems = check(messages)
        for problem in problems:
            print(problem)
        return 1 if problems else 0
    POT_PATH.parent.mkdir(parents=True, exist_ok=True)
    POT_PATH.write_text(render_po(messages, translate=False), encoding="utf-8")
    ENGLISH_PO.parent.mkdir(parents=True, exist_ok=True)
    ENGLISH_PO.write_text(render_po(messages, translate=True), encoding="utf-8")
    compile_mo(messages, ENGLISH_MO)
    print(f"{len(messages)} messages -> {POT_PATH.relative_to(ROOT)}, {ENGLISH_PO.relative_to(ROOT)}, "
          f"{ENGLISH_MO.relative_to(ROOT)}")
    for language in sorted(set(catalogue_languages()) | set(args.init)):
        counts = update_catalogue(messages, language)
        untranslated = counts["messages"] - counts["translated"]
        print(f"{language}: {counts['translated']}/{counts['messages']} translated"
              f" ({counts['new']} new, {counts['dropped']} dropped"
              f"{f', {untranslated} to translate' if untranslated else ''})"
              f" -> {po_path(language).relative_to(ROOT)} and .mo")
    return 0


if __name__ == "__main__":
    sys.exit(main())
