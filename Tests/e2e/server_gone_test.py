#!/usr/bin/env python3
"""End-to-end: a server that goes away is noticed without a key press (issue 19, item 10). The
real binary in tmux against `proptui serve`, stopped and started again; and a demo tape whose
`Server Offline` is followed by a `Wait` and no key.

    python3 Tests/e2e/server_gone_test.py [path/to/proptui]

Waits are on the screen, with the tape's and tmux's own limits, never a fixed sleep.
"""
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from e2e_support import check, run_scenarios
from outbox_test import Server, free_port, start_app
from tui_test import TIMEOUT

ROOT = Path(__file__).resolve().parents[2]


def header(screen):
    return screen.splitlines()[0] if screen else ""


def noticed_without_a_key(binary):
    """The server stops: with no key pressed the header says offline and why is said; back, online again."""
    work = tempfile.mkdtemp(prefix="proptui-server-gone-e2e-")
    server = Server(binary, work + "/server", free_port())
    server.start()
    app = start_app(binary, server, work + "/app")
    try:
        app.expect(lambda s: "● online" in header(s), "the app is online", timeout=TIMEOUT)
        server.stop()
        # The probe's own cycle shows `◌ reconnecting` between two `○ offline`: either says it.
        screen = app.expect(lambda s: "○ offline" in header(s) or "◌ reconnecting" in header(s),
                            "no key pressed: the header says offline (not ● online, nor only ◐ live sync down)", timeout=15)
        check("refused" not in header(screen), "the header keeps a short state", screen)
        app.keys("m")
        app.expect(lambda s: "Offline: the server refused the connection" in s, "m says why it is offline")
        app.keys("Escape")
        server.start()
        app.expect(lambda s: "● online" in header(s), "the server back: the header says online again by itself",
                   timeout=TIMEOUT)
    finally:
        app.close()
        server.stop()
        shutil.rmtree(work, ignore_errors=True)


def a_tape_waits_for_offline(binary):
    """A tape: `Server Offline`, then `Wait "○ offline"` with no key in between, passes (it gave up at 20 s)."""
    work = tempfile.mkdtemp(prefix="proptui-server-gone-tape-")
    try:
        tape = os.path.join(work, "offline.tape")
        Path(tape).write_text(
            'Set Width 100\nSet Height 24\nSet WaitTimeout 15s\nWait "Harbour View Loft"\nWait "● online"\n'
            'Server Offline\nWait "○ offline"\nServer Online\nWait "● online"\n')
        run = subprocess.run([binary, "demo", tape, "-o", os.path.join(work, "offline.cast")], capture_output=True,
                             text=True, timeout=TIMEOUT * 4)
        check(run.returncode == 0 and "4 checks passed" in run.stdout,
              "Server Offline is noticed by the app with no key, and Server Online too", run.stdout + run.stderr[-2000:])
    finally:
        shutil.rmtree(work, ignore_errors=True)


SCENARIOS = [noticed_without_a_key, a_tape_waits_for_offline]


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else str(ROOT / ".build" / "debug" / "proptui")
    run_scenarios(binary, SCENARIOS)


if __name__ == "__main__":
    main()
