"""The special-ruling table: loading it, and finding the effect a ruling covers in a
card's current text.

Each pack's table is data (Tag Tamer's: ``tagtext/packs/tag_tamer/special-rulings.toml``);
this module is the engine code that reads a table, finds a ruling's effect in a text,
applies it to a tree and reports stale rulings as typed :class:`~tagtext.result.Notice`
values. It is the one place special rulings are handled.

A ruling names its card, the text field, the effect it covers as printed in each English
wording, a mode (keep / replace / append) and the manual's reason. It applies where the
effect is found in the card's text; when it is not, the card's text has changed since the
ruling was written, and the ruling is *stale*: reported, never applied.
"""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

from .errors import TagTextError
from .records import record
from .tomlfile import loads_toml, read_toml
from .result import Notice
from .syntax.edit import UnplacedChange, boundary, replace_leaves, word_leaves_in

#: The rule id every edit a special ruling makes carries.
RULE = "override"
MODES = ("keep", "replace", "append")


class OverrideTableError(TagTextError):
    """The special-ruling table itself is malformed."""


@record(frozen=True)
class Ruling:
    """A special ruling: for one card's text field, the effect as printed and what replaces
    it (or the sentence added after it), with the reason."""

    id: str
    card: str
    name: str
    field: str
    mode: str
    reason: str
    #: wording -> the effect as printed
    effect: dict[str, str]
    #: wording -> the replacement (replace) or the sentence to add (append)
    text: dict[str, str]
    #: wordings derived word for word from one of the ruling's (the table's [wording.*])
    variants: tuple["Variant", ...] = ()
    #: how loosely an effect is matched (the table's [match])
    matching: "Matching" = None  # type: ignore[assignment]

    def find(self, card_text: str) -> "Match | None":
        """Where this ruling's effect is in ``card_text``: in whichever of its wordings
        matches (as loosely as the table's [match] says: any whitespace, and in Tag Tamer's
        timing labels with or without their brackets), else in a wording derived from one
        of them word for word (its text derived the same way)."""
        loose = (self.matching or _EXACT_SPACES).pattern
        for wording, effect in self.effect.items():
            m = loose(effect).search(card_text)
            if m is not None:
                return Match(self, wording, m.start(), m.end())
        for variant in self.variants:
            effect = self.effect.get(variant.base)
            if effect is None:
                continue
            m = loose(variant.derive(effect)).search(card_text)
            if m is not None:
                text = self.text.get(variant.base)
                return Match(self, variant.name, m.start(), m.end(),
                             variant.derive(text) if text is not None else None)
        return None


@record(frozen=True)
class Variant:
    """A wording derived word for word from another (``[wording.NAME]`` in a table): the
    Digimon Card Game's Asia terms ("evolve", "evolution cards", "security") from its
    Global ones, say."""

    name: str
    base: str
    replace: tuple[tuple[str, str], ...]

    def derive(self, text: str) -> str:
        for before, after in self.replace:
            text = text.replace(before, after)
        return text


@record(frozen=True)
class Match:
    """A ruling found in a text: which wording, and the effect's span."""

    ruling: Ruling
    wording: str
    start: int
    end: int
    #: the text in a derived wording (None: the ruling's own text for ``wording``)
    derived: str | None = None

    @property
    def text(self) -> str:
        """The replacement or appended text in the matched wording."""
        return self.derived if self.derived is not None else self.ruling.text[self.wording]


@record(frozen=True)
class Table:
    """The special rulings read from one file (``source``)."""

    source: str
    rulings: tuple[Ruling, ...]

    def for_card(self, card_id: str | None, field: str | None = None) -> tuple[Ruling, ...]:
        if card_id is None:
            return ()
        return tuple(r for r in self.rulings if r.card == card_id and (field is None or r.field == field))

    def cards(self) -> frozenset[str]:
        return frozenset(r.card for r in self.rulings)


