"""tagtext: card effect text -> the text cards have in a tag (2v2) format.

    >>> import tagtext
    >>> tagtext.rewrite("[On Play] Trash the top 3 cards of your opponent's deck.").text
    "[On Play] Trash the top 3 cards of 1 of your opponent's decks."

Each format is a rule pack (``tagtext.packs``); Tag Tamer, the Digimon Card Game's 2v2
format, is the default. ``parse(text)`` gives the pack's typed syntax tree,
``rewrite(text, card_id=None)`` the format's text with ``.edits``, ``.residuals`` and
``.warnings``; both take ``pack="NAME"``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

__version__ = "0.1.0"

if TYPE_CHECKING:  # pragma: no cover
    from . import packs
    from .errors import ParseError, TagTextError
    from .result import Edit, Notice, Residual, RewriteResult

#: Names imported when first used, so that ``import tagtext`` (and the ``tagtext`` command's
#: first instant, when a Ctrl-C could not yet be caught) costs next to nothing.
_LAZY = {
    "ParseError": "errors", "TagTextError": "errors", "Edit": "result", "Notice": "result",
    "Residual": "result", "RewriteResult": "result",
}


def __getattr__(name: str):
    if name in _LAZY:
        from importlib import import_module
        return getattr(import_module(f".{_LAZY[name]}", __name__), name)
    if name == "packs":
        from importlib import import_module
        return import_module(".packs", __name__)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def rewrite(text: str, card_id: str | None = None, field: str | None = None, *,
            pack: str | None = None) -> RewriteResult:
    """Rewrite one text with a pack's rules (the default pack: Tag Tamer)."""
    from . import packs
    return packs.get(pack).rewrite(text, card_id, field)


def parse(text: str, source: str | None = None, *, pack: str | None = None):
    """The pack's syntax tree of one text (prints back to ``text`` byte for byte)."""
    from . import packs
    return packs.get(pack).parse(text, source)


__all__ = [
    "parse", "rewrite", "packs", "RewriteResult", "Edit", "Residual", "Notice",
    "ParseError", "TagTextError", "__version__",
]
