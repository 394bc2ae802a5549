"""Residuals (RULES-NOTES 16): what a rule covers but cannot rewrite is left as printed and
reported with its reason. The per-rule before/after cases are in rules/<rule-id>.json."""

from __future__ import annotations

import tagtext


def test_a_count_used_as_a_value_is_a_residual():
    # BT7-100
    text = "When using this card from your hand, its memory cost is equal to the number of cards in your security stack."
    result = tagtext.rewrite(text)
    assert result.text == text
    assert [r.text for r in result.residuals] == ["number of cards in your security stack"]
    assert "special ruling" in result.residuals[0].reason
