#!/usr/bin/env python3
"""`proptui list`, `get` and `export` (issue 32) against `proptui serve --models --seed 2000`, in both
dialects, checked against the server's items fetched independently (plain GraphQL over urllib).

Exports in NDJSON, CSV and JSON read back by Python's `json` and `csv` modules equal the server's
items (the versioned dialect's deleted ones left out); a list with a filter equals the same filter
applied here; `get` by a key and by a composite key; stdout is NDJSON when piped and a table,
made safe, on a terminal; the exit codes of an unknown model, field or filter (64), a missing key
(5), a server not running (69), a wrong API key (77); errors as one JSON object with
--format json; --output written whole or not at all. The API key only ever in PROPTUI_API_KEY.
Usage:

    python3 Tests/e2e/scripts_test.py [path/to/proptui]
"""
import csv
import io
import json
import os
import pty
import socket
import subprocess
import sys
import tempfile
import threading
import urllib.request
from pathlib import Path

from e2e_support import check, finish, models_open_to_api_keys, start_server, stop_server

ROOT = Path(__file__).resolve().parents[2]
# Its models allow only their owners to change them; the copy lets an API key change them.
OWNED_MODELS = ROOT / "Tests" / "AmplifyModelsTests" / "Fixtures" / "household-budget.json"
MODELS = models_open_to_api_keys(OWNED_MODELS)
FIELDS = ["id", "description", "amount", "quantity", "kind", "date", "bookedAt", "tags", "receipt", "categoryId",
          "createdAt", "updatedAt", "owner"]
SELECTION = "id description amount quantity kind date bookedAt tags receipt { merchant total lines scannedAt } categoryId createdAt updatedAt owner"


def graphql(url, api_key, query, variables=None):
    request = urllib.request.Request(url, data=json.dumps({"query": query, "variables": variables or {}}).encode(),
                                     headers={"content-type": "application/json", "x-api-key": api_key})
    with urllib.request.urlopen(request, timeout=60) as response:
        answer = json.load(response)
    if answer.get("errors"):
        raise RuntimeError(answer["errors"])
    return answer["data"]


def server_items(url, api_key, versioned):
    """Every Transaction the server holds, as it answers them; the versioned dialect's tombstones left out."""
    items, token = [], None
    extra = " _deleted" if versioned else ""
    while True:
        page = graphql(url, api_key, "query ($t: String) { listTransactions(limit: 1000, nextToken: $t) { items { "
                       + SELECTION + extra + " } nextToken } }", {"t": token})["listTransactions"]
        for item in page["items"]:
            if not item.pop("_deleted", None):
                items.append(item)
        token = page["nextToken"]
        if not token:
            return items


class Client:
    """Runs `proptui <command>` against one server, its key in PROPTUI_API_KEY only."""

    def __init__(self, binary, url, api_key, data_dir):
        self.binary, self.url, self.data_dir = binary, url, data_dir
        os.makedirs(data_dir, exist_ok=True)
        self.env = dict(os.environ, PROPTUI_API_KEY=api_key)
        self.env.pop("PROPTUI_LOG", None)

    def args(self, command, *rest, endpoint=None):
        return [self.binary, command, *rest, "--endpoint", endpoint or self.url, "--models", str(MODELS),
                "--data-dir", self.data_dir, "--log-file", os.path.join(self.data_dir, "log")]

    def run(self, command, *rest, endpoint=None, env=None):
        """Stdout and stderr decoded as they are (CSV's CRLF kept: no universal newlines)."""
        result = subprocess.run(self.args(command, *rest, endpoint=endpoint), capture_output=True, timeout=300, env=env or self.env)
        result.stdout, result.stderr = result.stdout.decode(), result.stderr.decode()
        return result

    def on_terminal(self, command, *rest):
        """Stdout a pseudo-terminal: what a person sees."""
        return run_on_terminal(self.args(command, *rest), self.env, stream="stdout")


