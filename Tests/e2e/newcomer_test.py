#!/usr/bin/env python3
"""End-to-end: a newcomer's first minutes with the real binary: --version, shell completion
(in a real bash, in tmux), and where --help says the data and the log go, and that they do.

    python3 Tests/e2e/newcomer_test.py [path/to/proptui]
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from e2e_support import check, finish, start_server

ROOT = Path(__file__).resolve().parents[2]
TIMEOUT = 60


def run(binary, *args, env=None):
    return subprocess.run([binary, *args], capture_output=True, text=True, timeout=TIMEOUT, env=env)


def version(binary):
    """--version prints the version written in ProptuiVersion.swift, for proptui and its subcommands."""
    source = (ROOT / "Sources/proptui/ProptuiVersion.swift").read_text()
    expected = re.search(r'static let current = "([^"]+)"', source).group(1)
    for args in (["--version"], ["serve", "--version"], ["demo", "--version"]):
        output = run(binary, *args)
        check(output.returncode == 0 and output.stdout.strip() == expected,
              f"proptui {' '.join(args)} prints {expected}", output.stdout + output.stderr)


def tmux_bash(work, script_lines, keys, settle):
    """Types `keys` into an interactive bash in a private tmux and answers the screen once `settle(screen)` holds.
    A new socket each time: tmux can fail to start a server on a socket whose last one is still going away."""
    tmux_bash.calls = getattr(tmux_bash, "calls", 0) + 1
    socket = f"proptui-e2e-newcomer-{os.getpid()}-{tmux_bash.calls}"
    env = {**os.environ, "LANG": "C.UTF-8", "PATH": f"{work}/bin:{os.environ['PATH']}", "HOME": work}
    subprocess.run(["tmux", "-L", socket, "-u", "new-session", "-d", "-x", "160", "-y", "20", "bash --norc -i"],
                   check=True, env=env)
    try:
        for line in script_lines:
            subprocess.run(["tmux", "-L", socket, "send-keys", "-l", line], check=True)
            subprocess.run(["tmux", "-L", socket, "send-keys", "Enter"], check=True)
        subprocess.run(["tmux", "-L", socket, "send-keys", *keys], check=True)
        deadline = time.monotonic() + TIMEOUT
        screen = ""
        while time.monotonic() < deadline:
            screen = subprocess.run(["tmux", "-L", socket, "capture-pane", "-p"], capture_output=True, text=True).stdout
            if settle(screen):
                break
            time.sleep(0.05)
        return screen
    finally:
        subprocess.run(["tmux", "-L", socket, "kill-server"], capture_output=True)


def completion(binary):
    """The bash completion script completes the app's own options after `proptui` and each subcommand's."""
    work = tempfile.mkdtemp(prefix="proptui-e2e-completion-")
    try:
        os.makedirs(f"{work}/bin")
        os.symlink(os.path.abspath(binary), f"{work}/bin/proptui")
        for shell in ("bash", "zsh", "fish"):
            script = run(binary, "--generate-completion-script", shell)
            check(script.returncode == 0 and "data-dir" in script.stdout and "fail-rate" in script.stdout,
                  f"the {shell} completion script offers the app's options", script.stderr[:300])
            Path(f"{work}/proptui.{shell}").write_text(script.stdout)
        screen = tmux_bash(work, [f"source {work}/proptui.bash", "clear"], ["proptui --", "Tab", "Tab"],
                           lambda s: "--data-dir" in s)
        check(all(option in screen for option in ("--data-dir", "--latency", "--fail-rate", "--log-file", "--version")),
              "bash: `proptui --<Tab><Tab>` lists the app's options", screen)
        screen = tmux_bash(work, [f"source {work}/proptui.bash", "clear"], ["proptui serve --dr", "Tab"],
                           lambda s: "--drop-rate" in s)
        check("proptui serve --drop-rate" in screen, "bash: `proptui serve --dr<Tab>` completes --drop-rate", screen)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def files(binary):
    """--help names the data folder and the log file per XDG; the app writes its log there, not in the data folder."""
    work = tempfile.mkdtemp(prefix="proptui-e2e-files-")
    try:
        env = {key: value for key, value in os.environ.items() if not key.startswith("XDG_")}
        env.update({"HOME": f"{work}/home", "XDG_DATA_HOME": f"{work}/data", "XDG_STATE_HOME": f"{work}/state"})
        help_text = run(binary, "--help", env=env).stdout
        check(f"{work}/data/proptui" in help_text and f"{work}/state/proptui/proptui.log" in help_text,
              "--help names $XDG_DATA_HOME/proptui and $XDG_STATE_HOME/proptui/proptui.log", help_text[-600:])
        bare = {key: value for key, value in env.items() if not key.startswith("XDG_")}
        help_text = run(binary, "--help", env=bare).stdout
        check(f"{work}/home/.local/share/proptui" in help_text and f"{work}/home/.local/state/proptui/proptui.log" in help_text,
              "without XDG variables: ~/.local/share/proptui and ~/.local/state/proptui/proptui.log", help_text[-600:])

        # The app itself, in tmux: it starts, draws, and quits on q; then the files are where --help said.
        socket = f"proptui-e2e-files-{os.getpid()}"
        idle = f"{work}/idle"
        command = f"{binary}; echo exit=$? > {work}/exit; sleep 600"
        subprocess.run(["tmux", "-L", socket, "-u", "new-session", "-d", "-x", "100", "-y", "30", command], check=True,
                       env={**env, "LANG": "C.UTF-8", "TERM": "xterm-256color", "PROPTUI_IDLE_FILE": idle})
        try:
            deadline = time.monotonic() + TIMEOUT
            while not os.path.exists(idle) and time.monotonic() < deadline:
                time.sleep(0.05)
            subprocess.run(["tmux", "-L", socket, "send-keys", "q"], check=True)
            while not os.path.exists(f"{work}/exit") and time.monotonic() < deadline:
                time.sleep(0.05)
        finally:
            subprocess.run(["tmux", "-L", socket, "kill-server"], capture_output=True)
        log = Path(f"{work}/state/proptui/proptui.log")
        check(log.exists() and log.stat().st_size > 0, "the app logs to $XDG_STATE_HOME/proptui/proptui.log")
        check(os.path.isdir(f"{work}/data/proptui/server") and not os.path.exists(f"{work}/data/proptui/proptui.log"),
              "the server's data is under $XDG_DATA_HOME/proptui, and the log is not", sorted(os.listdir(work)))
    finally:
        shutil.rmtree(work, ignore_errors=True)


def serve_banner(binary):
    """`serve` prints only what a client can use, and never a secret: where the API key is, only when api-key is an --auth mode."""
    work = tempfile.mkdtemp(prefix="proptui-e2e-newcomer-")
    try:
        for modes, key_wanted in (("iam", False), ("iam,api-key", True)):
            folder = os.path.join(work, modes)
            os.makedirs(folder)
            process, url, _, key = start_server(binary, os.path.join(folder, "data"), "--auth", modes, cwd=folder)
            try:
                banner = process.banner
                if key_wanted:
                    request = urllib.request.Request(url, data=b'{"query": "{ __typename }"}',
                                                     headers={"content-type": "application/json", "x-api-key": key or ""})
                    with urllib.request.urlopen(request, timeout=TIMEOUT) as response:
                        check(response.status == 200, f"serve --auth {modes}: the key in the file it names is accepted", banner)
                    check(key is not None and key not in banner and "da2-" not in banner,
                          f"serve --auth {modes}: the key itself is not in the banner", banner)
                else:
                    check(key is None and "API key" not in banner and "da2-" not in banner,
                          f"serve --auth {modes}: no API key in the banner (the server would refuse it)", banner)
                check("Region:   us-east-1" in banner and "Identity pool:" in banner,
                      f"serve --auth {modes}: the region to sign for and the guests' identity pool", banner)
            finally:
                process.terminate()
                process.wait(timeout=TIMEOUT)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else str(ROOT / ".build" / "debug" / "proptui")
    for scenario in (version, completion, files, serve_banner):
        print(f"# {scenario.__doc__.strip().splitlines()[0]}")
        scenario(binary)
    finish()


if __name__ == "__main__":
    main()
