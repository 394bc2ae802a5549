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


def dot(cx: int, cy: int, r: int, tail: tuple[int, int] | None = None):
    """A round dot (・), or a comma when it has a tail going down to the left."""
    pts = [(cx + r * math.cos(a), cy + r * math.sin(a)) for a in (2 * math.pi * k / 24 for k in range(24))]
    if tail is not None:
        # keep the dot's upper half and its right side, then run down to the tail's tip
        pts = [p for p in pts if not (p[1] < cy and p[0] < cx + r * 0.3)]
        start = pts.index(max(pts, key=lambda p: (p[1] < cy, -p[1])))
        pts = pts[start + 1:] + pts[:start + 1]
        pts.append(tail)
    pen = TTGlyphPen(None)
    polygon(pen, [(round(x), round(y)) for x, y in pts])
    return pen.glyph()


def build() -> bytes:
    glyphs = {
        ".notdef": TTGlyphPen(None).glyph(),
        "uniFF1C": chevron(True),
        "uniFF1E": chevron(False),
        "uni30FB": dot(500, MID, 75),
        "uniFF0C": dot(220, 40, 70, tail=(165, -150)),
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
