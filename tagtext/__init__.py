"""tagtext: card effect text -> the text cards have in a tag (2v2) format.

    >>> import tagtext
    >>> tagtext.rewrite("[On Play] Trash the top 3 cards of your opponent's deck.").text
    "[On Play] Trash the top 3 cards of 1 of your opponent's decks."

Each format is a rule pack (``tagtext.packs``); Tag Tamer, the Digimon Card Game's 2v2
format, is the default. ``parse(text)`` gives the pack's typed syntax tree,
``rewrite(text, card_id=None)`` the format's text with ``.edits``, ``.residuals`` and
``.warnings``; both take ``pack="NAME"``.
"""

from .errors import ParseError, TagTextError
from .result import Edit, Notice, Residual, RewriteResult
from . import packs

__version__ = "0.1.0"


def rewrite(text: str, card_id: str | None = None, field: str | None = None, *,
            pack: str | None = None) -> RewriteResult:
    """Rewrite one text with a pack's rules (the default pack: Tag Tamer)."""
    return packs.get(pack).rewrite(text, card_id, field)


def parse(text: str, source: str | None = None, *, pack: str | None = None):
    """The pack's syntax tree of one text (prints back to ``text`` byte for byte)."""
    return packs.get(pack).parse(text, source)


__all__ = [
    "parse", "rewrite", "packs", "RewriteResult", "Edit", "Residual", "Notice",
    "ParseError", "TagTextError", "__version__",
]