def run_on_terminal(argv, env, stream):
    """Runs argv with `stream` ("stdout" or "stderr") on a pseudo-terminal, the other one piped
    (stderr) or dropped (stdout); answers the exit code and what the terminal received."""
    leader, follower = pty.openpty()
    if stream == "stdout":
        process = subprocess.Popen(argv, stdout=follower, stderr=subprocess.PIPE, env=env)
    else:
        process = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=follower, env=env)
    os.close(follower)
    output = b""
    while True:
        try:
            chunk = os.read(leader, 65536)
        except OSError:
            break
        if not chunk:
            break
        output += chunk
    process.wait(timeout=120)
    os.close(leader)
    return process.returncode, output

def by_id(items):
    return {item["id"]: item for item in items}


def same_as_csv(row, item):
    """A CSV row read back equals the server's item: text as it is, null empty, numbers by value, JSON by value."""
    for name in FIELDS:
        value, cell = item[name], row[name]
        if value is None:
            ok = cell == ""
        elif isinstance(value, str):
            ok = cell == value
        elif isinstance(value, bool):
            ok = cell == ("true" if value else "false")
        elif isinstance(value, (int, float)):
            ok = float(cell) == float(value)
        else:
            ok = json.loads(cell) == value
        if not ok:
            return False
    return list(row.keys()) == FIELDS


def exports(client, items, work, dialect):
    expected = by_id(items)
    ndjson_path = os.path.join(work, f"{dialect}.ndjson")
    result = client.run("export", "Transaction", "--format", "ndjson", "--output", ndjson_path)
    lines = Path(ndjson_path).read_text().splitlines() if result.returncode == 0 else []
    rows = [json.loads(line) for line in lines]
    check(result.returncode == 0 and result.stderr == "" and len(rows) == len(items) and by_id(rows) == expected
          and all(list(row.keys()) == FIELDS for row in rows),
          f"{dialect}: export --format ndjson --output: {len(rows)} lines, each the server's item, nothing on stderr",
          result.stderr or (rows[:1], items[:1]))
    check(not [name for name in os.listdir(work) if ".proptui-" in name], f"{dialect}: no temporary file left beside the export")

    result = client.run("export", "Transaction", "--format", "csv")
    read = list(csv.DictReader(io.StringIO(result.stdout, newline="")))
    check(result.returncode == 0 and len(read) == len(items) and all(same_as_csv(row, expected[row["id"]]) for row in read)
          and result.stdout.startswith(",".join(FIELDS) + "\r\n"),
          f"{dialect}: export --format csv to stdout reads back with Python's csv module as the server's items",
          result.stderr or read[:1])

    result = client.run("export", "Transaction", "--format", "json")
    array = json.loads(result.stdout) if result.returncode == 0 else None
    check(isinstance(array, list) and by_id(array) == expected and len(array) == len(items),
          f"{dialect}: export --format json is one array of the server's items", result.stderr)

    # A failed export leaves nothing under the name: the file that was there stays as it was.
    kept = os.path.join(work, f"{dialect}-kept.ndjson")
    Path(kept).write_text("before\n")
    result = client.run("export", "Transaction", "--format", "ndjson", "--output", kept, "--filter", "amount >=")
    check(result.returncode == 64 and Path(kept).read_text() == "before\n", f"{dialect}: a refused export leaves the file as it was",
          result.stderr)


