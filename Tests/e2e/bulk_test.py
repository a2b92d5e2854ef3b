#!/usr/bin/env python3
"""End-to-end: changes to many records at once (issue 32, item 4), in tmux against
`proptui serve --models FILE --seed 1000`, checked by an independent client (urllib):
`*` marks all 1,000 categories, `y` copies them as NDJSON (read back from tmux's buffer with
Python's json), `d` deletes them after one question, and one `u` brings every one back, under its
own key on Gen 2 (as new records on the versioned dialect, whose tombstones hold the keys).

    python3 Tests/e2e/bulk_test.py [path/to/proptui]

Waits are on the app's idle signal or on the screen, never a fixed sleep.
"""
import json
import os
import subprocess
import sys
import tempfile
import time

from e2e_support import check, run_scenarios
from models_app_test import ModelsServer, ROOT, project, start, until, in_both_dialects
from outbox_test import free_port
from tui_test import TIMEOUT

COUNT = 1000


def categories(server):
    """Every category the server lists, page by page (tombstones too, on the versioned dialect)."""
    fields = "id name kind _deleted" if server.versioned else "id name kind"
    items, token = [], None
    while True:
        page = server.graphql("query($t: String) { listCategories(limit: 1000, nextToken: $t) { items { %s } nextToken } }" % fields,
                              {"t": token})["data"]["listCategories"]
        items += page["items"]
        token = page["nextToken"]
        if not token:
            return items


def alive(server):
    return [c for c in categories(server) if not c.get("_deleted")]


def clipboard(app):
    return subprocess.run(["tmux", "-L", app.socket, "show-buffer"], capture_output=True, text=True).stdout


def marked_delete_and_one_undo(binary, schema):
    work = tempfile.mkdtemp(prefix="proptui-bulk-e2e-")
    server = ModelsServer(binary, work + "/server", free_port(), project(work), "--schema", schema, "--seed", str(COUNT))
    server.start()
    seeded = alive(server)
    check(len(seeded) == COUNT, f"the server holds the {COUNT} seeded categories", len(seeded))
    app = start(binary, work, "--model", "Category")
    try:
        app.tmux("set-option", "-g", "set-clipboard", "on")  # tmux takes OSC 52 into a paste buffer
        app.wait(lambda s: s["rows"] == COUNT and s["busy"] == 0 and s["loading"] == 0, "the whole list")
        app.keys("*")
        app.expect(lambda s: "1,000 marked" in s, "* marks every row, and the rule says how many")

        app.keys("y")
        deadline = time.monotonic() + TIMEOUT
        copied = ""
        while time.monotonic() < deadline and copied.count("\n") < COUNT:
            copied = clipboard(app)
            time.sleep(0.05)
        records = [json.loads(line) for line in copied.splitlines() if line]
        check(sorted(r["id"] for r in records) == sorted(c["id"] for c in seeded),
              "y copies the marked rows as NDJSON, one record a line: every category's id", len(records))
        by_id = {c["id"]: c for c in seeded}
        check(all(r["name"] == by_id[r["id"]]["name"] and r["kind"] == by_id[r["id"]]["kind"] for r in records),
              "each line holds the record's values as the server's items do")

        app.keys("d")
        app.expect(lambda s: "Delete 1,000 records?" in s, "d asks one question, naming the count")
        app.keys("y")
        app.wait(lambda s: s["pending"] == 0 and s["rows"] == 0, "the deletes to be answered")
        check(until(lambda: not alive(server), "the server to hold none of them"), "the independent client finds none of them")
        app.keys("m")
        app.expect(lambda s: "Deleted 1,000 records." in s, "m keeps how the batch ended")
        app.keys("Escape")

        app.keys("u")
        app.wait(lambda s: s["pending"] == 0 and s["rows"] == COUNT, "one u to bring every row back")
        back = until(lambda: (lambda held: held if len(held) == COUNT else None)(alive(server)), "the server to hold them again")
        check(len(back) == COUNT, f"one u brings all {COUNT} back on the server", len(back))
        values = lambda held: sorted(json.dumps([c["name"], c["kind"]]) for c in held)  # kind may be null
        check(values(back) == values(seeded), "each with its values")
        if schema == "gen2":
            check({c["id"] for c in back} == set(by_id), "Gen 2: every record under its own key")
        else:
            check(not ({c["id"] for c in back} & set(by_id)), "versioned: back as new records (the tombstones keep the old keys)")
        app.keys("m")
        app.expect(lambda s: "Brought back 1,000 records." in s, "m keeps how the undo ended")
        app.keys("Escape")
    finally:
        app.close()
        server.stop()


if __name__ == "__main__":
    binary = sys.argv[1] if len(sys.argv) > 1 else str(ROOT / ".build" / "debug" / "proptui")
    run_scenarios(binary, [
        in_both_dialects(marked_delete_and_one_undo,
                         "1,000 marked rows copied as NDJSON, deleted after one question, and brought back by one u."),
    ])
