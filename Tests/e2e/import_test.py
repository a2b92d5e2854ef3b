#!/usr/bin/env python3
"""proptui's script commands that change records (issue 32): `create`, `update`, `delete` and `import`
against `proptui serve --models`, in both dialects (Gen 2's plain one and the versioned one), checked
by an independent client (Python's urllib speaking GraphQL to the server).

- create/update/delete: the record as confirmed on stdout, and each exit code: a bad value 65, an
  unknown field 64, a conflict 4 when another client changed the field after the value given with
  --expect (its value stays), a missing key 5, a wrong API key 77, the server down 75 (and the next
  command sends the change kept in the outbox), errors as JSON with --format json;
- import: N NDJSON rows (PROPTUI_IMPORT_ROWS, 6,000 by default; 100,000 in the acceptance run),
  SIGKILLed three times at random points and run again each time, end with exactly N records and
  no duplicate; a CSV with five bad rows is refused with all five named and nothing sent;
  --skip-invalid writes the report; --upsert updates the records whose key exists.

    python3 Tests/e2e/import_test.py [path/to/proptui]
"""
import collections
import json
import os
import random
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

from e2e_support import check, finish, models_open_to_api_keys, start_server

ROOT = Path(__file__).resolve().parents[2]
# Its models allow only their owners to change them; the copy lets an API key change them.
OWNED_MODELS = ROOT / "Tests" / "AmplifyModelsTests" / "Fixtures" / "household-budget.json"
MODELS = models_open_to_api_keys(OWNED_MODELS)
ROWS = int(os.environ.get("PROPTUI_IMPORT_ROWS", "6000"))
# The dialects to run (both by default): PROPTUI_IMPORT_SCHEMAS=gen2 for one.
SCHEMAS = os.environ.get("PROPTUI_IMPORT_SCHEMAS", "gen2,versioned").split(",")
# A whole import's run may take this long: a debug build sends about 150 rows a second on a busy machine.
IMPORT_TIMEOUT = max(600, ROWS // 20)


class Backend:
    """`proptui serve --models` on a fixed port (so that it can be stopped and started again at
    the same address), and an independent GraphQL client of it."""

    def __init__(self, binary, work, schema, *options):
        self.binary, self.schema, self.options = binary, schema, options
        self.data = os.path.join(work, f"server-{schema}{'-'.join(options)}")
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.start()

    def start(self):
        self.process, self.url, _, self.key = start_server(
            self.binary, self.data, "--port", str(self.port), "--models", str(MODELS), "--schema", self.schema, *self.options)
        # The server logs every request on stderr: read on, or a full pipe stops it mid-import.
        self.log = collections.deque(maxlen=200)
        self.reader = threading.Thread(target=lambda: self.log.extend(self.process.stderr), daemon=True)
        self.reader.start()

    def stop(self):
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.reader.join(timeout=5)
        return "".join(self.log)

    def graphql(self, query, variables=None, key=None):
        request = urllib.request.Request(
            self.url, json.dumps({"query": query, "variables": variables or {}}).encode(),
            {"x-api-key": key or self.key, "content-type": "application/json"})
        with urllib.request.urlopen(request, timeout=60) as answer:
            return json.load(answer)

    def every(self, plural, fields):
        """Every record of a model, page by page (deleted ones left out)."""
        items, token = [], None
        deleted = " _deleted" if self.schema == "versioned" else ""
        while True:
            answer = self.graphql(
                f"query($t: String) {{ list{plural}(limit: 1000, nextToken: $t) {{ items {{ {fields}{deleted} }} nextToken }} }}", {"t": token})
            page = answer["data"][f"list{plural}"]
            items += [item for item in page["items"] if not item.get("_deleted")]
            token = page["nextToken"]
            if not token:
                return items

    def category(self, id):
        """The record, or None when there is none (a tombstone on the versioned dialect)."""
        version = " _version _deleted" if self.schema == "versioned" else ""
        record = self.graphql(f"query($id: ID!) {{ getCategory(id: $id) {{ id name{version} }} }}", {"id": id})["data"]["getCategory"]
        return None if record and record.get("_deleted") else record

    def rename_category(self, id, name):
        """Another client's change."""
        data = {"id": id, "name": name}
        if self.schema == "versioned":
            data["_version"] = self.category(id)["_version"]
        return self.graphql("mutation($input: UpdateCategoryInput!) { updateCategory(input: $input) { id name } }", {"input": data})


class Proptui:
    """The binary as a script runs it: its own data directory (outbox and cache), the key only
    in PROPTUI_API_KEY, never on the command line."""

    def __init__(self, binary, backend, data):
        self.binary, self.backend, self.data = binary, backend, data

    def arguments(self, *command, models=None):
        return [self.binary, *command, "--endpoint", self.backend.url, "--models", str(models or MODELS), "--data-dir", self.data,
                "--log-file", os.path.join(self.data + "-log")]

    def environment(self, key=None):
        return {**os.environ, "PROPTUI_API_KEY": key or self.backend.key}

    def run(self, *command, key=None, timeout=600, models=None):
        result = subprocess.run(self.arguments(*command, models=models), capture_output=True, text=True, env=self.environment(key),
                                timeout=timeout)
        return result

    def start(self, *command):
        return subprocess.Popen(self.arguments(*command), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=self.environment())


def said(result):
    return f"exit {result.returncode}\nstdout: {result.stdout[-3000:]}\nstderr: {result.stderr[-3000:]}"


def change_checks(binary, backend, work, dialect):
    tool = Proptui(binary, backend, os.path.join(work, f"client-{dialect}"))
    # Models whose rules let only their owners change them: an API key's change is refused before
    # anything is queued (77, the rule named), as the app shows them read-only and a real API refuses.
    owned = tool.run("create", "Category", "--set", "name=Owned", "--set", "kind=expense", models=OWNED_MODELS)
    queued = tool.run("update", "Category", "nothing-here", "--set", "name=x", models=OWNED_MODELS)
    check(owned.returncode == 77 and "its auth rules allow no change with API key" in owned.stderr and queued.returncode == 77,
          f"{dialect}: a change the models' rules allow only to owners is refused with an API key (77)", said(owned))
    created = tool.run("create", "Category", "--set", "name=Food", "--set", "kind=expense")
    record = json.loads(created.stdout) if created.returncode == 0 else {}
    check(created.returncode == 0 and record.get("name") == "Food" and record.get("kind") == "EXPENSE" and record.get("createdAt"),
          f"{dialect}: create prints the record as the server confirmed it, one NDJSON line", said(created))
    id = record.get("id", "none")
    # Had the refused change been queued, the next command would have sent it.
    check(not any(item["name"] == "Owned" for item in backend.every("Categories", "name")),
          f"{dialect}: the refused change was never queued (the next command sent nothing of it)")
    check((backend.category(id) or {}).get("name") == "Food", f"{dialect}: the independent client reads the created record")

    bad = tool.run("create", "Transaction", "--set", "description=x", "--set", "amount=abc", "--set", "kind=EXPENSE", "--set", "date=2026-01-02")
    check(bad.returncode == 65 and "amount" in bad.stderr and "number" in bad.stderr and bad.stdout == "",
          f"{dialect}: a bad value is 65, naming the field and why", said(bad))
    as_json = tool.run("create", "Transaction", "--set", "description=x", "--set", "amount=abc", "--format", "json")
    error = json.loads(as_json.stderr.strip().splitlines()[-1]) if as_json.stderr.strip().startswith("{") else {}
    check(as_json.returncode == 65 and error.get("code") == 65 and "amount" in error.get("error", ""),
          f"{dialect}: with --format json the error is a JSON object with its code", said(as_json))
    unknown = tool.run("create", "Category", "--set", "colour=red")
    check(unknown.returncode == 64 and "colour" in unknown.stderr, f"{dialect}: an unknown field is 64", said(unknown))

    updated = tool.run("update", "Category", id, "--set", "name=Groceries", "--expect", "name=Food")
    check(updated.returncode == 0 and json.loads(updated.stdout or "{}").get("name") == "Groceries"
          and (backend.category(id) or {}).get("name") == "Groceries",
          f"{dialect}: update with a met --expect changes the record and prints it", said(updated))

    # Someone else renames it after the script last saw it: the script's --expect no longer holds.
    backend.rename_category(id, "Their name")
    conflict = tool.run("update", "Category", id, "--set", "name=Mine", "--expect", "name=Groceries")
    check(conflict.returncode == 4 and "Their name" in conflict.stderr and (backend.category(id) or {}).get("name") == "Their name",
          f"{dialect}: a field changed by another client since --expect is a conflict (4), their value named and kept", said(conflict))
    quiet = tool.run("update", "Category", id, "--set", "kind=INCOME", "--quiet")
    check(quiet.returncode == 0 and quiet.stdout == "", f"{dialect}: --quiet prints nothing", said(quiet))

    missing = tool.run("update", "Category", "00000000-0000-4000-8000-000000000000", "--set", "name=x")
    check(missing.returncode == 5, f"{dialect}: an update of a key no record has is 5", said(missing))
    two = tool.run("update", "Category", id, "extra", "--set", "name=x")
    check(two.returncode == 64 and "key" in two.stderr, f"{dialect}: a key of the wrong number of values is 64", said(two))

    budget = tool.run("create", "Budget", "--set", "tenantId=t1", "--set", "sku=RENT", "--set", "title=Rent", "--set", "limit=900",
                      "--set", "months=[1,2]")
    composite = tool.run("update", "Budget", "t1", "RENT", "--set", "title=Rent 2026")
    check(budget.returncode == 0 and composite.returncode == 0 and json.loads(composite.stdout or "{}").get("title") == "Rent 2026",
          f"{dialect}: a composite key is its values in the primary key's order", said(composite))

    before = backend.graphql("query($id: ID!) { getCategory(id: $id) { id name" + (" _version" if dialect == "versioned" else "") + " } }",
                             {"id": id})["data"]["getCategory"]
    deleted = tool.run("delete", "Category", id)
    printed = json.loads(deleted.stdout or "{}")
    check(deleted.returncode == 0 and printed.get("id") == id and printed.get("name") == before["name"] and backend.category(id) is None,
          f"{dialect}: delete removes the record and prints it as it was", said(deleted))
    if dialect == "versioned":
        check(printed.get("_deleted") is True and printed.get("_version") == before["_version"] + 1,
              "versioned: delete prints the tombstone's _deleted and _version, as AppSync answers a delete", said(deleted))
    again = tool.run("delete", "Category", id)
    check(again.returncode == 5, f"{dialect}: a delete of a key no record has is 5", said(again))

    wrong = Proptui(binary, backend, os.path.join(work, f"wrong-key-{dialect}")).run("create", "Category", "--set", "name=x", key="da2-wrong")
    check(wrong.returncode == 77 and "da2-wrong" not in wrong.stderr, f"{dialect}: a wrong API key is 77 (and never printed)", said(wrong))

    # The server down: the change stays in the outbox (75), and the next command sends it.
    backend.stop()
    down = tool.run("create", "Category", "--set", "name=Queued while down")
    check(down.returncode == 75 and "next time" in down.stderr, f"{dialect}: the server down is 75, the change kept for the next run", said(down))
    unread = tool.run("update", "Category", "00000000-0000-4000-8000-000000000000", "--set", "name=x")
    check(unread.returncode == 69, f"{dialect}: an update of a record never read, the server down, is 69 (nothing changed)", said(unread))
    backend.start()
    after = tool.run("create", "Category", "--set", "name=After")
    names = [item["name"] for item in backend.every("Categories", "id name")]
    check(after.returncode == 0 and names.count("Queued while down") == 1 and names.count("After") == 1,
          f"{dialect}: the next command sends the change the outbox kept, once", said(after) + f"\nnames: {names}")


def count_imported(backend, prefix):
    descriptions = [item["description"] for item in backend.every("Transactions", "id description")]
    mine = [d for d in descriptions if d.startswith(prefix)]
    return len(mine), len(set(mine))


def import_checks(binary, backend, work, dialect):
    tool = Proptui(binary, backend, os.path.join(work, f"importer-{dialect}"))
    prefix = f"row-{dialect}-"
    path = os.path.join(work, f"rows-{dialect}.ndjson")
    with open(path, "w") as rows:
        for index in range(ROWS):
            rows.write(json.dumps({"description": f"{prefix}{index}", "amount": index / 4, "kind": "EXPENSE" if index % 3 else "INCOME",
                                   "date": "2026-01-%02d" % (1 + index % 28), "quantity": index % 7}) + "\n")
    rng = random.Random(int(os.environ.get("PROPTUI_IMPORT_SEED", str(time.time_ns()))))
    started = time.monotonic()
    kills = []
    # Killed at random points: while rows are queued, while they are sent, and late.
    for low, high in ((0.2, 2.0), (1.0, max(2.0, ROWS / 400)), (1.0, max(2.0, ROWS / 300))):
        process = tool.start("import", "Transaction", path)
        delay = rng.uniform(low, high)
        try:
            process.wait(timeout=delay)
        except subprocess.TimeoutExpired:
            process.send_signal(signal.SIGKILL)
            process.wait()
        kills.append((round(delay, 2), process.returncode, count_imported(backend, prefix)[0]))
    # What the killed runs left on the server: a request on the wire at a kill may still land, so
    # it is counted after a pause; the last run must say exactly this many were already there.
    time.sleep(1)
    there_before = count_imported(backend, prefix)[0]
    final = tool.run("import", "Transaction", path, timeout=IMPORT_TIMEOUT)
    total, distinct = count_imported(backend, prefix)
    print(f"     {dialect}: {ROWS} rows; killed at {kills} (seconds, exit, records on the server); {time.monotonic() - started:.1f} s in all")
    check(final.returncode == 0 and total == ROWS and distinct == ROWS,
          f"{dialect}: {ROWS} NDJSON rows, SIGKILLed three times and run again, end with exactly {ROWS} records, no duplicate",
          said(final) + f"\nrecords {total}, distinct {distinct}")
    check(f"{there_before:,} already there" in final.stderr and f"{ROWS - there_before:,} created" in final.stderr
          and f"imported {ROWS:,} rows" in final.stderr,
          f"{dialect}: the last run says how many were already there ({there_before:,}) and how many it created",
          final.stderr[-1500:])
    rerun = tool.run("import", "Transaction", path, timeout=IMPORT_TIMEOUT)
    check(rerun.returncode == 0 and f"0 created" in rerun.stderr and f"{ROWS:,} already there" in rerun.stderr
          and count_imported(backend, prefix) == (ROWS, ROWS),
          f"{dialect}: the same import again sends nothing and says all {ROWS:,} were already there", said(rerun))

    # A CSV with five bad rows: all five named, nothing sent.
    csv_path = os.path.join(work, f"bad-{dialect}.csv")
    bad_lines = {}
    with open(csv_path, "w") as csv:
        csv.write("description,amount,kind,date,receipt\n")
        line = 1
        for index in range(20):
            line += 1
            fields = [f"\"csv-{dialect}-{index}, quoted\"", str(index), "EXPENSE", "2026-02-03", "\"{\"\"merchant\"\":\"\"Bakery\"\"}\""]
            if index in (2, 5, 9, 13, 17):
                broken = {2: (1, "lots"), 5: (2, "SOMETIMES"), 9: (3, "2026-02-30"), 13: (1, "1e"), 17: (4, "\"{not json}\"")}[index]
                fields[broken[0]] = broken[1]
                bad_lines[line] = ["amount", "kind", "date", "receipt"][broken[0] - 1]
            csv.write(",".join(fields) + "\n")
    refused = tool.run("import", "Transaction", csv_path)
    named = all(f"line {line}, {field}:" in refused.stderr for line, field in bad_lines.items())
    csv_sent = [d for d in (i["description"] for i in backend.every("Transactions", "description")) if d.startswith(f"csv-{dialect}-")]
    check(refused.returncode == 65 and named and "5 of 20 rows" in refused.stderr and not csv_sent,
          f"{dialect}: a CSV with five bad rows is refused (65), all five named with line and field, nothing sent", said(refused))

    report = os.path.join(work, f"skipped-{dialect}.ndjson")
    skipped = tool.run("import", "Transaction", csv_path, "--skip-invalid", "--report", report)
    reported = [json.loads(line) for line in open(report)] if os.path.exists(report) else []
    csv_sent = [d for d in (i["description"] for i in backend.every("Transactions", "description")) if d.startswith(f"csv-{dialect}-")]
    check(skipped.returncode == 0 and sorted(r["line"] for r in reported) == sorted(bad_lines) and len(csv_sent) == 15
          and "csv-%s-0, quoted" % dialect in csv_sent and report in skipped.stderr,
          f"{dialect}: --skip-invalid imports the 15 good rows and writes the 5 others to the report", said(skipped) + f"\n{reported}")

    # --upsert: the records whose key exists are updated.
    budgets = os.path.join(work, f"budgets-{dialect}.ndjson")

    def write_budgets(title):
        with open(budgets, "w") as rows:
            for index in range(5):
                rows.write(json.dumps({"tenantId": f"up-{dialect}", "sku": f"S{index}", "title": f"{title} {index}", "limit": 10 + index,
                                       "months": [index + 1]}) + "\n")
    write_budgets("First")
    first = tool.run("import", "Budget", budgets)
    write_budgets("Second")
    without = tool.run("import", "Budget", budgets)
    titles = sorted(b["title"] for b in backend.every("Budgets", "tenantId title") if b["tenantId"] == f"up-{dialect}")
    check(first.returncode == 0 and without.returncode == 4 and "--upsert" in without.stderr and titles == [f"First {i}" for i in range(5)],
          f"{dialect}: without --upsert, rows whose key holds other values are refused as conflicts (4), nothing overwritten", said(without))
    upsert = tool.run("import", "Budget", budgets, "--upsert")
    titles = sorted(b["title"] for b in backend.every("Budgets", "tenantId title") if b["tenantId"] == f"up-{dialect}")
    check(upsert.returncode == 0 and "5 updated" in upsert.stderr and titles == [f"Second {i}" for i in range(5)],
          f"{dialect}: --upsert updates the records whose key exists", said(upsert) + f"\n{titles}")


def refusal_checks(binary, work):
    """A server that refuses every change (`--fail-rate 1`): 3, with its reason, for a change and
    for each row of an import."""
    backend = Backend(binary, work, "gen2", "--fail-rate", "1")
    try:
        tool = Proptui(binary, backend, os.path.join(work, "refused-client"))
        refused = tool.run("create", "Category", "--set", "name=Refused")
        check(refused.returncode == 3 and "refused" in refused.stderr and refused.stdout == "",
              "a change the server refuses is 3, with its reason", said(refused))
        path = os.path.join(work, "refused.ndjson")
        with open(path, "w") as rows:
            rows.write('{"name": "one"}\n{"name": "two"}\n')
        imported = tool.run("import", "Category", path)
        check(imported.returncode == 3 and "line 1:" in imported.stderr and "line 2:" in imported.stderr and "2 refused" in imported.stderr,
              "an import's refused rows are each said with their line and the server's reason (3)", said(imported))
    finally:
        backend.stop()


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else str(ROOT / ".build" / "debug" / "proptui")
    with tempfile.TemporaryDirectory(prefix="proptui-e2e-import-") as work:
        for schema in SCHEMAS:
            dialect = schema
            backend = Backend(binary, work, schema)
            try:
                change_checks(binary, backend, work, dialect)
                import_checks(binary, backend, work, dialect)
            finally:
                if backend.process.poll() is None:
                    backend.stop()
        refusal_checks(binary, work)
    finish()


if __name__ == "__main__":
    main()
