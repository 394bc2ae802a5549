"""A report as text, for people."""

from __future__ import annotations

from .report import Report, counted


def render_text(report: Report) -> str:
    """The decks, one line each, the verdict, then one line per problem."""
    lines = []
    width = max(len(d.source) for d in report.decks) if report.decks else 0
    for deck in report.decks:
        sizes = ", ".join(counted(n, name) for name, n in deck.sections.items())
        lines.append(f"{deck.label}  {deck.source:<{width}}  {sizes} ({deck.format})")
    if report.banlist is not None:
        lines.append(f"Banlist: {report.banlist.describe()}")
    what = f"{report.title} team" if report.team else f"{report.title} deck"
    if report.legal:
        lines.append(f"{what}: legal" + (" as far as checked" if report.not_checked else ""))
    else:
        n = len(report.problems)
        lines.append(f"{what}: illegal, {n} problem{'s' if n != 1 else ''}")
        lines.extend(f"  {p.message()}" for p in report.problems)
    lines.extend(f"  NOT checked: {what_not}" for what_not in report.not_checked)
    return "\n".join(lines) + "\n"
