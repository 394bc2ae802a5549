"""tagtext: official Digimon Card Game effect text -> Tag Tamer (2v2) text.

    >>> import tagtext
    >>> tagtext.rewrite("[On Play] Trash the top 3 cards of your opponent's deck.").text
    "[On Play] Trash the top 3 cards of 1 of your opponent's decks."

``parse(text)`` gives the typed syntax tree, ``rewrite(text, card_id=None)`` the Tag Tamer
text with ``.edits``, ``.residuals`` and ``.warnings``.
"""

from .errors import ParseError, TagTextError
from .result import Edit, Residual, RewriteResult
from .pipeline import rewrite
from .syntax import nodes, parse

__version__ = "0.1.0"

__all__ = [
    "parse", "rewrite", "nodes", "RewriteResult", "Edit", "Residual",
    "ParseError", "TagTextError", "__version__",
]
