"""The engine's side of syntax: the tree's base classes (``nodes``), copying a tree with
changed leaves (``edit``) and printing trees (``show``). Each pack's grammar and node kinds
live in the pack."""
