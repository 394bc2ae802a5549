"""The errata site: its HTML pages and static files, rendered with Jinja2.

    index.html        the changed cards, grouped (by set, or by name: the pack's choice),
                      with a filter box
    cards-<G>.html    when more than PAGE_LIMIT cards are shown: one page per group, and
                      index.html lists the groups and searches every card (cards-index.js,
                      loaded when a search is typed)
    rules.html        each rule with a real example; the special rulings and their reasons
    maintainers.html  residuals, stale rulings, unreadable texts, skipped database entries
    static/           errata.css (responsive; a print style) and filter.js (plain JavaScript)

Every link between pages is relative and nothing is fetched from elsewhere, so the site
works offline and from file:// (a card's link to its page on the game's card site is an
ordinary link, followed only when clicked). Autoescaping is on for every template: card
text is data, shown as text.

The pages speak the card text's language (the pack's ``language``): ``<html lang>``, the
font stack (errata.css, by ``:lang()``) and the site's words. The templates are written in
English, each sentence a ``{% trans %}`` block or ``_("…")`` (Jinja's i18n extension,
whitespace trimmed); a language's words are a catalog, English sentence -> the language's,
in ``words/<language>.toml`` (:func:`tagtext.errata.catalog.words`); what the pack says
for people (its rules, residuals, card types) is in its own ``words.toml`` (the model reads
it). A sentence a catalog lacks is shown in
English. ``_()`` takes literal HTML (the templates' own words); a word of the data (a
ruling's mode, a flag's noun) goes through ``word()``, which escapes.
"""

from __future__ import annotations

import datetime
import functools
import json
import os
import re
from importlib import resources
from pathlib import Path

from jinja2 import Environment, PackageLoader, StrictUndefined
from markupsafe import Markup, escape

from .. import __version__
from ..controls import visible
from ..records import record
from .catalog import words
from .grouping import NO_SET
from .model import Errata, FileNames, anchor, shorten

PAGES = ("index.html", "rules.html", "maintainers.html")
STATIC_DIR = "static"
#: More cards than this are shown one group (set, letter) a page: a phone opens a page of
#: a few hundred cards at once, not one of thousands (4,261 Yu-Gi-Oh! cards: 8 MB)
PAGE_LIMIT = 1000
#: The search index of a site split into pages
SEARCH_INDEX = "cards-index.js"


@functools.lru_cache(maxsize=4)
def environment(language: str = "en") -> Environment:
    """The Jinja2 environment of the pages in ``language``: package templates, autoescape
    on, undefined names fail, the language's words (:func:`words`)."""
    env = Environment(
        loader=PackageLoader("tagtext.errata", "templates"),
        autoescape=True,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        finalize=_shown,
        extensions=["jinja2.ext.i18n"],
    )
    env.policies["ext.i18n.trimmed"] = True
    catalog = words(language)

    def gettext(message: str) -> str:
        return catalog.get(message, message)

    def ngettext(singular: str, plural: str, n: int) -> str:
        return gettext(singular if n == 1 else plural)

    env.install_gettext_callables(gettext, ngettext, newstyle=True)
    env.globals.update(
        word=gettext,
        # the group of cards with no set is named in the pages' words; a set code is data
        group_name=lambda code: gettext(code) if code == NO_SET else code,
        version=__version__,
        rule_anchor=lambda rule_id: anchor("rule", rule_id),
        ruling_anchor=lambda ruling_id: anchor("ruling", ruling_id),
        card_anchor=lambda card_id: anchor("card", card_id),
    )
    env.filters["attribution"] = attribution_html
    env.filters["shorten"] = shorten
    env.filters["source_name"] = source_name
    return env


def _shown(value):
    """Every value a template prints: text with its control characters made visible (a
    NUL or an escape sequence in a card's text is no HTML character); markup the
    templates built (from values already shown) as it is."""
    if isinstance(value, str) and not isinstance(value, Markup):
        return visible(value)
    return value


def write_site(errata: Errata, out: Path) -> list[str]:
    """Write the site's files into the directory ``out``; returns their relative paths."""
    env = environment(errata.language)
    layout = Layout.of(errata)
    catalog = words(errata.language)
    site_name = Markup(catalog.get("%(title)s errata", "%(title)s errata")) % {"title": errata.format.title}
    context = {"errata": errata, "layout": layout, "card_href": layout.card_href, "built": build_date(),
               "description": description(errata), "site_name": site_name}
    written = []
    for page in PAGES:
        html = env.get_template(page).render(page=page, **context)
        (out / page).write_text(html, encoding="utf-8")
        written.append(page)
    if layout.split:
        template = env.get_template("cards.html")
        for group in errata.sets:
            page = layout.pages[group.code]
            (out / page).write_text(template.render(page=page, group=group, **context), encoding="utf-8")
            written.append(page)
        (out / SEARCH_INDEX).write_text(search_index(errata, layout), encoding="utf-8")
        written.append(SEARCH_INDEX)
    static_out = out / STATIC_DIR
    static_out.mkdir(exist_ok=True)
    for entry in resources.files("tagtext.errata").joinpath(STATIC_DIR).iterdir():
        if entry.is_file() and not entry.name.startswith("."):
            (static_out / entry.name).write_bytes(entry.read_bytes())
            written.append(f"{STATIC_DIR}/{entry.name}")
    return written


