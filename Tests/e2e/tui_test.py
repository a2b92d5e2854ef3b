#!/usr/bin/env python3
"""End-to-end: the real `proptui` binary in a real terminal (tmux) against its embedded server.

Every wait is on the app's idle signal (PROPTUI_IDLE_FILE), never a fixed sleep: the app
rewrites that file with `<n> idle keys=<k> frames=<f> rows=<r> pending=<p> busy=<b>` each
time it has handled input, drawn, and has nothing left to do. Usage:

    python3 Tests/e2e/tui_test.py [path/to/proptui]
"""
import os
import re
import shutil
import itertools
import json
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
import unicodedata
import uuid
import urllib.request
from pathlib import Path

from e2e_support import check, run_scenarios, start_server

ROOT = Path(__file__).resolve().parents[2]
TIMEOUT = 60  # seconds; generous for a loaded CI machine, never reached when things work


class App:
    """The binary running in a private tmux server, with its idle file."""

    def __init__(self, binary, *args, width=100, height=30, data_dir=True):
        self.work = tempfile.mkdtemp(prefix="proptui-e2e-")
        # A name never used before in this run: `id(self)` is reused once an app is gone, and a new
        # session would then reach the old tmux server while it is still shutting down.
        self.socket = f"proptui-e2e-{os.getpid()}-{uuid.uuid4().hex}"
        self.idle_file = os.path.join(self.work, "idle")
        self.after_exit = os.path.join(self.work, "after-exit")
        # After the app: the terminal's state, then raw reading of whatever a paste sends,
        # to see whether the app left bracketed paste on (a shell would then get ESC[200~).
        self.read_after_exit = os.path.join(self.work, "read-after-exit")
        env = f"PROPTUI_IDLE_FILE={self.idle_file} LANG=C.UTF-8 TERM=xterm-256color SWIFT_BACKTRACE=enable=no"
        command = (
            f"{env} {binary} {'--data-dir ' + self.work + '/data' if data_dir else ''} {' '.join(args)}; "
            f"(echo \"exit=$?\"; stty -a) > {self.after_exit}.tmp; stty raw -echo; mv {self.after_exit}.tmp {self.after_exit}; "
            f"cat > {self.read_after_exit}")
        subprocess.run(
            ["tmux", "-L", self.socket, "-u", "new-session", "-d", "-x", str(width), "-y", str(height), command],
            check=True, env={**os.environ, "LANG": "C.UTF-8"})

    def tmux(self, *args):
        return subprocess.run(["tmux", "-L", self.socket, *args], check=True, capture_output=True, text=True).stdout

    def screen(self):
        return self.tmux("capture-pane", "-p")

    def idle(self):
        try:
            text = Path(self.idle_file).read_text()
        except FileNotFoundError:
            return None
        fields = dict(re.findall(r"(\w+)=(\d+)", text))
        return {key: int(value) for key, value in fields.items()}

    def wait(self, condition, what):
        """Polls the idle signal until `condition(idle)` holds."""
        deadline = time.monotonic() + TIMEOUT
        while time.monotonic() < deadline:
            state = self.idle()
            if state is not None and condition(state):
                return state
            time.sleep(0.005)
        raise TimeoutError(f"timed out waiting for {what}; last idle: {self.idle()}\n{self.screen()}")

    def expect(self, holds, what, timeout=5):
        """Checks the terminal once `holds(screen)` is true, or as it is after `timeout` seconds.
        The app signals idle once it has written its frame; tmux draws it a moment later, so a
        capture taken at once can still show the frame before."""
        deadline = time.monotonic() + timeout
        screen = self.screen()
        while not holds(screen) and time.monotonic() < deadline:
            time.sleep(0.01)
            screen = self.screen()
        check(holds(screen), what, screen)
        return screen

    def keys(self, *keys, literal=False):
        """Sends keys and waits until the app has handled them all and is idle again."""
        before = self.wait(lambda s: True, "the app to start")["keys"]
        count = 0
        for key in keys:
            if literal:
                self.tmux("send-keys", "-l", key)
                count += len(key)
            else:
                self.tmux("send-keys", key)
                count += 1
        return self.wait(lambda s: s["keys"] >= before + count, f"{count} keys to be handled")

    def type(self, text):
        return self.keys(text, literal=True)

    def paste(self, text):
        """Pastes as a terminal does: tmux brackets it (ESC[200~ … ESC[201~) when the app asked for
        that, and turns line breaks into CR. A bracketed paste is one key for the idle count."""
        before = self.wait(lambda s: True, "the app to be idle")["keys"]
        self.tmux("set-buffer", "-b", "e2e-paste", text)
        self.tmux("paste-buffer", "-p", "-d", "-b", "e2e-paste")
        return self.wait(lambda s: s["keys"] >= before + 1, "the paste to be handled")

    def wait_for_exit(self):
        deadline = time.monotonic() + TIMEOUT
        while not os.path.exists(self.after_exit) and time.monotonic() < deadline:
            time.sleep(0.01)
        return Path(self.after_exit).read_text() if os.path.exists(self.after_exit) else ""

    def paste_after_exit(self, text):
        """What a program reading the terminal after the app gets for a paste of `text`."""
        self.tmux("set-buffer", "-b", "e2e-after", text)
        self.tmux("paste-buffer", "-p", "-d", "-b", "e2e-after")
        deadline = time.monotonic() + TIMEOUT
        while time.monotonic() < deadline:
            got = Path(self.read_after_exit).read_bytes() if os.path.exists(self.read_after_exit) else b""
            if text.encode() in got:
                return got
            time.sleep(0.01)
        return Path(self.read_after_exit).read_bytes() if os.path.exists(self.read_after_exit) else b""

    def pane_pid(self):
        return int(self.tmux("display-message", "-p", "#{pane_pid}").strip())

    def close(self):
        subprocess.run(["tmux", "-L", self.socket, "kill-server"], capture_output=True)
        shutil.rmtree(self.work, ignore_errors=True)


