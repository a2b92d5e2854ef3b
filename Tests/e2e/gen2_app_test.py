#!/usr/bin/env python3
"""End-to-end: the app in tmux against an Amplify Gen 2 API (`proptui serve --schema gen2`: no
versions, conditional writes, DynamoDB semantics), as a new Amplify developer meets it.

    python3 Tests/e2e/gen2_app_test.py [path/to/proptui]

The app is started with no flags in a folder holding a Gen 2 amplify_outputs.json; another
client writes straight to the server over HTTP. Waits are on the app's idle signal or on the
screen, never a fixed sleep.
"""
import json
import os
import shutil
import sys
import tempfile
import threading
import time
from pathlib import Path

from e2e_support import check, run_scenarios
from outbox_test import Server, free_port, kill_app
from tui_test import App, TIMEOUT, pending_row, row_line

ROOT = Path(__file__).resolve().parents[2]
FIELDS = "id name address createdAt updatedAt"


class Gen2Server(Server):
    """`proptui serve --schema gen2` on a fixed port; what it holds, read as any Gen 2 client would."""

    def __init__(self, binary, data_dir, port, *options):
        super().__init__(binary, data_dir, port, "--schema", "gen2", *options)

    def records(self):
        items, token = [], None
        while True:
            page = self.graphql(
                "query($t: String) { listRealEstateProperties(limit: 1000, nextToken: $t) { items { %s } nextToken } }" % FIELDS,
                {"t": token})
            connection = page["data"]["listRealEstateProperties"]
            items += [item for item in connection["items"] if item]
            token = connection["nextToken"]
            if not token:
                return items

    def named(self, name):
        return [record for record in self.records() if record["name"] == name]

    def create(self, record_id, name, address=None):
        return self.graphql(
            "mutation($i: CreateRealEstatePropertyInput!) { createRealEstateProperty(input: $i) { %s } }" % FIELDS,
            {"i": {"id": record_id, "name": name, **({"address": address} if address else {})}})

    def update(self, record_id, **fields):
        return self.graphql(
            "mutation($i: UpdateRealEstatePropertyInput!) { updateRealEstateProperty(input: $i) { %s } }" % FIELDS,
            {"i": {"id": record_id, **fields}})

    def delete(self, record_id):
        return self.graphql("mutation { deleteRealEstateProperty(input: {id: \"%s\"}) { id } }" % record_id)


def outputs_folder(work, server):
    """A folder as `npx ampx generate outputs` leaves it: a Gen 2 amplify_outputs.json (API key), and
    a launcher that starts proptui there with no flags but the test's data directory."""
    folder = Path(work) / "project"
    folder.mkdir(parents=True, exist_ok=True)
    outputs = {
        "version": "1.3",
        "data": {
            "url": server.url, "aws_region": "us-east-1", "default_authorization_type": "API_KEY",
            "authorization_types": [], "api_key": server.key,
            "model_introspection": {
                "version": 1, "enums": {}, "nonModels": {},
                "models": {"RealEstateProperty": {
                    "name": "RealEstateProperty", "pluralName": "RealEstateProperties", "syncable": True,
                    "fields": {
                        "id": {"name": "id", "isArray": False, "type": "ID", "isRequired": True, "attributes": []},
                        "name": {"name": "name", "isArray": False, "type": "String", "isRequired": True, "attributes": []},
                        "address": {"name": "address", "isArray": False, "type": "String", "isRequired": False, "attributes": []},
                    },
                    "attributes": [{"type": "model", "properties": {}}],
                    "primaryKeyInfo": {"isCustomPrimaryKey": False, "primaryKeyFieldName": "id", "sortKeyFieldNames": []},
                }},
            },
        },
    }
    (folder / "amplify_outputs.json").write_text(json.dumps(outputs))
    return folder


def start_in_folder(binary, folder, data_dir):
    """proptui started in `folder` with no flags (the data directory aside, to keep tests apart)."""
    # One launcher per instance, beside its data directory: two instances sharing one would race,
    # a shell reading it while the next instance's launcher is written.
    launcher = Path(data_dir + "-proptui-here")
    launcher.parent.mkdir(parents=True, exist_ok=True)
    launcher.write_text(f"#!/bin/sh\ncd '{folder}' && exec '{binary}' \"$@\"\n")
    launcher.chmod(0o755)
    os.environ.pop("PROPTUI_API_KEY", None)
    return App(str(launcher), "--data-dir", data_dir, data_dir=False)


def online(screen):
    return "● online" in screen.splitlines()[0]


