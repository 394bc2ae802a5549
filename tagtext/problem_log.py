"""Problems kept as a report prints them: the first few of each kind, and counts."""

from __future__ import annotations

#: How many problems of one kind a report prints before it counts the rest.
FIRST_FEW = 3


class ProblemLog:
    """Problems as a report prints them, in a fixed amount of memory: the first
    :data:`FIRST_FEW` of each kind (kinds in the order first met) and how many there were
    of each, and how many entries were skipped. A streamed conversion keeps this rather
    than every problem, so that its memory does not grow with a database of many bad
    entries (issue 22). ``one_group``: every problem counts as one kind (a report that
    prints them under one heading, as texts that could not be rewritten)."""

    def __init__(self, one_group: bool = False):
        self.one_group = one_group
        #: kind -> (the first few problems, how many there were)
        self.groups: dict[str, tuple[list, int]] = {}
        self.skipped = 0
        self._total = 0

    def append(self, problem) -> None:
        kind = "all" if self.one_group else (getattr(problem, "kind", None) or "other")
        shown, count = self.groups.get(kind, ([], 0))
        if len(shown) < FIRST_FEW:
            shown.append(problem)
        self.groups[kind] = (shown, count + 1)
        self.skipped += bool(getattr(problem, "skipped", False))
        self._total += 1

    def extend(self, problems) -> None:
        for problem in problems:
            self.append(problem)

    def __len__(self) -> int:
        return self._total

    def __bool__(self) -> bool:
        return self._total > 0
