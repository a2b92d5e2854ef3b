#!/usr/bin/env python3
"""Issue 29: models files that cannot be served, given to the real binary. Duplicate names (two
entries of one name, a key written twice), GraphQL's own names and the generated schema's
(`Query`, `String`, `ModelStringInput`, ...), two models of one plural, an enum named like a
model, deep nesting, broken JSON, seeded random mutations of a fixture, and files that are not
regular files (`/dev/zero`, a FIFO fed without end, a FIFO no one writes to, a file past 64 MB).
Each is refused by `proptui serve --models F` and by the app `proptui --models F` (and an
amplify_outputs.json describing models, in the folder the app starts in) in one line naming the
file and the path in it, exit 64: never a crash, never an unbounded read (peak memory is measured).
Then `serve`'s own option mistakes (exit 64, about serve), and an API whose introspection is too
large for it to answer whole: the app shows the models it can, and says which it cannot and why.

    python3 Tests/e2e/models_files_test.py [path/to/proptui]     (PROPTUI_FUZZ_SEED=N replays the mutations)
"""
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from e2e_support import check, finish

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "Tests" / "AmplifyModelsTests" / "Fixtures"
PREFIX = "data.model_introspection."
# Generous: a hang, not a speed, is what this catches.
HANG = 120


def run(argv, cwd=None):
    """Runs `argv` with no terminal; answers (exit code, what it said, peak RSS in MB, seconds)."""
    with tempfile.TemporaryFile() as out:
        started = time.monotonic()
        process = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=out, stderr=out, cwd=cwd,
                                   env={**os.environ, "SWIFT_BACKTRACE": "enable=no"})
        timer = threading.Timer(HANG, process.kill)
        timer.start()
        _, status, usage = os.wait4(process.pid, 0)
        timer.cancel()
        process.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        said = out.read().decode(errors="replace").strip()
    return process.returncode, said, usage.ru_maxrss / 1024, time.monotonic() - started


def refused(binary, work, path, where, what):
    """`serve --models` and the app refuse `path` in one line naming it and `where` (a path in the file, or a reason)."""
    for name, argv in [("proptui serve --models", [binary, "serve", "--port", "0", "--data-dir", work + "/serve-data", "--models", path]),
                       ("proptui --models", [binary, "--data-dir", work + "/app-data", "--models", path])]:
        code, said, rss, _ = run(argv)
        lines = said.splitlines()
        check(code == 64 and len(lines) == 1 and path in said and where in said and "USAGE" not in said and "Fatal" not in said,
              f"{name}: {what}: one line naming the file and {where!r}, exit 64", f"exit {code}, {rss:.0f} MB\n{said[:2000]}")


def outputs_file(models, enums=None, non_models=None):
    return {"version": "1.4", "data": {
        "url": "http://127.0.0.1:1/graphql", "aws_region": "us-east-1", "api_key": "da2-placeholderplaceholder00",
        "default_authorization_type": "API_KEY", "authorization_types": [],
        "model_introspection": {"version": 1, "models": models, "enums": enums or {}, "nonModels": non_models or {}}}}


def model(name, plural=None, fields=None):
    every = {"id": {"name": "id", "isArray": False, "type": "ID", "isRequired": True, "attributes": []}}
    every.update(fields or {})
    return {"name": name, "pluralName": plural or name + "s", "attributes": [{"type": "model", "properties": {}}], "fields": every}


def write(work, name, content):
    path = os.path.join(work, name)
    with open(path, "w" if isinstance(content, str) else "wb") as file:
        file.write(content)
    return path


def named_cases(binary, work):
    cases = [
        ("two models of one name", json.dumps(outputs_file({"Book": model("Book"), "Other": model("Book", "Volumes")})),
         PREFIX + "models.Other: the name Book is taken"),
        ("a key written twice", '{"version": "1.4", "data": {"model_introspection": {"version": 1, "models": {"Book": %s, "Book": %s}}}}'
         % (json.dumps(model("Book")), json.dumps(model("Book"))), PREFIX + "models.Book: the key \"Book\" comes twice"),
        ("two models of one plural", json.dumps(outputs_file({"Human": model("Human", "People"), "Person": model("Person", "People")})),
         PREFIX + "models.Person.pluralName: People is also the plural of models.Human"),
        ("an enum named like a model", json.dumps(outputs_file({"Book": model("Book")}, {"Book": {"name": "Book", "values": ["A"]}})),
         PREFIX + "enums.Book: the name Book is taken"),
        ("an enum whose filter input is a model's", json.dumps(outputs_file({"Book": model("Book")}, {"BookFilter": {"name": "BookFilter", "values": ["A"]}})),
         PREFIX + "enums.BookFilter: its filter input ModelBookFilterInput would collide"),
        ("a field named and", json.dumps(outputs_file({"Book": model("Book", fields={"and": {"name": "and", "type": "String", "isArray": False, "isRequired": False}})})),
         PREFIX + "models.Book.fields.and"),
        ("nested 10,000 deep", '{"a": ' + "[" * 10000 + "]" * 10000 + "}", "nested more than 128 deep"),
        ("broken JSON", '{"version": "1.4", "data": {"model_introspection": {"models": {', "is not JSON"),
        ("not a models file", "[1, 2, 3]", "expected an object"),
    ]
    for name in ["Query", "Mutation", "Subscription", "String", "ID", "AWSDateTime", "ModelStringInput", "ModelSortDirection", "ModelIDInput"]:
        cases.append((f"a model named {name}", json.dumps(outputs_file({name: model(name)})), f"{PREFIX}models.{name}: the name {name} is taken"))
    for index, (what, content, where) in enumerate(cases):
        refused(binary, work, write(work, f"case{index}.json", content), where, what)


