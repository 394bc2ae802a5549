"""tagtext: official Digimon Card Game effect text -> Tag Tamer (2v2) text."""

from .errors import ParseError, TagTextError
from .syntax import nodes, parse

__version__ = "0.1.0"

__all__ = ["parse", "nodes", "ParseError", "TagTextError", "__version__"]