@record(frozen=True)
class Matching:
    """How loosely a table's effects are found in card text (its ``[match]``): any run of
    whitespace (or of the ``spaces`` a pack's text writes for one, the Digimon Card App's
    ``&#160;``) stands for any other, and a word may lack the ``optional_edges`` it starts
    or ends with in the table (wiki pages print Tag Tamer's timing labels without their
    brackets: "[On Play]" or "On Play")."""

    spaces: tuple[str, ...] = ()
    #: (opening, closing): a word starting with ``opening`` / ending with ``closing`` may lack it
    optional_edges: tuple[str, str] | None = None

    def __post_init__(self):
        gap = "|".join([r"\s"] + [re.escape(space) for space in self.spaces])
        object.__setattr__(self, "_gap", f"(?:{gap})+")
        object.__setattr__(self, "_cache", {})

    def pattern(self, effect: str) -> re.Pattern:
        """A pattern for ``effect``, as loose as this matching says."""
        cache = self._cache
        pattern = cache.get(effect)
        if pattern is None:
            chunks = [self._edges_optional(re.escape(chunk)) for chunk in re.split(self._gap, effect.strip()) if chunk]
            pattern = cache[effect] = re.compile(self._gap.join(chunks))
        return pattern

    def _edges_optional(self, escaped: str) -> str:
        if self.optional_edges is None:
            return escaped
        opening, closing = (re.escape(edge) for edge in self.optional_edges)
        if escaped.startswith(opening):
            escaped = f"(?:{opening})?" + escaped[len(opening):]
        if escaped.endswith(closing):
            escaped = escaped[:-len(closing)] + f"(?:{closing})?"
        return escaped


_EXACT_SPACES = Matching()


def load_table(path: str | Path) -> Table:
    """The special-ruling table in the file at ``path`` (a pack's own: ``Pack.rulings()``)."""
    return table_from_doc(read_toml(path, OverrideTableError), str(Path(path)))


def load_packaged(package: str, name: str) -> Table:
    """The table shipped as package data ``name`` of ``package`` (a pack's own table).
    (Read with pkgutil, which Lark imports anyway, rather than importlib.resources, whose
    readers import zipfile: a conversion reads the table at its start.)"""
    import pkgutil
    source = f"{package.replace('.', '/')}/{name}"
    raw = pkgutil.get_data(package, name)
    if raw is None:  # a loader that cannot read package data
        raise OverrideTableError(f"{source}: cannot be read from the installed package")
    return parse_table(raw.decode("utf-8"), source)


def parse_table(raw: str, source: str) -> Table:
    return table_from_doc(loads_toml(raw, source, OverrideTableError), source)


def table_from_doc(doc: dict, source: str) -> Table:
    """The table a TOML document (read by :mod:`tagtext.tomlfile`) holds."""
    entries = doc.get("ruling")
    if not isinstance(entries, list):
        raise OverrideTableError(f"{source}: expected [[ruling]] entries")
    for i, entry in enumerate(entries, 1):
        if not isinstance(entry, dict):
            raise OverrideTableError(f"{source}: ruling {i} is not a table ([[ruling]] with id = ..., card = ...)")
    variants = _variants(doc.get("wording", {}), source)
    matching = _matching(doc.get("match", {}), source)
    rulings = []
    seen = set()
    for i, entry in enumerate(entries, 1):
        where = f"{source}: ruling {i}"
        ruling = dataclasses.replace(_ruling(entry, where), variants=variants, matching=matching)
        if ruling.id in seen:
            raise OverrideTableError(f"{where}: duplicate id {ruling.id!r}")
        seen.add(ruling.id)
        rulings.append(ruling)
    return Table(source, tuple(rulings))


def _matching(value, source: str) -> Matching:
    """``[match]``: ``spaces`` (what stands for a space besides whitespace) and
    ``optional_edges`` (["[", "]"]: a word's opening and closing bracket may be missing)."""
    spaces = value.get("spaces", []) if isinstance(value, dict) else None
    edges = value.get("optional_edges") if isinstance(value, dict) else None
    if not isinstance(spaces, list) or not all(isinstance(x, str) and x for x in spaces) or not (
            edges is None or isinstance(edges, list) and len(edges) == 2 and all(isinstance(x, str) and x for x in edges)) \
            or set(value) - {"spaces", "optional_edges"}:
        raise OverrideTableError(f"{source}: [match] takes spaces = [\"&#160;\", ...] and "
                                 f"optional_edges = [\"[\", \"]\"]")
    return Matching(tuple(spaces), tuple(edges) if edges is not None else None)


