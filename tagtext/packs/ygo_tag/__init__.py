"""The Yu-Gi-Oh! tag-duel rule pack (``--pack ygo-tag``).

Critical Hit Games' Tag Format (v4.6, seed 001): two teams of two, 16,000 shared Life
Points. Official English card text is rewritten so it reads right with two opponents and
a teammate. The pack holds its grammar (``grammar/ygo.lark``), node kinds (``nodes.py``),
parser, analysis (facts about the text), which sentences are parsed (``reads.py``), rules
(``rules/``, one module per rule of the seed, registered in ``rules.PIPELINE``), special
rulings (``special-rulings.toml``, in the engine's table format, applied by
:mod:`tagtext.rulings`) and its card database (``data/``). Decisions the seed leaves open: ``NOTES.md``.
"""

from __future__ import annotations

import functools
import re

from ... import rulings
from ...carddb import Database
from ... import __version__
from ..base import Pack
from ..tables import KnownCards
from . import analysis, carddb
from .nodes import CardText
from .parser import parse as _parse, sentence_chunks
from .reads import needed_chunks
from .rules import ANY_TRIGGER, OVERRIDE, PIPELINE
from .rules.common import Context


#: phrases with "your opponent" (every one has it) that no rule changes: the opponent's turn
#: and phases, their card effects (a cause), damage and Life Points (the team's), lasting
#: restrictions. Each alternative starts with a letter ("y(?<!and y)our": "your" not after
#: "and "), so that a search tries them only where one of those letters is (issue 22)
_QUIET = re.compile(
    r"your opponent's (?:next )?(?:turn|(?:main|battle|end|standby|draw) phase|life points|lp)\b"
    r"|your opponent's card effects?\b"
    r"|damage to your opponent\b|battle damage to your opponent\b|y(?<!and y)our opponent takes\b"
    r"|y(?<!and y)our opponent cannot\b|attack your opponent directly")
_PRONOUN_ACTS = re.compile(r"\b(?:when|if|after) they\b")
#: "their" owning a private area, "they control": in a text that names "your opponent", a
#: "their Deck" may refer back to it (rule 2), also to one in a phrase blanked out
#: ("damage to your opponent for each card in their hand": rule 6), so its sentence is
#: parsed too
#: ("the(?<!\Bthe)": "the" at the start of a word, as "\bthe" reads it; a pattern that
#: opens with a letter is searched only where that letter is)
_THEIR_PRIVATE = re.compile(r"the(?<!\Bthe)(?:ir (?:main deck|extra deck|deck|hand|gy|graveyard)|y control(?:led)?)\b")


#: every rule's trigger holds one of these (tests/packs/ygo_tag/test_triggers.py): a text
#: with none, lowercased, meets no trigger
TRIGGER_WORDS = ("pponent", "layer", "ither", "each field", "both g")


def effect_lines(text: str, hits: list[int]) -> list[tuple[int, int]]:
    """The lines (start, end) a rule may need whole: each line with a trigger's hit (an
    effect told in several sentences goes on within its line), the bullet lines after it
    (the effects it applies), and for a bullet line, the lines up to the one that applies
    its bullets (see analysis.SentenceFacts.parent)."""
    lines = []
    start = 0
    for end in _line_ends(text):
        lines.append((start, end))
        start = end + 1
    bullet = [text[s:e].lstrip(" \t\u00a0").startswith("●") for s, e in lines]
    wanted = set()
    k = 0
    for hit in sorted(hits):
        while lines[k][1] < hit:
            k += 1
        wanted.add(k)
        up = k
        while bullet[up] and up > 0:
            up -= 1
            wanted.add(up)
        down = k + 1
        while down < len(lines) and bullet[down]:
            wanted.add(down)
            down += 1
    return [lines[i] for i in sorted(wanted)]


def _line_ends(text: str) -> list[int]:
    """Where each line of ``text`` ends: each newline's offset, then the text's end."""
    ends = []
    end = text.find("\n")
    while end != -1:
        ends.append(end)
        end = text.find("\n", end + 1)
    ends.append(len(text))
    return ends


