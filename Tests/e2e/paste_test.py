#!/usr/bin/env python3
"""End-to-end: a paste never runs keys, even one that carries the paste-end marker itself; a paste
goes in whole or not at all, and the key after it is a key.

    python3 Tests/e2e/paste_test.py [path/to/proptui]

The attack: `printf 'Injected\\033[201~\\rkdy'` pasted into a field (tmux's `paste-buffer -p`
passes the pasted marker through, then adds its own). Without the rule in
`Terminal/KeyDecoder.swift` the field saved "Injected", then `k` moved up and `d` `y` deleted
the row above. The rule: what arrives in the same burst as a paste's end is part of the paste.

Issue 29's pastes, in the sample and in the model browser (`--models FILE`): `Bad\\xff\\xfeUTF\\xc3(8`
(curses' own UTF-8 reading swallowed it, its end marker and the next key: nothing appeared, ⏎
then blamed a line break, and `j` in the list did nothing) and `Part1 ESC[200~ Part2 ⏎ dy`
("Part1" went in, the rest was refused). Both are refused whole, saying why; the next key counts.
"""
import os
import re
import shutil
import sys
import tempfile
from pathlib import Path

from e2e_support import check, run_scenarios
from models_app_test import public_models
from tui_test import App, row_line

ROOT = Path(__file__).resolve().parents[2]
ATTACK = "Injected\x1b[201~\rkdy"
NOT_UTF8 = b"Bad\xff\xfeUTF\xc3(8"
START_MARKER_INSIDE = b"Part1\x1b[200~Part2\rdy"
SEEDED = ["東京タワー アパート", "Café Müller", "Maison Lumière", "Harbour View Loft", "Casa São João", "Sunset Bungalow"]


def field_open(screen):
    """The new property's name is being typed: the sample's input line, or the form."""
    return "New property name" in screen or "New Real Estate Property" in screen


def rows(screen):
    return [name for name in SEEDED if row_line(screen, name) is not None]


def pasted_marker_in_a_field(binary):
    """`n`, then a paste holding the end marker, ⏎ k d y: nothing is saved, moved or deleted."""
    app = App(binary)
    try:
        app.wait(lambda s: s["rows"] >= 6 and s["busy"] == 0, "the seeded list")
        app.keys("j", "j", "j")  # a row with rows above it, so `k d y` would delete one
        before = app.screen()
        app.keys("n")
        app.paste(ATTACK)
        screen = app.expect(lambda s: "Not pasted" in s, "the paste is refused as a whole, saying why")
        check(field_open(screen), "the field is still open: ⏎ in the paste did not save it", screen)
        check(app.idle()["rows"] == 6 and "Delete" not in screen, "no row was deleted", screen)
        check("deleted" not in screen and "Injected" not in screen, "nothing was deleted or added", screen)
        app.keys("Escape")
        after = app.expect(lambda s: not field_open(s) or "(n)" in s, "Esc closes the field")
        check(row_line(after, "Injected") is None, "no “Injected” row was created", after)
        check(app.idle()["rows"] == 6 and app.idle()["pending"] == 0, "six rows, nothing pending", app.idle())
    finally:
        app.close()


def pasted_marker_in_the_list(binary):
    """The same paste with no field open: nothing runs at all."""
    app = App(binary)
    try:
        app.wait(lambda s: s["rows"] >= 6 and s["busy"] == 0, "the seeded list")
        app.keys("j", "j", "j")
        before = app.screen()
        app.paste(ATTACK)
        screen = app.expect(lambda s: "Nothing was pasted" in s, "a paste in the list is refused, saying where to paste")
        check(rows(screen) == rows(before) and "Delete" not in screen, "no key of it ran", screen)
        check(app.idle()["rows"] == 6 and app.idle()["pending"] == 0, "six rows, nothing pending", app.idle())
    finally:
        app.close()


def paste_bytes(app, data):
    """Pastes bytes as they are (tmux passes bytes that are not UTF-8, and markers, through)."""
    path = os.path.join(app.work, "paste.bin")
    Path(path).write_bytes(data)
    before = app.wait(lambda s: True, "the app to be idle")["keys"]
    app.tmux("load-buffer", "-b", "e2e-bytes", path)
    app.tmux("paste-buffer", "-p", "-d", "-b", "e2e-bytes")
    return app.wait(lambda s: s["keys"] >= before + 1, "the paste to be handled")