def _variants(value, source: str) -> tuple[Variant, ...]:
    """``[wording.NAME]`` tables: ``from`` (a wording the rulings have) and ``replace``
    (pairs of [before, after], applied in order)."""
    if not isinstance(value, dict):
        raise OverrideTableError(f"{source}: [wording] must be a table of wordings")
    out = []
    for name, spec in value.items():
        pairs = spec.get("replace") if isinstance(spec, dict) else None
        if not isinstance(spec, dict) or not isinstance(spec.get("from"), str) or not isinstance(pairs, list) \
                or not all(isinstance(p, list) and len(p) == 2 and all(isinstance(x, str) for x in p) for p in pairs):
            raise OverrideTableError(f"{source}: [wording.{name}] needs from = \"WORDING\" and "
                                     f"replace = [[\"before\", \"after\"], ...]")
        if any(not before for before, _ in pairs):
            raise OverrideTableError(f"{source}: [wording.{name}] replaces an empty \"before\", which is "
                                     "everywhere in a text; give the words to replace")
        out.append(Variant(name, spec["from"], tuple(tuple(p) for p in pairs)))
    return tuple(out)


def _ruling(entry: dict, where: str) -> Ruling:
    def need(key: str) -> str:
        value = entry.get(key)
        if not isinstance(value, str) or not value.strip():
            raise OverrideTableError(f"{where}: {key!r} is missing or not text")
        return value

    ruling_id = need("id")
    where = f"{where} ({ruling_id})"
    mode = need("mode")
    if mode not in MODES:
        raise OverrideTableError(f"{where}: mode must be one of {', '.join(MODES)}, not {mode!r}")
    effect = _wordings(entry.get("effect"), "effect", where)
    if not effect:
        raise OverrideTableError(f"{where}: [ruling.effect] needs at least one wording")
    text = _wordings(entry.get("text"), "text", where)
    if mode in ("replace", "append"):
        missing = sorted(set(effect) - set(text))
        if missing:
            raise OverrideTableError(f"{where}: mode {mode} needs [ruling.text] for {', '.join(missing)}")
    return Ruling(ruling_id, need("card"), entry.get("name", ""), need("field"), mode, need("reason"),
                  effect, text)


def _wordings(value, key: str, where: str) -> dict[str, str]:
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise OverrideTableError(f"{where}: [ruling.{key}] must be a table of wordings")
    out = {}
    for wording, text in value.items():
        if not re.fullmatch(r"[a-z][a-z0-9-]*", wording):
            raise OverrideTableError(f"{where}: a wording is named in lower case, not {wording!r} in [ruling.{key}]")
        if not isinstance(text, str) or not text.strip():
            raise OverrideTableError(f"{where}: [ruling.{key}].{wording} must be text, and not empty")
        out[wording] = text
    return out


@record(frozen=True)
class RulingStatus:
    """Whether a ruling still fits the card database: "current", "stale" or "unknown-card"."""

    ruling: Ruling
    status: str
    detail: str
    wording: str | None = None


def check(table: Table, cards: dict[str, object]) -> list[RulingStatus]:
    """Each ruling against ``cards`` (card id -> carddb.Card)."""
    out = []
    for ruling in table.rulings:
        card = cards.get(ruling.card)
        if card is None:
            out.append(RulingStatus(ruling, "unknown-card", f"no card {ruling.card} in the database"))
            continue
        text = card.texts.get(ruling.field)
        if text is None:
            out.append(RulingStatus(ruling, "stale", f"{ruling.card} has no {ruling.field} text"))
            continue
        match = ruling.find(text)
        if match is None:
            out.append(RulingStatus(ruling, "stale",
                                    f"the effect is not in {ruling.card}'s {ruling.field} in either wording"))
        else:
            out.append(RulingStatus(ruling, "current", f"found in the {match.wording} wording", match.wording))
    return out


# ----------------------------------------------------------------------------- applying

