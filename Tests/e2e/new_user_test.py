#!/usr/bin/env python3
"""End-to-end: what a new user tripped on (issue 19): one creation order on every client. The
real binary in tmux against `proptui serve` (both dialects where the sender is concerned).

    python3 Tests/e2e/new_user_test.py [path/to/proptui]

Waits are on the app's idle signal or on the screen, never a fixed sleep.
"""
import re
import shutil
import sys
import tempfile
from pathlib import Path

from e2e_support import check, run_scenarios
from outbox_test import Server, free_port, start_app
from tui_test import TIMEOUT, App, list_lines, pending_row, row_line

ROOT = Path(__file__).resolve().parents[2]


def online(screen):
    return "● online" in screen.splitlines()[0]


def shown_order(screen, names):
    """The names among `names` that the list shows, top to bottom."""
    return [name for line in list_lines(screen) for name in names if name in line]


def records_by_creation(server):
    """The server's live records, by `createdAt` then id (either dialect answers this query)."""
    items, token = [], None
    while True:
        page = server.graphql(
            "query($t: String) { listRealEstateProperties(limit: 1000, nextToken: $t) "
            "{ items { id name createdAt } nextToken } }", {"t": token})
        connection = page["data"]["listRealEstateProperties"]
        items += [item for item in connection["items"] if item]
        token = connection["nextToken"]
        if not token:
            break
    live = [item for item in items if not item.get("_deleted")]
    return sorted(live, key=lambda item: (item["createdAt"], item["id"]))


def name_field_holds(screen, text):
    """The name being typed holds `text`: the sample's input line, or the name's line of the form."""
    return re.search(r"(New property name:|▸ name \*)\s+" + re.escape(text), screen) is not None


def add(app, name):
    app.keys("n")
    app.type(name)
    app.keys("Enter")


def two_instances_agree_on_creation_order(binary):
    """By creation is one order: A's confirmed row stays above B's later one, on A, on B and on the server."""
    work = tempfile.mkdtemp(prefix="proptui-newuser-e2e-")
    server = Server(binary, work + "/server", free_port())
    server.start()
    a = start_app(binary, server, work + "/a")
    b = start_app(binary, server, work + "/b")
    try:
        for app in (a, b):
            app.expect(online, "an instance is online", timeout=TIMEOUT)
        add(a, "Made First In A")
        a.wait(lambda s: s["pending"] == 0, "A's create to be confirmed")
        b.expect(lambda s: row_line(s, "Made First In A") is not None, "A's create reaches B", timeout=TIMEOUT)
        add(b, "Made Later In B")
        b.wait(lambda s: s["pending"] == 0, "B's create to be confirmed")
        names = ["Made First In A", "Made Later In B"]
        a.expect(lambda s: shown_order(s, names) == names, "A shows its own older row above B's", timeout=TIMEOUT)
        b.expect(lambda s: shown_order(s, names) == names, "B shows the same order", timeout=TIMEOUT)
        check([r["name"] for r in records_by_creation(server)] == names, "the server's createdAt agrees")
    finally:
        a.close()
        b.close()
        server.stop()
        shutil.rmtree(work, ignore_errors=True)


def offline_creates_keep_the_order_made(schema):
    def scenario(binary):
        work = tempfile.mkdtemp(prefix="proptui-newuser-e2e-")
        options = ("--schema", "gen2") if schema == "gen2" else ()
        server = Server(binary, work + "/server", free_port(), *options)
        server.start()
        app = start_app(binary, server, work + "/app")
        try:
            app.expect(online, "the app is online", timeout=TIMEOUT)
            server.stop()
            names = [f"Offline Made {n}" for n in range(1, 7)]
            for name in names:
                add(app, name)
            app.expect(lambda s: "offline" in s.splitlines()[0] and all(pending_row(s, n) for n in names),
                       "offline: six creates, pending", timeout=TIMEOUT)
            check(shown_order(app.screen(), names) == names, "pending creates sit at the end in the order made", app.screen())
            server.start()
            app.wait(lambda s: s["pending"] == 0, "the outbox to drain")
            check([r["name"] for r in records_by_creation(server)] == names,
                  "the server's createdAt keeps the order the creates were made", records_by_creation(server))
            app.expect(lambda s: shown_order(s, names) == names, "confirmed, the list keeps that order")
        finally:
            app.close()
            server.stop()
            shutil.rmtree(work, ignore_errors=True)

    scenario.__doc__ = f"Creates made offline reach the server ({schema}) in the order they were made, and stay in it on screen."
    return scenario


def refused_create_says_what_went_with_it(binary):
    """Edits on a create the server refuses are named when they go with it, and n offers the record as last shown."""
    app = App(binary, "--latency", "2s", "--fail-rate", "1")
    try:
        app.wait(lambda s: s["rows"] >= 6 and s["busy"] == 0, "the seeded list")
        add(app, "Doomed")
        app.expect(lambda s: pending_row(s, "Doomed"), "the create is on screen at once")
        app.keys("r", "C-u")
        app.type("Doomed renamed")
        app.keys("Enter", "e", "C-u")
        app.type("1 Lost Lane")
        app.keys("Enter")
        app.expect(lambda s: pending_row(s, "Doomed renamed") and "1 Lost Lane" in s, "renamed and addressed while the create is on the wire")
        app.wait(lambda s: s["pending"] == 0, "the create to be refused")
        app.expect(lambda s: "add “Doomed” failed, reverted with its rename and its address" in s.replace("\n", ""),
                   "the status line says the rename and the address went with the create")
        app.expect(lambda s: "n try “Doomed renamed” again" in s, "the hint offers the record as it was last shown")
        app.keys("n")
        app.expect(lambda s: name_field_holds(s, "Doomed renamed") and "1 Lost Lane" in s,
                   "n: the field holds the last name, and the address goes with it")
    finally:
        app.close()


def undoing_an_add_from_its_detail(binary):
    """u in the detail of a property just added says it undid the add, and goes back to the list."""
    app = App(binary)
    try:
        app.wait(lambda s: s["rows"] >= 6 and s["busy"] == 0, "the seeded list")
        add(app, "Undo me")
        app.wait(lambda s: s["pending"] == 0, "the create to be confirmed")
        app.keys("Enter")
        app.expect(lambda s: "Undo me" in s and "Sync" in s, "the detail of the new property")
        app.keys("u")
        # Then the server's confirmation of the undo, in the same words.
        app.expect(lambda s: "Undid adding “Undo me”" in s or "Undid the last change to “Undo me”" in s,
                   "the status line says what the undo did")
        screen = app.screen()
        check("deleted elsewhere" not in screen and "gone" not in screen, "nobody else is blamed", screen)
        check(row_line(screen, "Undo me") is None and "Sync" not in screen, "back in the list, without the row", screen)
        # Issue 29, item 5: not even for a moment, in the messages kept.
        app.keys("m")
        app.expect(lambda s: "Messages, newest first" in s, "the messages")
        screen = app.screen()
        check("deleted elsewhere" not in screen, "no message blames anyone else", screen)
        app.keys("Escape")
    finally:
        app.close()


SCENARIOS = [
    refused_create_says_what_went_with_it,
    undoing_an_add_from_its_detail,
    two_instances_agree_on_creation_order,
    offline_creates_keep_the_order_made("versioned"),
    offline_creates_keep_the_order_made("gen2"),
]


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else str(ROOT / ".build" / "debug" / "proptui")
    run_scenarios(binary, SCENARIOS)


if __name__ == "__main__":
    main()
