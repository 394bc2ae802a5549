"""The errata site: three HTML pages and their static files, rendered with Jinja2.

    index.html        the changed cards, grouped by set, with a filter box
    rules.html        each rule with a real example; the special rulings and their reasons
    maintainers.html  residuals, stale rulings, unreadable texts, skipped database entries
    static/           errata.css (responsive) and filter.js (plain JavaScript)

Every link is relative and nothing is fetched, so the site works offline and from
file://. Autoescaping is on for every template: card text is data, shown as text.
"""

from __future__ import annotations

import functools
import re
from importlib import resources
from pathlib import Path

from jinja2 import Environment, PackageLoader, StrictUndefined
from markupsafe import Markup, escape

from .. import __version__
from .model import Errata, anchor, shorten

PAGES = ("index.html", "rules.html", "maintainers.html")
STATIC_DIR = "static"


@functools.lru_cache(maxsize=1)
def environment() -> Environment:
    """The Jinja2 environment: package templates, autoescape on, undefined names fail."""
    env = Environment(
        loader=PackageLoader("tagtext.errata", "templates"),
        autoescape=True,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.globals.update(
        version=__version__,
        rule_anchor=lambda rule_id: anchor("rule", rule_id),
        ruling_anchor=lambda ruling_id: anchor("ruling", ruling_id),
        card_anchor=lambda card_id: anchor("card", card_id),
    )
    env.filters["attribution"] = attribution_html
    env.filters["shorten"] = shorten
    env.filters["source_name"] = source_name
    return env


def write_site(errata: Errata, out: Path) -> list[str]:
    """Write the site's files into the directory ``out``; returns their relative paths."""
    env = environment()
    written = []
    for page in PAGES:
        html = env.get_template(page).render(errata=errata, page=page)
        (out / page).write_text(html, encoding="utf-8")
        written.append(page)
    static_out = out / STATIC_DIR
    static_out.mkdir(exist_ok=True)
    for entry in resources.files("tagtext.errata").joinpath(STATIC_DIR).iterdir():
        if entry.is_file() and not entry.name.startswith("."):
            (static_out / entry.name).write_bytes(entry.read_bytes())
            written.append(f"{STATIC_DIR}/{entry.name}")
    return written


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
