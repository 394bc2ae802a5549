"""The game-agnostic engine: problems, their sentence, the driver's scopes, the report."""

from __future__ import annotations

from tagtext.deck import Deck, DeckEntry, DeckRule, Problem, Report, Team, run_rules
from tagtext.deck.report import count_phrase


def _deck(label, **counts):
    return Deck(f"{label}.txt", "test", [DeckEntry(c, n, i + 1) for i, (c, n) in enumerate(counts.items())], label)


def test_problem_sentence_as_the_issue_gives_it():
    p = Problem(rule="team-restriction", rule_title="team restriction", allowed="the team may hold 4",
                card="BT1-010", name="Agumon", counts={"A": 3, "B": 2}, limit=4)
    assert p.message() == "BT1-010 Agumon: 3 in A + 2 in B = 5, the team may hold 4 (team restriction)"
    assert p.total == 5


def test_count_phrase():
    assert count_phrase({"A": 5}) == "5 in A"
    assert count_phrase({"A": 0, "B": 2}) == "2 in B"
    assert count_phrase({"A": 1, "B": 1}) == "1 in A + 1 in B = 2"


def test_team_counts_every_deck():
    team = Team((_deck("A", x=1, y=2), _deck("B", y=3, z=1)))
    assert team.cards() == ["x", "y", "z"]
    assert team.counts("y") == {"A": 2, "B": 3} and team.total("y") == 5
    assert team.counts("z") == {"A": 0, "B": 1}


def test_driver_runs_deck_rules_per_deck_and_skips_team_only_rules_alone():
    seen = []

    def per_deck(team, facts):
        """Each deck."""
        seen.append(("deck", team.labels, facts))
        return []

    def team_only(team, facts):
        """The team as a whole."""
        seen.append(("team", team.labels, facts))
        yield Problem(rule="t", rule_title="t", allowed="no", card="x", counts=team.counts("x"))

    rules = (DeckRule("d", "deck", per_deck), DeckRule("t", "team", team_only, alone=False))
    two = Team((_deck("A", x=1), _deck("B", x=1)))
    problems, ran = run_rules(two, rules, "facts")
    assert seen == [("deck", ("A",), "facts"), ("deck", ("B",), "facts"), ("team", ("A", "B"), "facts")]
    assert ran == ["d", "t"] and [p.rule for p in problems] == ["t"]
    seen.clear()
    problems, ran = run_rules(Team((_deck("A", x=1),)), rules, "facts")
    assert ran == ["d"] and problems == [] and seen == [("deck", ("A",), "facts")]


def test_report_json_and_legality():
    p = Problem(rule="r", rule_title="r", allowed="no", deck="A", counts={"A": 48}, limit=50, unit="cards")
    report = Report("pk", "Format", [], [p], ["r"], ["cards: x"])
    doc = report.to_json()
    assert doc["legal"] is False and doc["pack"] == "pk"
    assert doc["problems"] == [{"rule": "r", "card": None, "name": None, "counts": {"A": 48}, "total": 48,
                                "limit": 50, "deck": "A", "message": "A: 48 cards, no (r)"}]
    assert Report("pk", "Format", [], []).legal


def test_a_problem_shows_a_long_card_name_cut_and_keeps_it_whole_in_json():
    """An unknown card is named as its deck line gave it, and a line may be as long as the
    file (the sweep's 100,000-character line made a 300,000-character report line)."""
    name = "X" * 100_000
    p = Problem(rule="unknown-card", rule_title="unknown card", allowed="not in the database",
                card=name, counts={"A": 1}, related=({"card": name, "counts": {"B": 1}},))
    assert len(p.message()) < 400 and p.message().startswith("X" * 60 + "…")
    assert p.to_json()["card"] == name
