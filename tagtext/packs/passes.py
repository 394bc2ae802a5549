"""A rule made from its pass, for packs whose passes state their rule in their docstring
(dm-tag-commander, bd-tag): the first paragraph is the rule as the format's manual (or its
notes) states it, the rest how the pack applies it; the trigger is a regular expression
the lowercased text must match for the pass to run (or a function of the lowercased text,
for a condition no one pattern states)."""

from __future__ import annotations

import re

from .base import Rule


def rule_of(rule_id: str, apply, title: str, trigger, example: tuple[str, str] | None) -> Rule:
    """A rule module's ``RULE``: its statement and practice read off ``apply``'s docstring.
    ``trigger``: a pattern (str) the lowercased text must match, a function of the lowercased
    text (rules sharing one share its answer), or None (the pass always runs)."""
    parts = (apply.__doc__ or "").split("\n\n")
    statement = " ".join(parts[0].split())
    practice = " ".join(" ".join(parts[1:]).split())
    if isinstance(trigger, str):
        trigger = re.compile(trigger).search if trigger else None
    return Rule(rule_id, title, statement, practice, apply, trigger, example)
