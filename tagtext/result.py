"""What a rewrite returns: the tag-format text, and every change explained."""

from __future__ import annotations

from dataclasses import field

from .records import record


@record(frozen=True)
class Edit:
    """One changed region: its span in the original text, the text before and after, and
    the rules that changed it (two when a count was doubled and then corrected)."""

    start: int
    end: int
    before: str
    after: str
    rules: tuple[str, ...]

    @property
    def rule(self) -> str:
        """The rule that made this edit (the first, if several did)."""
        return self.rules[0]

    def to_json(self) -> dict:
        return {"rules": list(self.rules), "start": self.start, "end": self.end,
                "before": self.before, "after": self.after}

    @classmethod
    def from_json(cls, data: dict) -> "Edit":
        return cls(data["start"], data["end"], data["before"], data["after"], tuple(data["rules"]))


def apply_edits(original: str, edits) -> str:
    """``original`` with ``edits`` (in order, not overlapping) applied: the one place edits
    become text (the rewrite's output, the errata's check that edits reproduce it)."""
    pieces: list[str] = []
    pos = 0
    for edit in edits:
        pieces.append(original[pos:edit.start])
        pieces.append(edit.after)
        pos = edit.end
    pieces.append(original[pos:])
    return "".join(pieces)


@record(frozen=True)
class Residual:
    """Text a rule applies to but cannot rewrite mechanically, left as printed so the
    maintainers can decide (a special ruling, usually)."""

    start: int
    end: int
    text: str
    rule: str
    reason: str

    def to_json(self) -> dict:
        return {"rule": self.rule, "start": self.start, "end": self.end,
                "text": self.text, "reason": self.reason}

    @classmethod
    def from_json(cls, data: dict) -> "Residual":
        return cls(data["start"], data["end"], data["text"], data["rule"], data["reason"])

    def __str__(self) -> str:
        return f"[{self.rule}] {self.text!r}: {self.reason}"


@record(frozen=True)
class Notice:
    """A warning about a text, as data: what kind it is, what to tell a person, and the
    special ruling, card and field it concerns (where it concerns one). Nothing reads the
    message to learn the kind."""

    #: "stale-ruling", "ruling-not-applied"
    kind: str
    message: str
    ruling: str | None = None
    card: str | None = None
    field: str | None = None

    def __str__(self) -> str:
        return self.message

    def to_json(self) -> dict:
        return {"kind": self.kind, "message": self.message, "ruling": self.ruling, "card": self.card,
                "field": self.field}

    @classmethod
    def from_json(cls, data: dict) -> "Notice":
        return cls(data["kind"], data["message"], data.get("ruling"), data.get("card"), data.get("field"))


@record(frozen=True)
class RewriteResult:
    """The outcome of rewriting one effect text."""

    original: str
    text: str
    edits: tuple[Edit, ...] = ()
    residuals: tuple[Residual, ...] = ()
    warnings: tuple[Notice, ...] = ()
    card_id: str | None = None
    #: Id of the special ruling applied to this text, if any.
    ruling: str | None = None
    #: Rule ids that changed something, in pipeline order.
    rules: tuple[str, ...] = field(default=())

    @property
    def changed(self) -> bool:
        return self.text != self.original

    def to_json(self) -> dict:
        return {
            "original": self.original,
            "text": self.text,
            "edits": [e.to_json() for e in self.edits],
            "residuals": [r.to_json() for r in self.residuals],
            "warnings": [str(w) for w in self.warnings],
            "ruling": self.ruling,
        }