def lists(client, items, dialect):
    filtered = client.run("list", "Transaction", "--filter", "kind = INCOME and amount >= 500")
    rows = [json.loads(line) for line in filtered.stdout.splitlines()]
    selected = [item for item in items if item["kind"] == "INCOME" and item["amount"] >= 500]
    check(filtered.returncode == 0 and by_id(rows) == by_id(selected) and len(rows) == len(selected) and selected,
          f"{dialect}: list --filter into a pipe is NDJSON of what the filter selects here ({len(selected)})", filtered.stderr)

    words = client.run("list", "Transaction", "--filter", "quantity < 3 or not tags exists", "--fields", "id,quantity,tags")
    rows = [json.loads(line) for line in words.stdout.splitlines()]
    selected = [item for item in items if (item["quantity"] is not None and item["quantity"] < 3) or item["tags"] is None]
    check(words.returncode == 0 and {row["id"] for row in rows} == {item["id"] for item in selected}
          and all(list(row.keys()) == ["id", "quantity", "tags"] for row in rows),
          f"{dialect}: an or, a not and --fields ({len(selected)} rows, three fields each)", words.stderr)

    limited = client.run("list", "Transaction", "--format", "csv", "--fields", "amount,id", "--limit", "5")
    check(limited.returncode == 0 and limited.stdout.count("\r\n") == 6 and limited.stdout.startswith("amount,id\r\n"),
          f"{dialect}: --limit 5 --format csv: a header and five rows", limited.stdout)

    code, screen = client.on_terminal("list", "Transaction", "--limit", "30")
    text = screen.decode("utf-8", "replace")
    check(code == 0 and text.splitlines()[0].split()[:3] == ["id", "description", "amount"] and "─" in text and "{" not in text.splitlines()[0],
          f"{dialect}: on a terminal, a table with a header", text[:300])


def gets(client, items, url, api_key, dialect):
    first, second = items[0], items[1]
    found = client.run("get", "Transaction", first["id"], second["id"])
    rows = [json.loads(line) for line in found.stdout.splitlines()]
    check(found.returncode == 0 and rows == [first, second], f"{dialect}: get of two keys prints both records", found.stderr)

    missing = client.run("get", "Transaction", first["id"], "no-such-id", "--format", "json")
    stderr = [json.loads(line) if line.startswith("{") else line for line in missing.stderr.splitlines()]
    check(missing.returncode == 5 and json.loads(missing.stdout) == [first]
          and stderr == [{"code": 5, "error": "no Transaction has the key no-such-id"}],
          f"{dialect}: get of a missing key prints those found, says the missing as JSON, exit 5", (missing.stdout, missing.stderr))

    budget = graphql(url, api_key, "query { listBudgets(limit: 1) { items { tenantId sku title months } } }")["listBudgets"]["items"][0]
    composite = client.run("get", "Budget", budget["tenantId"], budget["sku"], "--fields", "tenantId,sku,title,months")
    pairs = client.run("get", "Budget", f"sku={budget['sku']}", f"tenantId={budget['tenantId']}", "--fields", "tenantId,sku,title,months")
    check(composite.returncode == 0 and json.loads(composite.stdout) == budget and pairs.stdout == composite.stdout,
          f"{dialect}: get of a composite key, its values in order or as field=value pairs", (composite.stderr, pairs.stderr))


def reader_goes_away(client):
    """`proptui export … | head -1`: the reader closing the pipe ends the export quietly."""
    process = subprocess.Popen(client.args("export", "Transaction", "--format", "ndjson"), stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, env=client.env)
    first = process.stdout.readline()
    process.stdout.close()
    _, stderr = process.communicate(timeout=120)
    check(json.loads(first)["id"] and process.returncode == 0 and stderr == b"",
          "a reader that goes away (| head -1) ends the export quietly, exit 0", (process.returncode, stderr))


def progress_on_a_terminal(client, work, count):
    """Stderr a terminal: the progress line, then what was exported where."""
    path = os.path.join(work, "progress.csv")
    code, said = run_on_terminal(client.args("export", "Transaction", "--format", "csv", "--output", path), client.env, stream="stderr")
    text = said.decode("utf-8", "replace")
    check(code == 0 and "rows/s" in text and f"exported {count:,} rows to {path}" in text,
          "with stderr on a terminal, export shows its progress and where the rows went", text[-300:])


