"""An organiser's or maintainer's own banlist (deck check --banlist FILE, tagtext.toml's
banlist), laid over the pack's per card; and a report that names the banlist it used, its
date, whether it is empty, and what could not be checked."""

from __future__ import annotations

import json

from click.testing import CliRunner

from tagtext.cli.main import cli
from tagtext.packs.tag_tamer.deck import banlist as tt_banlist
from tagtext.packs.ygo_tag.deck import banlist as ygo_banlist

from .conftest import FIXTURES
from .ygo.conftest import FIXTURES as YGO_FIXTURES


def run(*args):
    return CliRunner().invoke(cli, ["deck", "check", *map(str, args)])


OURS = '''# our-banlist.toml
format = "Tag Tamer (our league)"
last_updated = 2026-11-01
banned = ["BT1-010"]
restricted = ["ST01-16"]
banned_pairs = [{ cards = ["BT1-085"], with = ["BT1-086"] }]
'''


def test_a_card_has_the_status_the_maintainers_file_gives_it():
    shipped = tt_banlist.parse('format = "Tag Tamer"\nlast_updated = "BT-21"\nbanned = ["BT1-001", "BT1-002"]\n'
                               'restricted = ["BT1-003"]\nbanned_pairs = [{ cards = ["BT1-004"], with = ["BT1-005"] }]\n',
                               "shipped.toml")
    ours = tt_banlist.parse('last_updated = "BT-22"\nrestricted = ["BT1-001"]\nunrestricted = ["BT1-003"]\n'
                            'banned = ["BT1-006"]\nbanned_pairs = [{ cards = ["BT1-004"], with = ["BT1-005"] }]\n',
                            "ours.toml")
    merged = tt_banlist.merge(shipped, ours)
    assert merged.banned == {"BT1-002", "BT1-006"}                  # BT1-001 moved to restricted, BT1-006 added
    assert merged.restricted == {"BT1-001"} and merged.unrestricted == {"BT1-003"}
    assert len(merged.banned_pairs) == 1                             # the same pair once
    assert (merged.format, merged.last_updated, merged.source) == ("Tag Tamer", "BT-22", "shipped.toml + ours.toml")
    assert merged.info().entries == 4 and not merged.info().empty


def test_deck_check_with_a_banlist(tmp_path):
    ours = tmp_path / "our-banlist.toml"
    ours.write_text(OURS, encoding="utf-8")
    result = run(FIXTURES / "red-a.txt", FIXTURES / "blue-b.json", "--banlist", ours)
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    assert lines[2] == (f"Banlist: Tag Tamer (our league) banlist, last updated 2026-11-01 (tag_tamer/deck/banlist.toml"
                        f" + {ours}): 1 banned, 1 restricted, 1 banned pairs")
    assert "  BT1-010 Agumon: 2 in A + 2 in B = 4, banned by the format's banlist (banned card)" in lines
    # what the file does check is no longer "not checked"; the database's list still is
    assert [line for line in lines if "NOT checked" in line] == [
        "  NOT checked: the official banned and restricted cards (the card database has no \"restrictions\" field; "
        "the Digimon Card App's full DigimonCards.json has them)"]
    doc = json.loads(run(FIXTURES / "red-a.txt", "--banlist", ours, "--json").stdout)
    assert doc["banlist"] == {"name": "Tag Tamer (our league) banlist", "source": f"tag_tamer/deck/banlist.toml + {ours}",
                              "last_updated": "2026-11-01", "entries": 3, "empty": False,
                              "counts": "1 banned, 1 restricted, 1 banned pairs"}
    assert len(doc["not_checked"]) == 1


def test_the_shipped_empty_banlist_is_said_to_be_empty_in_json():
    doc = json.loads(run(FIXTURES / "red-a.txt", FIXTURES / "blue-b.json", "--json").stdout)
    assert doc["legal"] is True and doc["banlist"]["empty"] is True and doc["banlist"]["last_updated"] == "BT-21"
    assert [n.split(" (")[0] for n in doc["not_checked"]] == [
        "the format's own banned and restricted cards and banned pairs", "the official banned and restricted cards"]


def test_unrestricted_frees_a_card_the_database_bans(tmp_path):
    db = tmp_path / "cards.json"
    db.write_text(json.dumps([{"id": "BT1-010", "name": {"english": "Agumon"}, "cardType": "Digimon",
                               "restrictions": {"english": "Banned"}}]))
    deck = tmp_path / "d.txt"
    deck.write_text("1 BT1-010\n")
    free = tmp_path / "free.toml"
    free.write_text('unrestricted = ["BT1-010"]\n')
    banned = [p["rule"] for p in json.loads(run(deck, "--db", db, "--json").stdout)["problems"]]
    freed = [p["rule"] for p in json.loads(run(deck, "--db", db, "--banlist", free, "--json").stdout)["problems"]]
    assert banned == ["deck-size", "banned"] and freed == ["deck-size"]