WIDTH_SOCKETS = itertools.count()


def display_column(line, text):
    """The terminal column where `text` starts in `line`, as tmux itself lays the line out:
    the part before it is written in a scratch tmux pane and the pane's cursor read back.
    (tmux joins a ZWJ sequence or a flag into one cell and gives a skin tone its own.)"""
    prefix = line[: line.index(text)]
    work = tempfile.mkdtemp(prefix="proptui-e2e-width-")
    # A socket of its own each time: a new server on a socket whose server was just killed can
    # fail with "server exited unexpectedly" while the old one is still going away.
    socket = f"proptui-e2e-width-{os.getpid()}-{next(WIDTH_SOCKETS)}"
    try:
        Path(work, "prefix").write_text(prefix, encoding="utf-8")
        # The title says when the prefix is written; the pane then waits to be read.
        command = f"cat {work}/prefix; printf '\\033]2;written\\033\\\\'; sleep {TIMEOUT}"
        subprocess.run(["tmux", "-L", socket, "-u", "new-session", "-d", "-x", "400", "-y", "5", command],
                       check=True, env={**os.environ, "LANG": "C.UTF-8"})
        deadline = time.monotonic() + TIMEOUT
        while True:
            shown = subprocess.run(["tmux", "-L", socket, "display-message", "-p", "#{pane_title} #{cursor_x}"],
                                   check=True, capture_output=True, text=True).stdout.split()
            if shown[:1] == ["written"]:
                return int(shown[1])
            if time.monotonic() > deadline:
                raise AssertionError(f"tmux never wrote the prefix {prefix!r}")
            time.sleep(0.01)
    finally:
        subprocess.run(["tmux", "-L", socket, "kill-server"], capture_output=True)
        shutil.rmtree(work, ignore_errors=True)


def pending_row(screen, name):
    """Whether the list shows `name` with the pending mark."""
    line = row_line(screen, name)
    return line is not None and line.rstrip().endswith("…")


def list_lines(screen):
    """The lines of the list: the header (2 lines), the rule under the list and what is below it
    (the status line and the hints; the sample's input line too) excluded."""
    lines = screen.splitlines()
    rule = next((index for index in range(len(lines) - 1, 1, -1) if lines[index].lstrip().startswith("──")), len(lines) - 3)
    return lines[2:rule]


def row_line(screen, name):
    """The list row showing `name`."""
    return next((line for line in list_lines(screen) if name in line), None)


