#!/usr/bin/env python3
"""Draws an asciicast v2 recording as pictures: an animated GIF of the whole recording and a
PNG still for each marker (a tape's `Screenshot NAME.png`), named after the marker.

The terminal is emulated by pyte and drawn with Pillow, in DejaVu Sans Mono with Noto Sans CJK
for wide characters (fonts-dejavu-core, fonts-noto-cjk). Run by Scripts/make-demos.sh, which
installs all of that; by hand:

    python3 Scripts/render_cast.py RECORDING.cast --gif OUT.gif --stills DIR
"""
import argparse
import json
import os
import unicodedata

import pyte
from fontTools.ttLib import TTCollection, TTFont
from PIL import Image, ImageDraw, ImageFont

FONT_SIZE = 15
PADDING = 12
# Output closer together than this is one frame (curses writes a frame in a burst).
FRAME_STEP = 0.02
LAST_FRAME_HOLD = 3.0
FONTS = {
    "regular": "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf",
    "bold": "/usr/share/fonts/truetype/dejavu/DejaVuSansMono-Bold.ttf",
    "symbols": "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    "wide": "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
}
# A dark theme: the sixteen ANSI colours (Tango), then pyte's names for them.
BACKGROUND = (30, 30, 36)
FOREGROUND = (220, 220, 214)
ANSI = {
    "black": (46, 52, 54), "red": (239, 80, 80), "green": (115, 210, 22), "brown": (237, 212, 0),
    "blue": (114, 159, 207), "magenta": (173, 127, 168), "cyan": (52, 226, 226), "white": (211, 215, 207),
    "brightblack": (85, 87, 83), "brightred": (255, 110, 110), "brightgreen": (138, 226, 52),
    "brightbrown": (252, 233, 79), "brightblue": (140, 180, 230), "brightmagenta": (200, 150, 200),
    "brightcyan": (110, 240, 240), "brightwhite": (238, 238, 236),
}


def read_cast(path):
    with open(path, encoding="utf-8") as file:
        header = json.loads(file.readline())
        events = [json.loads(line) for line in file if line.strip()]
    return header, events


class Fonts:
    """Pillow fonts plus which characters each covers (from the fonts' own tables)."""

    def __init__(self):
        self.regular = ImageFont.truetype(FONTS["regular"], FONT_SIZE)
        self.bold = ImageFont.truetype(FONTS["bold"], FONT_SIZE)
        self.symbols = ImageFont.truetype(FONTS["symbols"], FONT_SIZE)
        self.wide = ImageFont.truetype(FONTS["wide"], FONT_SIZE, index=0) if os.path.exists(FONTS["wide"]) else None
        self.mono_cover = set(TTFont(FONTS["regular"]).getBestCmap())
        self.symbol_cover = set(TTFont(FONTS["symbols"]).getBestCmap())
        self.wide_cover = set(TTCollection(FONTS["wide"]).fonts[0].getBestCmap()) if self.wide else set()
        self.baseline = round(FONT_SIZE * 1.05)
        self.cell_width = round(self.regular.getlength("M"))
        self.cell_height = round(FONT_SIZE * 1.35)

    def pick(self, text, bold):
        code = ord(text[0])
        if code in self.mono_cover:
            return self.bold if bold else self.regular
        if code in self.symbol_cover:
            return self.symbols
        if code in self.wide_cover:
            return self.wide
        return self.regular


# Box-drawing characters are drawn as lines, so that they join across the line spacing.
BOX = {"─": "lr", "│": "ud", "┌": "rd", "┐": "ld", "└": "ru", "┘": "lu", "├": "udr", "┤": "udl",
       "┬": "lrd", "┴": "lru", "┼": "lrud"}


def draw_box(pen, x, y, width, height, directions, fill):
    middle_x, middle_y = x + width // 2, y + height // 2
    ends = {"l": (x, middle_y), "r": (x + width, middle_y), "u": (middle_x, y), "d": (middle_x, y + height)}
    for direction in directions:
        pen.line([(middle_x, middle_y), ends[direction]], fill=fill, width=1)


def colour(name, default):
    if name == "default":
        return default
    if name in ANSI:
        return ANSI[name]
    if len(name) == 6:
        try:
            return tuple(int(name[i:i + 2], 16) for i in (0, 2, 4))
        except ValueError:
            pass
    return default


def draw(screen, fonts):
    width = screen.columns * fonts.cell_width + 2 * PADDING
    height = screen.lines * fonts.cell_height + 2 * PADDING
    image = Image.new("RGB", (width, height), BACKGROUND)
    pen = ImageDraw.Draw(image)
    for row in range(screen.lines):
        line = screen.buffer[row]
        column = 0
        while column < screen.columns:
            char = line[column]
            text = char.data or " "
            wide = unicodedata.east_asian_width(text[0]) in "WF" if text.strip() else False
            span = 2 if wide else 1
            fg = colour(char.fg, FOREGROUND)
            bg = colour(char.bg, BACKGROUND)
            if char.bold and char.fg in ANSI and not char.fg.startswith("bright"):
                fg = ANSI["bright" + char.fg]
            if char.reverse:
                fg, bg = bg, fg
            x = PADDING + column * fonts.cell_width
            y = PADDING + row * fonts.cell_height
            if bg != BACKGROUND:
                pen.rectangle([x, y, x + span * fonts.cell_width - 1, y + fonts.cell_height - 1], fill=bg)
            if text in BOX:
                draw_box(pen, x, y, fonts.cell_width, fonts.cell_height, BOX[text], fg)
            elif text.strip():
                font = fonts.pick(text, char.bold)
                # On a common baseline: the CJK font's ascent differs from DejaVu's.
                pen.text((x, y + fonts.baseline), text, font=font, fill=fg, anchor="ls")
            if char.underscore:
                pen.line([x, y + fonts.cell_height - 2, x + span * fonts.cell_width, y + fonts.cell_height - 2], fill=fg)
            column += span
    return image


def render(cast_path, gif_path, stills_dir):
    header, events = read_cast(cast_path)
    screen = pyte.Screen(header["width"], header["height"])
    stream = pyte.Stream(screen)
    fonts = Fonts()
    frames, times = [], []
    last_frame_time = None
    pending_change = False
    stills = []

    def snapshot(time):
        frames.append(draw(screen, fonts))
        times.append(time)

    for time, kind, data in events:
        if kind == "o":
            if pending_change and last_frame_time is not None and time - last_frame_time >= FRAME_STEP:
                snapshot(last_frame_time)
                pending_change = False
            stream.feed(data)
            pending_change = True
            last_frame_time = time
        elif kind == "m" and stills_dir:
            path = os.path.join(stills_dir, os.path.basename(data))
            draw(screen, fonts).save(path, optimize=True)
            stills.append(path)
    if pending_change:
        snapshot(last_frame_time)
    if gif_path and frames:
        durations = [max(20, round((later - earlier) * 1000)) for earlier, later in zip(times, times[1:])]
        durations.append(round(LAST_FRAME_HOLD * 1000))
        frames[0].save(gif_path, save_all=True, append_images=frames[1:], duration=durations, loop=0, optimize=True)
    return len(frames), stills


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("cast")
    parser.add_argument("--gif", help="write the animation here")
    parser.add_argument("--stills", help="write a PNG per marker into this folder")
    arguments = parser.parse_args()
    count, stills = render(arguments.cast, arguments.gif, arguments.stills)
    print(f"render_cast: {arguments.cast}: {count} frames" + (f" -> {arguments.gif}" if arguments.gif else "")
          + "".join(f", {still}" for still in stills))


if __name__ == "__main__":
    main()
