"""Whole-database sweeps for the Yu-Gi-Oh! tag-duel pack's known fault classes (issue 19).

    .venv/bin/python scripts/ygo_sweeps.py [CONVERSION.json] [--before BEFORE.json]
                                           [--list CLASS] [--json]

Each class is a regular-expression sweep over the *output* of a conversion (``tagtext
convert --pack ygo-tag``), sentence by sentence: it lists the texts whose tag-duel text
still has the shape of that fault. The sweeps read text only, never the pack's analysis, so
they measure the pack from outside and give the same answer for any version of it (run them
on a conversion made before a change and on one made after). Without CONVERSION the shipped
database is converted in process with the installed tagtext.

Classes (seed 001; see tagtext/packs/ygo_tag/NOTES.md):

- A   rule 2 not applied: an effect that is resolved acts on "your opponent's" hand, Deck,
      Extra Deck, GY or banished cards (or "their" hand after a singular "your opponent")
      and no opponent is chosen or introduced for it;
- B   rule 1 not applied: what the opponent controls, in an effect, left singular;
- B2  rule 5's mirror form: "than your opponent (does)", "as your opponent" compares you
      with one opponent and none is chosen for reference;
- C   a malformed or misplaced "Choose 1 opponent": followed by a capital letter, inside an
      activation condition, twice in one sentence, or for a card sent to its owner's Deck;
- D   a singular "your opponent" acting or owning a private area left in a sentence where
      one opponent was already chosen or introduced ("that opponent");
- E   exception group 1 (seed): "both players" kept where the players choose different
      opponents;
- F   a Summon "to either field" written "to any field" (a teammate's field is no Summon
      destination);
- G   the opponent, singular and named by no one before, picking from their own field ("your
      opponent must send 1 face-up monster ... from their field", "make your opponent
      Tribute 1 monster", "Your opponent selects 1 monster they control"): each opponent
      (rule 1), or one chosen opponent when this card goes to them (rule 8).

A sweep is a net, not a verdict: what it lists after a fix is either a decision written in
NOTES.md (kept as printed on purpose) or a fault still open; ``--list`` shows each.
The rule table counts, per rule, the texts it changed and the edits it made.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import Counter
from dataclasses import dataclass

# ----------------------------------------------------------------------------- texts


@dataclass(frozen=True)
class Text:
    id: str
    name: str
    card_type: str
    field: str
    original: str
    output: str
    rules: tuple[str, ...]
    edits: tuple[dict, ...]
    residuals: tuple[dict, ...]


def read_conversion(path: str) -> list[Text]:
    """The texts of a ``tagtext-convert/1`` JSON document."""
    with open(path, encoding="utf-8") as f:
        doc = json.load(f)
    return [text for card in doc["cards"] for text in _card_texts(card)]


def _card_texts(card: dict):
    for field, t in card["texts"].items():
        output = t["text"] if t.get("text") is not None else t["original"]
        yield Text(str(card["id"]), card.get("name", ""), card.get("type") or "", field, t["original"], output,
                   tuple(t.get("rules") or ()), tuple(t.get("edits") or ()), tuple(t.get("residuals") or ()))


def convert_shipped() -> list[Text]:
    """The shipped database, converted now with the installed tagtext."""
    from tagtext.convert import text_record
    from tagtext.packs import get
    pack = get("ygo-tag")
    db = pack.load_database()
    out = []
    for card in db.cards:
        record = {"id": card.id, "name": card.name, "type": card.card_type, "texts": {}}
        for field, text in card.texts.items():
            record["texts"][field] = text_record(text, pack.rewrite(text, card.id, field))
        out.extend(_card_texts(record))
    return out


# ----------------------------------------------------------------------------- sentences

_QUOTED = re.compile(r'"[^"\n]*"')
#: where an effect ends: a full stop (outside quoted names), a line break, a bullet
_PART_END = re.compile(r"(?<=[.!?])\s+|\n|(?=●)")


def parts(text: str) -> list[str]:
    """The text's sentences and bullets, with quoted card names and quoted (replaced)
    effects blanked out (their words are not the card's own)."""
    blank = _QUOTED.sub(lambda m: '"' + "_" * (len(m.group()) - 2) + '"', text)
    out, start = [], 0
    for m in _PART_END.finditer(blank):
        if m.start() > start:
            out.append(blank[start:m.start()].strip())
        start = m.end()
    if start < len(blank):
        out.append(blank[start:].strip())
    return [p for p in out if p]


#: words that open the condition of an old-style effect (no ":"): "When ..., <effect>"
_LEAD = re.compile(r"^(?:●\s*)?(?:(?:(?:once|twice) per (?:turn|chain)|when|if|each time|after|whenever|while|during|"
                   r"at the (?:start|end)|before|for the rest of this turn|except)\b[^,]*,\s*)+", re.I)


def effect_of(part: str) -> str:
    """What the part does: after its condition (before the last ":" outside parentheses, or
    an old-style leading "When/If/Each time ..., ")."""
    depth, colon = 0, -1
    for i, ch in enumerate(part):
        depth += ch == "("
        depth -= ch == ")"
        if ch == ":" and depth == 0:
            colon = i
    if colon >= 0:
        return part[colon + 1:].strip()
    return _LEAD.sub("", part, count=1)


def condition_of(part: str) -> str:
    effect = effect_of(part)
    return part[:len(part) - len(effect)] if effect else part


#: a lasting effect or a restriction: not resolved, no one is chosen for it (NOTES)
LASTING = re.compile(
    r"\b(?:cannot|can't|can only|must keep|must play|must pay|unaffected|instead(?! of)|except by drawing|"
    r"as long as|never|is treated as|are treated as)\b|^(?:●\s*)?(?:while|as long as)\b", re.I)
#: how an effect of an old-style Monster opens: a condition, "You can", a bullet, a step
#: that goes on from the sentence before ("Then, ..."); any other sentence of a Monster with
#: no ":" or ";" states a lasting effect (NOTES)
_MONSTER_EFFECT = re.compile(r"^(?:●|\(?(?:when|if|each time|after|whenever|during|at the|before|once|twice|you can|"
                             r"then|otherwise|flip)\b)", re.I)
#: a Fusion/Synchro/Xyz/Link Monster's materials ("1 Rock monster + 1 Level 4 or lower
#: monster in your opponent's GY"): a requirement, not an effect
_MATERIALS = re.compile(r"\+ ?\d|^\d\+? (?:Level|Tuner|\w+ monsters?)\b")


def lasting(part: str, t: "Text") -> bool:
    """The part states a lasting effect, a restriction or a Monster's materials."""
    if LASTING.search(part) or _MATERIALS.search(part) and ":" not in part:
        return True
    return t.card_type == "Monster" and ":" not in part and ";" not in part and not _MONSTER_EFFECT.search(part)

PRIVATE = r"(?:hand|(?:Main |Extra )?Deck|GY|Graveyard|banished (?:cards?|monsters?)|banishment)"
#: the team's phrases: damage and LP are the team's (NOTES), a direct attack is on the team
TEAM = re.compile(r"(?i:damage)\b[^.;:]{0,40}?\bto your opponent(?:'s Life Points)?|(?i:damage) your opponent\b"
                  r"|your opponent (?:takes|gains|loses|pays|would take)\b|your opponent's (?:LP|Life Points)"
                  r"|attacks? your opponent(?:'s Life Points)? directly|(?i:your (?:LP|Life Points))[^.;:]*?"
                  r"\bthan your opponent's")


# ----------------------------------------------------------------------------- the classes

_A_OWNER = re.compile(r"\byour opponent's (?:entire )?" + PRIVATE + r"\b")
_A_ACTS = re.compile(r"\byour opponent (?:must |can |then |randomly |also )?(?:discards?|draws?|shuffles?|excavates?)\b")
_A_OWN_AREA = re.compile(r"\byour opponent (?:must |can |then |also )?(?:sends?|adds?|banish(?:es)?|returns?|reveals?|"
                         r"selects?|places?|Special Summons?|chooses?)\b[^.;:]{0,80}?\b(?:from|in|into|to|on top of) "
                         r"(?:their|his/her|his or her) " + PRIVATE + r"\b")
_THEIR_AREA = re.compile(r"\b(?:from|in|into|of|to) their " + PRIVATE + r"\b")
_PLAYER = re.compile(r"\b(?:your opponents'?|your opponent's (?:next |\d\w* )?(?:turn|\w+ Phase)|your opponent(?:'s)?|"
                     r"that opponent(?:'s)?|an opponent(?:'s)?|either opponent(?:'s)?|each player(?:'s)?|"
                     r"all players'?|any player(?:'s)?|the other player(?:'s)?|their opponent(?:'s)?|each team|"
                     r"(?:its|the|that card's) (?:owner|controller)(?:'s)?)\b", re.I)


def _introduced(text: str) -> bool:
    """One opponent is chosen or introduced in ``text`` (PSCT's "an opponent ... that opponent")."""
    return bool(re.search(r"(?i)\bchoose 1 opponent\b|\bthat opponent\b|\ban opponent\b|\b1 opponent of your choice\b",
                          text))


def sweep_a(t: Text) -> list[str]:
    """Rule 2 not applied."""
    found = []
    for part in parts(t.output):
        effect = effect_of(part)
        if lasting(part, t) or _introduced(part):
            continue
        body = TEAM.sub(lambda m: "~" * len(m.group()), effect)
        why = None
        if _A_OWNER.search(body):
            why = "your opponent's " + _A_OWNER.search(body).group().split("'s ", 1)[1]
        elif _A_ACTS.search(body):
            why = _A_ACTS.search(body).group()
        elif _A_OWN_AREA.search(body):
            why = "your opponent acts on their own " + _A_OWN_AREA.search(body).group().rsplit(" ", 1)[-1]
        else:
            for m in _THEIR_AREA.finditer(effect):
                before = [p.group() for p in _PLAYER.finditer(t.output[:t.output.find(part)] + " " + part[:part.find(effect)] + effect[:m.start()])]
                if before and before[-1].lower() in ("your opponent", "your opponent's"):
                    why = "their " + m.group().rsplit(" ", 1)[-1] + " after a singular 'your opponent'"
                    break
        if why:
            found.append(f"{why}: {part}")
    return found


_B_OWNED = re.compile(r"\b(?:all (?:of )?)?your opponent's (?:(?:face-up|face-down|Set|Special Summoned|Attack Position|"
                      r"Defense Position|Effect|Normal|Link|Xyz|Synchro|Fusion|Ritual|Pendulum|Tuner|non-Tuner|"
                      r"[A-Z][a-z]+-Type|[A-Z]+)\s+)*(?:monsters|cards|Spells|Traps|Spell/Traps|Spell Cards|Trap Cards)\b"
                      r"(?! (?:in|from) (?:their|his/her) )")
_B_ZONES = re.compile(r"\byour opponent's (?:(?:unused|occupied) )?(?:Main Monster Zones?|Monster Zones?|"
                      r"Spell & Trap (?:Card )?Zones?|side of the field|field)\b")
_B_CONTROLS = re.compile(r"\b(?:all|each|every|any)\b[^.;:,]{0,40}?\b(?:monsters?|cards?|Spells?|Traps?|Spell/Traps?)\s+"
                         r"(?:that )?(?:your opponent controls|controlled by your opponent|they control)\b")
_CAUSE = re.compile(r"\b(?:by|from) your opponent's\b|\b(?:your opponent's|an opponent's) (?:card )?effects?\b|"
                    r"\bof your opponent's (?:first|next)\b")
#: a check inside the effect ("if there is a monster on your opponent's side of the field",
#: "if your opponent's Main Monster Zone ... is unused"): a condition, rule 5's or as printed
_CHECK = re.compile(r"(?i)\b(?:if|when|even if|unless|while)\b[^,;:]*$")


def sweep_b(t: Text) -> list[str]:
    """Rule 1 not applied: the opponent's field, in an effect, left singular."""
    found = []
    for part in parts(t.output):
        effect = effect_of(part)
        if re.search(r"\bcannot\b", effect) and "your opponent's cards and effects" in effect:
            continue  # a restriction on the opponent's cards: binds both as printed (NOTES)
        body = _CAUSE.sub(lambda m: "~" * len(m.group()), effect)
        for pattern in (_B_OWNED, _B_ZONES, _B_CONTROLS):
            m = pattern.search(body)
            if m is None or _CHECK.search(body[:m.start()]):
                continue
            if pattern is _B_CONTROLS and "they control" in m.group():
                head = body[:m.start()]
                if not re.search(r"\byour opponent (?:must )?\w+s? (?:all|each)\b", head + m.group()):
                    continue  # "they" is not the singular opponent's field as a whole
            found.append(f"{m.group()}: {part}")
            break
    return found


_B2 = re.compile(r"\b(?:than|as) your opponent(?:'s)?(?! (?:LP|Life Points|does not))\b(?:\s+does)?"
                 r"|\bbetween your \w+ and your opponent's\b")


def sweep_b2(t: Text) -> list[str]:
    """Rule 5's mirror form: you compared with "your opponent"."""
    found = []
    for part in parts(t.output):
        body = TEAM.sub(lambda m: "~" * len(m.group()), part)
        body = re.sub(r"(?i)\bbetween your (?:LP|Life Points) and your opponent's\b", "~", body)
        m = _B2.search(body)
        if m:
            found.append(f"{m.group()}: {part}")
    return found


#: after the choice, only a game term keeps its capital ("Choose 1 opponent; Special Summon")
_C_CAPITAL = re.compile(r"(?i:choose 1 opponent); (?!(?:That opponent|Special|Normal|Tribute|Fusion|Synchro|Xyz|Link|"
                        r"Ritual|Pendulum|Set|FLIP|Flip|Equip|GY|LP|ATK|DEF)\b)[A-Z]")
#: the choice before an old-style trigger ("Choose 1 opponent; When ..., ..."): a check the
#: effect makes ("Choose 1 opponent; if that card is in that opponent's hand") is no trigger
_C_IN_CONDITION = re.compile(r"(?i:choose 1 opponent); (?i:when|each time|whenever|once per turn|during|at the "
                             r"(?:start|end))\b[^:;]*?,")
_C_OWNER_DECK = re.compile(r"(?i:choose 1 opponent)[^.]*?\b(?:place|shuffle|return)\w* (?:it|that card|that monster|the card|"
                           r"them)\b[^.]*?\bthat opponent's (?:Deck|hand)\b")


_INTRODUCES = re.compile(r"(?i)\bchoose 1 opponent\b|\bthat opponent\b|\ban opponent (?:has |had )?(?:activat|"
                         r"Special Summon|Normal Summon|Summon|declar|add|send|draw|discard|banish|target|control|has)")
#: how a sentence that goes on with the effect before it opens
_GOES_ON = re.compile(r"(?i)^\(?(?:otherwise|then|after that|if (?:not|it|its|they|the|that|you|your opponent))\b")
#: an opponent who decides for the effect ("Your opponent declares 2 Attributes.")
_DECIDES = re.compile(r"\byour opponent (?:declares|chooses|calls|selects|names|picks)\b")


def sweep_c(t: Text) -> list[str]:
    """A malformed or misplaced choice, or one that makes the effect name two opponents."""
    found = []
    all_parts = parts(t.output)
    for k, part in enumerate(all_parts):
        if "hoose 1 opponent" not in part:
            continue
        before = all_parts[:k]
        applying = next((p for p in reversed(before) if not p.startswith("●")), "")
        if _GOES_ON.search(part) and before and _INTRODUCES.search(before[-1]):
            found.append(f"a second choice in one effect: {part}")
            continue
        if part.startswith("●") and _INTRODUCES.search(applying):
            found.append(f"a bullet chooses again after the effect named its opponent: {part}")
            continue
        if any(_DECIDES.search(p) for p in before[-3:]) and not part.startswith("●") and ":" not in part:
            found.append(f"the opponent who decides and the one chosen are unrelated: {part}")
            continue
        for pattern, why in ((_C_CAPITAL, "a capital after the choice"),
                             (_C_IN_CONDITION, "the choice inside a condition"),
                             (_C_OWNER_DECK, "a card goes to its owner's Deck or hand")):
            if pattern.search(part):
                found.append(f"{why}: {part}")
                break
        else:
            if len(re.findall(r"(?i)choose 1 opponent", part)) > 1:
                found.append(f"two choices in one sentence: {part}")
    return found


_D_SINGULAR = re.compile(r"\byour opponent(?:'s (?:entire )?" + PRIVATE + r"|(?! (?:cannot|can't|takes|gains|loses|pays)\b)"
                         r"(?=\s+(?:must |can |then |also |randomly )?[a-z]+s\b))")


def sweep_d(t: Text) -> list[str]:
    """A singular "your opponent" acting or owning a private area after one opponent was
    chosen or introduced in the same sentence."""
    found = []
    for part in parts(t.output):
        m = re.search(r"(?i)\bchoose 1 opponent\b|\bthat opponent\b|\ban opponent (?:has |had )?(?:activat|Special Summon|"
                      r"Normal Summon|Summon|declar|add|send|draw|discard|banish|target|control|has)\w*", part)
        if m is None:
            continue
        body = TEAM.sub(lambda x: "~" * len(x.group()), part)
        body = _CAUSE.sub(lambda x: "~" * len(x.group()), body)
        later = _D_SINGULAR.search(body, m.end())
        if later:
            found.append(f"{body[later.start():later.end() + 20].strip()}: {part}")
    return found


_E_CARDS = frozenset({"Creature Seizure", "Creature Swap", "Dragged Down into the Grave", "Exchange",
                      "Gift Exchange", "Soul Demolition"})


def sweep_e(t: Text) -> list[str]:
    """Exception group 1: "both players" kept."""
    if t.name in _E_CARDS and re.search(r"(?i)\bboth players\b", t.output):
        return [f"both players: {p}" for p in parts(t.output) if re.search(r"(?i)\bboth players\b", p)]
    return []


_F = re.compile(r"\b(?:Summon|Summons|Summoned)\b[^.;:]*?\bto any field\b|\(from your hand\) to any field")


def sweep_f(t: Text) -> list[str]:
    """A Summon to "any field"."""
    return [f"{m.group()}: {p}" for p in parts(t.output) for m in [_F.search(p)] if m]


_G = re.compile(r"\b(?<!that )(?<!an )(?:make )?[Yy]our opponent (?:must |can )?(?:send|tribute|banish|destroy|choose|"
                      r"select)s? (?:1|any number of)\b[^.;:]*?(?:\bthey (?:currently )?control\b|\bfrom their field\b)"
                      r"|\bmake your opponent Tribute 1 monster\b", re.I)


def sweep_g(t: Text) -> list[str]:
    """The opponent, singular, picking from their own field with no opponent named before."""
    found = []
    for part in parts(t.output):
        effect = effect_of(part)
        m = _G.search(effect)
        if m and not LASTING.search(effect[:m.end()]) and not _introduced(part[:part.find(effect) + m.start()]):
            found.append(f"{m.group()}: {part}")
    return found


CLASSES = {
    "A": ("rule 2 not applied (an opponent's hand/Deck/GY/banished acted on, no opponent chosen)", sweep_a),
    "B": ("rule 1 not applied (the opponent's field left singular)", sweep_b),
    "B2": ("rule 5 mirror form (you compared with 'your opponent')", sweep_b2),
    "C": ("malformed or misplaced 'Choose 1 opponent'", sweep_c),
    "D": ("singular 'your opponent' beside a chosen/introduced one", sweep_d),
    "E": ("exception group 1: 'both players' kept", sweep_e),
    "F": ("a Summon 'to any field' (a teammate's field is no destination)", sweep_f),
    "G": ("the opponent, singular, picking from their own field (rule 1 'each', rule 8)", sweep_g),
}


def sweep(texts: list[Text]) -> dict[str, list[tuple[Text, list[str]]]]:
    out: dict[str, list[tuple[Text, list[str]]]] = {name: [] for name in CLASSES}
    for t in texts:
        for name, (_, fn) in CLASSES.items():
            hits = fn(t)
            if hits:
                out[name].append((t, hits))
    return out


def rule_table(texts: list[Text]) -> dict[str, tuple[int, int]]:
    """rule -> (texts it changed, edits it made)."""
    texts_by: Counter = Counter()
    edits_by: Counter = Counter()
    for t in texts:
        for rule in set(t.rules):
            texts_by[rule] += 1
        for edit in t.edits:
            for rule in edit.get("rules", ()):
                edits_by[rule] += 1
    return {rule: (texts_by[rule], edits_by[rule]) for rule in sorted(set(texts_by) | set(edits_by))}


# ----------------------------------------------------------------------------- report

def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("conversion", nargs="?", help="a `tagtext convert --pack ygo-tag` JSON output "
                        "(default: convert the shipped database now)")
    parser.add_argument("--before", metavar="JSON", help="a conversion to compare with (its counts are shown first)")
    parser.add_argument("--list", metavar="CLASS", action="append", default=[],
                        help="list the texts a class matches (A, B, B2, C, D, E, F, G; 'all' for every class)")
    parser.add_argument("--json", action="store_true", help="print the counts and lists as JSON")
    args = parser.parse_args(argv)
    after = read_conversion(args.conversion) if args.conversion else convert_shipped()
    before = read_conversion(args.before) if args.before else None
    swept_after = sweep(after)
    swept_before = sweep(before) if before is not None else None
    table_after = rule_table(after)
    table_before = rule_table(before) if before is not None else None
    wanted = list(CLASSES) if "all" in args.list else args.list
    if args.json:
        doc = {"texts": len(after), "classes": {}, "rules": {r: list(v) for r, v in table_after.items()}}
        for name, (title, _) in CLASSES.items():
            entry = {"title": title, "texts": len(swept_after[name])}
            if swept_before is not None:
                entry["texts_before"] = len(swept_before[name])
            if name in wanted:
                entry["matches"] = [{"id": t.id, "name": t.name, "field": t.field, "hits": hits}
                                    for t, hits in swept_after[name]]
            doc["classes"][name] = entry
        if table_before is not None:
            doc["rules_before"] = {r: list(v) for r, v in table_before.items()}
        json.dump(doc, sys.stdout, indent=1, ensure_ascii=False)
        print()
        return 0
    print(f"{len(after)} texts, {sum(1 for t in after if t.rules)} rewritten")
    print()
    head = "before  after" if before is not None else "texts"
    print(f"{'class':5} {head}  what")
    for name, (title, _) in CLASSES.items():
        n = len(swept_after[name])
        counts = f"{len(swept_before[name]):6} {n:6}" if swept_before is not None else f"{n:5}"
        print(f"{name:5} {counts}  {title}")
    print()
    print("rule                    " + ("texts/edits before   texts/edits after" if before is not None
                                        else "texts  edits"))
    for rule in sorted(set(table_after) | set(table_before or {})):
        a = table_after.get(rule, (0, 0))
        if table_before is not None:
            b = table_before.get(rule, (0, 0))
            print(f"{rule:23} {b[0]:6} / {b[1]:<6}       {a[0]:6} / {a[1]:<6}")
        else:
            print(f"{rule:23} {a[0]:5}  {a[1]:5}")
    for name in wanted:
        print()
        print(f"== {name}: {CLASSES[name][0]} ({len(swept_after[name])} texts)")
        for t, hits in swept_after[name]:
            for hit in hits:
                print(f"{t.id}\t{t.name}\t[{t.card_type}]\t{hit}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