def optimistic_changes(binary):
    """Create, rename, delete with 2 s of server latency: each on screen before the answer."""
    app = App(binary, "--latency", "2s")
    try:
        app.wait(lambda s: s["rows"] >= 6 and s["busy"] == 0, "the seeded list")
        app.expect(lambda screen: "東京タワー アパート" in screen and "Café Müller" in screen,
                   "the seeded list shows, wide and accented names included")

        # Create. The time from the last key to the idle signal is the keypress-to-frame time.
        app.keys("n")
        app.type("Maple Cottage")
        start = time.monotonic()
        app.keys("Enter")
        elapsed = time.monotonic() - start
        app.expect(lambda screen: pending_row(screen, "Maple Cottage") and "1 pending" in screen,
                   "a created row is on screen, marked pending, before the server answers")
        print(f"     keypress-to-frame with 2 s server latency: {elapsed * 1000:.0f} ms (Enter to idle signal, tmux included)")
        app.wait(lambda s: s["pending"] == 0, "the create to be confirmed")
        app.expect(lambda screen: "“Maple Cottage” added" in screen and row_line(screen, "Maple Cottage") is not None
                   and not pending_row(screen, "Maple Cottage"),
                   "the create is confirmed: mark gone, status says added")

        # Rename the new row (it is last): G, r, clear the field, type, Enter.
        app.keys("G", "r", "C-u")
        app.type("Maple Lodge")
        app.keys("Enter")
        app.expect(lambda screen: pending_row(screen, "Maple Lodge") and row_line(screen, "Maple Cottage") is None,
                   "a renamed row shows its new name, pending, before the server answers")
        app.wait(lambda s: s["pending"] == 0, "the rename to be confirmed")
        app.expect(lambda screen: row_line(screen, "Maple Lodge") is not None and not pending_row(screen, "Maple Lodge"),
                   "the rename is confirmed")

        # Delete, confirmed with y.
        app.keys("d")
        app.expect(lambda screen: "Delete “Maple Lodge”?" in screen, "the delete confirmation names the record")
        state = app.keys("y")
        check(state["pending"] == 1, "the delete is pending")
        app.expect(lambda screen: row_line(screen, "Maple Lodge") is None, "a deleted row is gone at once")
        app.wait(lambda s: s["pending"] == 0, "the delete to be confirmed")
        app.expect(lambda screen: row_line(screen, "Maple Lodge") is None and "“Maple Lodge” deleted" in screen,
                   "the delete is confirmed and the row stays gone")

        # Typed in one go, faster than the create lands: the rename must hit the new row.
        before = app.wait(lambda s: True, "idle")["keys"]
        app.tmux("send-keys", "n", "Quick One", "Enter", "r", "C-u", "Quick Two", "Enter")
        app.wait(lambda s: s["keys"] >= before + 1 + 9 + 1 + 1 + 1 + 9 + 1, "the typed-ahead keys")
        app.wait(lambda s: s["pending"] == 0, "the create and the rename to be confirmed")
        seeded = ["東京タワー アパート", "Café Müller", "Maison Lumière", "Casa São João", "Harbour View Loft", "Sunset Bungalow"]
        app.expect(lambda screen: row_line(screen, "Quick Two") is not None and row_line(screen, "Quick One") is None
                   and all(row_line(screen, name) is not None for name in seeded),
                   "keys typed ahead of a create act on the new row, not the one selected before")

        # Quit (nothing pending, so no question): the terminal is given back as it was.
        # The app exits, so no idle signal follows this key.
        app.tmux("send-keys", "q")
        deadline = time.monotonic() + TIMEOUT
        while not os.path.exists(app.after_exit) and time.monotonic() < deadline:
            time.sleep(0.01)
        after = Path(app.after_exit).read_text() if os.path.exists(app.after_exit) else ""
        check(after.startswith("exit=0") and re.search(r"(?<!-)icanon", after) and re.search(r"(?<!-)echo\b", after),
              "q quits with status 0 and the terminal is restored (icanon, echo)", after[:200])
    finally:
        app.close()


def rejected_changes(binary):
    """With --fail-rate 1 every change is shown, then reverted, and the status line says why."""
    app = App(binary, "--latency", "1s", "--fail-rate", "1")
    try:
        app.wait(lambda s: s["rows"] >= 6 and s["busy"] == 0, "the seeded list")
        first = "東京タワー アパート"
        app.keys("g", "r", "C-u")
        app.type("Villa Blu")
        app.keys("Enter")
        app.expect(lambda screen: pending_row(screen, "Villa Blu") and row_line(screen, first) is None,
                   "with --fail-rate 1 the rename is still on screen at once")
        app.wait(lambda s: s["pending"] == 0, "the rename to be refused")
        app.expect(lambda screen: (row_line(screen, first) or "").rstrip().endswith("!")
                   and row_line(screen, "Villa Blu") is None,
                   "the refused rename is reverted and the row marked !")
        app.expect(lambda screen: f"rename “{first}” to “Villa Blu” failed, reverted: Injected failure" in screen,
                   "the status line names the operation, the record and the server's message")

        app.keys("n")
        app.type("Doomed House")
        app.keys("Enter")
        app.expect(lambda screen: pending_row(screen, "Doomed House"), "a create is on screen before it is refused")
        app.wait(lambda s: s["pending"] == 0, "the create to be refused")
        app.expect(lambda screen: row_line(screen, "Doomed House") is None and "add “Doomed House” failed" in screen,
                   "the refused create disappears and the status line says why")
    finally:
        app.close()


