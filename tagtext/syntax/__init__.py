"""Effect text -> typed syntax tree, and back."""

from .parser import parse
from . import nodes

__all__ = ["parse", "nodes"]
