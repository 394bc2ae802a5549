"""Sweeps of the shipped card database for the shapes of the Tag Tamer fidelity items
(issue 19): for each item, every text whose *printed* wording has the item's shape, and
what tagtext does with it now.

A shape is a regular expression over the printed text, written from the wording alone and
independent of the rules' code, so the sweep shows whether a fix covers its whole class
(every text of the shape handled as the item says). Each item also has a look-alike shape:
wording close to it that the item must leave alone (no edit of its rule there, no
residual), so the sweep shows that the fix reaches no further than its class. For each
match: the card, the field, what happened there (the rules whose edits touch the match, a
residual reported on it, a special ruling, or nothing) and the printed words.

    .venv/bin/python scripts/tag_tamer_sweeps.py            # counts, every match, look-alikes not left alone
    .venv/bin/python scripts/tag_tamer_sweeps.py --counts   # counts only
    .venv/bin/python scripts/tag_tamer_sweeps.py --item 3   # one item
    .venv/bin/python scripts/tag_tamer_sweeps.py --all      # the look-alikes left alone too

Exit status 0 when every match is handled as its item says and every look-alike is left
alone, 1 otherwise.
"""

from __future__ import annotations

import argparse
import re
import sys
from dataclasses import dataclass

from tagtext.packs.tag_tamer import PACK


@dataclass(frozen=True)
class Item:
    number: int
    title: str
    #: the shape, searched in each effect of the printed text
    shape: re.Pattern
    #: what handles a match: a rule whose edit touches it, or "residual"
    expected: str
    #: an earlier action of the same effect the match needs (a pick before "your opponent"):
    #: a match of this outside a trigger or condition ("When ... your opponent's hand")
    after: re.Pattern | None = None
    #: a shape that looks alike but that the item must leave alone (no edit of the item's
    #: rule, no residual): what the fix must not reach
    alike: re.Pattern | None = None
    #: what the rule's edit there must say, where the rule touching it is not enough (a
    #: second pick is the same rule's edit too)
    says: str | None = None


_PLAYER_ACTS = r"(?:your opponent|they)\s+(?:may\s+|must\s+)?"

#: An action on an area, up to the area's owner (no "to"/"on top of": where cards go).
_ACTS_ON = (r"\b(?:trash|reveal|look\s+at|search|choose|add|play)\b"
            r"(?:(?!\b(?:to|into|onto|on\s+top|at\s+the)\b)[^.,;:])*?\b")