def exit_codes(client, dialect):
    unknown = client.run("list", "Nothing", "--format", "json")
    said = json.loads(unknown.stderr) if unknown.stderr.startswith("{") else {}
    check(unknown.returncode == 64 and said.get("code") == 64 and "Transaction" in said.get("error", ""),
          f"{dialect}: an unknown model is 64, said as JSON with the models there are", unknown.stderr)
    field = client.run("list", "Transaction", "--fields", "id,nope")
    check(field.returncode == 64 and "nope" in field.stderr and "description" in field.stderr,
          f"{dialect}: an unknown field in --fields is 64", field.stderr)
    bad = client.run("list", "Transaction", "--filter", "amount >= abc")
    check(bad.returncode == 64 and "abc" in bad.stderr and "^^^" in bad.stderr and "is not a number" in bad.stderr,
          f"{dialect}: a filter's mistake is 64, said with its place", bad.stderr)
    key = client.run("get", "Transaction", "no-such-id")
    check(key.returncode == 5 and key.stdout == "" and "no-such-id" in key.stderr, f"{dialect}: a missing key is 5", key.stderr)
    code, seen = client.on_terminal("get", "Transaction", "no-such-id")
    check(code == 5 and b"description" not in seen, f"{dialect}: on a terminal, a missing key prints no empty table", seen)
    several = client.run("list", "Transaction", "--filter", "amount >= 1 and", "--format", "csv")
    check("\\u{A}" not in several.stderr and len(several.stderr.splitlines()) >= 3,
          f"{dialect}: a message of several lines is written as lines", several.stderr)


def unreachable_and_refused(client):
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    down = client.run("list", "Transaction", "--format", "ndjson", endpoint=f"http://127.0.0.1:{port}/graphql")
    said = json.loads(down.stderr) if down.stderr.startswith("{") else {}
    check(down.returncode == 69 and said.get("code") == 69, "a server not running is 69, said as JSON with --format ndjson", down.stderr)
    wrong = client.run("list", "Transaction", env=dict(client.env, PROPTUI_API_KEY="da2-wrongwrongwrongwrongwrong0"))
    check(wrong.returncode == 77 and "da2-wrong" not in wrong.stderr, "a wrong API key is 77, and the key is not said", wrong.stderr)


def hostile_value_on_a_terminal(client, url, api_key):
    created = graphql(url, api_key, "mutation ($i: CreateTransactionInput!) { createTransaction(input: $i) { id } }", {"i": {
        "description": "\u001b[2J\u001b]0;owned\u0007red \u001b[31mtext", "amount": 1.5, "kind": "EXPENSE", "date": "2026-11-25"}})
    id = created["createTransaction"]["id"]
    code, screen = client.on_terminal("list", "Transaction", "--filter", f"id = {id}", "--fields", "id,description")
    check(code == 0 and b"\x1b" not in screen and b"\x07" not in screen and "␛[2J".encode() in screen,
          "escape sequences in a value never reach the terminal raw", screen)


def embedded(binary, work):
    data = os.path.join(work, "embedded")
    result = subprocess.run([binary, "list", "Transaction", "--models", str(MODELS), "--data-dir", data, "--log-file",
                             os.path.join(work, "embedded.log")], capture_output=True, text=True, timeout=120)
    check(result.returncode == 0 and result.stdout == "" and result.stderr == "",
          "with no endpoint, the embedded server over the data directory answers (empty)", result.stderr)
    wrong = subprocess.run([binary, "list", "Nothing", "--models", str(MODELS), "--data-dir", data], capture_output=True, text=True, timeout=60)
    check(wrong.returncode == 64 and "Transaction" in wrong.stderr, "an unknown model is said before a server starts", wrong.stderr)


def drain_log(process):
    """Reads the server's request log as it comes: a pipe left unread fills, and the server waits on it."""
    threading.Thread(target=process.stderr.read, daemon=True).start()


