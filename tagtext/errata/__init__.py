"""The errata pages: every card the format changes, for players and for the maintainers.

    build.py    load -> convert once (tagtext.batch) -> model -> write, whole or not at all
    model.py    what the pages show, worked out from a converted database
    spans.py    a text cut into plain and highlighted pieces, from its edits
    site.py     the static HTML site (Jinja2 templates in templates/, CSS and JS in static/)
    wiki.py     the same content as Markdown pipe tables, one file per set
    publish.py  writing a directory in a temporary sibling and renaming it into place
"""

from .build import FORMATS, BuildReport, build_errata, write_errata
from .model import Errata, build_model

__all__ = ["FORMATS", "BuildReport", "Errata", "build_errata", "build_model", "write_errata"]
