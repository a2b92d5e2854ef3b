#!/usr/bin/env python3
"""End-to-end: nothing the server says reaches a terminal through the log, and two instances
writing one log keep each other's lines.

    python3 Tests/e2e/log_test.py [path/to/proptui]

The server's words go into proptui.log: a refused change's record name and the server's reason.
`tail -f` of the log ran any escape sequence in them (OSC 52 sets the reader's clipboard, ESC[6n
makes their terminal answer as if typed, OSC 0 sets the title, ESC[2J clears the screen). A proxy
in front of `proptui serve` names a record with escapes and refuses every change with a reason
holding more. Two app instances log through the same --log-file; each opened it at its end and
wrote over the other's lines.
"""
import json
import os
import shutil
import sys
import tempfile
import threading
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from e2e_support import check, run_scenarios, start_server, stop_server
from tui_test import App, TIMEOUT, row_line

ROOT = Path(__file__).resolve().parents[2]
EVIL_NAME = "Evil\x1b]0;owned\x07\x1b[2J Loft"
EVIL_REASON = "No \x1b]52;c;aGk=\x07\x1b[6n way"
RENAMED = "Harbour View Loft"  # the seeded record the proxy renames


class Proxy:
    """Forwards GraphQL to the server; names one record with escapes; refuses every mutation."""

    def __init__(self, upstream):
        proxy = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
                query = json.loads(body or b"{}").get("query", "")
                if query.lstrip().startswith("mutation"):
                    answer = json.dumps({"data": None, "errors": [
                        {"message": EVIL_REASON, "errorType": "Lambda:Unhandled", "path": ["x"]}]}).encode()
                    status = 200
                else:
                    request = urllib.request.Request(upstream, data=body, method="POST", headers={
                        key: value for key, value in self.headers.items() if key.lower() in ("content-type", "x-api-key")})
                    try:
                        with urllib.request.urlopen(request, timeout=TIMEOUT) as response:
                            answer, status = response.read(), response.status
                    except urllib.error.HTTPError as error:
                        answer, status = error.read(), error.code
                    answer = answer.replace(json.dumps(RENAMED).encode(), json.dumps(EVIL_NAME).encode())
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(answer)))
                self.end_headers()
                self.wfile.write(answer)

            def do_GET(self):
                self.send_error(404)  # no realtime here: live sync is down, the rest works

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/graphql"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self):
        self.server.shutdown()


def rename_refused(app, name, new_name):
    """Selects the row showing `name`, renames it, and waits for the refusal."""
    app.wait(lambda s: s["rows"] >= 6 and s["busy"] == 0, "the seeded list")
    for _ in range(10):
        line = row_line(app.screen(), name)
        if line is not None and line.lstrip().startswith("▸"):
            break
        app.keys("j")
    app.keys("r", "C-u")
    app.type(new_name)
    app.keys("Enter")
    return app.expect(lambda s: "failed" in s and "way" in s, f"the rename of {name!r} is refused", timeout=TIMEOUT)


def escaped_and_appended(binary):
    """Server text with escapes is escaped in the log; two instances writing one log keep both their lines."""
    work = tempfile.mkdtemp(prefix="proptui-log-e2e-")
    server, url, _, key = start_server(binary, work + "/server")
    proxy = Proxy(url)
    log = os.path.join(work, "shared.log")
    os.environ["PROPTUI_API_KEY"] = key
    args = ("--endpoint", proxy.url, "--log-file", log)
    a = App(binary, "--data-dir", work + "/a", *args, data_dir=False)
    b = App(binary, "--data-dir", work + "/b", *args, data_dir=False)
    try:
        screen = rename_refused(a, "Evil", "Mine")
        check("\x1b" not in screen and "Evil" in screen, "the screen shows the name, its escapes made harmless", screen)
        rename_refused(b, "Café Müller", "Ours")
        rename_refused(a, "Sunset Bungalow", "Also mine")
        text = Path(log).read_bytes()
        check(b"\x1b" not in text and b"\x07" not in text, "no escape or bell byte in the log",
              text.decode(errors="replace")[-2000:])
        lines = text.decode().splitlines()
        refused = [line for line in lines if "refused: rename" in line]
        check(any("“Evil\\u{1B}]0;owned\\u{7}\\u{1B}[2J Loft”" in line for line in refused),
              "the record's name is in the log, its escapes written as \\u{1B}", "\n".join(refused))
        check(all("No \\u{1B}]52;c;aGk=\\u{7}\\u{1B}[6n way" in line for line in refused),
              "the server's reason is in the log, escaped", "\n".join(refused))
        check(len(refused) == 3 and any("Café Müller" in line for line in refused) and any("Sunset Bungalow" in line for line in refused),
              "both instances' refusals are in the one log, none written over", "\n".join(lines[-40:]))
        check(all(line[:2].isdigit() and line[2] == ":" for line in lines if line),
              "every line of the log is whole (starts with its time)", "\n".join(lines[-40:]))
    finally:
        a.close()
        b.close()
        proxy.close()
        stop_server(server)
        shutil.rmtree(work, ignore_errors=True)


def main():
    binary = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else str(ROOT / ".build" / "debug" / "proptui"))
    run_scenarios(binary, (escaped_and_appended,))


if __name__ == "__main__":
    main()
