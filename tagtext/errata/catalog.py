"""The errata pages' words in the card text's language.

Two catalogs, both data, neither knowing a game:

- the engine's (``words/<language>.toml``, :func:`words`): the templates' sentences, the
  words of the model (ruling modes and statuses, flag nouns, group nouns), and the
  messages tagtext itself writes about a text (a bracket left open, a stale ruling), each
  English sentence -> the language's;
- the pack's (:class:`PackWords`, the pack's ``words.toml``, read by ``Pack.words``): what
  the pack writes for people in English in its code (its rules' titles, statements and
  practice; its residuals' reasons; its messages) and names in its data (card types, the
  wordings of its special-ruling table), in the pack's language.

A pack in English has neither (its pages are the templates' English, byte for byte). A
sentence a catalog lacks is shown as it is.

A message with values (``%(name)s``) is matched at the end of what it says; each value is
one word (no space), and what comes before the message (``dm13-007: 1:6: ``: which card,
where) is kept as it is. Of several that match, the longest wins; a sentence's frame with few
words of its own (``%(n)s %(noun)s``, ``at %(where)s``) is never taken for a message.
"""

from __future__ import annotations

import functools
import re
import tomllib
from dataclasses import field, replace
from importlib import resources
from typing import Mapping

from ..packs.base import Rule
from ..records import record


@functools.lru_cache(maxsize=4)
def words(language: str) -> dict[str, str]:
    """The site's words in ``language`` (a BCP 47 tag; its primary subtag names the
    catalog ``words/<language>.toml``): English sentence -> the language's. English, or a
    language with no catalog: none (the templates' English)."""
    primary = language.split("-")[0].lower()
    catalog = resources.files("tagtext.errata").joinpath("words", f"{primary}.toml")
    if primary == "en" or not catalog.is_file():
        return {}
    return tomllib.loads(catalog.read_text(encoding="utf-8"))


_VALUE = re.compile(r"%\((\w+)\)s")


@functools.lru_cache(maxsize=512)
def _pattern(english: str) -> re.Pattern:
    """A message with values as a regular expression matching its end: a value that opens
    the message one word (what precedes it is not the message's), any other value any
    words; a value named twice is the same both times."""
    out, seen, last = [], set(), 0
    for m in _VALUE.finditer(english):
        out.append(re.escape(english[last:m.start()]))
        name = m.group(1)
        value = r"\S+?" if m.start() == 0 else r".+?"
        out.append(f"(?P={name})" if name in seen else rf"(?P<{name}>{value})")
        seen.add(name)
        last = m.end()
    out.append(re.escape(english[last:]))
    return re.compile(r"(?:^|(?<=\s))" + "".join(out) + r"$", re.S)


def translate(catalog: Mapping[str, str], text: str, values: Mapping[str, str] | None = None) -> str:
    """``text`` in the catalog's language: the sentence itself, or a message with values
    (``%(name)s``) that ends ``text``, with what precedes it kept, each value as ``values``
    says it (a word of a pack's in an engine's message: "card name"); else ``text`` as it is."""
    if not catalog or not text:
        return text
    found = catalog.get(text)
    if found is not None:
        return found
    best = None
    for english, theirs in catalog.items():
        if "%(" not in english or len(_MESSAGE_WORD.findall(_VALUE.sub("", english))) < 3:
            continue  # not a message: a frame ("%(n)s %(noun)s", "at %(where)s") says too little
        m = _pattern(english).search(text)
        if m is not None and (best is None or len(english) > len(best[0])):
            best = (english, theirs, m)
    if best is None:
        return text
    _english, theirs, m = best
    values = values or {}
    return text[:m.start()] + theirs % {k: values.get(v, v) for k, v in m.groupdict().items()}


#: a message says something in words: a pattern with fewer than three words outside its
#: values is a sentence's frame, never matched against a message
_MESSAGE_WORD = re.compile(r"[A-Za-z]{2,}")


@record(frozen=True)
class PackWords:
    """A pack's words for people in its language (its ``words.toml``)::

        [rule.T9]            # a rule, by id: what the Rules page and every link show
        title = "…"
        statement = "…"
        practice = "…"

        [residual]           # a residual's reason, as the rule reports it -> the pack's language
        "a lasting count …" = "…"

        [message]            # the pack's messages about a text (values as %(name)s)
        "half-width katakana %(kana)s: …" = "…"

        [card_type]          # a card type of the pack's tables, as people call it
        "unit/ace" = "ユニット（エース）"

        [wording]            # a wording of its special-ruling table
        ja = "公式の表記"

    Empty for a pack with none (English packs): everything shown as the pack wrote it."""

    rules: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    residuals: Mapping[str, str] = field(default_factory=dict)
    messages: Mapping[str, str] = field(default_factory=dict)
    card_types: Mapping[str, str] = field(default_factory=dict)
    wordings: Mapping[str, str] = field(default_factory=dict)

    #: the tables a words.toml may hold
    TABLES = ("rule", "residual", "message", "card_type", "wording")

    @classmethod
    def from_toml(cls, text: str, where: str = "words.toml") -> "PackWords":
        data = tomllib.loads(text)
        unknown = sorted(set(data) - set(cls.TABLES))
        if unknown:
            raise ValueError(f"{where}: unknown table {unknown[0]!r} (expected one of {', '.join(cls.TABLES)})")
        for rule_id, entry in data.get("rule", {}).items():
            extra = sorted(set(entry) - {"title", "statement", "practice"})
            if extra:
                raise ValueError(f"{where}: rule {rule_id!r}: unknown key {extra[0]!r} "
                                 f"(expected title, statement, practice)")
        return cls(data.get("rule", {}), data.get("residual", {}), data.get("message", {}),
                   data.get("card_type", {}), data.get("wording", {}))

    def rule(self, rule: Rule) -> Rule:
        """``rule`` with its title, statement and practice in the pack's language, where
        the pack gives them."""
        entry = self.rules.get(rule.id)
        return replace(rule, **entry) if entry else rule

    def residual(self, reason: str) -> str:
        return self.residuals.get(reason, reason)

    def message(self, text: str) -> str:
        return translate(self.messages, text)

    def card_type(self, card_type: str) -> str:
        return self.card_types.get(card_type, card_type)

    def wording(self, wording: str) -> str:
        return self.wordings.get(wording, wording)


NO_WORDS = PackWords()
