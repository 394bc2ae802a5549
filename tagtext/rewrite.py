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

from .errors import ParseError
from .result import Edit, Residual, RewriteResult
from .syntax import nodes as n
from .syntax.parser import parse


@dataclass
class Context:
    """What a pass may read besides the tree, and where it reports what it cannot do."""

    text: str
    card_id: str | None = None
    residuals: list[Residual] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)

    def residual(self, node: n.Node, rule: str, reason: str) -> None:
        self.residuals.append(Residual(node.start, node.end, self.text[node.start:node.end], rule, reason))


#: The passes, in the order they run. Filled in by tagtext.rules.
PIPELINE: tuple = ()


def rewrite(text: str, card_id: str | None = None, source: str | None = None) -> RewriteResult:
    """Rewrite one effect text for Tag Tamer.

    ``card_id`` selects the card's special ruling, if it has one. Raises
    :class:`tagtext.errors.ParseError` for text the grammar cannot parse.
    """
    tree = parse(text, source)
    context = Context(text, card_id)
    for rewrite_pass in PIPELINE:
        tree = rewrite_pass(tree, context)
    return finish(text, tree, context)


def finish(text: str, tree: n.EffectText, context: Context, ruling: str | None = None) -> RewriteResult:
    """The result for a rewritten tree: its text, and its edits read off changed leaves."""
    edits = tuple(edits_of(tree, text))
    rules: list[str] = []
    for edit in edits:
        for rule in edit.rules:
            if rule not in rules:
                rules.append(rule)
    return RewriteResult(
        original=text,
        text=tree.to_source(),
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