def newcomer(binary):
    """Gen 2 amplify_outputs.json in the folder, no flags: rows, online, every change reaches the server, others' arrive live."""
    work = tempfile.mkdtemp(prefix="proptui-gen2-e2e-")
    server = Gen2Server(binary, work + "/server", free_port())
    server.start()
    server.create("seed-1", "Seeded Loft", "1 Seed St")
    server.create("seed-2", "Seeded Cottage")
    app = start_in_folder(binary, outputs_folder(work, server), work + "/data")
    try:
        app.expect(lambda s: online(s) and row_line(s, "Seeded Loft") is not None, "the rows are shown and the header says online",
                   timeout=TIMEOUT)
        app.keys("n")
        app.type("Made In Gen2")
        app.keys("Enter")
        app.expect(lambda s: row_line(s, "Made In Gen2") is not None and not pending_row(s, "Made In Gen2"), "the create is confirmed",
                   timeout=TIMEOUT)
        app.keys("g")  # the first row, by creation: "Seeded Loft"
        app.keys("r", "C-u")
        app.type("Loft Renamed")
        app.keys("Enter")
        app.keys("e", "C-u")
        app.type("2 Moved Ave")
        app.keys("Enter")
        app.keys("j", "d", "y")  # "Seeded Cottage"
        app.wait(lambda s: s["pending"] == 0, "every change to be confirmed")
        records = {record["id"]: record for record in server.records()}
        check([r["name"] for r in records.values() if r["name"] == "Made In Gen2"] == ["Made In Gen2"], "the create is on the server, once")
        check(records.get("seed-1", {}).get("name") == "Loft Renamed", "the rename is on the server", records)
        check(records.get("seed-1", {}).get("address") == "2 Moved Ave", "the address is on the server", records)
        check("seed-2" not in records, "the delete is on the server", records)

        idle_keys = app.wait(lambda s: True, "idle")["keys"]
        server.create("theirs-1", "Their Villa", "9 Far Rd")
        app.expect(lambda s: row_line(s, "Their Villa") is not None, "another client's create arrives without a key press", timeout=TIMEOUT)
        server.update("theirs-1", name="Their Villa Renamed")
        app.expect(lambda s: row_line(s, "Their Villa Renamed") is not None, "their rename arrives", timeout=TIMEOUT)
        check("9 Far Rd" in (row_line(app.screen(), "Their Villa Renamed") or ""), "a partial event does not blank the address",
              app.screen())
        server.delete("theirs-1")
        app.expect(lambda s: row_line(s, "Their Villa") is None, "their delete arrives", timeout=TIMEOUT)
        check(app.wait(lambda s: True, "idle")["keys"] == idle_keys, "no key was pressed meanwhile")
    finally:
        app.close()
        server.stop()
        shutil.rmtree(work, ignore_errors=True)


def two_instances(binary):
    """Two instances in one Gen 2 project: a create, a rename and a delete in A reach B without a key press."""
    work = tempfile.mkdtemp(prefix="proptui-gen2-e2e-")
    server = Gen2Server(binary, work + "/server", free_port())
    server.start()
    folder = outputs_folder(work, server)
    a = start_in_folder(binary, folder, work + "/a")
    b = start_in_folder(binary, folder, work + "/b")
    try:
        for app in (a, b):
            app.expect(online, "an instance is online", timeout=TIMEOUT)
        b_keys = b.wait(lambda s: True, "B idle")["keys"]
        a.keys("n")
        a.type("Shared Gen2 Villa")
        a.keys("Enter")
        b.expect(lambda s: row_line(s, "Shared Gen2 Villa") is not None, "A's create appears in B", timeout=TIMEOUT)
        a.keys("r", "C-u")
        a.type("Shared Gen2 Villa Renamed")
        a.keys("Enter")
        b.expect(lambda s: row_line(s, "Shared Gen2 Villa Renamed") is not None, "A's rename appears in B", timeout=TIMEOUT)
        a.keys("d", "y")
        b.expect(lambda s: row_line(s, "Shared Gen2 Villa") is None, "A's delete disappears from B", timeout=TIMEOUT)
        check(b.wait(lambda s: True, "B idle")["keys"] == b_keys, "no key was pressed in B")
    finally:
        a.close()
        b.close()
        server.stop()
        shutil.rmtree(work, ignore_errors=True)


def conflicts(binary):
    """A rename racing another client's rename of the same field loses visibly (⚡, theirs kept); different fields both survive."""
    work = tempfile.mkdtemp(prefix="proptui-gen2-e2e-")
    # Every request waits a second on the server, so two writers' requests overlap on purpose.
    server = Gen2Server(binary, work + "/server", free_port(), "--latency", "1s")
    server.start()
    server.create("race-1", "Contested")
    app = start_in_folder(binary, outputs_folder(work, server), work + "/data")
    try:
        app.expect(lambda s: online(s) and row_line(s, "Contested") is not None, "loaded", timeout=TIMEOUT)
        theirs = threading.Thread(target=lambda: server.update("race-1", name="Their Name"))
        theirs.start()
        time.sleep(0.3)  # their request is on the server first
        app.keys("r", "C-u")
        app.type("My Name")
        app.keys("Enter")
        theirs.join()
        screen = app.expect(lambda s: "⚡" in s and row_line(s, "Their Name") is not None,
                            "the loser sees ⚡ and the server's value", timeout=TIMEOUT)
        check(server.named("Their Name") and not server.named("My Name"), "the server keeps theirs: no lost update", server.records())
        check("renamed it to “Their Name”" in screen, "the status line says why", screen)
        app.keys("j", "k", "m", "Escape")
        screen = app.expect(lambda s: "⚡" in s, "the ⚡ mark stays through other keys (it asks for a decision)")
        check("o mine" in screen and "x theirs" in screen, "the hints offer o (mine) and x (theirs)", screen)
        app.keys("x")
        app.expect(lambda s: "⚡" not in s and row_line(s, "Their Name") is not None, "x keeps theirs and the mark goes")

        theirs = threading.Thread(target=lambda: server.update("race-1", address="5 Their St"))
        theirs.start()
        time.sleep(0.3)
        app.keys("r", "C-u")
        app.type("Both Survive")
        app.keys("Enter")
        theirs.join()
        app.wait(lambda s: s["pending"] == 0, "the rename to settle")
        record = next((r for r in server.records() if r["id"] == "race-1"), {})
        check(record.get("name") == "Both Survive" and record.get("address") == "5 Their St",
              "changes to different fields both survive", record)
        app.expect(lambda s: "5 Their St" in (row_line(s, "Both Survive") or ""), "and both are on screen", timeout=TIMEOUT)
    finally:
        app.close()
        server.stop()
        shutil.rmtree(work, ignore_errors=True)


