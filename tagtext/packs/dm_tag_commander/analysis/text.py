"""The text the analysis reads: the card text with what is opaque to the rules masked.

Facts are found with patterns over this text, and every offset in it is an offset in the
card text: reminder text, quoted text (「…」) and card names (《…》) are replaced by
:data:`MASK` characters of the same length, so a pattern never sees inside them and a
match's span is the span of the printed words. Widths are folded 1:1 (０-９ → 0-9, ＋ → +,
－ → -, （） → ()), never with NFKC, for the same reason. The widths and the masking are
the engine's (:mod:`tagtext.syntax.unspaced`), shared with every pack for unspaced text.
"""

from __future__ import annotations

import re

from ....syntax.unspaced import MASK, digit, fold, has_full_width_digit
from ....syntax.unspaced import masked as _masked
from .. import nodes as d

__all__ = ["MASK", "fold", "masked", "has_full_width_digit", "writes_full_width", "digit"]

#: what the rules never read inside
OPAQUE = (d.Reminder, d.Quote, d.CardName)


def masked(tree: d.CardText, text: str) -> str:
    """``text`` (folded) with reminder text, quotes and card names masked. A text with no
    character that opens one of them (the grammar's LPAR, QUOTE and CARD_NAME) has none:
    its tree is not walked."""
    if _OPENS_OPAQUE.search(text) is None:
        return fold(text)
    return _masked(tree, text, OPAQUE)


#: what an opaque node's first token starts with: ( （ (reminder), 「 ｢ (quote), 《 << (card name)
_OPENS_OPAQUE = re.compile(r"[(（「｢《<]")


def writes_full_width(text: str) -> bool:
    """Whether a digit the pack writes into ``text`` is full-width: when the text writes any
    digit full-width, else half-width (DM-NOTES 6 as written: a full-width letter such as
    Ｓ・トリガー's does not count)."""
    return has_full_width_digit(text)
