"""The Digimon card's text fields, as the Digimon Card App's files name them, and their labels:
pack data the pack's class and its card database (``carddb``) both read. Kept apart so that
the pack starts without its database reader (a ``tagtext rewrite`` needs no card file)."""

from __future__ import annotations

#: Effect text: what a card does.
EFFECT_FIELDS = ("effect", "digivolveEffect", "securityEffect", "linkEffect", "optionCardEffect")
#: Requirement and rule lines the app keeps in fields of their own.
REQUIREMENT_FIELDS = (
    "specialDigivolve", "dnaDigivolve", "burstDigivolve", "digiXros", "assembly",
    "linkRequirement", "aceEffect", "rule",
)
#: Every field whose text tagtext reads, in the order outputs list them.
TEXT_FIELDS = EFFECT_FIELDS + REQUIREMENT_FIELDS

#: How each text field is labelled for people (the errata pages).
FIELD_LABELS = {
    "effect": "Effect",
    "digivolveEffect": "Inherited effect",
    "securityEffect": "Security effect",
    "linkEffect": "Link effect",
    "optionCardEffect": "Option effect",
    "specialDigivolve": "Special digivolve",
    "dnaDigivolve": "DNA digivolve",
    "burstDigivolve": "Burst digivolve",
    "digiXros": "DigiXros",
    "assembly": "Assembly",
    "linkRequirement": "Link requirement",
    "aceEffect": "ACE",
    "rule": "Rule",
}