def pasted_and_alt_keys(binary):
    """A paste is text for the focused field, never keys; Alt keys never leave a field; the terminal is given back."""
    app = App(binary)
    try:
        app.wait(lambda s: s["rows"] >= 6 and s["busy"] == 0, "the seeded list")
        rows = app.idle()["rows"]
        first = "東京タワー アパート"

        # The paste: n, then "PasteTest⏎gdy". Before: it created PasteTest and deleted the first row.
        app.keys("n")
        app.paste("PasteTest\ngdy")
        state = app.wait(lambda s: True, "idle")
        app.expect(lambda screen: "Not pasted: the text has a line break" in screen and "Delete “" not in screen,
                   "a paste with a line break is refused in the field, and says why")
        check(state["rows"] == rows and state["pending"] == 0, "the refused paste created and deleted nothing", state)
        app.expect(lambda screen: row_line(screen, "PasteTest") is None and "PasteTest" not in screen,
                   "no row was created by the paste, nothing of it went in")

        # A one-line paste goes into the field; Enter adds it.
        app.paste("Pasted Place")
        app.expect(lambda screen: re.search(r"(New property name:|▸ name \*)\s+Pasted Place", screen) is not None,
                   "a one-line paste lands in the field")
        app.keys("Enter")
        app.wait(lambda s: s["rows"] == rows + 1 and s["pending"] == 0, "the pasted name to be added")
        app.expect(lambda screen: row_line(screen, "Pasted Place") is not None, "the pasted name is a new row")

        # In the list, a paste runs none of its letters (g d y would delete the first row).
        app.keys("g")
        app.paste("gdy")
        state = app.wait(lambda s: True, "idle")
        app.expect(lambda screen: "Nothing was pasted" in screen and "Delete “" not in screen,
                   "a paste in the list runs no keys and says where a paste goes")
        check(state["rows"] == rows + 1 and state["pending"] == 0, "the paste in the list deleted nothing", state)

        # Alt keys in a field: M-u once cancelled the prompt and ran undo. Now they stay in the field.
        app.keys("g", "r", "C-u")
        app.type("one two")
        app.keys("M-b", "M-BSpace")  # readline: back a word, then delete the word before it
        app.type("X ")
        app.keys("M-u", "M-q")
        app.expect(lambda screen: row_line(screen, "X two") is not None and "Undid" not in screen,
                   "M-b and M-⌫ edit by word; M-u and M-q stay in the field and run nothing")
        state = app.wait(lambda s: True, "idle")
        check(state["rows"] == rows + 1 and state["pending"] == 0, "no Alt key ran a command", state)
        app.keys("Escape")
        app.expect(lambda screen: row_line(screen, first) is not None, "Esc still leaves the field, nothing renamed")

        # Quit: bracketed paste is off again for whatever reads the terminal next.
        app.tmux("send-keys", "q")
        after = app.wait_for_exit()
        check(after.startswith("exit=0"), "q quits with status 0", after[:100])
        got = app.paste_after_exit("after-quit")
        check(b"after-quit" in got and b"\x1b[200~" not in got,
              "after quitting, a paste reaches the shell unbracketed (mode 2004 is off)", repr(got[:80]))
    finally:
        app.close()


def paste_mode_off_after_crash(binary):
    """A crash (SIGABRT) gives the terminal back with bracketed paste off."""
    app = App(binary)
    try:
        app.wait(lambda s: s["rows"] >= 6 and s["busy"] == 0, "the seeded list")
        children = subprocess.run(["pgrep", "-P", str(app.pane_pid())], capture_output=True, text=True).stdout.split()
        for pid in children:
            os.kill(int(pid), signal.SIGABRT)
        after = app.wait_for_exit()
        check(after.startswith("exit=134") and re.search(r"(?<!-)icanon", after) is not None,
              "SIGABRT ends the app (status 134) with the terminal restored", after[:200])
        got = app.paste_after_exit("after-crash")
        check(b"after-crash" in got and b"\x1b[200~" not in got,
              "after a crash, a paste reaches the shell unbracketed (mode 2004 is off)", repr(got[:80]))
    finally:
        app.close()


