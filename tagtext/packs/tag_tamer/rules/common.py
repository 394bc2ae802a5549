"""Small helpers the rule passes share: numbers, plurals, capitals, and clauses."""

from __future__ import annotations

import re

from ..analysis.units import clause_span, word
from ..syntax import nodes as n

_PLURALS = {
    "card": "cards", "tamer": "Tamers", "color": "colors", "colour": "colours",
    "option": "Options", "token": "Tokens", "deck": "decks", "hand": "hands",
    "digi-egg deck": "digi-egg decks", "breeding area": "breeding areas",
    "security card": "security cards", "one": "ones",
}


def scaled(number: n.Number, factor: int = 2, plus: int = 0) -> str:
    """The numeral's text times ``factor`` plus ``plus``, keeping an explicit sign."""
    value = number.value
    if value is None:  # "∞"
        return number.text
    new = value * factor + plus
    sign = "+" if number.text.startswith("+") and new >= 0 else ""
    return f"{sign}{new}"


def plural(text: str) -> str:
    """The plural of a counted noun, as written ("card" -> "cards", "Digimon" -> "Digimon")."""
    lower = text.lower()
    if lower in ("digimon",) or lower.endswith("s"):
        return text
    target = _PLURALS.get(lower)
    if target is None:
        return text + "s"
    return match_case(text, target)


def match_case(model: str, text: str) -> str:
    """``text`` with the first letter's case of ``model``."""
    if model[:1].isupper():
        return text[:1].upper() + text[1:]
    if model[:1].islower():
        return text[:1].lower() + text[1:]
    return text


def is_condition(units, i) -> bool:
    """Whether unit ``i`` is in a trigger or condition clause ("When ...", "If ...")."""
    start, _ = clause_span(units, i, list_commas=False)
    words = [word(u) for u in units[start:i]]
    return any(w in ("when", "whenever", "if", "while", "unless") for w in words[:4])


def words_before(units, i, k: int = 6) -> str:
    start, _ = clause_span(units, i, list_commas=False)
    return " ".join(word(u) for u in units[max(start, i - k):i])


def first_upper(text: str) -> bool:
    return bool(re.match(r"\s*[A-Z]", text))
