"""T26 (clarify only): 持ち主の zones are the card's owner's (no change)."""

from __future__ import annotations

import re  # noqa: F401 - some claims read the words around a player

from ..analysis import players as pl  # noqa: F401
from .common import clarify_of

ID = "T26"


def claims(m: pl.Mention, analysis) -> bool:
    """持ち主の zones: a card goes to its owner's zone.

    Seed: 「自分のカードが他のプレイヤーのゾーンに侵入することは絶対にありません」. 「そのプレイヤー」 after
    a card's owner (そのクリーチャーの持ち主は…そのプレイヤーは) is that owner."""
    return m.word == "プレイヤー" and m.lead == "その" and "持ち主" in m.before


RULE = clarify_of(ID, claims, "持ち主の zones are the card's owner's (no change)", None)