def suspend_and_resume(binary):
    """Ctrl-Z gives the terminal back to an interactive shell; fg brings the screen back."""
    work = tempfile.mkdtemp(prefix="proptui-e2e-suspend-")
    socket = f"proptui-e2e-suspend-{os.getpid()}"
    idle_file = os.path.join(work, "idle")

    def tmux(*args):
        return subprocess.run(["tmux", "-L", socket, *args], check=True, capture_output=True, text=True).stdout

    def idle():
        try:
            return {key: int(value) for key, value in re.findall(r"(\w+)=(\d+)", Path(idle_file).read_text())}
        except FileNotFoundError:
            return None

    def until(condition, what):
        deadline = time.monotonic() + TIMEOUT
        while time.monotonic() < deadline:
            if condition():
                return True
            time.sleep(0.02)
        check(False, f"timed out waiting for {what}", tmux("capture-pane", "-p"))
        return False

    subprocess.run(["tmux", "-L", socket, "-u", "new-session", "-d", "-x", "100", "-y", "30",
                    "env PS1='shell$ ' bash --norc --noprofile -i"], check=True, env={**os.environ, "LANG": "C.UTF-8"})
    try:
        until(lambda: "shell$" in tmux("capture-pane", "-p"), "the shell's prompt")
        tmux("send-keys", "-l", f"PROPTUI_IDLE_FILE={idle_file} LANG=C.UTF-8 TERM=xterm-256color {binary} --data-dir {work}/data")
        tmux("send-keys", "Enter")
        until(lambda: (idle() or {}).get("rows", 0) >= 6, "the seeded list")
        tmux("send-keys", "C-z")
        if until(lambda: "Stopped" in tmux("capture-pane", "-p"), "the shell to report the app stopped"):
            # The shell works as usual: its command runs, and a paste is not bracketed for it by us.
            tmux("send-keys", "-l", "echo suspended-$((40+2))")
            tmux("send-keys", "Enter")
            until(lambda: "suspended-42" in tmux("capture-pane", "-p"), "the shell to run a command")
            screen = tmux("capture-pane", "-p")
            check("suspended-42" in screen and "Real Estate Properties" not in screen,
                  "Ctrl-Z stops the app and gives the shell its screen and terminal back", screen)
        before = idle()["frames"]
        tmux("send-keys", "-l", "fg")
        tmux("send-keys", "Enter")
        until(lambda: idle()["frames"] > before, "a frame after fg")
        until(lambda: row_line(tmux("capture-pane", "-p"), "Café Müller") is not None, "the list after fg")
        def selected_line():
            lines = tmux("capture-pane", "-p").splitlines()
            return next((index for index, line in enumerate(lines) if line.startswith(" ▸")), None)
        first = selected_line()
        keys = idle()["keys"]
        tmux("send-keys", "j")
        until(lambda: idle()["keys"] > keys, "a key after fg")
        until(lambda: first is not None and selected_line() == first + 1, "j to move the selection")
        check(True, "after fg the screen is drawn again and keys work")
        tmux("send-keys", "q")
        until(lambda: tmux("capture-pane", "-p").rstrip().endswith("shell$"), "the shell's prompt after quitting")
    finally:
        subprocess.run(["tmux", "-L", socket, "kill-server"], capture_output=True)
        shutil.rmtree(work, ignore_errors=True)


def copy_id(binary):
    """y in the details copies the property's id to the clipboard through the terminal (OSC 52)."""
    app = App(binary)
    try:
        app.tmux("set-option", "-g", "set-clipboard", "on")  # tmux takes OSC 52 into a paste buffer
        app.wait(lambda s: s["rows"] >= 6 and s["busy"] == 0, "the seeded list")
        app.keys("Enter")
        whole_id = r"\b(?:ID|id)\s+([0-9a-f-]{36})"
        screen = app.expect(lambda screen: re.search(whole_id, screen) is not None, "the detail shows the whole id")
        shown = re.search(whole_id, screen).group(1)
        app.keys("y")
        deadline = time.monotonic() + TIMEOUT
        copied = ""
        while time.monotonic() < deadline and copied != shown:
            copied = subprocess.run(["tmux", "-L", app.socket, "show-buffer"], capture_output=True, text=True).stdout
            time.sleep(0.02)
        check(copied == shown, "y copies the id to the clipboard (tmux's buffer)", copied)
    finally:
        app.close()