def selected(screen):
    """The name on the selected row (marked ▸)."""
    return next((name for name in SEEDED if (row_line(screen, name) or "").lstrip().startswith("▸")), None)


def sample_refuses_broken_pastes_whole(binary):
    """The sample: a paste not UTF-8, or holding the start marker, is refused whole, saying why; the next key counts."""
    app = App(binary)
    try:
        app.wait(lambda s: s["rows"] >= 6 and s["busy"] == 0, "the seeded list")
        app.keys("n")
        paste_bytes(app, NOT_UTF8)
        app.expect(lambda s: "Not pasted: the text is not valid UTF-8 (byte 0xFF at offset 3)." in s,
                   "a paste that is not UTF-8 is refused, saying so")
        paste_bytes(app, START_MARKER_INSIDE)
        screen = app.expect(lambda s: "Not pasted: the text has a line break, and a name is one line." in s,
                            "a paste holding the start marker is refused whole (for its line break first)")
        check("Part1" not in screen and "Bad" not in screen, "nothing of either paste went in", screen)
        app.type("j")
        app.expect(lambda s: re.search(r"(New property name:|▸ name \*)\s+j\s", s) is not None, "the j typed after them is in the field")
        app.keys("Escape")
        screen = app.expect(lambda s: "Discard what you typed" in s or not field_open(s), "Esc closes the field, or asks first")
        if "Discard what you typed" in screen:
            app.keys("y")  # the form asks before it drops what was typed
        app.expect(lambda s: not field_open(s), "Esc closes the field")

        # In the list: refused, and the j after it moves down (it was swallowed).
        before = selected(app.screen())
        paste_bytes(app, NOT_UTF8)
        app.expect(lambda s: "Nothing was pasted" in s, "a paste in the list is refused")
        app.keys("j")
        screen = app.expect(lambda s: selected(s) not in (None, before), "j after the paste moves the selection")
        check(app.idle()["rows"] == 6 and app.idle()["pending"] == 0, "six rows, nothing pending", app.idle())
    finally:
        app.close()


def browser_refuses_broken_pastes_whole(binary):
    """The model browser: the same pastes into a form's field are refused whole, saying why; the next key counts."""
    work = tempfile.mkdtemp(prefix="proptui-paste-e2e-")
    app = App(binary, "--models", str(public_models(work)), "--model", "Category", width=120)
    try:
        app.expect(lambda s: "No Category yet" in s, "the Category list", timeout=60)
        app.keys("n")
        app.expect(lambda s: "name" in s and "kind" in s, "n opens the form")
        # The form starts at the name: the id is made for you.
        paste_bytes(app, NOT_UTF8)
        app.expect(lambda s: "Not pasted: the text is not valid UTF-8 (byte 0xFF at offset 3)." in s,
                   "a paste that is not UTF-8 is refused, saying so")
        paste_bytes(app, START_MARKER_INSIDE)
        screen = app.expect(lambda s: "Not pasted: the text has a line break, and a name is one line." in s,
                            "a paste holding the start marker is refused whole (for its line break first, as the sample's)")
        check("Part1" not in screen and "Bad" not in screen, "nothing of either paste went in", screen)
        app.type("jazz")
        app.keys("Tab", "E", "C-s")
        app.wait(lambda s: s["rows"] == 1 and s["pending"] == 0, "the category to be saved")
        screen = app.expect(lambda s: "jazz" in s, "the category is saved as typed after the pastes, its j kept")
        check("Part1" not in screen and "Bad" not in screen and "azz" in screen, "no part of a paste was saved", screen)
    finally:
        app.close()
        shutil.rmtree(work, ignore_errors=True)


def main():
    binary = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else str(ROOT / ".build" / "debug" / "proptui"))
    run_scenarios(binary, (pasted_marker_in_a_field, pasted_marker_in_the_list, sample_refuses_broken_pastes_whole,
                           browser_refuses_broken_pastes_whole))


if __name__ == "__main__":
    main()
