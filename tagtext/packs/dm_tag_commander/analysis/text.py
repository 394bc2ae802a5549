"""The text the analysis reads: the card text with what is opaque to the rules masked.

Facts are found with patterns over this text, and every offset in it is an offset in the
card text: reminder text, quoted text (「…」) and card names (《…》) are replaced by
:data:`MASK` characters of the same length, so a pattern never sees inside them and a
match's span is the span of the printed words. Widths are folded 1:1 (０-９ → 0-9, ＋ → +,
－ → -, （） → ()), never with NFKC, for the same reason.
"""

from __future__ import annotations

from .. import nodes as d

#: what stands for an opaque character (never used in card text)
MASK = "〓"

#: full-width characters folded to their half-width forms, one character for one
_FOLD = str.maketrans("０１２３４５６７８９＋－（）：，", "0123456789+-():,")


def fold(text: str) -> str:
    """Fold full-width digits, signs and brackets to half-width, one character for one
    (offsets stay the same)."""
    return text.translate(_FOLD)


def masked(tree: d.CardText, text: str) -> str:
    """``text`` (folded) with reminder text, quotes and card names masked."""
    chars = list(fold(text))
    for node in tree.walk():
        if isinstance(node, (d.Reminder, d.Quote, d.CardName)):
            for i in range(node.start, node.end):
                if chars[i] not in "\r\n":
                    chars[i] = MASK
    return "".join(chars)


def has_full_width_digit(text: str) -> bool:
    """Whether the text writes any digit full-width (then inserted digits are full-width)."""
    return any("０" <= ch <= "９" for ch in text)


def digit(n: int, full_width: bool) -> str:
    """``n`` written in the card's own width."""
    s = str(n)
    return s.translate(str.maketrans("0123456789", "０１２３４５６７８９")) if full_width else s
