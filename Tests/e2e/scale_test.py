#!/usr/bin/env python3
"""End-to-end at scale: the real `proptui` in tmux against its embedded server holding
100,000 properties (seeded straight into the server's SQLite table, as a bulk insert).

The first rows are on screen while later pages still stream in, the header says how far
the load got, keys (moving, jumping, the filter, a new property) are answered while loading,
and once the whole list is read every row is reachable with G and nothing typed meanwhile
is lost. Killed in the middle of a first load, the next start keeps every row once. Every wait is on the app's idle signal. Usage:

    python3 Tests/e2e/scale_test.py [path/to/proptui]
"""
import hashlib
import os
import re
import shutil
import sqlite3
import sys
import tempfile

import tui_test
from e2e_support import check, finish, start_server
from tui_test import App, list_lines, row_line

ROWS = 100_000
# A debug build reads 100 pages of 1,000 in about 45 s here; a loaded CI machine may take
# several times that. Never reached when things work.
tui_test.TIMEOUT = 300


def seed(database, count):
    """`count` properties in one executemany, into the table the sample's versioned store had
    before it was served as one model among others: the server moves them into its models table
    when it first opens the file (so this also runs that move at scale). Ids are hashes, and
    pages come in scan order, in no particular creation order, as a DynamoDB scan's do."""
    def rows():
        for i in range(count):
            stamp = f"2024-05-01T10:{i // 60000 % 60:02d}:{i // 1000 % 60:02d}.{i % 1000:03d}Z"
            yield (hashlib.md5(str(i).encode()).hexdigest(), f"Property {i:06d}", f"{i} Scale St",
                   stamp, stamp, 1, 0, 1_700_000_000_000 + i)
    connection = sqlite3.connect(database)
    with connection:
        connection.execute(
            "CREATE TABLE realEstateProperty (id TEXT PRIMARY KEY, name TEXT NOT NULL, address TEXT, createdAt TEXT NOT NULL,"
            " updatedAt TEXT NOT NULL, version INTEGER NOT NULL, deleted BOOLEAN, lastChangedAt INTEGER NOT NULL)")
        connection.executemany(
            "INSERT INTO realEstateProperty (id, name, address, createdAt, updatedAt, version, deleted, lastChangedAt)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?)", rows())
    connection.close()


def prepared_data_dir(binary):
    """A data directory whose embedded server holds ROWS properties, written straight into
    SQLite before the server first opens it."""
    data = tempfile.mkdtemp(prefix="proptui-scale-")
    server_dir = os.path.join(data, "server")
    os.makedirs(server_dir)
    seed(os.path.join(server_dir, "proptui-server.sqlite"), ROWS)
    return data


def large_list(binary):
    data = prepared_data_dir(binary)
    # A little latency per request keeps the load going long enough to press keys during it
    # on a fast machine; the debug build needs no help.
    app = App(binary, "--data-dir", data, "--latency", "50ms", data_dir=False)
    try:
        first = app.wait(lambda s: s["rows"] > 0, "the first rows")
        check(first["loading"] == 1 and first["rows"] < ROWS,
              "the first rows are on screen while the rest of the list is still loading", first)
        app.expect(lambda screen: re.search(r"loading [\d,]+(…| of)", screen.splitlines()[0]) is not None
                   and "⟳" in screen.splitlines()[0] and "Property " in screen,
                   "the header shows the load's progress and the busy mark, the list shows rows")

        # Keys while loading: each is answered (the idle count moves) before the load ends.
        app.keys("j")
        app.keys("j")
        moved = app.keys("G")
        check(moved["loading"] == 1, "j and G are answered while loading", moved)
        app.expect(lambda screen: re.search(r"([\d,]+)–([\d,]+) of \2 rows", screen) is not None,
                   "G goes to the last row loaded so far")
        app.keys("/")
        app.type("property 00004")
        filtered = app.keys("Enter")
        app.expect(lambda screen: "filter “property 00004”" in screen,
                   "the filter is set while loading")
        app.keys("Escape")
        app.expect(lambda screen: "filter “" not in screen, "Esc clears the filter")
        app.keys("n")
        app.type("Made while loading")
        made = app.keys("Enter")
        check(made["loading"] == 1 and filtered["loading"] == 1,
              "the filter and a new property were handled while loading", made)
        app.expect(lambda screen: row_line(screen, "Made while loading") is not None,
                   "the new property is on screen at once")

        done = app.wait(lambda s: s["loading"] == 0 and s["busy"] == 0 and s["pending"] == 0, "the whole list")
        check(done["rows"] == ROWS + 1, f"all {ROWS:,} rows and the new one are there once loaded", done)
        app.keys("g")
        app.keys("G")
        screen = app.expect(lambda screen: f"of {ROWS + 1:,} rows" in screen and "Made while loading" in screen,
                            "G reaches the end of the whole list: the new property is last")
        body = list_lines(screen)
        check(any("Property 099999" in line for line in body), "the last seeded property is just above it", screen)
        app.expect(lambda screen: "loading" not in screen.splitlines()[0] and "● online" in screen.splitlines()[0],
                   "the header no longer shows progress")
        app.tmux("send-keys", "q")  # nothing is pending: it quits at once
        check(app.wait_for_exit().startswith("exit=0"), "q quits with the whole list cached")
    finally:
        app.close()
    try:
        restart_from_the_cache(binary, data)
    finally:
        shutil.rmtree(data, ignore_errors=True)


