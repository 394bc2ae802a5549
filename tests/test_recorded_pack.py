"""Conversions record their pack; whatever reads one (errata, diff) uses it and refuses
another; a database given to the wrong pack is named. Every pack's conversion validates
against the one schema."""

from __future__ import annotations

import gzip
import json

import jsonschema
import pytest
from click.testing import CliRunner

from tagtext import convert, packs
from tagtext.cli.main import cli
from tagtext.errata.site import words as site_words


def run(*args):
    return CliRunner().invoke(cli, [str(a) for a in args], catch_exceptions=False)


def _one_line_error(result, *phrases):
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("tagtext: error: ")
    for phrase in phrases:
        assert phrase in lines[0], (phrase, lines[0])


@pytest.fixture(scope="module")
def conversions(tmp_path_factory):
    """Each installed pack's conversion of its shipped database (json and jsonl)."""
    root = tmp_path_factory.mktemp("conversions")
    out = {}
    for name in packs.names():
        for fmt in ("json", "jsonl"):
            path = root / f"{name}.{fmt}"
            result = run("convert", "--pack", name, "-o", path)
            assert result.exit_code == 0, result.output
            out[name, fmt] = path
    return out


@pytest.fixture(scope="module")
def databases(tmp_path_factory):
    """Each installed pack's shipped database, exported."""
    root = tmp_path_factory.mktemp("databases")
    out = {}
    for name in packs.names():
        pack = packs.get(name)
        path = root / f"{name}-{pack.shipped_name}"
        path.write_bytes(pack.shipped_database())
        out[name] = path
    return out


@pytest.mark.parametrize("name", packs.names())
def test_every_packs_conversion_validates_against_the_schema(conversions, name):
    pack = packs.get(name)
    document = json.loads(conversions[name, "json"].read_text(encoding="utf-8"))
    assert document["pack"] == {"name": name, "version": pack.version}
    for schema in (convert.schema(), convert.schema(pack)):
        errors = list(jsonschema.Draft202012Validator(schema).iter_errors(document))
        assert not errors, [f"{list(e.path)}: {e.message}" for e in errors[:5]]
    schema = convert.schema(pack)
    card = jsonschema.Draft202012Validator({"$ref": "#/$defs/card", "$defs": schema["$defs"]})
    for line in conversions[name, "jsonl"].read_text(encoding="utf-8").splitlines()[:200]:
        record = json.loads(line)
        assert record["pack"] == document["pack"]
        assert not list(card.iter_errors(record))


def test_a_packs_schema_refuses_another_packs_fields_and_name(conversions):
    names = packs.names()
    first, second = packs.get(names[0]), packs.get(names[1])
    document = json.loads(conversions[second.name, "json"].read_text(encoding="utf-8"))
    assert list(jsonschema.Draft202012Validator(convert.schema(first)).iter_errors(document))
    del document["pack"]
    assert list(jsonschema.Draft202012Validator(convert.schema(second)).iter_errors(document))
    assert not list(jsonschema.Draft202012Validator(convert.schema()).iter_errors(document))


@pytest.mark.parametrize("fmt", ["json", "jsonl"])
def test_errata_and_diff_use_the_recorded_pack(conversions, fmt, tmp_path):
    for name in packs.names():
        path = conversions[name, fmt]
        result = run("errata", path, "-o", tmp_path / name)
        assert result.exit_code == 0, result.output
        pack = packs.get(name)  # the site's name, in the pack's language
        site_name = site_words(pack.language).get("%(title)s errata", "%(title)s errata") % {"title": pack.title}
        assert site_name in (tmp_path / name / "rules.html").read_text(encoding="utf-8")
        result = run("diff", path, path, "--exit-code")
        assert result.exit_code == 0 and "No differences" in result.output, result.output


def test_a_conversion_read_with_another_pack_is_refused_in_one_line(conversions, tmp_path):
    names = packs.names()
    for made, given in ((names[0], names[1]), (names[1], names[0])):
        path = conversions[made, "json"]
        for args in (("errata", path, "-o", tmp_path / "site"), ("diff", path, path)):
            result = run(*args, "--pack", given)
            assert result.exit_code != 0
            _one_line_error(result, f"converted with pack {made}, not {given}", f"give --pack {made}")
        assert not (tmp_path / "site").exists()


