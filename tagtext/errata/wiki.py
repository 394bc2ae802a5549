"""The errata as wiki pages: Markdown pipe tables in the style of the format's manual.

One file per set, so each pastes into a wiki page of its own (a page for every changed
card of the whole game would be too long to edit), plus the rules, the special rulings
and the maintainers' flags, and an index:

    README.md        what the files are, and the counts
    <SET>.md         the changed cards of one set (BT12.md, EX5.md, P.md ...)
    rules.md         each rule with a real example; the special rulings and their reasons
    maintainers.md   residuals, stale rulings, unreadable texts, skipped entries

Each card is a table as in the manual::

    | [BT7-040 Rasenmon] | |
    |---|---|
    | printed text | Tag Tamer text |

followed by a list saying why each (bold) change was made. Card text is escaped for
Markdown: `|`, `*`, `_`, backquotes and the like are backslash-escaped and `<`, `>`, `&`
become entities, so no card text can turn into markup; line breaks become ``<br>``.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Iterable, Sequence

from .. import __version__
from ..markdown import cell
from .model import (
    CardView,
    Errata,
    Flag,
    RuleView,
    RulingView,
    SetView,
    TextView,
    shorten,
)
from .spans import Segment

def segments(segs: Sequence[Segment]) -> str:
    """Segments as cell text, each highlighted segment in bold."""
    out = []
    for s in segs:
        if not s.marked or not s.text.strip():
            out.append(cell(s.text))
            continue
        core = s.text.strip()
        lead = s.text[: len(s.text) - len(s.text.lstrip())]
        trail = s.text[len(s.text.rstrip()):]
        out.append(f"{cell(lead)}**{cell(core)}**{cell(trail)}")
    return "".join(out)


#: The wiki's own pages: no set's page may take their names.
FIXED_PAGES = ("README.md", "rules.md", "maintainers.md")
#: Names Windows keeps for devices, whatever the extension ("CON.md" cannot be a file).
_DEVICES = frozenset({"con", "prn", "aux", "nul", *(f"com{i}" for i in range(1, 10)), *(f"lpt{i}" for i in range(1, 10))})
_STEM_LENGTH = 100


def _stem(code: str) -> str:
    """A set code as a file name stem: letters, digits and - _ . kept, anything else -;
    never empty, never a hidden file, never too long for a file system."""
    stem = re.sub(r"[^A-Za-z0-9_.-]", "-", code)[:_STEM_LENGTH].lstrip(".")
    return stem or "set"


def set_filenames(codes: Sequence[str]) -> dict[str, str]:
    """Each set code's page file name, all distinct from each other and from the fixed
    pages, also where file names ignore case (macOS, Windows): a set coded "rules", or
    the sets "BT 1" and "BT-1", or "bt1" and "BT1", would otherwise overwrite each other's
    page. A code that is already a plain file name keeps it first; the others, in set
    order, take the next free name "<stem>-2.md", "<stem>-3.md" ..."""
    taken = {name.casefold() for name in FIXED_PAGES}
    names: dict[str, str] = {}
    later: list[str] = []
    stems = {code: _stem(code) for code in codes}
    for plain in (True, False):
        for code in codes:
            if (stems[code] == code) != plain:
                continue
            name = stems[code] + ".md"
            if name.casefold() in taken or stems[code].casefold().split(".")[0] in _DEVICES:
                later.append(code)
                continue
            taken.add(name.casefold())
            names[code] = name
    # each stem counts on from where it stopped: a thousand codes that all make the stem
    # "-" (CJK set codes) take -2, -3 ... in one pass, not a search from 2 each time
    next_k: dict[str, int] = {}
    for code in later:
        stem = stems[code].casefold()
        k = next_k.get(stem, 2)
        while f"{stems[code]}-{k}.md".casefold() in taken:
            k += 1
        name = f"{stems[code]}-{k}.md"
        next_k[stem] = k + 1
        taken.add(name.casefold())
        names[code] = name
    return {code: names[code] for code in codes}


def set_filename(code: str) -> str:
    """The page file name of a set on its own (:func:`set_filenames` for a whole wiki)."""
    return set_filenames([code])[code]


# ----------------------------------------------------------------------------- pages

def write_wiki(errata: Errata, out: Path) -> list[str]:
    """Write the wiki pages into the directory ``out``; returns the file names."""
    filenames = set_filenames([s.code for s in errata.sets])
    files = {filenames[s.code]: set_page(s) for s in errata.sets}
    files["rules.md"] = rules_page(errata)
    files["maintainers.md"] = maintainers_page(errata)
    files = {"README.md": index_page(errata, filenames), **files}
    # every page its own file: a name given twice would be a page silently lost
    folded = [name.casefold() for name in files]
    if len(files) != len(errata.sets) + len(FIXED_PAGES) or len(set(folded)) != len(folded):
        raise AssertionError(f"wiki page names clash: {sorted(files)}")
    for name, text in files.items():
        (out / name).write_text(text, encoding="utf-8")
    return list(files)


def index_page(errata: Errata, filenames: dict[str, str] | None = None) -> str:
    s = errata.summary
    lines = [
        f"# {errata.format.title} errata (wiki tables)",
        "",
        f"Generated by tagtext {__version__} from {cell(errata.source)}: {_n(s['cards_shown'], 'card')} shown, "
        f"{_n(s['rewritten'], 'text')} rewritten, {_n(s['cards'], 'card')} read.",
        "",
        "Paste each file into a wiki page of its own. In the tables, the printed text is on the "
        f"left and the {errata.format.title} text on the right; **bold** marks what changed.",
        "",
        "| file | content |",
        "|---|---|",
    ]
    if filenames is None:
        filenames = set_filenames([s.code for s in errata.sets])
    for set_view in errata.sets:
        n = len(set_view.cards)
        lines.append(f"| {cell(filenames[set_view.code])} | {cell(set_view.code)}: {n} card{'' if n == 1 else 's'} |")
    lines.append(f"| rules.md | the rules, each with an example; the special rulings ({len(errata.rulings)}) |")
    lines.append(f"| maintainers.md | flagged for the maintainers ({len(errata.flags)}) |")
    return "\n".join(lines) + "\n"


def set_page(set_view: SetView) -> str:
    lines = [f"# {cell(set_view.code)}", ""]
    for card_view in set_view.cards:
        lines += card_table(card_view)
    return "\n".join(lines)


def card_table(card_view: CardView) -> list[str]:
    card = card_view.card
    lines = [f"| [{cell(card.id)} {cell(card.name)}] | |", "|---|---|"]
    for text in card_view.texts:
        lines.append(f"| {_label(text)}{segments(text.printed)} | {_label(text)}{segments(text.tagtamer)} |")
    lines.append("")
    notes = list(_notes(card_view.texts))
    if notes:
        lines += notes + [""]
    return lines


def _label(text: TextView) -> str:
    return "" if text.field == "effect" else f"*{cell(text.label)}:* "


def _notes(texts: Iterable[TextView]) -> Iterable[str]:
    texts = list(texts)
    for text in texts:
        where = f"{text.label}, " if len(texts) > 1 or text.field != "effect" else ""
        for e in text.edits:
            why = ", then ".join(f"{cell(r.title)} (`{r.id}`)" for r in e.rules)
            before, after = cell(shorten(e.before)), cell(shorten(e.after))
            if e.before and e.after:
                change = f"\u201c{before}\u201d \u2192 \u201c{after}\u201d"
            elif e.after:
                change = f"added \u201c{after}\u201d"
            else:
                change = f"removed \u201c{before}\u201d"
            yield f"- {where}change {e.number}: {change}: {why}"
        if text.ruling:
            yield f"- {where}special ruling `{text.ruling.id}` ({text.ruling.mode}): {cell(text.ruling.reason)}"
        if not text.consistent:
            yield f"- {where}the edits do not reproduce this text; shown without highlights (flagged)"
        for r in text.residuals:
            yield f"- {where}left as printed for the maintainers (`{r.rule}`): \u201c{cell(r.text)}\u201d: {cell(r.reason)}"
        for w in text.warnings:
            yield f"- {where}{cell(w)}"


def rules_page(errata: Errata) -> str:
    lines = ["# The rules", ""]
    for rule in errata.rules:
        lines += _rule_section(rule)
    lines += ["# The special rulings", ""]
    if not errata.rulings:
        lines += ["The special-ruling table is empty.", ""]
    for ruling in errata.rulings:
        lines += _ruling_section(ruling)
    return "\n".join(lines)


def _rule_section(rule: RuleView) -> list[str]:
    lines = [f"## {cell(rule.info.title)} (`{rule.id}`)", ""]
    if rule.info.statement:
        lines += [f"> {cell(rule.info.statement)}", ""]
    lines += [cell(rule.info.practice), ""]
    if rule.example is None:
        return lines + ["No text in this database is changed by this rule.", ""]
    card = rule.example_card
    n = rule.texts
    lines += [f"Example ({n} text{'' if n == 1 else 's'} changed by this rule):", ""]
    lines += card_table(CardView(card, (rule.example,)))
    return lines


def _ruling_section(view: RulingView) -> list[str]:
    r = view.ruling
    wording = "global" if "global" in r.effect else next(iter(r.effect))
    printed = r.effect[wording]
    if r.mode == "keep":
        after = cell(printed)
    elif r.mode == "replace":
        after = f"**{cell(r.text[wording])}**"
    else:
        after = f"*(the effect as the rules rewrite it)* **{cell(r.text[wording])}**"
    return [
        f"| [{cell(r.card)} {cell(r.name)}] | |",
        "|---|---|",
        f"| {cell(printed)} | {after} |",
        "",
        f"{cell(r.reason)}",
        "",
        f"Ruling `{r.id}`, mode {r.mode}: {view.status}. {cell(view.detail)}",
        "",
    ]


def maintainers_page(errata: Errata) -> str:
    lines = ["# For the maintainers", ""]
    if not errata.flags:
        lines += ["Nothing flagged.", ""]
    kinds: dict[str, list[Flag]] = {}
    for flag in errata.flags:
        kinds.setdefault(flag.kind, []).append(flag)
    for kind in sorted(kinds):
        lines += [f"## {kind.capitalize()} ({len(kinds[kind])})", "", "| card | text | why |", "|---|---|---|"]
        for f in kinds[kind]:
            text = segments(f.segments) if f.segments else ""
            why = "<br>".join(cell(m) for m in f.messages)
            lines.append(f"| {cell(f.card.id)} {cell(f.card.name)} ({cell(f.label)}) | {text} | {why} |")
        lines.append("")
    if errata.entry_problems:
        lines += [f"## Database entries skipped or repaired ({len(errata.entry_problems)})", ""]
        lines += [f"- {cell(str(p))}" for p in errata.entry_problems] + [""]
    return "\n".join(lines)


def _n(n: int, noun: str) -> str:
    """``1 card``, ``2 cards``."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"
