"""Errors tagtext raises on purpose. Each says where, in one line, and never leaks a Lark
exception (they are re-raised ``from None``)."""

from __future__ import annotations


class TagTextError(Exception):
    """Base of every error tagtext raises on purpose."""


def interruption(error: BaseException) -> BaseException | None:
    """The interrupt behind ``error`` (Ctrl-C's ``KeyboardInterrupt``, SIGTERM's, an exit:
    anything not an ``Exception``), when one that arrived inside Python's own machinery came
    out as another exception (a class being made: "Error calling __set_name__ ..."), or
    None: such an error is the user's Ctrl-C, not a text that failed or a bug."""
    seen: set[int] = set()
    while error is not None and id(error) not in seen:
        if not isinstance(error, Exception):
            return error
        seen.add(id(error))
        error = error.__cause__ or error.__context__
    return None


class ParseError(TagTextError):
    """Effect text the grammar cannot parse: position, and a caret excerpt."""

    def __init__(self, message: str, text: str, pos: int, source: str | None = None):
        self.text = text
        self.pos = pos
        self.line, self.column = line_column(text, pos)
        self.source = source
        self.message = message
        super().__init__(self.one_line())

    def one_line(self) -> str:
        where = f"{self.source}:" if self.source else ""
        return f"{where}{self.line}:{self.column}: {self.message}"

    def excerpt(self) -> str:
        """The offending line with a caret under the position."""
        return caret_excerpt(self.text, self.pos)


def line_column(text: str, pos: int) -> tuple[int, int]:
    """1-based line and column of offset ``pos`` (lines end at \\n, \\r\\n or \\r)."""
    before = text[:pos].replace("\r\n", "\n").replace("\r", "\n")
    line = before.count("\n") + 1
    column = len(before) - (before.rfind("\n") + 1) + 1
    return line, column


def caret_excerpt(text: str, pos: int, width: int = 60) -> str:
    start = max(text.rfind("\n", 0, pos) + 1, pos - width)
    end_nl = text.find("\n", pos)
    end = min(end_nl if end_nl != -1 else len(text), pos + width)
    snippet = text[start:end].replace("\r", " ").replace("\t", " ")
    return snippet + "\n" + " " * (pos - start) + "^"