def _touching(chunks: list[tuple[int, int]], spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The chunks (in order) that overlap one of ``spans`` (sorted, disjoint): one pass over
    both."""
    out = []
    k = 0
    for start, end in chunks:
        while k < len(spans) and spans[k][1] <= start:
            k += 1
        if k < len(spans) and spans[k][0] < end:
            out.append((start, end))
    return out


class YgoTagPack(Pack):
    """Yu-Gi-Oh! tag duel (Critical Hit Games Tag Format v4.6)."""

    name = "ygo-tag"
    #: shipped with tagtext, so tagtext's version
    version = __version__
    title = "Yu-Gi-Oh! Tag Duel"
    game = "Yu-Gi-Oh! Trading Card Game (OCG/TCG)"
    #: what the format changes, in one sentence (the errata pages' rules intro)
    summary = ("In a tag duel two teams of two share 16,000 Life Points; each player keeps their own "
               "Deck, hand, GY and zones, and faces two opponents.")
    #: whose printed card text it is
    copyright = "Studio Dice/SHUEISHA, TV TOKYO, KONAMI"
    pipeline = PIPELINE
    #: every rule an edit may name, for the errata pages
    rules = PIPELINE + (OVERRIDE,)
    text_fields = carddb.TEXT_FIELDS
    #: how each text field is labelled on the errata pages
    field_labels = carddb.FIELD_LABELS
    #: which card databases it reads (the commands' --help)
    database_help = ("YGOPRODeck's card database (API v7 JSON, {\"data\": [...]}) or the shape tagtext ships "
                     "(a JSON array of cards with name.en and text.en), maybe gzipped")

    def parse(self, text: str, source: str | None = None, parts=None) -> CardText:
        """The card-text grammar's tree of ``text`` (of its ``parts`` only, if given)."""
        return _parse(text, source, parts)

    def parts(self, text: str):
        """Of the lines some rule's trigger meets (an effect told in several sentences goes
        on within its line; see :func:`effect_lines`), the sentences a rule may rewrite or
        reads (see :mod:`.reads`), or ``()``."""
        hits = self.trigger_positions(text)
        if not hits:
            return ()
        return needed_chunks(text, _touching(sentence_chunks(text), effect_lines(text, hits)), TRIGGER_WORDS)

    def trigger_positions(self, text: str) -> list[int]:
        """Where a rule's trigger matches ``text``. Phrases no rule ever changes (the
        opponent's turn, damage to the opponent, ...) are blanked out first, unless a
        pronoun may act for the opponent ("when they")."""
        low = printed = text.lower()
        if not any(word in low for word in TRIGGER_WORDS):
            return []
        if ANY_TRIGGER.search(low) is None:
            return []
        first = printed.find("your opponent")
        if first != -1 and not (" they" in low and _PRONOUN_ACTS.search(low)):
            # (every quiet phrase has "your opponent")
            low = _QUIET.sub(lambda m: " " * len(m.group()), low)
        hits = [m.start() for m in ANY_TRIGGER.finditer(low)]
        if first != -1:
            # "their" may refer back to "your opponent" in a phrase blanked above
            # ("inflicts battle damage to your opponent: Discard 1 random card from their
            # hand"), so its sentence is parsed too
            hits.extend(m.start() for m in _THEIR_PRIVATE.finditer(low, first))
        return sorted(hits)

    def context(self, text: str, tree, card_id: str | None, protected) -> Context:
        """The passes' context: the facts about the text's player phrases, and the card's
        type (from the databases read so far)."""
        card_type = self.card_type(card_id)
        return Context(text, card_id, protected, analysis=analysis.analyse(tree, card_type), card_type=card_type)

    @functools.lru_cache(maxsize=1)
    def rulings(self) -> rulings.Table:
        """The seed's exception groups, as the engine's special-ruling table."""
        return rulings.load_packaged(__name__, "special-rulings.toml")

    def normalise_card_id(self, written: str) -> str | None:
        """The id a user's way of writing one stands for (``tagtext rewrite --card``): a
        password as YGOPRODeck users write it (imported when first asked, not at start-up)."""
        from .deck.formats import normalise_password
        return normalise_password(written)

    def data_source(self) -> str:
        from importlib import resources
        return resources.files(__name__).joinpath("data/SOURCE.md").read_text(encoding="utf-8")

    #: the errata pages link each card to its page on YGOPRODeck: by password, or by name
    #: for a card without one
    card_site = "YGOPRODeck"

    @staticmethod
    def card_url(card) -> str:
        from urllib.parse import quote
        return "https://ygoprodeck.com/card/?search=" + quote(card.id if card.id.isdigit() else card.name)

    #: the errata pages: the database has no set codes, so cards are listed by name, A to Z
    errata_grouping = "name"

    #: the shipped database's file name (``tagtext db export``)
    shipped_name = "ygo-cards.json"

    def shipped_database(self) -> bytes:
        """The shipped database file, byte for byte as the pack reads it (gunzipped)."""
        return carddb.shipped_bytes()

    def write_back(self, data: bytes, source: str, fmt: str, texts) -> str:
        """The database file ``data`` in its own shape, each changed text replaced
        (``tagtext convert --format database``)."""
        return carddb.write_back(data, source, fmt, texts)

    def coverage(self, database: Database):
        """How much of ``database`` the grammar understands (``tagtext coverage``)."""
        return analysis.coverage(database, self.parse)

    def deck_rules(self):
        """A player's deck rules (``tagtext deck check --pack ygo-tag``)."""
        from . import deck
        return deck

    def card_type(self, card_id: str | None) -> str:
        """The type of a card ("Monster", "Spell", "Trap"; "" if unknown): from the
        databases loaded so far and the JSON line being converted, or else the shipped one."""
        if card_id is None:
            return ""
        known = self._known
        if not known.facts and not known.lines_read:
            self._remember(carddb.load())
        return known.get(str(card_id), "")

    @functools.cached_property
    def _known(self) -> KnownCards:
        """Card id -> type, of the databases read; a JSON line's card only until the next
        line (a streamed conversion keeps no card: issue 22)."""
        return KnownCards()

    def _remember(self, db: Database) -> None:
        self._known.add({card.id: card.card_type for card in db.cards if card.card_type})

    def card_from_json_line(self, where: str, entry: object, problems: list):
        """One entry of a JSON-lines database as a card (in either shape), its type
        known while it is converted, as a database's are."""
        card = carddb.card_from_entry(where, entry, problems)
        if card is not None and card.card_type:
            self._known.read_line({card.id: card.card_type})
        else:
            self._known.clear_line()
        return card

    def database_from_bytes(self, data: bytes, source: str, fmt: str = "json") -> Database:
        """A database held in memory (JSON: the shipped shape or YGOPRODeck's, maybe gzipped)."""
        db = carddb.parse_bytes(data, source, fmt)
        self._remember(db)
        return db

    def load_database(self, path: str | None = None) -> Database:
        db = carddb.load(path)
        self._remember(db)
        return db


PACK = YgoTagPack()
