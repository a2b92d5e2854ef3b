#!/usr/bin/env python3
"""End-to-end: a paste never runs keys, even one that carries the paste-end marker itself.

    python3 Tests/e2e/paste_test.py [path/to/proptui]

The attack: `printf 'Injected\\033[201~\\rkdy'` pasted into a field (tmux's `paste-buffer -p`
passes the pasted marker through, then adds its own). Without the rule in
`Terminal/KeyDecoder.swift` the field saved "Injected", then `k` moved up and `d` `y` deleted
the row above. The rule: what arrives in the same burst as a paste's end is part of the paste.
"""
import os
import sys
from pathlib import Path

from e2e_support import check, run_scenarios
from tui_test import App, row_line

ROOT = Path(__file__).resolve().parents[2]
ATTACK = "Injected\x1b[201~\rkdy"
SEEDED = ["東京タワー アパート", "Café Müller", "Maison Lumière", "Harbour View Loft", "Casa São João", "Sunset Bungalow"]


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
        check("New property name" in screen, "the field is still open: ⏎ in the paste did not save it", screen)
        check(rows(screen) == rows(before), "no row was deleted", screen)
        check("deleted" not in screen and "Injected" not in "".join(rows(screen)), "nothing was deleted or added", screen)
        app.keys("Escape")
        after = app.expect(lambda s: "New property name" not in s or "(n)" in s, "Esc closes the field")
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


def main():
    binary = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else str(ROOT / ".build" / "debug" / "proptui"))
    run_scenarios(binary, (pasted_marker_in_a_field, pasted_marker_in_the_list))


if __name__ == "__main__":
    main()
