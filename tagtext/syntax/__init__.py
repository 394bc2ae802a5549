"""The engine's syntax kit, for any pack and any script: a pack's grammar compiled and run
(``grammar``: loading with Lark's cache, the LALR ``lalr`` driver, parse errors, parsing
parts of a text, the separator read from the grammar's ``%ignore``), where runs of plain
words divide into words (``words``), the tree's base classes (``nodes``), copying a tree
with changed words (``edit``) and printing trees (``show``). Each pack's grammar file,
tree builder and node kinds live in the pack."""
