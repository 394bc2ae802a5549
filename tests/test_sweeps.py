"""scripts/tag_tamer_sweeps.py: every shipped text with the wording of a Tag Tamer fidelity
item is handled as the item says, and no look-alike is reached."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[1] / "scripts" / "tag_tamer_sweeps.py"


def _load():
    spec = importlib.util.spec_from_file_location("tag_tamer_sweeps", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def test_every_item_covers_its_class_and_no_look_alike(capsys):
    assert _load().main(["--counts"]) == 0, capsys.readouterr().out


def test_a_shape_finds_what_it_says_and_not_its_look_alike():
    sweeps = _load()
    item = {i.number: i for i in sweeps.ITEMS}
    assert list(sweeps.matches(item[1], "[Main] If you have 0 memory, gain 1 memory."))
    assert not list(sweeps.matches(item[1], "[Main] If you have 0 or less memory, gain 1 memory."))
    assert list(sweeps.matches(item[6], "[On Play] Your opponent draws 2 cards."))
    assert list(sweeps.matches(item[6], "[All Turns] When your opponent draws a card, gain 1 memory.",
                               item[6].alike))
    picked = "[On Play] Your opponent may trash 1 card in their hand. If your opponent didn't, gain 1 memory."
    trigger = "[All Turns] When cards are added to your opponent's hand, your opponent adds 1 card to it."
    assert list(sweeps.matches(item[3], picked)) and not list(sweeps.matches(item[3], trigger))
    milled = ("[On Play] Your opponent may trash 1 card in their hand. If they don't, trash the top 2 cards of "
              "your opponent's deck.")
    returned = "[On Play] Reveal the top card of your opponent's deck. Return it to the bottom of your opponent's deck."
    assert list(sweeps.matches(item[8], milled)) and not list(sweeps.matches(item[8], returned))
    assert list(sweeps.matches(item[8], returned, item[8].alike))
