"""Syntax trees as JSON, and as an indented outline for people (any pack's trees)."""

from __future__ import annotations

from . import nodes as n

_LEAF_FIELDS = ("start", "end", "prefix", "text", "rules")
#: leaf fields worth showing in an outline: who a player phrase names, which area a word is
_OUTLINE_FIELDS = ("player", "zone")


def to_json(node: n.Node) -> dict:
    """The tree as plain data: ``kind``, ``span``, then the node's own fields."""
    if not isinstance(node, n.Node):
        raise TypeError(f"not a syntax node: {type(node).__name__}")
    out: dict = {"kind": node.kind, "span": [node.start, node.end]}
    if isinstance(node, n.Leaf):
        out["text"] = node.text
        if node.prefix:
            out["prefix"] = node.prefix
        if node.rules:
            out["rules"] = list(node.rules)
        for name in n.fields_of(type(node)):
            if name not in _LEAF_FIELDS:
                out[name] = getattr(node, name)
        return out
    for name in node.child_fields:
        value = getattr(node, name)
        if value is None:
            continue
        out[name] = [to_json(v) for v in value] if isinstance(value, tuple) else to_json(value)
    if isinstance(node, n.Document) and node.trailing:
        out["trailing"] = node.trailing
    return out


def outline(node: n.Node, depth: int = 0) -> str:
    """One line per node: kind, span and, for a leaf, its text."""
    lines: list[str] = []
    _outline(node, depth, lines)
    return "\n".join(lines)


def _outline(node: n.Node, depth: int, lines: list[str]) -> None:
    pad = "  " * depth
    if isinstance(node, n.Leaf):
        extra = "".join(f" {name}={getattr(node, name)}" for name in n.fields_of(type(node))
                        if name in _OUTLINE_FIELDS)
        lines.append(f"{pad}{node.kind} {node.start}-{node.end} {node.text!r}{extra}")
        return
    lines.append(f"{pad}{node.kind} {node.start}-{node.end}")
    for child in node.children():
        _outline(child, depth + 1, lines)