@record(frozen=True)
class Layout:
    """Which page each group of cards is on: index.html for all of them, or (``split``)
    a page of its own each."""

    split: bool
    #: group code -> page
    pages: dict[str, str]
    #: card id -> page
    card_pages: dict[str, str]

    @classmethod
    def of(cls, errata: Errata) -> "Layout":
        split = errata.cards > PAGE_LIMIT
        pages: dict[str, str] = {}
        files = FileNames(PAGES)   # "bt1" and "BT1" on a case-blind disk are one file
        for group in errata.sets:
            if not split:
                pages[group.code] = "index.html"
                continue
            stem = re.sub(r"[^A-Za-z0-9_-]", "-", group.code).strip("-") or "other"
            pages[group.code] = files.take(f"cards-{stem}", ".html")
        card_pages = {c.card.id: pages[group.code] for group in errata.sets for c in group.cards}
        return cls(split, pages, card_pages)

    def card_href(self, card_id: str) -> str:
        """The link to a card's entry, from any page."""
        return f"{self.card_pages.get(card_id, 'index.html')}#{anchor('card', card_id)}"


def search_index(errata: Errata, layout: Layout) -> str:
    """The script the index page of a split site loads to search every card: per card its
    id, name, link, and the words the filter matches (the printed texts and what the
    format's texts add)."""
    cards = []
    for group in errata.sets:
        for view in group.cards:
            words = [view.card.id, view.card.name, group.code]
            for text in view.texts:
                words.append("".join(seg.text for seg in text.printed))
                words.extend(seg.text for seg in text.tagtamer if seg.marked)
            cards.append([view.card.id, view.card.name, layout.card_href(view.card.id),
                          " ".join(" ".join(words).lower().split())])
    body = json.dumps({"cards": cards}, ensure_ascii=False, separators=(",", ":")).replace("</", "<\\/")
    return "window.TAGTEXT_SEARCH = " + body + ";\n"


def build_date() -> str:
    """The day the site is built (UTC), or the day ``SOURCE_DATE_EPOCH`` names, the
    reproducible-builds convention, so a rebuild can give the same bytes."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    try:
        moment = datetime.datetime.fromtimestamp(int(epoch), datetime.timezone.utc) if epoch \
            else datetime.datetime.now(datetime.timezone.utc)
    except (ValueError, OverflowError, OSError):
        moment = datetime.datetime.now(datetime.timezone.utc)
    return moment.date().isoformat()


#: the link previews' sentence (:func:`description`), as catalogs key it
DESCRIPTION = ("%(title)s errata: %(cards)s cards of the %(game)s whose text changes in %(title)s, the printed "
               "and the %(title)s text side by side, each change explained by its rule.")


def description(errata: Errata) -> str:
    """One sentence for link previews (a chat, a search engine), in the pages' language."""
    sentence = words(errata.language).get(DESCRIPTION, DESCRIPTION)
    return sentence % {"title": errata.format.title, "game": errata.format.game,
                       "cards": errata.summary.get("cards_shown", errata.cards)}


def source_name(source: str) -> str:
    """What a reader is told the cards were read from: the file's name, not where it sat on
    the machine that built the pages ("shipped DigimonCards.json" stays as it is)."""
    name = re.split(r"[\\/]", source.rstrip("/\\"))[-1] or source
    return name.removeprefix("shipped ")


_CODE = re.compile(r"`([^`]+)`")
_STRONG = re.compile(r"\*\*([^*]+)\*\*")


def attribution_html(text: str) -> Markup:
    """The database's SOURCE.md as HTML: paragraphs, ``- `` lists, **bold** and `code`.

    Only that much Markdown is understood; everything is escaped first, so the text can
    add no markup of its own.
    """
    blocks = []
    for block in re.split(r"\n\s*\n", text.strip()):
        lines = block.splitlines()
        if lines and lines[0].startswith("# "):
            blocks.append(Markup("<p><b>{}</b></p>").format(_inline(lines[0][2:])))
            lines = lines[1:]
        if not lines:
            continue
        if lines[0].startswith("- "):
            items: list[str] = []
            for line in lines:
                if line.startswith("- "):
                    items.append(line[2:])
                elif items:
                    items[-1] += " " + line.strip()
            blocks.append(Markup("<ul>{}</ul>").format(
                Markup("").join(Markup("<li>{}</li>").format(_inline(item)) for item in items)))
        else:
            blocks.append(Markup("<p>{}</p>").format(_inline(" ".join(line.strip() for line in lines))))
    return Markup("\n").join(blocks)


def _inline(text: str) -> Markup:
    html = str(escape(text))
    html = _CODE.sub(r"<code>\1</code>", html)
    html = _STRONG.sub(r"<b>\1</b>", html)
    return Markup(html)