ITEMS = (
    Item(1, 'an exact memory value ("If you have 0 memory") is a memory check',
         re.compile(r"\b(?:have|has|having)\s+(?:exactly\s+)?[+\-−]?\d+\s+memory\b(?!\s+or\b)", re.I),
         "memory-average",
         alike=re.compile(r"\b(?:gains?|loses?|pay|paying|paid|reduce[sd]?\s+by|set\s+(?:your\s+)?memory\s+to)\s+\d+"
                          r"(?:\s+memory)?\b", re.I)),
    Item(2, 'digivolution or link cards of all of a side\'s Digimon are counted over the battle area',
         re.compile(r"(?:\bfor\s+e(?:ach|very)(?:\s+\d+)?(?:\s+of)?|\b\d+\s+or\s+(?:more|fewer|less)|\b(?:have|has|are)\s+\d+)"
                    r"(?:\s+[^\s.,;]+){0,6}?\s+(?:your|your\s+opponent['’]s)(?:\s+digimon['’]s)?(?:\s+face-(?:up|down))?"
                    r"\s+(?:digivolution|evolution|link)\s+cards?\b"
                    r"|\b(?:you|your\s+opponent)\s+(?:have|has)\s+\d+(?:\s+or\s+(?:more|fewer|less))?\s+(?:face-(?:up|down)\s+)?"
                    r"(?:digivolution|evolution|link)\s+cards?\b(?!\s+(?:under|of|in)\b)", re.I),
         "count-doubling",
         alike=re.compile(r"(?:\bfor\s+e(?:ach|very)(?:\s+\d+)?(?:\s+of)?|\b\d+\s+or\s+(?:more|fewer|less)|\b(?:have|has)\s+\d+)"
                          r"\s+(?:this|that)\s+(?:digimon|tamer|card)['’]s(?:\s+[^\s.,;]+){0,2}?\s+(?:digivolution|evolution|link)"
                          r"\s+cards?\b|\b(?:this|that)\s+digimon\s+has\s+\d+(?:\s+or\s+(?:more|fewer|less))?"
                          r"(?:\s+[^\s.,;]+){0,2}?\s+(?:digivolution|evolution|link)\s+cards?\b", re.I)),
    Item(3, 'a bare "your opponent" saying what they do, after one opponent was picked, names the one picked',
         re.compile(r"(?:^|[.,]\s*|\b(?:if|unless|then)\s+)\b(your opponent)\b(?!['’]s)"
                    r"\s+(?!has\b|have\b|is\b|are\b|can't\b|cannot\b|can\b|could\b|would\b)[a-z'’]+", re.I),
         "choose-opponent",
         after=re.compile(r"your opponent['’]s\s+(?:top\s+|bottom\s+)?(?:deck|hand)\b"
                          r"|" + _PLAYER_ACTS + r"(?:trash(?:es)?|reveals?|places?|plays?|adds?|draws?)\b[^.]*\btheir\s+(?:hand|deck)\b",
                          re.I),
         alike=re.compile(r"(?:^|[.,]\s*|\b(?:if|unless|then)\s+)\b(your opponent)\b(?!['’]s)\s+(?:has|have|is|are|can't|cannot)\b",
                          re.I)),
    Item(4, 'ST22-14\'s shapes: a count "in either their hand or trash"; "they trash 1 of them" (cards in their hand)',
         re.compile(r"\b\d+\s+or\s+(?:more|fewer|less)\s+cards\s+in\s+(?:either\s+)?(?:your|their|your\s+opponent['’]s)\s+hand"
                    r"\s+or\s+(?:your\s+|their\s+)?(?:trash|security)\b"
                    r"|\bcards\s+in\s+(?:their|your\s+opponent['’]s)\s+hand\s*,\s*" + _PLAYER_ACTS + r"\w+\s+\d+\s+of\s+them\b",
                    re.I),
         "hand-size",
         alike=re.compile(r"\bfrom\s+(?:your|their)\s+hand\s+or\s+(?:your\s+)?trash\b", re.I)),
    Item(5, 'a shared count compared with one card\'s ("as many or fewer security cards as this Digimon has ...") is a residual',
         re.compile(r"\bas\s+many\s+or\s+(?:more|fewer|less)\s+(?!(?:digi|e)?volution\b)[^.,;]*?\bas\s+(?:this|that|its)\b"
                    r"[^.,;]*?\b(?:(?:digi|e)?volution|link)\s+cards?\b", re.I),
         "residual",
         alike=re.compile(r"\bas\s+(?:many|much|high|low)\s+or\s+(?:more|fewer|less|higher|lower)\b(?![^.,;]*?\bas\s+(?:this|that|its)\b"
                          r"[^.,;]*?\bhas\b)", re.I)),
    Item(6, '"Your opponent draws 2 cards" picks one opponent (note 10: acting on an opponent as a player)',
         re.compile(r"(?:^|[.,;:]\s*|\]\s*|\bthen,?\s+)" + _PLAYER_ACTS + r"draws?\b", re.I),
         "choose-opponent",
         alike=re.compile(r"\b(?:when|whenever|if)\s+(?:your opponent|they)\s+draws?\b|\b(?:your opponent|they)\s+(?:can't|cannot)\s+draw\b",
                          re.I)),
    # (a condition, not a timing label: "[When Digivolving] Choose ... whose total DP adds up to
    # 4000 or less" is a cap on what an action chooses, RULES-NOTES 3)
    Item(7, 'a condition on a sum over what an area holds ("12 or more levels\' total worth of Digimon") is a residual',
         re.compile(r"(?<!\[)\b(?:if|while|when|unless)\b[^.,;\]]*?\b\d+\s+or\s+(?:more|fewer|less)\b[^.,;]*?\btotal\s+worth\s+of\b"
                    r"|(?<!\[)\b(?:if|while|when|unless)\b[^.,;\]]*?\badds?\s+up\s+to\s+\d+\s+or\s+(?:more|fewer|less)\b", re.I),
         "residual",
         alike=re.compile(r"\btotal\s+worth\b|\badds?\s+up\s+to\b|\b(?:dp|play\s+cost)\s+total\b", re.I)),
    # after a pick, the same opponent's own area acted on again: "that opponent's deck"
    # (the look-alikes: where cards go, and a "their" that already names the one picked)
    Item(8, 'a later mention of the opponent an effect picked names that one ("... If that opponent didn\'t trash '
            'with this effect, trash the top 2 cards of that opponent\'s deck"), not a second pick',
         re.compile(_ACTS_ON + r"(your opponent['’]s)\s+(?:top\s+|bottom\s+)?(?:deck|hand|breeding\s+area|digi-egg\s+deck)\b",
                    re.I),
         "choose-opponent",
         after=re.compile(_ACTS_ON + r"your opponent['’]s\s+(?:top\s+|bottom\s+)?(?:deck|hand)\b"
                          r"|" + _PLAYER_ACTS + r"(?:trash(?:es)?|reveals?|places?|plays?|adds?)\b[^.]*\btheir\s+(?:hand|deck)\b"
                          r"|" + _PLAYER_ACTS + r"draws?\b", re.I),
         alike=re.compile(r"(?:\b(?:to|on|at)\s+(?:the\s+)?(?:top|bottom)(?:\s+or\s+(?:the\s+)?(?:top|bottom))?\s+of\s+"
                          r"|\b(?:in|into|to)\s+|" + _ACTS_ON + r")((?:your opponent['’]s|their)\s+(?:deck|hand)\b)", re.I),
         says="that opponent's"),
)