def test_a_bad_banlist_is_one_line(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text('banned = ["Agumon"]\n')
    result = run(FIXTURES / "red-a.txt", "--banlist", bad)
    assert result.exit_code == 2 and result.stderr == f"tagtext: error: {bad}: banned: 'Agumon' is not a card id\n"
    missing = run(FIXTURES / "red-a.txt", "--banlist", tmp_path / "nope.toml")
    assert missing.exit_code == 2 and missing.stderr == f"tagtext: error: {tmp_path / 'nope.toml'}: no such file\n"


def test_the_project_files_banlist(tmp_path, monkeypatch):
    (tmp_path / "our-banlist.toml").write_text(OURS, encoding="utf-8")
    (tmp_path / "tagtext.toml").write_text('banlist = "our-banlist.toml"\n', encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    result = run(FIXTURES / "red-a.txt", FIXTURES / "blue-b.json")
    assert result.exit_code == 1 and "banned by the format's banlist" in result.stdout


# ----------------------------------------------------------------------------- Yu-Gi-Oh!

def test_an_organisers_forbidden_and_limited_list(tmp_path):
    ours = tmp_path / "league.toml"
    ours.write_text('name = "League F&L"\nlast_updated = 2026-10-01\nunlimited = ["Pot of Greed", 83764718]\n'
                    'forbidden = ["Effect Veiler"]\n', encoding="utf-8")
    shipped = run(YGO_FIXTURES / "carol.ydk", "--pack", "ygo-tag", "--json")
    league = run(YGO_FIXTURES / "carol.ydk", "--pack", "ygo-tag", "--json", "--banlist", ours)
    rules = lambda result: sorted(p["rule"] for p in json.loads(result.stdout)["problems"])  # noqa: E731
    assert rules(shipped) == ["copies-per-player", "extra-deck-monster-in-main", "forbidden", "limited", "side-deck"]
    assert rules(league) == ["extra-deck-monster-in-main", "forbidden", "side-deck"]   # Veiler now Forbidden
    doc = json.loads(league.stdout)
    veiler = next(p for p in doc["problems"] if p["rule"] == "forbidden")
    assert veiler["name"] == "Effect Veiler"
    assert doc["banlist"]["name"] == "League F&L" and doc["banlist"]["last_updated"] == "2026-10-01"
    assert doc["banlist"]["source"] == f"the TCG statuses of shipped ygo-cards.json, as ygo_tag/deck/banlist.toml + {ours} changes them"


def test_a_card_no_database_has_is_an_error(tmp_path):
    ours = tmp_path / "league.toml"
    ours.write_text('forbidden = ["Pot of Gred"]\n', encoding="utf-8")
    result = run(YGO_FIXTURES / "carol.ydk", "--pack", "ygo-tag", "--banlist", ours)
    assert result.exit_code == 2
    assert result.stderr == f"tagtext: error: {ours}: 'Pot of Gred' is no card of shipped ygo-cards.json\n"
    twice = tmp_path / "twice.toml"
    twice.write_text('limited = ["Raigeki"]\nforbidden = ["raigeki"]\n', encoding="utf-8")
    result = run(YGO_FIXTURES / "carol.ydk", "--pack", "ygo-tag", "--banlist", twice)
    assert result.exit_code == 2 and result.stderr == f"tagtext: error: {twice}: 'Raigeki' is listed twice\n"
    assert ygo_banlist.load().statuses == {}                         # the shipped file changes no status


def test_a_database_with_no_forbidden_and_limited_statuses_checks_none(tmp_path):
    db = tmp_path / "cardinfo.json"
    db.write_text(json.dumps({"data": [{"id": 55144522, "name": "Pot of Greed", "type": "Spell Card",
                                        "desc": "Draw 2 cards."}]}))
    deck = tmp_path / "d.ydk"
    deck.write_text("#main\n" + "55144522\n" * 3)
    result = run(deck, "--pack", "ygo-tag", "--db", db)
    lines = result.stdout.splitlines()
    assert "EMPTY, it bans and restricts no card" in lines[1]
    assert lines[-1].startswith("  NOT checked: Forbidden, Limited and Semi-Limited cards")
