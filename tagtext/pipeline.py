"""The pipeline runner: official text -> a tag format's text, for any rule pack.

    special rulings found -> parse -> facts (the pack's analysis) -> passes (the pack's
    PIPELINE, in order) -> special rulings applied -> residuals reported -> edits read off

Each pass is a function ``(tree, context) -> tree``; it returns a copy in which the leaves
it rewrote carry its rule id (``Leaf.rules``) and keep their original spans. The output
text is the final tree printed; the edits are read off its changed leaves, so every edit
names the rules that made it and its span in the original text.

A text that no rule's trigger matches (and that no special ruling covers) is returned as
printed without being parsed. The triggers are the rules' own (``Rule.trigger``); a rule
without one always runs, so a rule can never be skipped by being forgotten somewhere.
"""

from __future__ import annotations

import gc
from bisect import bisect_right
from dataclasses import field

from .records import record
from .result import Edit, Notice, Residual, RewriteResult, apply_edits
from .syntax import nodes as n

#: Whether triggers are used to skip work: tests/packs/test_every_pack.py turns this off and
#: checks over the whole corpus that the results are the same.
USE_TRIGGERS = True


@record
class Context:
    """What a pass reads besides the tree, and where it reports what it cannot do: one
    class for every pack, which a pack extends with its facts (``Pack.context`` makes it).

    A residual is never reported inside a span a special ruling keeps or replaces."""

    text: str
    card_id: str | None = None
    #: spans a special ruling keeps or replaces: no rule touches them
    protected: tuple[tuple[int, int], ...] = ()
    residuals: list[Residual] = field(default_factory=list)
    warnings: list[Notice] = field(default_factory=list)

    def protected_at(self, offset: int) -> bool:
        """Whether ``offset`` is in one of the protected spans (a binary search: a text may
        have many, and every count and phrase asks)."""
        index = self.__dict__.get("_protected_index")
        if index is None or index[0] is not self.protected:
            spans = sorted(self.protected)
            reach, furthest = [], -1
            for _, end in spans:  # reach[k]: the furthest end of spans[0..k]
                furthest = max(furthest, end)
                reach.append(furthest)
            index = self.__dict__["_protected_index"] = (self.protected, [s for s, _ in spans], reach)
        k = bisect_right(index[1], offset)
        return k > 0 and index[2][k - 1] > offset

    def residual(self, node: n.Node, rule: str, reason: str) -> None:
        """Report ``node`` as something ``rule`` covers but cannot rewrite (left as printed)."""
        self.report(node.start, node.end, rule, reason)

    def report(self, start: int, end: int, rule: str, reason: str) -> None:
        if not self.protected_at(start):
            self.residuals.append(Residual(start, end, self.text[start:end], rule, reason))


def may_apply(pack, text: str) -> bool:
    """Whether any of the pack's rules could change or report something in ``text``."""
    if not USE_TRIGGERS:
        return True
    low = text.lower()
    if pack.residual_trigger is not None and pack.residual_trigger(low):
        return True
    met = triggers_met(pack, low)
    for rule in pack.pipeline:
        if rule.apply:
            if rule.trigger is None:
                return True
            if meets(met, rule.trigger, low):
                return True
    return False


#: lowercased text -> {trigger: whether the text meets it}, for the last few texts: a
#: text's triggers are searched once whoever asks (the pack's ``parts`` asking may_apply,
#: then the runner choosing the passes). A trigger is a function of the text alone.
_MET: dict[str, dict] = {}


def triggers_met(pack, low: str) -> dict:
    """The (lazily filled) answers of triggers for the lowercased text ``low``."""
    met = _MET.get(low)
    if met is None:
        if len(_MET) >= 8:
            _MET.clear()
        met = _MET[low] = {}
    return met


def meets(met: dict, trigger, low: str) -> bool:
    """Whether ``low`` (a lowercased text) meets ``trigger``, read from ``met`` (its
    :func:`triggers_met`) or searched and kept there."""
    hit = met.get(trigger)
    if hit is None:
        hit = met[trigger] = bool(trigger(low))
    return hit


def rewrite(pack, text: str, card_id: str | None = None, field: str | None = None,
            source: str | None = None) -> RewriteResult:
    """Rewrite one text with ``pack``'s rules: the runner every pack's ``rewrite`` is.

    ``card_id`` selects the card's special ruling, if it has one; ``field`` (effect,
    digivolveEffect, ...) lets a ruling for that field be reported as stale when its
    effect is not in the text. Raises :class:`tagtext.errors.ParseError` if the text
    needs parsing and the pack's grammar cannot parse it.

    Only what a rule could act on is parsed: the pack's ``parts`` hook says where that is
    (a text no trigger meets is returned as printed); a ruled text is parsed whole. A pass
    runs only on a text its trigger meets (each distinct trigger is searched once).
    """
    if not isinstance(text, str):
        raise TypeError(f"effect text must be str, not {type(text).__name__}")
    # The cyclic garbage collector is paused for the rewrite, as for a batch (batch.py):
    # syntax trees, their analysis and the edits hold no cycles, so it would only scan
    # them, again each time they grew by a quarter (a fifth of a long text's rewrite).
    # Whatever the rewrite leaves behind is freed by reference counting, or collected once
    # the collector runs again.
    collecting = gc.isenabled()
    if collecting:
        gc.disable()
    n.keep_splits()
    try:
        return _rewrite(pack, text, card_id, field, source)
    finally:
        n.release_splits()
        if collecting:
            gc.enable()


def _rewrite(pack, text: str, card_id: str | None, field: str | None, source: str | None) -> RewriteResult:
    # (a text of no card has no ruling: the table is not even read)
    matches, notices = _rulings().find(pack.rulings(), text, card_id, field) if card_id is not None else ([], [])
    parts = None
    if USE_TRIGGERS and not matches:
        parts = pack.parts(text)
        if parts is not None and not parts:
            return RewriteResult(original=text, text=text, warnings=tuple(notices), card_id=card_id)
    tree = pack.parse(text, source, parts)
    context = pack.context(text, tree, card_id, _rulings().protected_spans(matches) if matches else ())
    context.warnings.extend(notices)
    original = tree
    low = text.lower()
    met = triggers_met(pack, low)  # trigger -> whether the text meets it (rules often share one)
    for rule in pack.pipeline:
        if rule.apply is None:
            continue
        if USE_TRIGGERS and rule.trigger is not None:
            if not meets(met, rule.trigger, low):
                continue
        tree = rule.apply(tree, context)
    if matches:
        tree = _rulings().apply(tree, matches, context.warnings)
    ruling = matches[0].ruling.id if matches else None
    return finish(text, tree, context, ruling, unchanged=tree is original)


def _rulings():
    """The special-rulings module, imported for a text of a card only (a short rewrite of
    no card does without it: start-up)."""
    from . import rulings
    return rulings


def finish(text: str, tree: n.Node, context: Context, ruling: str | None = None,
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
        text=text if unchanged else apply_edits(text, edits),
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