def outputs_in_the_folder(binary, work):
    """The app started in a folder whose amplify_outputs.json describes models wrongly."""
    folder = os.path.join(work, "project")
    os.makedirs(folder, exist_ok=True)
    write(folder, "amplify_outputs.json", json.dumps(outputs_file({"Query": model("Query")})))
    code, said, _, _ = run([binary, "--data-dir", work + "/project-data"], cwd=folder)
    check(code == 64 and len(said.splitlines()) == 1 and said.endswith(
        "amplify_outputs.json: data.model_introspection.models.Query: the name Query is taken: it is the API's query type; give the entry another name"),
        "proptui in a folder whose amplify_outputs.json has a model named Query: one line, exit 64", said)


def mutations(binary, work):
    """Seeded random mutations of the fixtures: read (the server starts) or refused in one line, exit 64."""
    seed = int(os.environ.get("PROPTUI_FUZZ_SEED", random.randrange(2**32)))
    print(f"# mutations: seed {seed} (PROPTUI_FUZZ_SEED={seed} replays them)")
    generator = random.Random(seed)
    names = ["Query", "String", "Subscription", "ModelStringInput", "ModelSortDirection", "Reader", "Book", "Category", "Transaction", "AWSJSON"]
    for round in range(16):
        fixture = generator.choice(sorted(FIXTURES.glob("*.json")))
        outputs = json.loads(fixture.read_text())
        introspection = outputs["data"]["model_introspection"]
        keys = sorted(introspection["models"])
        kind = generator.randrange(6)
        key = generator.choice(keys)
        if kind == 0:
            introspection["models"][key]["name"] = generator.choice(names)
        elif kind == 1:
            introspection["models"][key]["pluralName"] = introspection["models"][generator.choice(keys)]["pluralName"]
        elif kind == 2 and introspection.get("enums"):
            first = sorted(introspection["enums"])[0]
            introspection["enums"][first]["name"] = generator.choice(keys + names)
        elif kind == 3:
            introspection["models"]["Copy"] = introspection["models"][key]
        text = json.dumps(outputs)
        if kind == 4:
            text = text[:generator.randrange(len(text))]
        if kind == 5:
            data = bytearray(text.encode())
            for _ in range(3):
                data[generator.randrange(len(data))] = generator.randrange(32, 127)
            text = data.decode(errors="replace")
        path = write(work, f"mutated{round}.json", text)
        argv = [binary, "serve", "--port", "0", "--data-dir", f"{work}/mutated-data{round}", "--models", path]
        process = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                   env={**os.environ, "SWIFT_BACKTRACE": "enable=no"})
        first = process.stdout.readline()
        if first.startswith("GraphQL:"):
            process.send_signal(signal.SIGTERM)
            process.communicate(timeout=HANG)
            check(process.returncode == 0, f"round {round} ({fixture.name}, mutation {kind}): served, stops cleanly")
            continue
        _, err = process.communicate(timeout=HANG)
        said = (first + err).strip()
        check(process.returncode == 64 and len(said.splitlines()) == 1 and path in said and "Fatal" not in said,
              f"round {round} ({fixture.name}, mutation {kind}): refused in one line naming the file, exit 64",
              f"exit {process.returncode}\n{said[:2000]}")


