"""Official effect text -> Tag Tamer text.

    parse -> analyse -> passes (one per rule, in PIPELINE order) -> special ruling -> emit

Each pass is a function ``(tree, context) -> tree`` over the analysed syntax tree; it
returns a copy in which the leaves it rewrote carry its rule id (``Leaf.rules``) and keep
their original spans. The output text is the final tree printed; the edits are read off
its changed leaves, so every edit names the rules that made it and its span in the
original text.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .analysis import Analysis, analyse
from .analysis import counts as count_analysis
from .analysis import residuals as residual_analysis
from .analysis.counts import Count
from .analysis.residuals import find_residuals
from .analysis.units import Region
from .errors import ParseError
from .result import Edit, Residual, RewriteResult
from .rules import (all_players, choose_opponent, choose_player, color_plus_one, count_doubling,
                    discontinuity, hand_size, memory_average, special_rulings)
from .syntax import nodes as n
from .syntax.parser import parse


@dataclass
class Context:
    """What a pass reads besides the tree, and where it reports what it cannot do."""

    text: str
    analysis: Analysis
    card_id: str | None = None
    #: spans a special ruling keeps or replaces: no rule touches them
    protected: tuple[tuple[int, int], ...] = ()
    residuals: list[Residual] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)

    def __post_init__(self):
        self.counts: tuple[Count, ...] = tuple(
            c for c in self.analysis.counts if not self.protected_at(c.node.start)
        )

    def protected_at(self, offset: int) -> bool:
        return any(start <= offset < end for start, end in self.protected)

    def units_of(self, count: Count) -> tuple[n.Node, ...]:
        region: Region = self.analysis.regions[count.position[0]]
        return region.units

    def residual(self, node: n.Node, rule: str, reason: str) -> None:
        self.residuals.append(Residual(node.start, node.end, self.text[node.start:node.end], rule, reason))


#: The passes, in the order they run (counts are scaled before the discontinuity
#: correction reads the scaled values; player and memory phrases are independent), each
#: with its trigger: a necessary condition, over the lowercased text, for the pass to have
#: something to act on. The passes over counts need no trigger of their own: they act on
#: the analysis' counts, and there are none where count_analysis.may_hold_counts fails.
PIPELINE = (
    (count_doubling.double_shared_counts, None),
    (hand_size.count_combined_hands, None),
    (color_plus_one.raise_color_thresholds, None),
    (discontinuity.close_gaps, None),
    (memory_average.average_memory_checks, None),
    (all_players.all_players, all_players.TRIGGER.search),
    (choose_player.choose_a_player, choose_player.TRIGGER.search),
    (choose_opponent.choose_an_opponent, choose_opponent.TRIGGER.search),
)

#: A text that meets none of these has nothing any rule acts on, and is returned as
#: printed without being parsed or analysed.
TRIGGERS = (
    count_analysis.may_hold_counts, residual_analysis.TRIGGER.search,
    all_players.TRIGGER.search, choose_player.TRIGGER.search, choose_opponent.TRIGGER.search,
)

#: Whether triggers are used to skip work: tests/test_rewrite_corpus.py turns this off and
#: checks over the whole corpus that the results are the same.
USE_TRIGGERS = True


def may_apply(text: str) -> bool:
    """Whether any rule could change or report something in ``text``."""
    if not USE_TRIGGERS:
        return True
    low = text.lower()
    for trigger in TRIGGERS:
        if trigger(low):
            return True
    return False


def passes_for(text: str) -> list:
    """The passes whose trigger ``text`` meets (all of them with USE_TRIGGERS off)."""
    low = text.lower()
    return [rewrite_pass for rewrite_pass, trigger in PIPELINE
            if trigger is None or not USE_TRIGGERS or trigger(low)]


def rewrite(text: str, card_id: str | None = None, source: str | None = None,
            field: str | None = None) -> RewriteResult:
    """Rewrite one effect text for Tag Tamer.

    ``card_id`` selects the card's special ruling, if it has one; ``field`` (effect,
    digivolveEffect, ...) lets a ruling for that field be reported as stale when its
    effect is not in the text.

    A text that nothing any rule acts on could be in (no rule's trigger matches it, and
    no special ruling) is returned as printed without being parsed: its answer does not
    depend on its parse. Other texts are parsed, and raise
    :class:`tagtext.errors.ParseError` if the grammar cannot parse them.
    """
    if not isinstance(text, str):
        raise TypeError(f"effect text must be str, not {type(text).__name__}")
    matches, warnings = special_rulings.find(text, card_id, field)
    if not matches and not may_apply(text):
        return RewriteResult(original=text, text=text, warnings=tuple(warnings), card_id=card_id)
    tree = parse(text, source)
    protected = tuple((m.start, m.end) for m in matches if m.ruling.mode in ("keep", "replace"))
    context = Context(text, analyse(tree), card_id, protected)
    context.warnings.extend(warnings)
    original = tree
    for rewrite_pass in passes_for(text):
        tree = rewrite_pass(tree, context)
    tree = special_rulings.apply(tree, matches, context)
    for finding in find_residuals(context.analysis.regions, context.counts):
        if not context.protected_at(finding.start):
            context.residuals.append(Residual(finding.start, finding.end, text[finding.start:finding.end],
                                              finding.rule, finding.reason))
    ruling = matches[0].ruling.id if matches else None
    return finish(text, tree, context, ruling, unchanged=tree is original)


def finish(text: str, tree: n.EffectText, context: Context, ruling: str | None = None,
           unchanged: bool = False) -> RewriteResult:
    """The result for a rewritten tree: its text, and its edits read off changed leaves."""
    edits = () if unchanged else tuple(edits_of(tree, text))
    rules: list[str] = []
    for edit in edits:
        for rule in edit.rules:
            if rule not in rules:
                rules.append(rule)
    return RewriteResult(
        original=text,
        text=text if unchanged else tree.to_source(),
        edits=edits,
        residuals=tuple(sorted(set(context.residuals), key=lambda r: (r.start, r.end, r.rule))),
        warnings=tuple(context.warnings),
        card_id=context.card_id,
        ruling=ruling,
        rules=tuple(rules),
    )


def edits_of(tree: n.Node, original: str):
    """One edit per run of adjacent rewritten leaves."""
    run: list[n.Leaf] = []
    for leaf in tree.leaves():
        if leaf.rules:
            run.append(leaf)
        elif run:
            yield _edit(run, original)
            run = []
    if run:
        yield _edit(run, original)


def _edit(run: list[n.Leaf], original: str) -> Edit:
    start, end = run[0].start, run[-1].end
    after = run[0].text + "".join(leaf.prefix + leaf.text for leaf in run[1:])
    rules: list[str] = []
    for leaf in run:
        for rule in leaf.rules:
            if rule not in rules:
                rules.append(rule)
    return Edit(start, end, original[start:end], after, tuple(rules))


__all__ = ["rewrite", "Context", "RewriteResult", "Edit", "Residual", "ParseError"]
