"""Build the errata site's fallback font for the full-width punctuation of card text.

    python3 -m venv /tmp/fontvenv && /tmp/fontvenv/bin/pip install fonttools brotli
    /tmp/fontvenv/bin/python scripts/make_fullwidth_font.py   # rewrites the @font-face in errata.css

Card text uses full-width ＜ ＞ (U+FF1C, U+FF1E: "＜Draw 1＞"), ・ (U+30FB), ， (U+FF0C)
and the ideographic space (U+3000). Only CJK fonts have them, and a reader without one
(a Linux desktop with DejaVu alone, say) sees empty boxes. The site's font stack starts
with "Tagtext Fullwidth": this font, drawn here (simple outlines, no font's glyphs copied;
MIT like the rest of tagtext), with only those five characters (its unicode-range), so
every other character keeps the system's font. It is embedded in errata.css as a data:
URL, so it works offline and from file:// (where browsers may refuse font files).
"""

from __future__ import annotations

import base64
import io
import math
import re
import sys
from pathlib import Path

from fontTools.fontBuilder import FontBuilder
from fontTools.pens.ttGlyphPen import TTGlyphPen

FAMILY = "Tagtext Fullwidth"
CSS = Path(__file__).resolve().parents[1] / "tagtext" / "errata" / "static" / "errata.css"
EM, ASCENT, DESCENT = 1000, 880, 120
MID = 330          # the height of a "<" sign's middle in a Latin font at this em
STROKE = 80        # a chevron arm's thickness, measured vertically


def polygon(pen, points) -> None:
    # TrueType outer contours run clockwise
    area = sum(x1 * y2 - x2 * y1 for (x1, y1), (x2, y2) in zip(points, points[1:] + points[:1]))
    if area > 0:
        points = points[::-1]
    pen.moveTo(points[0])
    for p in points[1:]:
        pen.lineTo(p)
    pen.closePath()


def chevron(pointing_left: bool):
    """A full-width < (or >): two arms meeting at the middle height."""
    left, right, half = 200, 800, 290
    slope = half / (right - left)
    inner = STROKE / slope  # where the inner edges (the outer ones, STROKE lower) meet
    pts = [(right, MID + half), (right, MID + half - STROKE), (left + inner, MID),
           (right, MID - half + STROKE), (right, MID - half), (left, MID)]
    if not pointing_left:
        pts = [(EM - x, y) for x, y in pts]
    pen = TTGlyphPen(None)
    polygon(pen, [(round(x), round(y)) for x, y in pts])
    return pen.glyph()


def dot(cx: int, cy: int, r: int):
    """A round dot (・)."""
    pts = [(cx + r * math.cos(a), cy + r * math.sin(a)) for a in (2 * math.pi * k / 24 for k in range(24))]
    pen = TTGlyphPen(None)
    polygon(pen, [(round(x), round(y)) for x, y in pts])
    return pen.glyph()


def comma(cx: int, cy: int, r: int):
    """A comma (，): a round head and a tail that curves down to the left, long and wide
    enough that at text size it never reads as a full stop (a dot with a stub did)."""
    # the head: round from its right (-30 degrees), over the top, to its bottom (270)
    head = [(cx + r * math.cos(math.radians(a)), cy + r * math.sin(math.radians(a))) for a in range(-30, 271, 15)]
    # the tail: down its left edge to the tip, then back up its right edge to the head
    left = [(cx - 0.1 * r, cy - 1.6 * r), (cx - 0.35 * r, cy - 2.2 * r)]
    tip = (cx - 0.8 * r, cy - 2.8 * r)
    right = [(cx + 0.2 * r, cy - 2.3 * r), (cx + 0.7 * r, cy - 1.6 * r), (cx + 0.95 * r, cy - 0.95 * r)]
    pen = TTGlyphPen(None)
    polygon(pen, [(round(x), round(y)) for x, y in head + left + [tip] + right])
    return pen.glyph()


def build() -> bytes:
    glyphs = {
        ".notdef": TTGlyphPen(None).glyph(),
        "uniFF1C": chevron(True),
        "uniFF1E": chevron(False),
        "uni30FB": dot(500, MID, 75),
        "uniFF0C": comma(230, 60, 72),
        "uni3000": TTGlyphPen(None).glyph(),
    }
    fb = FontBuilder(EM, isTTF=True)
    fb.setupGlyphOrder(list(glyphs))
    fb.setupCharacterMap({0xFF1C: "uniFF1C", 0xFF1E: "uniFF1E", 0x30FB: "uni30FB", 0xFF0C: "uniFF0C", 0x3000: "uni3000"})
    fb.setupGlyf(glyphs)
    metrics = {}
    for name, glyph in glyphs.items():
        glyph.recalcBounds(fb.font["glyf"])
        metrics[name] = (EM if name != ".notdef" else 500, getattr(glyph, "xMin", 0))
    fb.setupHorizontalMetrics(metrics)
    fb.setupHorizontalHeader(ascent=ASCENT, descent=-DESCENT)
    fb.setupNameTable({"familyName": FAMILY, "styleName": "Regular",
                       "copyright": "Drawn for tagtext; MIT license, like tagtext",
                       "licenseDescription": "MIT"})
    fb.setupOS2(sTypoAscender=ASCENT, sTypoDescender=-DESCENT, usWinAscent=ASCENT, usWinDescent=DESCENT)
    fb.setupPost()
    fb.font.flavor = "woff2"
    out = io.BytesIO()
    fb.save(out)
    return out.getvalue()


def main() -> int:
    data = build()
    face = ("@font-face {\n"
            f'  font-family: "{FAMILY}";\n'
            f'  src: url("data:font/woff2;base64,{base64.b64encode(data).decode()}") format("woff2");\n'
            "  unicode-range: U+3000, U+30FB, U+FF0C, U+FF1C, U+FF1E;\n"
            "}")
    css = CSS.read_text(encoding="utf-8")
    pattern = re.compile(r'@font-face \{\n  font-family: "' + FAMILY + r'";.*?\n\}', re.S)
    if not pattern.search(css):
        print(f"no @font-face for {FAMILY} in {CSS}", file=sys.stderr)
        return 1
    CSS.write_text(pattern.sub(lambda m: face, css), encoding="utf-8")
    print(f"{CSS}: {FAMILY}, {len(data)} bytes of WOFF2")
    return 0


if __name__ == "__main__":
    sys.exit(main())
