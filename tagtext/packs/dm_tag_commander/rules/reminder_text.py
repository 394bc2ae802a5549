"""reminder (clarify only): Reminder text is never rewritten (no change)."""

from __future__ import annotations

import re  # noqa: F401 - some claims read the words around a player

from ..analysis import players as pl  # noqa: F401
from .common import clarify_of

ID = "reminder"


def claims(m: pl.Mention, analysis) -> bool:
    """Reminder text, (…) or （…）, is never rewritten: it explains its keyword, which is read by its own rule.

    DM-NOTES (Japanese text conventions): 「（…）/(…) reminder text is never rewritten」, and "nothing
    inside reminder text" in the list of what the rules leave."""
    return m.in_reminder


RULE = clarify_of(ID, claims, "Reminder text is never rewritten (no change)", None)
