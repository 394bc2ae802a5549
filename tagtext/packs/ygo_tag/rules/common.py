"""What the rule passes share: the context they read and report into, and wording helpers."""

from __future__ import annotations

from dataclasses import dataclass, field

from ....pipeline import Context as EngineContext
from ...base import Rule
from ...ygo_tag import nodes as y
from ..analysis import Analysis, Mention

#: words after a player in a condition that say the player did something (rule 7)
ACTION_VERBS = frozenset({
    "activates", "activate", "activated", "special", "normal", "flip", "tribute", "summons", "summon",
    "declares", "declare", "adds", "add", "sends", "send", "draws", "draw", "discards", "discard",
    "banishes", "banish", "sets", "set", "targets", "target", "would", "chains", "pays", "negates",
    "destroys", "shuffles", "excavates", "reveals", "attacks", "changes", "equips", "detaches",
    "tributes", "places", "takes", "resolves", "uses", "makes",
})
#: what the opponent did, in the past ("if your opponent Summoned 3 or more monsters this
#: turn", "the turn in which your opponent has activated")
PAST_ACTIONS = frozenset({
    "activated", "summoned", "special", "normal", "declared", "added", "sent", "drew", "discarded",
    "banished", "destroyed", "set", "targeted", "tributed", "made", "chained", "negated", "attacked",
})


@dataclass
class Context(EngineContext):
    """The engine's context (what a pass reads besides the tree, and where it reports what
    it cannot do) plus the facts about the text's player phrases."""

    analysis: Analysis | None = None
    #: starts of leaves a pass already rewrote (a phrase gets one rule's wording)
    claimed: set[int] = field(default_factory=set)
    #: per sentence: the rule that introduced "an opponent" / chose one, if any
    introduced: dict[int, str] = field(default_factory=dict)
    #: the card's type ("Monster", "Spell", "Trap"), when the card is known
    card_type: str = ""

    def free(self, leaf: y.Leaf) -> bool:
        """Whether a pass may still rewrite ``leaf``."""
        return leaf.start not in self.claimed and not self.protected_at(leaf.start)

    def mentions(self):
        return self.analysis.mentions


def like(new: str, old: str) -> str:
    """``new`` with ``old``'s first-letter case ("Your opponent" -> "That opponent")."""
    if old[:1].isupper():
        return new[:1].upper() + new[1:]
    return new[:1].lower() + new[1:]


def opponent_as(m: Mention, determiner: str) -> str:
    """``your opponent('s)`` -> ``<determiner> opponent('s)``, keeping case and possessive."""
    possessive = m.leaf.text.endswith(("'s", "’s"))
    return like(f"{determiner} opponent" + ("'s" if possessive else ""), m.leaf.text)


def replace(changes: dict, leaf: y.Leaf, text: str, rule: str, ctx: Context) -> None:
    """Record that ``leaf`` becomes ``text`` (rule ``rule``), and claim it."""
    changes[leaf.start] = lambda current, text=text: current.replaced(text, rule)
    ctx.claimed.add(leaf.start)


def your_opponent(m: Mention) -> bool:
    """The phrase is "your opponent" or "your opponent's" (not "an opponent", not "they")."""
    if not isinstance(m.leaf, y.PlayerRef) or m.leaf.player != "opponent":
        return False
    t = m.leaf.text.lower().replace("’", "'")
    return not t.endswith(("opponents", "opponents'"))


def opponent_acts(m: Mention) -> bool:
    """Another opponent phrase is the subject of its segment: "that opponent Special
    Summons ... to your opponent's side of the field" names the acting opponent's own side."""
    if isinstance(m.actor, y.Pronoun):
        return True  # "make them Tribute 1 monster they control": "they" act, the opponent
    return isinstance(m.actor, y.PlayerRef) and m.actor.player in ("opponent", "an_opponent")


def follow_up(m: Mention) -> bool:
    """A later mention of the opponent that refers back to the one chosen or introduced:
    it is the subject or a private area's owner, not the field's controller (rule 1),
    not counted over (rule 6) and not the team (damage, LP). The field of the introduced
    opponent, when that opponent is the one acting ("that opponent Special Summons ...
    to your opponent's side"), is theirs too."""
    from ..analysis import on_field
    return your_opponent(m) and not m.team and not m.counted and (not on_field(m) or opponent_acts(m))


def lasting_or_cause(m: Mention) -> bool:
    """ "your opponent cannot ...", "your opponent's card effects": a lasting restriction or
    a cause, which stay as printed (NOTES) when no rule's own condition names the opponent."""
    return m.after[:1] == ("cannot",) or m.leaf.possessive and m.after[:1] == ("card",)


def refer_back(tree, ctx: Context, changes: dict, sentence: int, after: int, rule: str,
               keep_lasting: bool = False) -> None:
    """Later mentions of the opponent in ``sentence`` (after offset ``after``) -> "that opponent"."""
    for m in ctx.analysis.in_sentence(sentence):
        if keep_lasting and lasting_or_cause(m):
            continue
        if m.start > after and follow_up(m) and ctx.free(m.leaf):
            replace(changes, m.leaf, opponent_as(m, "that"), rule, ctx)


def rule_of(rule_id: str, apply, title: str, trigger, example: tuple[str, str]) -> Rule:
    """A rule module's ``RULE``: the seed's sentence and how the pack applies it are read
    from the pass's docstring (its first paragraph, after "Seed 001: ", and the rest)."""
    parts = (apply.__doc__ or "").split("\n\n")
    statement = " ".join(parts[0].split()).removeprefix("Seed 001: ")
    practice = " ".join(" ".join(parts[1:]).split())
    return Rule(rule_id, title, statement, practice, apply, trigger.search, example)
