#!/usr/bin/env python3
"""End-to-end: every tape in Resources/demo plays with `proptui demo` and passes its checks, and
its recording shows what the tape expects when drawn by an independent terminal emulator (pyte):
at each `Screenshot`, the `Expect`/`ExpectNot`/`Wait` lines just before it hold on pyte's screen too.

    python3 Tests/e2e/demo_tapes_test.py [path/to/proptui]      (needs pyte)
"""
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
from pathlib import Path

import pyte

from e2e_support import check, finish

ROOT = Path(__file__).resolve().parents[2]
TIMEOUT = 300


def screens_at_markers(cast_path):
    """pyte's screen text at each marker of the recording, by marker name; and the header."""
    lines = Path(cast_path).read_text(encoding="utf-8").splitlines()
    header = json.loads(lines[0])
    screen = pyte.Screen(header["width"], header["height"])
    stream = pyte.Stream(screen)
    shots = {}
    for line in lines[1:]:
        _, kind, data = json.loads(line)
        if kind == "o":
            stream.feed(data)
        elif kind == "m":
            shots[data] = [row.rstrip() for row in screen.display]
    return header, shots


def checks_before_screenshots(tape_text):
    """For each Screenshot, the Expect/ExpectNot/Wait lines right before it: [(name, [(wanted, text)])]."""
    result, block = [], []
    for line in tape_text.splitlines():
        line = line.strip()
        match = re.match(r'(Expect|ExpectNot|Wait|WaitNot)(@\S+)? (["\'`])(.*)\3$', line)
        if match:
            block.append((not match.group(1).endswith("Not"), match.group(4)))
        elif line.startswith("Screenshot "):
            result.append((line.split(None, 1)[1], block))
            block = []
        elif line:
            block = []  # any other step or comment starts a new block
    return result


def tapes(binary, work):
    """Every committed tape passes its checks, and pyte sees the same screens in its recording."""
    tape_paths = sorted((ROOT / "Resources" / "demo").glob("*.tape"))
    check(len(tape_paths) >= 2, f"Resources/demo has tapes ({len(tape_paths)})")
    for tape in tape_paths:
        cast = os.path.join(work, tape.stem + ".cast")
        run = subprocess.run([binary, "demo", str(tape), "-o", cast], capture_output=True, text=True, timeout=TIMEOUT)
        check(run.returncode == 0 and "checks passed" in run.stdout, f"{tape.name} plays and passes its checks",
              run.stdout + run.stderr)
        if run.returncode != 0:
            continue
        text = tape.read_text(encoding="utf-8")
        header, shots = screens_at_markers(cast)
        size = re.search(r"^Set Width (\d+)", text, re.M), re.search(r"^Set Height (\d+)", text, re.M)
        check(header["version"] == 2 and header["width"] == int(size[0].group(1)) and header["height"] == int(size[1].group(1)),
              f"{tape.name}: an asciicast v2 recording of the tape's size", header)
        for name, block in checks_before_screenshots(text):
            screen = shots.get(name)
            check(screen is not None, f"{tape.name}: the recording marks {name}")
            if screen is None:
                continue
            for wanted, needle in block:
                shown = any(needle in row for row in screen)
                check(shown == wanted, f"{tape.name}: at {name} pyte {'shows' if wanted else 'does not show'} “{needle}”",
                      "\n".join(screen))


def failures(binary, work):
    """A check that fails fails the command, names the line and keeps the recording; a bad tape is refused."""
    failing = os.path.join(work, "failing.tape")
    Path(failing).write_text('Set Width 80\nSet Height 24\nWait "Harbour View Loft"\nExpect "no such property"\n')
    cast = os.path.join(work, "failing.cast")
    run = subprocess.run([binary, "demo", failing, "-o", cast], capture_output=True, text=True, timeout=TIMEOUT)
    check(run.returncode == 1 and "line 4: expected “no such property” on the screen" in run.stderr
          and "Harbour View Loft" in run.stderr, "a failed Expect: exit 1, its line, the reason and the screen",
          run.stderr[-1500:])
    check(os.path.exists(cast) and "Harbour View Loft" in Path(cast).read_text(encoding="utf-8"),
          "the recording of a failed tape is still written")
    bad = os.path.join(work, "bad.tape")
    Path(bad).write_text("Set Width 80\nTyp \"oops\"\n")
    run = subprocess.run([binary, "demo", bad, "-o", os.path.join(work, "bad.cast")], capture_output=True, text=True,
                         timeout=TIMEOUT)
    check(run.returncode == 64 and "line 2: unknown command “Typ”" in run.stderr
          and not os.path.exists(os.path.join(work, "bad.cast")), "a bad tape: exit 64, its line, nothing written",
          run.stderr)
    usage = [line for line in run.stderr.splitlines() if line.startswith("Usage:")]
    check(usage and usage[0].startswith("Usage: proptui demo ") and "--port" in usage[0] and "proptui demo --help" in run.stderr,
          "a bad tape ends with the usage of proptui demo, not of proptui", run.stderr)


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def ports(binary, work):
    """The demo server takes the next free port when 47100 is taken, or the one --port names."""
    tape = os.path.join(work, "port.tape")
    Path(tape).write_text('Set Width 100\nSet Height 24\nWait "Harbour View Loft"\n')
    holder = socket.socket()
    try:
        try:
            holder.bind(("127.0.0.1", 47100))
            holder.listen()
        except OSError:
            pass  # someone else holds it: taken all the same
        run = subprocess.run([binary, "demo", tape, "-o", os.path.join(work, "port.cast")], capture_output=True, text=True,
                             timeout=TIMEOUT)
        check(run.returncode == 0 and "checks passed" in run.stdout, "47100 taken: the tape plays on the next free port",
              run.stdout + run.stderr)
        cast = os.path.join(work, "chosen.cast")
        port = free_port()
        run = subprocess.run([binary, "demo", tape, "--port", str(port), "-o", cast], capture_output=True, text=True,
                             timeout=TIMEOUT)
        check(run.returncode == 0 and f"127.0.0.1:{port}" in Path(cast).read_text(encoding="utf-8"),
              "--port N: the server listens there (the header names it)", run.stdout + run.stderr)
        # A port this test holds itself: 47100 may be freed meanwhile by whoever else held it.
        with socket.socket() as taken:
            taken.bind(("127.0.0.1", 0))
            taken.listen()
            port = taken.getsockname()[1]
            run = subprocess.run([binary, "demo", tape, "--port", str(port), "-o", os.path.join(work, "taken.cast")],
                                 capture_output=True, text=True, timeout=TIMEOUT)
        check(run.returncode == 64 and f"--port {port} is in use" in run.stderr and "Usage:" not in run.stderr,
              "--port naming a port in use: exit 64 and what to do", run.stdout + run.stderr)
    finally:
        holder.close()


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else str(ROOT / ".build" / "debug" / "proptui")
    work = tempfile.mkdtemp(prefix="proptui-e2e-demo-")
    try:
        for scenario in (tapes, failures, ports):
            print(f"# {scenario.__doc__.strip().splitlines()[0]}")
            scenario(binary, work)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    finish()


if __name__ == "__main__":
    main()