def row_deleted_while_renaming(binary):
    """The issue's case: the row being renamed is deleted by another client; what is typed next stays in the field."""
    work = tempfile.mkdtemp(prefix="proptui-e2e-vanish-")
    # Every answer takes 3 s, so the other client's delete lands (live, through the realtime
    # socket) while the user is typing in the field.
    server, url, _, key = start_server(binary, work, "--empty", "--latency", "3s", timeout=TIMEOUT)
    app = None
    create = "mutation C($input: CreateRealEstatePropertyInput!) { createRealEstateProperty(input: $input) { id _version } }"
    try:
        alpha = graphql(url, key, create, {"input": {"name": "Alpha", "address": "1 Alpha Rd"}})["data"]["createRealEstateProperty"]
        time.sleep(0.02)  # a later createdAt (milliseconds): Alpha is first in creation order
        graphql(url, key, create, {"input": {"name": "Beta", "address": "2 Beta Rd"}})
        os.environ["PROPTUI_API_KEY"] = key
        app = App(binary, "--endpoint", url, "--data-dir", work + "/client", data_dir=False)
        app.wait(lambda s: s["rows"] == 2 and s["busy"] == 0, "Alpha and Beta")
        app.keys("g")
        app.expect(lambda screen: "▸ Alpha" in screen, "Alpha is selected")
        app.keys("r", "C-u")
        app.type("Ti")
        check(app.idle()["rows"] == 2, "the field is open before the delete lands")
        deleted = graphql(url, key, "mutation D($input: DeleteRealEstatePropertyInput!) { deleteRealEstateProperty(input: $input) { id } }",
                          {"input": {"id": alpha["id"], "_version": alpha["_version"]}})
        check(deleted.get("data", {}).get("deleteRealEstateProperty") is not None, "another client deletes Alpha", str(deleted))
        app.wait(lambda s: s["rows"] == 1, "the delete to arrive without Alpha")
        app.expect(lambda screen: "“Alpha” deleted elsewhere · name: Ti" in screen,
                   "the field stays open, below the list, and names the cause")
        app.type("dy")
        app.keys("Enter")
        app.wait(lambda s: s["rows"] == 2 and s["pending"] == 0, "the renamed Alpha to be added anew")
        screen = app.expect(lambda screen: row_line(screen, "Tidy") is not None and row_line(screen, "Beta") is not None,
                            "“dy” was typed into the name, Beta was not deleted, Enter added the property anew")
        check("Delete “Beta”" not in screen, "no delete question for another row", screen)
    finally:
        if app is not None:
            app.close()
        server.terminate()
        server.wait(timeout=TIMEOUT)
        shutil.rmtree(work, ignore_errors=True)


def graphql(url, key, query, variables):
    request = urllib.request.Request(
        url, data=json.dumps({"query": query, "variables": variables}).encode(),
        headers={"content-type": "application/json", "x-api-key": key})
    with urllib.request.urlopen(request, timeout=TIMEOUT) as response:
        return json.load(response)