def find(table: Table, text: str, card_id: str | None, field: str | None) -> tuple[list[Match], list[Notice]]:
    """The card's rulings found in ``text``, and a stale-ruling notice for each ruling of
    this field (of any field when ``field`` is None) whose effect is not in it."""
    if card_id is None:
        return [], []
    matches, notices = [], []
    for ruling in table.for_card(card_id):
        m = ruling.find(text)
        if m is not None:
            matches.append(m)
        elif field is None or ruling.field == field:
            where = f"its {ruling.field}" if field is None else "this text"
            notices.append(Notice(
                "stale-ruling",
                f"stale special ruling {ruling.id!r} ({card_id} {ruling.field}): the effect it covers is "
                f"not in {where} in either wording; not applied",
                ruling=ruling.id, card=card_id, field=ruling.field))
    if field is None and matches:
        notices = []  # a text of the card that has its ruled effect: the others are other fields
    return matches, notices


def protected_spans(matches: list[Match]) -> tuple[tuple[int, int], ...]:
    """The spans no rule may touch: effects a ruling keeps or replaces."""
    return tuple((m.start, m.end) for m in matches if m.ruling.mode in ("keep", "replace"))


def apply(tree, matches: list[Match], notices: list[Notice]):
    """Replace or extend the ruled effects (kept effects were protected from the rules)."""
    changes = {}
    for m in matches:
        if m.ruling.mode == "keep" and not m.ruling.text:
            continue
        found = _effect_words(tree, m)
        if found is None:
            notices.append(Notice(
                "ruling-not-applied",
                f"special ruling {m.ruling.id!r} matches text that does not start and end "
                f"at word boundaries; not applied", ruling=m.ruling.id, card=m.ruling.card, field=m.ruling.field))
            continue
        tree, leaves = found
        text = m.text
        if m.ruling.mode == "replace":
            changes[leaves[0].start] = lambda leaf, text=text: leaf.replaced(text, RULE)
            for leaf in leaves[1:]:
                changes[leaf.start] = lambda leaf: leaf.replaced("", RULE).with_changes(prefix="")
        else:  # append, or keep with a sentence after it
            changes[leaves[-1].start] = lambda leaf, text=text: leaf.replaced(leaf.text + text, RULE)
    return replace_leaves(tree, changes)


def _effect_words(tree, m: Match):
    """(tree, the words of the ruled effect), or None when the effect does not start and
    end at words. In a script written without spaces the runs holding its ends are cut
    there first (the tree returned is the cut one)."""
    for attempt in range(2):
        leaves = [leaf for leaf in word_leaves_in(tree, m.start, m.end) if leaf.end <= m.end]
        if leaves and leaves[0].start == m.start and leaves[-1].end == m.end:
            return tree, leaves
        if attempt == 0:
            try:
                tree = replace_leaves(tree, {m.start: boundary, m.end: boundary})
            except UnplacedChange:  # its words are cut only at their separator
                return None
    return None


# ----------------------------------------------------------------------------- a maintainer's own table

def merge(base: Table, overlay: Table) -> Table:
    """A maintainer's own table (``overlay``, ``--rulings FILE``) over the pack's
    (``base``), one rule per ruling id: a ruling of ``overlay`` **replaces** the ruling of
    ``base`` that has its id, where that one stood; a ruling with a new id **extends** the
    table, after the pack's. Wording variants (``[wording.NAME]``) merge the same way by
    name, and apply to every ruling of the result: a maintainer's ruling is also found in
    the wordings the pack derives (Tag Tamer's Asia terms). The result is of ``base``'s
    class, so a pack whose table names cards its own way (Duel Masters by card name)
    finds the maintainer's rulings the same way."""
    variants = {v.name: v for r in base.rulings[:1] for v in r.variants}
    variants.update({v.name: v for r in overlay.rulings[:1] for v in r.variants})
    merged_variants = tuple(variants.values())
    replacing = {r.id: r for r in overlay.rulings}
    rulings = [replacing.get(r.id, r) for r in base.rulings]
    rulings += [r for r in overlay.rulings if r.id not in {b.id for b in base.rulings}]
    # the pack's own kind of table (how its rulings name their cards: a subclass's
    # for_card) is kept; only the source and the rulings change
    return dataclasses.replace(base, source=f"{base.source} + {overlay.source}",
                               rulings=tuple(dataclasses.replace(r, variants=merged_variants) for r in rulings))
