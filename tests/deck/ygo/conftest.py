"""Yu-Gi-Oh! deck-check fixtures: real passwords from the pack's shipped card database,
and decks built from them (YDK or text)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tagtext.packs.ygo_tag import deck as ygo_deck

FIXTURES = Path(__file__).resolve().parent / "fixtures"

#: 20 Normal Monsters, TCG Unlimited, each the only card of its name: 3 each fill any Main Deck
FILLER = (32864, 487395, 549481, 732302, 1184620, 1761063, 1784619, 1929294, 2118022, 2311603,
          2468169, 2483611, 2830619, 2863439, 2906250, 2964201, 3134241, 3170832, 3573512, 3797883)
#: 16 Extra Deck monsters (Fusion, Synchro, Link, Xyz), TCG Unlimited
EXTRA = (43227, 109401, 146746, 284224, 286392, 298846, 324483, 359563, 464362, 494922, 601193,
         698785, 739444, 770365, 821049, 900787)

BLUE_EYES = 89631139            # Blue-Eyes White Dragon, Normal Monster, Unlimited
DARK_MAGICIAN = (46986414, 36996508)   # two passwords, one name
EFFECT_VEILER = 97268402
MONSTER_REBORN = 83764718       # Limited
SEMI_LIMITED = 94145021         # Droll & Lock Bird, Semi-Limited
POT_OF_GREED = 55144522         # Forbidden
MAXX_C = 23434538               # Forbidden in the TCG (Limited in the OCG)
MST = 5318639                   # Mystical Space Typhoon: written 05318639 too
STARDUST = 44508094             # Synchro
BLUE_EYES_ULTIMATE = 23995346   # Fusion
UTOPIA = 84013237               # Xyz
DECODE_TALKER = 1861629         # Link
ODD_EYES_REBELLION = 45627618   # Xyz Pendulum
POLYMERIZATION = 24094653       # a Spell
ANKURIBOH = 595626              # not yet released in the TCG
DRDEK = 8944575                 # The Drdek: no TCG status (OCG only)


@pytest.fixture(scope="session")
def facts():
    return ygo_deck.load_database()


def filler(n: int, exclude=()) -> list[tuple[int, int]]:
    """(password, copies) for n filler cards, 3 a card."""
    out, left = [], n
    for card in FILLER:
        if left == 0:
            break
        if card in exclude:
            continue
        k = min(3, left)
        out.append((card, k))
        left -= k
    assert left == 0, "not enough filler"
    return out


def ydk(main=(), extra=(), side=None, created="#created by tagtext tests") -> str:
    """A YDK file: one line a copy; ``side`` None: no !side line."""
    lines = [created, "#main"]
    lines += [str(card) for card, n in main for _ in range(n)]
    lines.append("#extra")
    lines += [str(card) for card, n in extra for _ in range(n)]
    if side is not None:
        lines.append("!side")
        lines += [str(card) for card, n in side for _ in range(n)]
    return "\n".join(lines) + "\n"


def make(text: str, label: str = "A"):
    return ygo_deck.parse_deck(text, f"deck-{label}.ydk", label)


def check(*texts: str, facts=None):
    decks = [make(t, label) for t, label in zip(texts, "AB")]
    return ygo_deck.check_team(decks, facts)


def rules_of(report) -> list[str]:
    return [p.rule for p in report.problems]