def hostile_server_text_and_tiny_terminal(binary):
    """Text from the server is never trusted; a tiny terminal says so; SIGTERM restores the terminal."""
    work = tempfile.mkdtemp(prefix="proptui-e2e-server-")
    server, url, _, key = start_server(binary, work, "--empty", timeout=TIMEOUT)
    app = None
    try:
        hostile = "Evil\x1b[2J\x1b]0;pwned\x07Name"
        # The embedded server refuses control characters (issue 18), as a careful backend would;
        # others do not (AppSync stores any String). So the hostile text is written into its store
        # behind its back, as another backend could hold it.
        refused = graphql(url, key, "mutation C($input: CreateRealEstatePropertyInput!) { createRealEstateProperty(input: $input) { id } }",
                          {"input": {"name": hostile, "address": "1 Quay St"}})
        check((refused.get("errors") or [{}])[0].get("errorType") == "ValidationException",
              "the embedded server refuses a name with escape sequences", str(refused))
        created = graphql(url, key, "mutation C($input: CreateRealEstatePropertyInput!) { createRealEstateProperty(input: $input) { id } }",
                          {"input": {"name": "EvilPlaceholder", "address": "1 Quay St"}})
        record_id = created["data"]["createRealEstateProperty"]["id"]
        with sqlite3.connect(os.path.join(work, "proptui-server.sqlite")) as store:
            store.execute("UPDATE modelItem SET item = json_set(item, '$.name', ?, '$.address', ?)"
                          " WHERE model = 'RealEstateProperty' AND json_extract(item, '$.id') = ?",
                          (hostile, "1 Quay St\r\nInjected line", record_id))
        graphql(url, key, "mutation C($input: CreateRealEstatePropertyInput!) { createRealEstateProperty(input: $input) { id } }",
                {"input": {"name": "👨‍👩‍👧 Family Home 東京", "address": "Cafe\u0301 Street"}})
        emoji = "🏠 Emoji \U0001F468\u200d\U0001F469\u200d\U0001F467 House \U0001F1EF\U0001F1F5"
        graphql(url, key, "mutation C($input: CreateRealEstatePropertyInput!) { createRealEstateProperty(input: $input) { id } }",
                {"input": {"name": emoji, "address": "Emoji Street 1"}})

        # The app against a remote endpoint: --endpoint with the key from the environment.
        os.environ["PROPTUI_API_KEY"] = key
        app = App(binary, "--endpoint", url, "--data-dir", work + "/client", data_dir=False)
        app.wait(lambda s: s["rows"] == 3 and s["busy"] == 0, "the three records")
        screen = app.expect(lambda screen: "␛" in (row_line(screen, "Evil") or "") and "Name" in row_line(screen, "Evil")
                            and "\x1b" not in screen,
                            "escape sequences from the server are shown as visible replacements")
        line = row_line(screen, "Evil")
        title = app.tmux("display-message", "-p", "#{pane_title}").strip()
        check(title != "pwned", "an OSC title sequence from the server never reaches the terminal", title)
        family = row_line(screen, "Family Home")
        check(family is not None and line is not None
              and display_column(family, "Cafe") == display_column(line, "1 Quay St"),
              "wide, emoji and combining text keep the columns aligned", screen)
        # Emoji sequences: tmux 3.3a joins a ZWJ family and a flag into one two-column cell,
        # so both are drawn whole; the address column after them stays where the others are.
        emoji_line = row_line(screen, "Emoji Street 1")
        check(emoji_line is not None and emoji in emoji_line,
              "a ZWJ family and a flag are drawn whole in the list", emoji_line or screen)
        check(display_column(emoji_line, "Emoji Street 1") == display_column(line, "1 Quay St"),
              "the column after them stays aligned", screen)

        before = app.idle()["frames"]
        app.tmux("resize-window", "-x", "30", "-y", "8")
        app.wait(lambda s: s["frames"] > before, "a frame at the new size")
        app.expect(lambda screen: "too small" in screen, "a 30×8 terminal says it is too small")
        before = app.idle()["frames"]
        app.tmux("resize-window", "-x", "100", "-y", "30")
        app.wait(lambda s: s["frames"] > before, "a frame at the restored size")
        app.expect(lambda screen: row_line(screen, "Family Home") is not None, "growing the terminal again draws the list")

        # SIGTERM to the app (the pane's shell runs it as a child).
        children = subprocess.run(["pgrep", "-P", str(app.pane_pid())], capture_output=True, text=True).stdout.split()
        for pid in children:
            os.kill(int(pid), signal.SIGTERM)
        deadline = time.monotonic() + TIMEOUT
        while not os.path.exists(app.after_exit) and time.monotonic() < deadline:
            time.sleep(0.01)
        after = Path(app.after_exit).read_text() if os.path.exists(app.after_exit) else ""
        check(after.startswith("exit=143") and re.search(r"(?<!-)icanon", after) is not None
              and re.search(r"(?<!-)echo\b", after) is not None,
              "SIGTERM ends the app (status 143) and restores the terminal", after[:200])
    finally:
        if app is not None:
            app.close()
        server.terminate()
        server.wait(timeout=TIMEOUT)
        shutil.rmtree(work, ignore_errors=True)


