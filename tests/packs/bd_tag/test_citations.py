"""Every sentence of the seed's section 901 and of its deck sections (401, 402) is cited by a
rule fixture (tests/packs/bd_tag/rules/*.json, in a case's note) or a deck case
(test_deck.py), in the seed's own words; with ../shared present, each quote is checked to
be the seed's (PDF text: its spaces kept)."""

from __future__ import annotations

from pathlib import Path

import pytest

from .conftest import SHARED

HERE = Path(__file__).resolve().parent

#: section -> a quote of each of its sentences (the examples' quoted texts included)
SENTENCES = {
    "901-1": ("プレイヤー以外の特定のカードや能力を対象とせずに", "対象を選択するのと同じ時点で"),
    "901-1 例1": ("「相手は手札を 2枚捨てる」",),
    "901-1 例2": ("「このユニットが登場したとき、そのターン中、相手のユニット全ては -5000」",),
    "901-2": ("それが特定のプレイヤーを指定せずに単に “相手” の支配する",),
    "901-2a": ("そのようなカードや能力を複数選択する場合",),
    "901-2a 例": ("「相手のユニット 2体を対象とし、それを破壊する」",),
    "901-3": ("永続能力による持続効果が特定のプレイヤーを指定せずに単に “相手” に対して適用される場合",),
    "901-3 例": ("「相手の手札の上限は－1枚」",),
    "901-3a": ("いずれか一方の相手がその条件を満たす場合に",),
    "901-3a 例": ("「相手の手札が 0枚なら、このユニットのパワー＋1000」",),
    "401-1": ("未開放面のテリトリーカードのカード名が異なるもの",),
    "401-2": ("チーム内でデッキ内のカード枚数を同一にする必要はありません",),
    "402-1": ("両チームが合意した場合、あるいは大会等の規定により指定する場合",),
    "402-1a": ("選択したエースカードは 4枚まで、それ以外のカードは 2枚まで",),
}


def _cited_in() -> str:
    parts = [path.read_text(encoding="utf-8") for path in sorted((HERE / "rules").glob("*.json"))]
    parts.append((HERE / "test_deck.py").read_text(encoding="utf-8"))
    return "\n".join(parts)


@pytest.mark.parametrize("section", list(SENTENCES))
def test_each_sentence_is_cited_by_a_fixture_or_a_deck_case(section):
    cited = _cited_in()
    for quote in SENTENCES[section]:
        assert quote in cited, (section, quote)


def test_the_quotes_are_the_seeds():
    seed = next(iter(sorted((SHARED / "seeds").glob("002_*.txt"))), None) if (SHARED / "seeds").exists() else None
    if seed is None:
        pytest.skip(f"no {SHARED}/seeds/002_*.txt: a fresh clone checks the citations only")
    text = seed.read_text(encoding="utf-8")
    assert [q for quotes in SENTENCES.values() for q in quotes if q not in text] == []