def round_trip_with_jq(client, url, api_key, work):
    """The README's script: an export edited with jq and imported again (--upsert) changes what it says, and nothing else."""
    def categories():
        found, token = {}, None
        while True:
            page = graphql(url, api_key, "query ($t: String) { listCategories(limit: 1000, nextToken: $t) { items { id name kind } nextToken } }",
                           {"t": token})["listCategories"]
            found.update({c["id"]: c for c in page["items"]})
            token = page["nextToken"]
            if not token:
                return found
    before = categories()
    expenses = os.path.join(work, "expenses.ndjson")
    renamed = os.path.join(work, "renamed.ndjson")
    exported = client.run("export", "Category", "--filter", "kind = EXPENSE", "--format", "ndjson", "--output", expenses)
    edited = subprocess.run(["jq", "-c", ".name |= ascii_upcase", expenses], capture_output=True, text=True, timeout=60)
    open(renamed, "w").write(edited.stdout)
    imported = client.run("import", "Category", renamed, "--upsert")
    after = categories()
    expected = {id: dict(c, name=c["name"].upper() if c["kind"] == "EXPENSE" else c["name"]) for id, c in before.items()}
    count = sum(1 for c in before.values() if c["kind"] == "EXPENSE")
    check(exported.returncode == 0 and edited.returncode == 0 and imported.returncode == 0 and count > 0 and after == expected,
          f"export | jq | import --upsert: the {count} expense categories' names are in capitals, the others as they were",
          exported.stderr + edited.stderr + imported.stderr[-2000:])


def beside_a_running_server(binary, work):
    """With no API named, a script over a data directory whose server already runs (proptui serve, or the app's
    embedded one) uses that server, its key read from the data directory: nothing on the command line."""
    data = os.path.join(work, "beside")
    process, _, _, _ = start_server(binary, os.path.join(data, "server"), "--models", str(MODELS), "--seed", "20")
    drain_log(process)
    try:
        env = dict(os.environ)
        env.pop("PROPTUI_API_KEY", None)
        common = ["--models", str(MODELS), "--data-dir", data, "--log-file", os.path.join(work, "beside.log")]
        listed = subprocess.run([binary, "list", "Category", *common], capture_output=True, text=True, timeout=120, env=env)
        check(listed.returncode == 0 and len(listed.stdout.splitlines()) == 20,
              "a read uses the server already running over its data directory", listed.stderr)
        created = subprocess.run([binary, "create", "Category", "--set", "name=Beside", *common],
                                 capture_output=True, text=True, timeout=120, env=env)
        again = subprocess.run([binary, "list", "Category", "--filter", "name = Beside", *common],
                               capture_output=True, text=True, timeout=120, env=env)
        check(created.returncode == 0 and len(again.stdout.splitlines()) == 1,
              "so does a change, which the next read finds", created.stderr + again.stderr)
    finally:
        stop_server(process)


def dialect_checks(binary, work, dialect):
    options = ["--models", str(MODELS), "--seed", "2000"] + (["--schema", "versioned"] if dialect == "versioned" else [])
    process, url, _, api_key = start_server(binary, os.path.join(work, f"server-{dialect}"), *options)
    drain_log(process)
    try:
        versioned = dialect == "versioned"
        if versioned:
            # Two tombstones: never exported.
            for item in graphql(url, api_key, "query { listTransactions(limit: 2) { items { id _version } } }")["listTransactions"]["items"]:
                graphql(url, api_key, "mutation ($i: DeleteTransactionInput!) { deleteTransaction(input: $i) { id } }",
                        {"i": {"id": item["id"], "_version": item["_version"]}})
        items = server_items(url, api_key, versioned)
        check(len(items) == (1998 if versioned else 2000), f"{dialect}: the server holds {len(items)} transactions")
        client = Client(binary, url, api_key, os.path.join(work, f"client-{dialect}"))
        exports(client, items, work, dialect)
        lists(client, items, dialect)
        gets(client, items, url, api_key, dialect)
        exit_codes(client, dialect)
        if not versioned:
            progress_on_a_terminal(client, work, len(items))
            unreachable_and_refused(client)
            reader_goes_away(client)
            hostile_value_on_a_terminal(client, url, api_key)
            round_trip_with_jq(client, url, api_key, work)
    finally:
        stop_server(process)


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else str(ROOT / ".build" / "debug" / "proptui")
    with tempfile.TemporaryDirectory(prefix="proptui-e2e-scripts-") as work:
        for dialect in ["gen2", "versioned"]:
            print(f"# {dialect}")
            dialect_checks(binary, work, dialect)
        print("# the embedded server")
        embedded(binary, work)
        beside_a_running_server(binary, work)
    finish()


if __name__ == "__main__":
    main()