def restart_from_the_cache(binary, data):
    """The second start reads the same 100,001 rows from its cache: the first frame has rows at
    once (a batch of them), the rest is read behind it with the header counting towards the
    cached total, keys are answered meanwhile, and the refresh from the server ends where the
    first start did."""
    total = ROWS + 1
    app = App(binary, "--data-dir", data, "--latency", "50ms", data_dir=False)
    try:
        first = app.wait(lambda s: s["rows"] > 0, "the first rows from the cache")
        check(first["rows"] < total, "the first frame has a batch of the cached rows, not all of them", first)
        app.expect(lambda screen: "cached at" in screen and re.search(r"loading [\d,]+ of ~100,00[01]", screen.splitlines()[0]),
                   "the rule says the rows are cached, the header counts towards the cached total")
        moved = app.keys("G")
        check(moved["loading"] == 1, "G is answered while the cache is read", moved)
        done = app.wait(lambda s: s["loading"] == 0 and s["busy"] == 0 and s["rows"] == total, "the whole list again")
        check(done["rows"] == total, f"all {total:,} rows after the refresh, as before the restart", done)
        app.keys("G")
        app.expect(lambda screen: f"of {total:,} rows" in screen and "Made while loading" in screen,
                   "the property made during the first load is still last")
    finally:
        app.close()


def killed_during_the_first_load(binary):
    """SIGKILL in the middle of a first load, which appends its rows to the cache without the
    key's index: the next start builds the index, shows what the first one had cached, and
    its refresh ends with every row once, in the app and in the cache file."""
    from outbox_test import kill_app
    data = prepared_data_dir(binary)
    cache = os.path.join(data, "outbox", "embedded.sqlite")
    app = App(binary, "--data-dir", data, "--latency", "50ms", data_dir=False)
    try:
        partway = app.wait(lambda s: s["rows"] >= 20_000, "a fifth of the list")
        check(partway["loading"] == 1, "killed while the first load runs", partway)
        kill_app(app)
        app = App(binary, "--data-dir", data, "--latency", "50ms", data_dir=False)
        first = app.wait(lambda s: s["rows"] > 0, "the first rows from what was cached")
        check(first["rows"] < ROWS, "the restart starts from the rows cached before the kill", first)
        done = app.wait(lambda s: s["loading"] == 0 and s["busy"] == 0 and s["rows"] == ROWS, "the whole list")
        check(done["rows"] == ROWS, f"all {ROWS:,} rows once after the refresh", done)
        app.tmux("send-keys", "q")
        check(app.wait_for_exit().startswith("exit=0"), "q quits")
    finally:
        app.close()
    try:
        connection = sqlite3.connect(cache)
        rows, keys = connection.execute('SELECT count(*), count(DISTINCT key) FROM "model_RealEstateProperty"').fetchone()
        unique = [row for row in connection.execute('PRAGMA index_list("model_RealEstateProperty")') if row[2] == 1]
        connection.close()
        check(rows == ROWS and keys == ROWS, f"the cache file holds each of the {ROWS:,} records once", (rows, keys))
        check(len(unique) == 1, "the cache's key is indexed again, once", unique)
    finally:
        shutil.rmtree(data, ignore_errors=True)


if __name__ == "__main__":
    binary = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "../../.build/debug/proptui")
    large_list(os.path.abspath(binary))
    killed_during_the_first_load(os.path.abspath(binary))
    finish()
