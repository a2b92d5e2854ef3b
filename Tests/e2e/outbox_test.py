#!/usr/bin/env python3
"""End-to-end: the durable outbox. The real binary in tmux against `proptui serve` on a fixed
loopback port that the test stops and starts; the app is killed with SIGKILL and restarted.

    python3 Tests/e2e/outbox_test.py [path/to/proptui] [--runs N]

Waits are on the app's idle signal or on the screen, never a fixed sleep (the random delays
before a SIGKILL are the point of the test, not waits).
"""
import json
import os
import random
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from e2e_support import api_key, check, run_scenarios
from tui_test import App, TIMEOUT, pending_row, row_line

ROOT = Path(__file__).resolve().parents[2]


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Server:
    """`proptui serve` on a fixed port, so the app finds it again after a restart."""

    def __init__(self, binary, data_dir, port, *options):
        self.binary, self.data_dir, self.port, self.options = binary, data_dir, port, options
        self.process = None
        self.key = None

    @property
    def url(self):
        return f"http://127.0.0.1:{self.port}/graphql"

    def start(self):
        self.process = subprocess.Popen(
            [self.binary, "serve", "--port", str(self.port), "--data-dir", self.data_dir, "--empty", *self.options],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        deadline = time.monotonic() + TIMEOUT
        while time.monotonic() < deadline:
            line = self.process.stdout.readline()
            if line.startswith("API key:"):
                self.key = api_key(line)  # the banner says where the key is, never the key
                return
            if not line:
                break
        raise SystemExit("the server did not start")

    def stop(self):
        if self.process:
            self.process.send_signal(signal.SIGTERM)
            self.process.wait(timeout=TIMEOUT)
            self.process = None

    def graphql(self, query, variables=None):
        request = urllib.request.Request(
            self.url, data=json.dumps({"query": query, "variables": variables or {}}).encode(),
            headers={"content-type": "application/json", "x-api-key": self.key})
        with urllib.request.urlopen(request, timeout=30) as response:
            return json.loads(response.read())

    def records(self):
        """Every record the server holds, tombstones included."""
        items, token = [], None
        while True:
            page = self.graphql(
                "query($t: String) { listRealEstateProperties(limit: 1000, nextToken: $t) "
                "{ items { id name address _version _deleted } nextToken } }", {"t": token})
            connection = page["data"]["listRealEstateProperties"]
            items += connection["items"]
            token = connection["nextToken"]
            if not token:
                return items


def start_app(binary, server, data_dir, height=30):
    os.environ["PROPTUI_API_KEY"] = server.key
    return App(binary, "--data-dir", data_dir, "--endpoint", server.url, data_dir=False, height=height)


def app_pid(app):
    """The proptui process under the pane's shell."""
    deadline = time.monotonic() + TIMEOUT
    while time.monotonic() < deadline:
        found = subprocess.run(["pgrep", "-P", str(app.pane_pid()), "proptui"], capture_output=True, text=True).stdout.split()
        if found:
            return int(found[0])
        time.sleep(0.01)
    raise TimeoutError("no proptui process")


def kill_app(app):
    os.kill(app_pid(app), signal.SIGKILL)
    deadline = time.monotonic() + TIMEOUT
    while not os.path.exists(app.after_exit) and time.monotonic() < deadline:
        time.sleep(0.01)
    app.close()


def offline_kill_restart(binary):
    """Offline: changes wait, marked pending; killed and restarted they are still there; sent when the server is back."""
    work = tempfile.mkdtemp(prefix="proptui-outbox-e2e-")
    server = Server(binary, work + "/server", free_port())
    server.start()
    server.graphql('mutation { createRealEstateProperty(input: {id: "keep", name: "Keep Me"}) { id } }')
    server.graphql('mutation { createRealEstateProperty(input: {id: "gone", name: "Delete Me"}) { id } }')
    data = work + "/app"
    app = start_app(binary, server, data)
    try:
        app.wait(lambda s: s["rows"] == 2 and s["busy"] == 0, "the server's two rows")
        server.stop()
        app.keys("n")
        app.type("Made Offline")
        app.keys("Enter")
        app.expect(lambda screen: "offline" in screen, "the header says offline once the server is gone", timeout=TIMEOUT)
        # Rename "Keep Me": it is first in the list (g), then delete "Delete Me".
        app.keys("g", "r", "C-u")
        app.type("Kept Offline")
        app.keys("Enter")
        app.keys("/")
        app.type("Delete Me")
        app.keys("Enter", "d", "y", "Escape")
        screen = app.expect(lambda screen: pending_row(screen, "Made Offline") and pending_row(screen, "Kept Offline")
                            and row_line(screen, "Delete Me") is None and "3 pending" in screen,
                            "offline: the changes are on screen, marked pending")
        kill_app(app)

        app = start_app(binary, server, data)
        app.wait(lambda s: s["frames"] >= 1, "the first frame")
        app.expect(lambda screen: pending_row(screen, "Made Offline") and pending_row(screen, "Kept Offline")
                   and row_line(screen, "Delete Me") is None and "3 pending" in screen,
                   "after SIGKILL and a restart, still offline: rows and marks are there at once", timeout=TIMEOUT)

        server.start()
        app.wait(lambda s: s["pending"] == 0, "the outbox to drain once the server is back (no key pressed)")
        app.expect(lambda screen: row_line(screen, "Made Offline") and row_line(screen, "Kept Offline")
                   and not pending_row(screen, "Made Offline") and not pending_row(screen, "Kept Offline")
                   and "online" in screen, "the rows settle and the header says online")
        records = {r["name"]: r for r in server.records()}
        check(records.get("Kept Offline", {}).get("_version") == 2 and "Keep Me" not in records,
              "the server holds the rename, once", records)
        check(records.get("Delete Me", {}).get("_deleted") is True or "Delete Me" not in records
              and any(r["_deleted"] for r in records.values()), "the server holds the delete", records)
        check(sum(1 for r in server.records() if r["name"] == "Made Offline") == 1, "the create reached the server once")
    finally:
        app.close()
        server.stop()
        shutil.rmtree(work, ignore_errors=True)


def killed_at_random_points(binary, runs=10):
    """SIGKILL at random points, server up (slow) and down: every change lands exactly once, in order."""
    work = tempfile.mkdtemp(prefix="proptui-outbox-kill-")
    server = Server(binary, work + "/server", free_port(), "--latency", "300ms", "--jitter", "300ms")
    server.start()
    data = work + "/app"
    rng = random.Random(int(os.environ.get("PROPTUI_E2E_SEED", "7")))
    changes = 0
    try:
        for run in range(runs):
            online = run % 2 == 0
            if online and server.process is None:
                server.start()
            if not online and server.process is not None:
                server.stop()
            app = start_app(binary, server, data, height=60)
            app.wait(lambda s: s["frames"] >= 1, "the app to draw")
            # Five changes, each waited for on screen (then it is in the outbox), then SIGKILL.
            a, b, c = f"K{run:02}a", f"K{run:02}b", f"K{run:02}c"
            app.keys("n")
            app.type(a)
            app.keys("Enter")
            app.expect(lambda screen: row_line(screen, a) is not None, f"run {run}: {a} on screen")
            app.keys("r", "C-u")
            app.type(a + "-renamed")
            app.keys("Enter")
            app.expect(lambda screen: row_line(screen, a + "-renamed") is not None, f"run {run}: the rename on screen")
            app.keys("n")
            app.type(b)
            app.keys("Enter")
            app.expect(lambda screen: row_line(screen, b) is not None, f"run {run}: {b} on screen")
            app.keys("d", "y")
            app.expect(lambda screen: row_line(screen, b) is None, f"run {run}: {b} deleted on screen")
            app.keys("n")
            app.type(c)
            app.keys("Enter")
            app.expect(lambda screen: row_line(screen, c) is not None, f"run {run}: {c} on screen")
            changes += 5
            time.sleep(rng.uniform(0, 0.8))  # lands before, during or after sends (300-600 ms each)
            kill_app(app)

        if server.process is None:
            server.start()
        app = start_app(binary, server, data, height=60)
        try:
            app.wait(lambda s: s["pending"] == 0 and s["busy"] == 0 and s["frames"] >= 1, "everything to be sent")
            live = [r for r in server.records() if not r["_deleted"]]
            names = sorted(r["name"] for r in live)
            expected = sorted(name for run in range(runs) for name in (f"K{run:02}a-renamed", f"K{run:02}c"))
            check(changes >= 50, f"{changes} changes were made over {runs} killed runs")
            check(names == expected, "the server holds every change exactly once (no duplicate, none lost)",
                  f"server: {names}\nexpected: {expected}")
            versions = {r["name"]: r["_version"] for r in live}
            check(all(versions[f"K{run:02}a-renamed"] == 2 and versions[f"K{run:02}c"] == 1 for run in range(runs)
                      if f"K{run:02}a-renamed" in versions and f"K{run:02}c" in versions),
                  "each record was written once per change, in order (create v1, then rename v2)", versions)
            state = app.wait(lambda s: s["pending"] == 0, "idle")
            screen = app.expect(lambda screen: all(row_line(screen, name) for name in expected),
                                "the app shows what the server holds")
            check(state["rows"] == len(live), f"the app shows {state['rows']} rows; the server holds {len(live)}")
        finally:
            app.close()
    finally:
        server.stop()
        shutil.rmtree(work, ignore_errors=True)


def main():
    arguments = [a for a in sys.argv[1:] if not a.startswith("--runs")]
    binary = arguments[0] if arguments else str(ROOT / ".build" / "debug" / "proptui")
    runs = next((int(a.split("=")[1]) for a in sys.argv[1:] if a.startswith("--runs=")), 10)
    def killed(binary):
        return killed_at_random_points(binary, runs)

    killed.__doc__ = killed_at_random_points.__doc__
    run_scenarios(binary, (offline_kill_restart, killed))


if __name__ == "__main__":
    main()