def command_line(binary):
    """Bad options and config files get a clear error and a usage exit code; --help explains every option."""
    work = tempfile.mkdtemp(prefix="proptui-e2e-cli-")
    try:
        bad_json = os.path.join(work, "amplify_outputs.json")
        Path(bad_json).write_text('{ "data": ')
        iam = os.path.join(work, "iam.json")
        Path(iam).write_text('{"version": "1", "data": {"url": "https://x.appsync-api.us-east-1.amazonaws.com/graphql", '
                             '"default_authorization_type": "AWS_IAM"}}')
        env = {key: value for key, value in os.environ.items() if key != "PROPTUI_API_KEY" and not key.startswith("AWS_")}
        env["AWS_SHARED_CREDENTIALS_FILE"] = os.path.join(work, "no-such-credentials")
        cases = [
            (["--fail-rate", "-1"], 64, "--fail-rate must be between 0 and 1"),
            (["--latency", "fast"], 64, "--latency: “fast” is not a duration"),
            (["--offline", "later"], 64, "--offline must be queue or revert, not “later”"),
            (["--sync", "some"], 64, "--sync must be all, views or limit, not “some”"),
            (["--sync", "views", "--sync-limit", "10"], 64, "--sync-limit goes with --sync limit, not --sync views"),
            (["--sync-limit", "0"], 64, "--sync-limit must be 1 or more"),
            (["--endpoint", "http://127.0.0.1:1/graphql"], 64, "--endpoint needs PROPTUI_API_KEY or --api-key"),
            (["--endpoint", "http://x/graphql", "--config", bad_json], 64, "not both"),
            (["--data-dir", work, "--config", bad_json], 1, "is not valid JSON"),
            (["--data-dir", work, "--config", iam], 1, "cannot use IAM authorization (--auth iam): no AWS credentials"),
            (["--data-dir", work, "--config", iam, "--auth", "user-pool"], 1, "names no user pool"),
            (["--data-dir", work, "--config", iam, "--auth", "lambda"], 1, "no token: give --token-command"),
            (["--data-dir", work, "--config", iam, "--auth", "magic"], 64, "--auth must be one of"),
            (["serve", "--jitter", "-1s"], 64, "--jitter: “-1s” is not a duration"),
            (["serve", "--host", "0.0.0.0", "--port", "0", "--data-dir", work], 64, "refusing to listen on 0.0.0.0"),
            (["--log-file", "/nonexistent-proptui-dir/x.log"], 64,
             "--log-file: the folder /nonexistent-proptui-dir does not exist"),
            (["--log-file", work], 64, "is a folder"),
            (["--latency", "99999s"], 64, "--latency: “99999s” is too long: the most is 3600s"),
            (["--endpoint", "foo"], 64, "--endpoint: “foo” is not an http(s) URL"),
        ]
        for arguments, status, message in cases:
            run = subprocess.run([binary, *arguments], capture_output=True, text=True, timeout=TIMEOUT, env=env)
            check(run.returncode == status and message in run.stderr,
                  f"proptui {' '.join(arguments)}: exit {status}, says “{message}”", run.stderr[:300])
        # No terminal: the app says so before it starts a server or creates its data directory.
        fresh = os.path.join(work, "fresh")
        run = subprocess.run([binary, "--data-dir", fresh], capture_output=True, text=True, timeout=TIMEOUT,
                             stdin=subprocess.DEVNULL, env=env)
        check(run.returncode == 1 and "needs a terminal" in run.stderr and not os.path.exists(fresh),
              "with no terminal the app fails before it writes its data directory", run.stderr[:300])

        # One server per data directory (a lock file), and a port in use, each a clear usage error.
        served = os.path.join(work, "served")
        server, url, _, _ = start_server(binary, served, "--empty", timeout=TIMEOUT)
        try:
            port = re.search(r":(\d+)/", url).group(1)
            second = subprocess.run([binary, "serve", "--port", "0", "--data-dir", served],
                                    capture_output=True, text=True, timeout=TIMEOUT)
            check(second.returncode == 64 and f"the data directory {served} is in use by another proptui (pid {server.pid})"
                  in second.stderr, "a second proptui serve on the same data directory refuses, naming the first",
                  second.stderr[:300])
            busy = subprocess.run([binary, "serve", "--port", port, "--data-dir", os.path.join(work, "other")],
                                  capture_output=True, text=True, timeout=TIMEOUT)
            check(busy.returncode == 64 and f"port {port} on 127.0.0.1 is in use" in busy.stderr
                  and not busy.stderr.rstrip().endswith(")"),
                  "a port in use is a clear usage error", busy.stderr[:300])
        finally:
            server.terminate()
            server.wait(timeout=TIMEOUT)

        help_text = subprocess.run([binary, "--help"], capture_output=True, text=True, timeout=TIMEOUT).stdout
        options = ["--data-dir", "--endpoint", "--api-key", "--config", "--latency", "--fail-rate", "--no-color", "--log-file"]
        check(all(option in help_text for option in options) and "serve" in help_text,
              "proptui --help explains every option and names serve", help_text[:300])
    finally:
        shutil.rmtree(work, ignore_errors=True)


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else str(ROOT / ".build" / "debug" / "proptui")
    run_scenarios(binary, (command_line, optimistic_changes, rejected_changes, hostile_server_text_and_tiny_terminal,
                           pasted_and_alt_keys, paste_mode_off_after_crash, suspend_and_resume, copy_id,
                           row_deleted_while_renaming))


if __name__ == "__main__":
    main()