#: Where an effect starts: a line break or a bracketed timing label.
_EFFECTS = re.compile(r"\n|(?=\[(?:On Play|On Deletion|Main|Security|Hand|Breeding|Trash|Counter|Delay|When |Your Turn"
                      r"|All Turns|Opponent['’]s Turn|Start of|End of|Once Per Turn|Twice Per Turn))")


def effects(text: str):
    """(start, end) of each effect of a text."""
    cuts = sorted({0, len(text), *(m.start() for m in _EFFECTS.finditer(text))})
    for start, end in zip(cuts, cuts[1:]):
        # labels run together ("[On Play] [When Digivolving]") are one effect's
        if text[start:end].strip() and not re.fullmatch(r"\s*\[[^\]]*\]\s*", text[start:end]):
            yield start, end


def matches(item: Item, text: str, shape: re.Pattern | None = None):
    """(start, end) of each match of the item's shape (or of ``shape``) in ``text``."""
    for start, end in effects(text):
        for m in (shape or item.shape).finditer(text, start, end):
            span = m.span(1) if m.re.groups and m.group(1) else m.span()
            if item.after is None or any(_acted(text, m) for m in item.after.finditer(text, start, span[0])):
                yield span


def _acted(text: str, m: re.Match) -> bool:
    """Whether a match is an action, not part of a trigger or condition ("When cards are
    added to your opponent's hand, ...")."""
    clause = re.split(r"[.,;:\]]", text[:m.start()])[-1]
    return re.search(r"\b(?:when|whenever|if|while|unless)\b", clause, re.I) is None


def handled_by(result, start: int, end: int, says: str | None = None) -> list[str]:
    """What tagtext did at [start, end): the rules of the edits touching it (only of those
    whose new text holds ``says``, if given), "residual", "ruling"."""
    out: list[str] = []
    for edit in result.edits:
        if says is not None and says not in edit.after:
            continue
        if edit.start < end and start < edit.end or edit.start == edit.end == start:
            out += [rule for rule in edit.rules if rule not in out]
    if any(r.start < end and start < r.end for r in result.residuals):
        out.append("residual")
    if result.ruling:
        out.append(f"ruling {result.ruling}")
    return out


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--item", type=int, choices=[item.number for item in ITEMS])
    parser.add_argument("--counts", action="store_true", help="print the counts only")
    parser.add_argument("--all", action="store_true", help="list the look-alike texts left alone too")
    args = parser.parse_args(argv)
    database = PACK.load_database()
    texts = [(card.id, field, text) for card, field, text in database.texts()]
    print(f"shipped database: {len(texts)} texts")
    wrong_any = False
    for item in ITEMS:
        if args.item and item.number != args.item:
            continue
        print(f"\nitem {item.number}: {item.title}")
        for label, shape, wanted in (("shape", item.shape, True), ("alike", item.alike, False)):
            if shape is None:
                continue
            found = sweep(item, texts, shape)
            right = [f for f in found if _handled(item, f[5], wanted) == wanted]
            wrong_any |= len(right) < len(found)
            verdict = f"handled ({item.expected})" if wanted else f"left alone (no {item.expected})"
            print(f"  {label}: {len(found)} matches in {len({(f[0], f[1]) for f in found})} texts; "
                  f"{len(right)} {verdict}, {len(found) - len(right)} not")
            if args.counts:
                continue
            for card_id, field, text, start, end, how in found:
                if not wanted and not _handled(item, how, wanted) and not args.all:
                    continue  # a text left alone as it should be: counted, not listed
                mark = "ok " if _handled(item, how, wanted) == wanted else "NOT"
                excerpt = text[max(0, start - 50):end + 30].replace("\n", " ")
                print(f"    {mark} {card_id} {field} [{', '.join(how) or 'unchanged'}] …{excerpt}…")
    return 1 if wrong_any else 0


def sweep(item: Item, texts, shape: re.Pattern):
    """(card, field, text, start, end, what handled it) for every match of ``shape``."""
    found = []
    for card_id, field, text in texts:
        spans = list(matches(item, text, shape))
        if shape is item.alike:  # a look-alike is what the shape itself does not match
            own = list(matches(item, text))
            spans = [(s, e) for s, e in spans if not any(s < e2 and s2 < e for s2, e2 in own)]
        if spans:
            result = PACK.rewrite(text, card_id, field)
            says = item.says if shape is item.shape else None  # a look-alike gets no edit of the rule at all
            found += [(card_id, field, text, s, e, handled_by(result, s, e, says)) for s, e in spans]
    return found


def _handled(item: Item, how: list[str], wanted: bool = True) -> bool:
    """Whether the item's rule (or residual) is there; for a text of the shape, a special
    ruling covering it counts too (the table wins, RULES-NOTES 15)."""
    return item.expected in how or wanted and any(h.startswith("ruling") for h in how)


if __name__ == "__main__":
    sys.exit(main())
