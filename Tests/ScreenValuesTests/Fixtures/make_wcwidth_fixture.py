#!/usr/bin/env python3
"""Writes wcwidth-widths.txt beside this file: the column widths Python's `wcwidth`
gives every assigned code point of the ranges proptui supports, and every cluster of
the emoji sequence kinds it draws (flags, keycaps, skin tones, VS16, ZWJ sequences).
WcwidthAgreementTests compares ScreenValues' widths (`Character.terminalWidth`) with it.

    python3 -m pip install wcwidth==0.7.0   # (in a virtual environment)
    python3 Tests/ScreenValuesTests/Fixtures/make_wcwidth_fixture.py

Format: `# ...` comments; `R first last width` for a run of code points (hex) of the
same width; `C scalar scalar ... width` for a cluster (hex scalars).
"""
import unicodedata
from pathlib import Path

import wcwidth

# The ranges proptui supports (see TextWidth.swift), as inclusive (first, last).
RANGES = [
    (0x20, 0x7E), (0xA0, 0x24F),            # Latin
    (0x250, 0x2FF), (0x300, 0x36F),         # IPA, spacing modifiers, combining diacritics
    (0x370, 0x52F),                         # Greek, Cyrillic
    (0x1100, 0x11FF),                       # Hangul jamo
    (0x2010, 0x2027), (0x2030, 0x205E),     # general punctuation (without formats and bidi controls)
    (0x20A0, 0x20C0), (0x20D0, 0x20F0),     # currency, combining marks for symbols (keycap)
    (0x2100, 0x27BF),                       # letterlike, arrows, maths, technical, boxes, shapes, symbols, dingbats
    (0x2B00, 0x2BFF),                       # miscellaneous symbols and arrows
    (0x2E80, 0x303E), (0x3041, 0x33FF),     # CJK radicals, symbols, kana, bopomofo, compatibility
    (0x3400, 0x4DBF), (0x4E00, 0x9FFF),     # CJK ideographs
    (0xA960, 0xA97F), (0xAC00, 0xD7A3),     # Hangul
    (0xF900, 0xFAFF), (0xFE10, 0xFE19), (0xFE30, 0xFE6F), (0xFF00, 0xFFEF),  # compatibility, forms
    (0x1F000, 0x1FAFF),                     # mahjong, cards, enclosed, emoji, symbols and pictographs
    (0x20000, 0x2FFFD),                     # CJK extensions B-F
]


def supported(value):
    category = unicodedata.category(chr(value))
    return category not in ("Cn", "Cs", "Co", "Cc") and wcwidth.wcwidth(chr(value)) >= 0


def runs():
    for first, last in RANGES:
        start = None
        width = None
        for value in range(first, last + 2):
            current = wcwidth.wcwidth(chr(value)) if value <= last and supported(value) else None
            if current != width or value == last + 1:
                if width is not None:
                    yield start, value - 1, width
                start, width = value, current


def clusters():
    ri = range(0x1F1E6, 0x1F200)
    for a in ri:
        for b in ri:
            yield chr(a) + chr(b)                           # every regional indicator pair
    for base in "0123456789#*":
        yield base + "\uFE0F\u20E3"                         # keycaps
    for base in (0x261D, 0x270B, 0x1F44B, 0x1F44D, 0x1F468, 0x1F469, 0x1F3C3, 0x1F590, 0x1F64B, 0x1F9D1):
        for tone in range(0x1F3FB, 0x1F400):
            yield chr(base) + chr(tone)                     # skin tones on common bases
    for value in range(0x2000, 0x1FAFF + 1):
        text = chr(value) + "\uFE0F"
        if supported(value) and wcwidth.wcwidth(chr(value)) == 1 and wcwidth.width(text) == 2:
            yield text                                      # text-default symbols asked to be emoji
    yield from [
        "\U0001F468\u200D\U0001F469\u200D\U0001F467",
        "\U0001F468\u200D\U0001F469\u200D\U0001F467\u200D\U0001F466",
        "\U0001F469\u200D\u2764\uFE0F\u200D\U0001F48B\u200D\U0001F468",
        "\U0001F3F3\uFE0F\u200D\U0001F308",
        "\U0001F441\uFE0F\u200D\U0001F5E8\uFE0F",
        "\U0001F469\U0001F3FF\u200D\U0001F4BB",
        "\U0001F9D1\u200D\U0001F91D\u200D\U0001F9D1",
        "\U0001F3F4\u200D\u2620\uFE0F",
        "\U0001F415\u200D\U0001F9BA",
        "e\u0301", "a\u0308\u0304", "\u1100\u1161\u11A8",
    ]


def main():
    lines = [f"# Python wcwidth {wcwidth.__version__}: written by make_wcwidth_fixture.py; do not edit"]
    lines += [f"R {first:X} {last:X} {width}" for first, last, width in runs()]
    for text in clusters():
        lines.append("C " + " ".join(f"{ord(c):X}" for c in text) + f" {wcwidth.width(text)}")
    Path(__file__).with_name("wcwidth-widths.txt").write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