def not_regular_files(binary, work):
    """/dev/zero, a FIFO fed without end, a FIFO no one writes to, a file past 64 MB: bounded, refused."""
    fifo = os.path.join(work, "endless")
    os.mkfifo(fifo)
    silent = os.path.join(work, "silent")
    os.mkfifo(silent)
    big = os.path.join(work, "big.json")
    with open(big, "wb") as file:
        file.truncate(65 * 1024 * 1024)
    for path, reason in [("/dev/zero", "more than 64 MB"), (fifo, "more than 64 MB"), (silent, "nothing came from it"),
                         (big, "more than 64 MB")]:
        for name, argv in [("serve", [binary, "serve", "--port", "0", "--data-dir", work + "/nrf-data", "--models", path]),
                           ("app", [binary, "--data-dir", work + "/nrf-app", "--models", path])]:
            feeder = None
            if path == fifo:
                # `yes` writes without end into the FIFO until the reader is gone.
                feeder = subprocess.Popen(f"yes > {fifo}", shell=True, stderr=subprocess.DEVNULL)
            code, said, rss, seconds = run(argv)
            if feeder:
                feeder.kill()
                feeder.wait()
            check(code == 64 and len(said.splitlines()) == 1 and path in said and reason in said and rss < 400,
                  f"{name} --models {os.path.basename(path)}: refused ({reason}), peak memory {rss:.0f} MB (< 400), {seconds:.1f} s",
                  f"exit {code}\n{said[:1000]}")


def serve_options(binary, work):
    """serve's own mistakes: about serve, one clear message, exit 64."""
    cases = [
        (["--port", "-1"], "--port must be between 0 and 65535 (it was -1)"),
        (["--port", "70000"], "--port must be between 0 and 65535 (it was 70000)"),
        (["--host", "0.0.0.0"], "--host 0.0.0.0: refusing to listen on 0.0.0.0 with a generated API key"),
        (["--api-key", ""], "--api-key: an API key must be 8 to 128 printable ASCII characters without spaces (it was empty)"),
        (["--outputs", work + "/no/such/folder/amplify_outputs.json"], f"--outputs: the folder {work}/no/such/folder does not exist"),
    ]
    for options, message in cases:
        code, said, _, _ = run([binary, "serve", "--port", "0", "--data-dir", work + "/options-data", *options] if "--port" not in options
                               else [binary, "serve", "--data-dir", work + "/options-data", *options])
        check(code == 64 and message in said and "Missing value" not in said and "SUBCOMMANDS" not in said
              and ("USAGE" not in said or "proptui serve" in said),
              f"serve {' '.join(options) or repr('')}: said about serve, exit 64", f"exit {code}\n{said}")


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else str(ROOT / ".build" / "debug" / "proptui")
    work = tempfile.mkdtemp(prefix="proptui-models-files-")
    only = os.environ.get("MODELS_FILES_ONLY")
    for scenario in [named_cases, outputs_in_the_folder, mutations, not_regular_files, serve_options, too_large_introspection]:
        if only and only != scenario.__name__:
            continue
        print(f"# {scenario.__name__}")
        scenario(binary, work)
    finish()


def too_large_introspection(binary, work):
    """An API whose models' description is too large to answer whole: the models it describes are
    shown, the one it will not is named on screen with the reason; with that one alone, the app says
    why nothing can be shown instead of 'the API has no RealEstateProperty model'."""
    from outbox_test import Server, free_port
    from tui_test import App
    from models_app_test import gen1_config
    from data_directory_test import run_in_terminal
    wide = {f"field{i}": {"name": f"field{i}", "isArray": False, "type": "String", "isRequired": False, "attributes": []}
            for i in range(10000)}
    for what, models in [("a model of 10,000 fields beside a small one", {"Wide": model("Wide", fields=wide), "Small": model("Small")}),
                         ("a model of 10,000 fields alone", {"Wide": model("Wide", fields=wide)})]:
        folder = tempfile.mkdtemp(prefix="proptui-wide-", dir=work)
        path = write(folder, "models.json", json.dumps(outputs_file(models)))
        server = Server(binary, folder + "/server", free_port(), "--models", path)
        server.start()
        config = gen1_config(folder, server)
        try:
            if "Small" in models:
                app = App(binary, "--data-dir", folder + "/data", "--config", str(config), data_dir=False, height=30, width=200)
                try:
                    app.expect(lambda s: "Small" in s and "Wide is not shown: the API would not describe it" in s
                               and "Transformation too large" in s and "RealEstateProperty" not in s,
                               "the small model is shown, and the status line says why Wide is not", timeout=HANG)
                finally:
                    app.close()
            else:
                # Refused once the API has answered: after the terminal check, so in a terminal of its own.
                code, said = run_in_terminal([binary, "--data-dir", folder + "/data", "--config", str(config)], timeout=HANG)
                check(code not in (None, 0) and "none of the API's models can be shown: Wide is not shown: the API would not describe it" in said
                      and "Transformation too large" in said and "RealEstateProperty" not in said,
                      "the app says why nothing can be shown, not that the API has no RealEstateProperty model", said)
        finally:
            server.stop()


if __name__ == "__main__":
    main()
