#!/usr/bin/env python3
"""End-to-end: live sync between two app instances (two tmux terminals) sharing one `proptui serve`.

    python3 Tests/e2e/live_test.py [path/to/proptui]

No key is pressed in B: what A does must reach B's screen through the realtime socket.
"""
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

from e2e_support import check, run_scenarios, start_server
from tui_test import App, TIMEOUT, row_line

ROOT = Path(__file__).resolve().parents[2]


def two_instances(binary):
    """Two instances on one server: a create, a rename and a delete in A appear in B without a key press."""
    work = tempfile.mkdtemp(prefix="proptui-live-e2e-")
    server, url, _, key = start_server(binary, work + "/server", "--empty")
    os.environ["PROPTUI_API_KEY"] = key
    a = App(binary, "--data-dir", work + "/a", "--endpoint", url, data_dir=False)
    b = App(binary, "--data-dir", work + "/b", "--endpoint", url, data_dir=False)
    try:
        for app in (a, b):
            app.expect(lambda screen: "online" in screen, "an instance is online", timeout=TIMEOUT)
        b_keys = b.wait(lambda s: True, "B idle")["keys"]
        a.keys("n")
        a.type("Shared Villa")
        a.keys("Enter")
        b.expect(lambda screen: row_line(screen, "Shared Villa") is not None,
                 "A's create appears in B without a key press", timeout=TIMEOUT)
        a.keys("r", "C-u")
        a.type("Shared Villa Renamed")
        a.keys("Enter")
        b.expect(lambda screen: row_line(screen, "Shared Villa Renamed") is not None,
                 "A's rename appears in B", timeout=TIMEOUT)
        a.keys("d", "y")
        b.expect(lambda screen: row_line(screen, "Shared Villa") is None, "A's delete disappears from B", timeout=TIMEOUT)
        check(b.wait(lambda s: True, "B idle")["keys"] == b_keys, "no key was pressed in B")
    finally:
        a.close()
        b.close()
        server.terminate()
        server.wait(timeout=TIMEOUT)
        shutil.rmtree(work, ignore_errors=True)


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else str(ROOT / ".build" / "debug" / "proptui")
    run_scenarios(binary, (two_instances,))


if __name__ == "__main__":
    main()