def test_two_conversions_of_different_packs_are_not_compared(conversions):
    names = packs.names()
    result = run("diff", conversions[names[0], "json"], conversions[names[1], "jsonl"])
    assert result.exit_code == 1
    _one_line_error(result, f"with pack {names[0]}", f"with {names[1]}", "convert both with one pack")


def test_a_conversion_that_records_no_pack_needs_one(conversions, tmp_path):
    document = json.loads(conversions["tag-tamer", "json"].read_text(encoding="utf-8"))
    del document["pack"]
    old = tmp_path / "old.json.gz"
    old.write_bytes(gzip.compress(json.dumps(document).encode()))
    result = run("errata", old, "-o", tmp_path / "site")
    assert result.exit_code == 1
    _one_line_error(result, "does not record the pack that made it", "give --pack NAME")
    assert run("errata", old, "-o", tmp_path / "site", "--pack", "tag-tamer").exit_code == 0


def test_a_conversion_of_a_pack_not_installed(conversions, tmp_path):
    document = json.loads(conversions["tag-tamer", "json"].read_text(encoding="utf-8"))
    document["pack"] = {"name": "dm-tag", "version": "1.0"}
    path = tmp_path / "dm.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    result = run("errata", path, "-o", tmp_path / "site")
    assert result.exit_code == 1
    _one_line_error(result, "converted with pack 'dm-tag', which is not installed", "install it")


def test_a_database_of_another_pack_is_named(databases, tmp_path):
    names = packs.names()
    for made, given in ((names[0], names[1]), (names[1], names[0])):
        path = databases[made]
        for args in (("convert", path, "-o", tmp_path / "out.json"), ("coverage", path),
                     ("errata", path, "-o", tmp_path / "site"), ("check-overrides", path),
                     ("convert", path, "--format", "database", "-o", tmp_path / "out.json")):
            result = run(*args, "--pack", given)
            assert result.exit_code == 1, (args, result.output)
            _one_line_error(result, f"this looks like a {made} database, not a {given} one", f"give --pack {made}")
        assert not (tmp_path / "out.json").exists() and not (tmp_path / "site").exists()
    # without --pack: the default pack reads it, and the message names the one it belongs to
    other = next(name for name in names if name != packs.DEFAULT)
    result = run("convert", databases[other], "-o", tmp_path / "out.json")
    _one_line_error(result, f"this looks like a {other} database", f"give --pack {other}")
    result = run("diff", databases[other], databases[other])
    _one_line_error(result, f"this looks like a {other} database", f"give --pack {other}")


def test_a_database_diffed_with_a_conversion_is_read_with_its_pack(conversions, databases):
    for name in packs.names():
        result = run("diff", databases[name], conversions[name, "jsonl"], "--exit-code")
        assert result.exit_code == 0 and "No differences" in result.output, result.output


#: the packs tagtext ships (the tests' toy pack, installed too, reads any Japanese list)
SHIPPED = ("tag-tamer", "ygo-tag", "dm-tag-commander", "bd-tag")


@pytest.mark.parametrize("made", SHIPPED)
def test_each_packs_database_given_to_each_other_pack_is_named(databases, made):
    for given in SHIPPED:
        if given != made:
            with pytest.raises(packs.PackMismatch) as caught:
                packs.load_database(packs.get(given), str(databases[made]))
            assert f"this looks like a {made} database, not a {given} one; give --pack {made}" in str(caught.value)


def test_a_huge_database_no_pack_reads_is_not_read_whole_by_every_other_pack(tmp_path, monkeypatch):
    """Naming another pack's database reads a bounded sample of the entries with each
    other pack, not the whole file with each (20,000 ``{}``: a couple of thousand each)."""
    path = tmp_path / "empty-objects.json"
    path.write_text("[" + ",".join(["{}"] * 20000) + "]", encoding="utf-8")
    read: dict[str, list[int]] = {}
    for name in packs.names():
        pack = packs.get(name)

        def counted(data, source, fmt="json", _read=pack.database_from_bytes, _name=name):
            database = _read(data, source, fmt)
            read.setdefault(_name, []).append(database.entries)
            return database
        monkeypatch.setattr(pack, "database_from_bytes", counted)
    tried = packs.get(packs.DEFAULT)
    database = packs.load_database(tried, str(path))
    assert database.entries == 20000 and not database.cards
    others = [name for name in packs.names() if name != tried.name]
    assert sorted(read) == sorted(others)  # each other pack was asked ...
    assert all(sum(counts) <= 2000 for counts in read.values()), read  # ... about a sample only