def offline_kill_restart(binary):
    """Offline changes, SIGKILL, restart: each change reaches the Gen 2 server exactly once."""
    work = tempfile.mkdtemp(prefix="proptui-gen2-e2e-")
    server = Gen2Server(binary, work + "/server", free_port())
    server.start()
    server.create("keep", "Keep Me")
    server.create("gone", "Delete Me")
    folder = outputs_folder(work, server)
    app = start_in_folder(binary, folder, work + "/data")
    try:
        app.expect(lambda s: online(s) and row_line(s, "Delete Me") is not None, "loaded", timeout=TIMEOUT)
        server.stop()
        app.keys("n")
        app.type("Offline Create")
        app.keys("Enter")
        app.keys("g", "r", "C-u")
        app.type("Kept Renamed")
        app.keys("Enter")
        app.keys("j", "d", "y")
        app.expect(lambda s: pending_row(s, "Offline Create") and pending_row(s, "Kept Renamed"), "the changes wait, pending",
                   timeout=TIMEOUT)
        kill_app(app)
        server.start()
        app = start_in_folder(binary, folder, work + "/data")
        app.expect(lambda s: row_line(s, "Offline Create") is not None, "after the restart the changes are there", timeout=TIMEOUT)
        app.wait(lambda s: s["pending"] == 0, "the outbox to drain")
        names = sorted(record["name"] for record in server.records())
        check(names == ["Kept Renamed", "Offline Create"], "each change reached the server exactly once", names)
    finally:
        app.close()
        server.stop()
        shutil.rmtree(work, ignore_errors=True)


def lost_answers(binary):
    """Half the answers lost on the wire: every change applied once, none shown as failed."""
    work = tempfile.mkdtemp(prefix="proptui-gen2-e2e-")
    server = Gen2Server(binary, work + "/server", free_port(), "--lose-answer-rate", "0.5")
    server.start()
    app = start_in_folder(binary, outputs_folder(work, server), work + "/data")
    try:
        app.expect(lambda s: online(s) or "misconfigured" not in s, "started", timeout=TIMEOUT)
        for index in range(4):
            app.keys("n")
            app.type(f"Lossy {index}")
            app.keys("Enter")
        app.keys("g", "r", "C-u")
        app.type("Lossy 0 Renamed")
        app.keys("Enter")
        app.keys("j", "d", "y")
        app.wait(lambda s: s["pending"] == 0, "every change to be confirmed")
        screen = app.screen()
        names = sorted(record["name"] for record in server.records())
        check(names == ["Lossy 0 Renamed", "Lossy 2", "Lossy 3"], "exactly once on the server", names)
        check("⚡" not in screen and "!" not in "".join((row_line(screen, n) or "") for n in names), "nothing shown as refused", screen)
    finally:
        app.close()
        server.stop()
        shutil.rmtree(work, ignore_errors=True)


def live_sync_health(binary):
    """The server restarted: the header shows live sync down while the socket is gone, then online again."""
    work = tempfile.mkdtemp(prefix="proptui-gen2-e2e-")
    server = Gen2Server(binary, work + "/server", free_port())
    server.start()
    app = start_in_folder(binary, outputs_folder(work, server), work + "/data")
    try:
        app.expect(online, "online", timeout=TIMEOUT)
        server.stop()
        app.expect(lambda s: "live sync down" in s.splitlines()[0] or "offline" in s.splitlines()[0],
                   "the header says the socket is down", timeout=TIMEOUT)
        server.start()
        app.expect(online, "and online again once the subscriptions are back", timeout=TIMEOUT)
        server.create("after", "After The Restart")
        app.expect(lambda s: row_line(s, "After The Restart") is not None, "live sync works again", timeout=TIMEOUT)
    finally:
        app.close()
        server.stop()
        shutil.rmtree(work, ignore_errors=True)


def main():
    binary = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else str(ROOT / ".build" / "debug" / "proptui"))
    run_scenarios(binary, (newcomer, two_instances, conflicts, offline_kill_restart, lost_answers, live_sync_health))


if __name__ == "__main__":
    main()
