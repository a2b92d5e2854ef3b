#!/usr/bin/env python3
"""End-to-end: the app in tmux against your own models (`proptui serve --models FILE`, Gen 2),
started with the amplify_outputs.json the server wrote, as a developer with a Gen 2 project
meets it: the model picker, a create using an enum, a Boolean, a Float, an Int, a date, a list
and a belongsTo key, an edit, a relation followed and back, a delete, a change made elsewhere
arriving live, a composite key, and unsent changes surviving SIGKILL (each sent exactly once).

    python3 Tests/e2e/models_app_test.py [path/to/proptui]

Waits are on the app's idle signal or on the screen, never a fixed sleep.
"""
import json
import os
import sys
import tempfile
import threading
import time
from pathlib import Path

from e2e_support import check, run_scenarios
from outbox_test import Server, free_port, kill_app
from tui_test import App, TIMEOUT

ROOT = Path(__file__).resolve().parents[2]
FIXTURE = ROOT / "Tests" / "AmplifyModelsTests" / "Fixtures" / "household-budget.json"
PUBLIC = {"type": "auth", "properties": {"rules": [
    {"allow": "public", "provider": "apiKey", "operations": ["create", "update", "delete", "read"]}]}}


def public_models(work):
    """The fixture's models with `allow.publicApiKey()` instead of owner rules: what a sandbox
    with an API key may change (with the owner rules the app shows them read-only, as it should)."""
    outputs = json.loads(FIXTURE.read_text())
    for model in outputs["data"]["model_introspection"]["models"].values():
        model["attributes"] = [a for a in model["attributes"] if a["type"] != "auth"] + [PUBLIC]
        model["fields"].pop("owner", None)
    path = Path(work) / "models.json"
    path.write_text(json.dumps(outputs))
    return path


class ModelsServer(Server):
    """`proptui serve --models FILE` on a fixed port, writing the outputs a Gen 2 project has."""

    def __init__(self, binary, data_dir, port, outputs, *options):
        super().__init__(binary, data_dir, port, "--models", str(public_models(Path(outputs).parent.parent)),
                         "--outputs", str(outputs), *options)

    def create_category(self, name):
        return self.graphql("mutation($i: CreateCategoryInput!) { createCategory(input: $i) { id } }",
                            {"i": {"name": name}})["data"]["createCategory"]["id"]

    def category(self, category_id):
        return self.graphql("query($id: ID!) { getCategory(id: $id) { id name kind _version } }" if self.versioned else
                            "query($id: ID!) { getCategory(id: $id) { id name kind } }", {"id": category_id})["data"]["getCategory"]

    def update_category(self, category_id, version, **fields):
        """An update made against `version` (the versioned dialect sends it; Gen 2 has none)."""
        if self.versioned:
            fields["_version"] = version
        return self.graphql("mutation($i: UpdateCategoryInput!) { updateCategory(input: $i) { id } }", {"i": {"id": category_id, **fields}})

    @property
    def versioned(self):
        return "versioned" in self.options

    def items(self, plural, fields):
        page = self.graphql("query { list%s(limit: 1000) { items { %s } } }" % (plural, fields))
        return page["data"]["list%s" % plural]["items"]


def start(binary, work, *args):
    return App(binary, "--data-dir", work + "/data", "--config", work + "/project/amplify_outputs.json", *args,
               data_dir=False, height=30, width=120)


def until(condition, what):
    deadline = time.monotonic() + TIMEOUT
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.05)
    raise TimeoutError(f"timed out waiting for {what}")


def browse_and_edit(binary):
    """Pick a model, create with every kind of field, edit, follow a relation and come back, delete, see a change made elsewhere."""
    work = tempfile.mkdtemp(prefix="proptui-models-e2e-")
    (Path(work) / "project").mkdir()
    server = ModelsServer(binary, work + "/server", free_port(), Path(work) / "project" / "amplify_outputs.json")
    server.start()
    app = start(binary, work)
    try:
        app.expect(lambda s: "Models" in s and "Transaction" in s and "Budget" in s, "several models: the picker comes first")
        app.keys("C", "a", "t", literal=False)
        app.keys("Enter")
        app.expect(lambda s: "No Category yet" in s, "the picker's filter and ⏎ open Category's list")

        # A category: a name, an enum picked by its first letter, a Boolean toggled with Space.
        app.keys("n")
        app.expect(lambda s: "name" in s and "kind" in s and "isArchived" in s, "n opens the form with the model's fields")
        app.keys("Groceries", literal=True)
        app.keys("Tab", "E", "Tab", "Space", "C-s")
        app.wait(lambda s: s["pending"] == 0 and s["rows"] == 1, "the category to be confirmed")
        categories = until(lambda: server.items("Categories", "id name kind isArchived"), "the server to hold the category")
        check(categories[0]["name"] == "Groceries" and categories[0]["kind"] == "EXPENSE" and categories[0]["isArchived"] is True,
              "the server holds the category with its enum and Boolean", categories)
        category_id = categories[0]["id"]

        # A transaction with a Float, an Int, an enum, a date, a list and the category's key.
        app.keys("M")
        app.keys("T", "r", "a", "n", "s")
        app.keys("Enter")
        app.keys("n")
        app.keys("Weekly shop", literal=True)
        app.keys("Tab")
        app.keys("82.5", literal=True)
        app.keys("Tab")
        app.keys("3", literal=True)
        app.keys("Tab", "E", "Tab")
        app.keys("2026-11-25", literal=True)
        app.keys("Tab")
        app.keys("2026-11-25T09:30:00Z", literal=True)
        app.keys("Tab")
        app.keys("food", literal=True)
        app.keys("Enter")
        app.keys("weekly", literal=True)
        app.keys("Enter", "Enter")  # an empty last item ends the list
        app.keys('{"merchant": "Corner Market", "total": 82.5, "lines": ["bread", "milk"]}', literal=True)
        app.keys("Tab")
        # The category's key is picked from the categories held (C-o), by a part of its name.
        app.expect(lambda s: "C-o pick from 1 held" in s, "the key field offers its parents to pick from")
        app.keys("C-o")
        app.expect(lambda s: "Pick the Category for categoryId" in s and "Groceries" in s, "C-o lists the categories held")
        app.keys("g", "r", "o", "c", "Enter")
        app.expect(lambda s: "→ Category “Groceries”" in s, "the pick names the category in the field's hint")
        app.keys("C-s")
        app.wait(lambda s: s["pending"] == 0 and s["rows"] == 1, "the transaction to be confirmed")
        items = until(lambda: server.items("Transactions", "id description amount quantity kind date bookedAt tags categoryId "
                                                           "receipt { merchant total lines }"),
                      "the server to hold the transaction")
        item = items[0]
        check(item["description"] == "Weekly shop" and item["amount"] == 82.5 and item["quantity"] == 3 and item["kind"] == "EXPENSE"
              and item["date"] == "2026-11-25" and item["bookedAt"] == "2026-11-25T09:30:00Z" and item["tags"] == ["food", "weekly"]
              and item["receipt"] == {"merchant": "Corner Market", "total": 82.5, "lines": ["bread", "milk"]}
              and item["categoryId"] == category_id,
              "the server holds every field as typed", item)
        app.expect(lambda s: "Weekly shop" in s and "82.5" in s, "the row shows its fields")

        # A paste of command letters runs nothing: no delete asked, nothing quit.
        app.paste("dy\nq")
        app.expect(lambda s: "Delete" not in s and "Weekly shop" in s, "a paste on the list runs no command")

        # A bad date is refused in the form, nothing is sent.
        app.keys("n")
        app.keys("Bad", literal=True)
        app.keys("Tab")
        app.keys("1", literal=True)
        app.keys("Tab", "Tab", "E", "Tab")
        app.keys("2026-13-45", literal=True)
        app.keys("C-s")
        app.expect(lambda s: "2026-13-45" in s and "Not saved" in s and "a month is 01 to 12" in s, "a bad date keeps the form open, saying why")
        app.keys("Escape")
        app.expect(lambda s: "Discard what you typed" in s, "Esc asks before throwing away what was typed")
        app.keys("y")
        check(len(server.items("Transactions", "id")) == 1, "nothing was sent for the refused form")

        # An edit of the amount: the form opens on the field after the display field (r renames that).
        app.keys("e", "C-u")
        app.keys("90", literal=True)
        app.keys("C-s")
        app.wait(lambda s: s["pending"] == 0, "the edit to be confirmed")
        until(lambda: server.items("Transactions", "amount")[0]["amount"] == 90, "the server to hold the new amount")
        check(True, "an edit of one field reaches the server")

        # Rename in place: the display field typed over in its row, and only it sent.
        app.keys("r", "C-u")
        app.keys("Weekly shop, paid", literal=True)
        app.expect(lambda s: "Weekly shop, paid" in s and "⏎ save" in s, "r opens the display field in its row")
        app.keys("Enter")
        app.wait(lambda s: s["pending"] == 0, "the rename to be confirmed")
        until(lambda: server.items("Transactions", "description amount")[0] == {"description": "Weekly shop, paid", "amount": 90},
              "the server to hold the new description, the amount kept")
        check(True, "a rename in place reaches the server")

        # Follow the belongsTo to the category, and come back.
        app.keys("f")
        app.expect(lambda s: "Groceries" in s and "Category" in s, "f follows categoryId to the category's detail")
        app.keys("f")
        app.expect(lambda s: "Weekly shop" in s and "Transaction of Category" in s, "from the category, its transactions")
        app.keys("Escape", "Escape", "Escape")
        app.expect(lambda s: "Weekly shop" in s and "Transaction" in s, "Esc goes back to where it started")

        # A change made elsewhere arrives live.
        server.graphql('mutation { createTransaction(input: {description: "From elsewhere", amount: 5, kind: INCOME, date: "2026-11-26"}) { id } }')
        app.expect(lambda s: "From elsewhere" in s, "a change made elsewhere arrives live", timeout=TIMEOUT)

        # Delete the first one.
        app.keys("g", "d")
        app.expect(lambda s: "Delete “Weekly shop, paid”?" in s, "d asks, naming the record")
        app.keys("y")
        app.wait(lambda s: s["pending"] == 0 and s["rows"] == 1, "the delete to be confirmed")
        check([i["description"] for i in server.items("Transactions", "description")] == ["From elsewhere"],
              "the server no longer holds the deleted transaction")

        # A composite key, and every AWS scalar: typed as text, checked as AppSync checks them.
        app.keys("M")
        app.keys("B", "u", "d")
        app.keys("Enter", "n")
        for value in ["home", "food-2026", "Food", "400"]:
            app.keys(value, literal=True)
            app.keys("Tab")
        app.keys("M", "Tab")  # period: MONTHLY, picked by its first letter
        for value in ["2026-01-01", "09:30", "me@example.com", "https://example.com/budget", "+1 206 555 0100",
                      "192.0.2.1", '{"alert":true}', "1764081000"]:
            app.keys(value, literal=True)
            app.keys("Tab")
        app.keys("1", literal=True)  # months, a list: one item per line
        app.keys("Enter")
        app.keys("2", literal=True)
        app.keys("C-s")
        app.wait(lambda s: s["pending"] == 0 and s["rows"] == 1, "the budget to be confirmed")
        budgets = server.items("Budgets", "tenantId sku title limit period startsOn reviewAt contactEmail website phone "
                                          "allowedFrom settings lastRunAt months")
        check(budgets == [{"tenantId": "home", "sku": "food-2026", "title": "Food", "limit": 400.0, "period": "MONTHLY",
                           "startsOn": "2026-01-01", "reviewAt": "09:30", "contactEmail": "me@example.com",
                           "website": "https://example.com/budget", "phone": "+1 206 555 0100", "allowedFrom": "192.0.2.1",
                           "settings": '{"alert":true}', "lastRunAt": 1764081000, "months": [1, 2]}],
              "a record with a composite key, an enum, every AWS scalar, JSON and a list of Int", budgets)
        # The key is not edited once the record exists: the form shows it, fixed.
        app.keys("e")
        app.expect(lambda s: "home" in s and "food-2026" in s and "Food" in s, "the edit form shows the key")
        app.keys("Escape")
        quit_app(app)
    finally:
        app.close()
        server.stop()


def project(work):
    (Path(work) / "project").mkdir(exist_ok=True)
    return Path(work) / "project" / "amplify_outputs.json"


def conflicts(binary, schema):
    work = tempfile.mkdtemp(prefix="proptui-models-e2e-")
    # Every request waits a second on the server, so two writers' requests overlap on purpose.
    server = ModelsServer(binary, work + "/server", free_port(), project(work), "--schema", schema, "--latency", "1s")
    server.start()
    contested = server.create_category("Contested")
    app = start(binary, work, "--model", "Category")
    try:
        app.expect(lambda s: "Contested" in s and "online" in s, "loaded", timeout=TIMEOUT)
        theirs = threading.Thread(target=lambda: server.update_category(contested, 1, name="Their Name"))
        theirs.start()
        time.sleep(0.3)  # their request is on the server first
        app.keys("r", "C-u")
        app.keys("My Name", literal=True)
        app.keys("Enter")
        theirs.join()
        screen = app.expect(lambda s: "⚡" in s and "Their Name" in s, "the loser sees ⚡ and the server's value", timeout=TIMEOUT)
        check("renamed it to “Their Name”" in screen, "the status line says the clash: a rename of the display field", screen)
        check(server.category(contested)["name"] == "Their Name", "the server keeps theirs: no lost update")
        app.keys("o")
        app.wait(lambda s: s["pending"] == 0, "mine to be applied again")
        until(lambda: server.category(contested)["name"] == "My Name", "the server to hold mine")
        app.expect(lambda s: "⚡" not in s and "My Name" in s, "o applies mine over theirs, on purpose", timeout=TIMEOUT)

        theirs = threading.Thread(target=lambda: server.update_category(contested, 3, kind="INCOME"))
        theirs.start()
        time.sleep(0.3)
        app.keys("r", "C-u")
        app.keys("Both Survive", literal=True)
        app.keys("Enter")
        theirs.join()
        app.wait(lambda s: s["pending"] == 0, "the edit to settle")
        record = until(lambda: (lambda r: r if r["name"] == "Both Survive" and r["kind"] == "INCOME" else None)(server.category(contested)),
                       "both changes on the server")
        check(record["name"] == "Both Survive" and record["kind"] == "INCOME", "changes to different fields both survive", record)
        quit_app(app)
    finally:
        app.close()
        server.stop()


def list_edits_racing(binary, schema):
    work = tempfile.mkdtemp(prefix="proptui-models-e2e-")
    # Every request waits 3 s on the server: the two saves overlap, as two users' would.
    server = ModelsServer(binary, work + "/server", free_port(), project(work), "--schema", schema, "--latency", "3s")
    server.start()
    server.graphql('mutation { createTransaction(input: {description: "Tagged", amount: 5, kind: EXPENSE, date: "2026-11-26", '
                   'tags: ["food"]}) { id } }')
    first = start(binary, work, "--model", "Transaction")
    second = App(binary, "--data-dir", work + "/data-2", "--config", work + "/project/amplify_outputs.json", "--model", "Transaction",
                 data_dir=False, height=30, width=120)
    try:
        for app, who in ((first, "the first"), (second, "the second")):
            app.expect(lambda s: "Tagged" in s and "online" in s, f"{who} shows the record", timeout=TIMEOUT)
        # Both open the record and append to its first tag, then both save.
        for app, mark in ((first, " one"), (second, " two")):
            app.keys("e")
            focus(app, "tags")
            app.keys("C-e")
            app.keys(mark, literal=True)
        first.keys("C-s")
        second.keys("C-s")
        for app in (first, second):
            app.wait(lambda s: s["pending"] == 0, "both saves to settle")
        held = until(lambda: server.items("Transactions", "tags"), "the record on the server")[0]["tags"]
        check(held in (["food one"], ["food two"]), "the server holds one of the two edits whole", held)
        loser, winner = (second, first) if held == ["food one"] else (first, second)
        screen = loser.expect(lambda s: "⚡" in s, "the other edit is a conflict its maker sees (⚡), not an overwrite", timeout=TIMEOUT)
        check("changed its tags" in screen, "the status line names the list that clashed", screen)
        check("⚡" not in winner.screen(), "the first to land is not in conflict")
    finally:
        first.close()
        second.close()
        server.stop()


def two_instances(binary, schema):
    work = tempfile.mkdtemp(prefix="proptui-models-e2e-")
    server = ModelsServer(binary, work + "/server", free_port(), project(work), "--schema", schema)
    server.start()
    first = start(binary, work, "--model", "Category")
    second = App(binary, "--data-dir", work + "/data-2", "--config", work + "/project/amplify_outputs.json", "--model", "Category",
                 data_dir=False, height=30, width=120)
    try:
        first.expect(lambda s: "online" in s, "the first is online", timeout=TIMEOUT)
        second.expect(lambda s: "online" in s, "the second is online", timeout=TIMEOUT)
        first.keys("n")
        first.keys("Shared", literal=True)
        first.keys("C-s")
        second.expect(lambda s: "Shared" in s, "a record made in one instance appears in the other", timeout=TIMEOUT)
        second.keys("r", "C-e")
        second.keys(" by two", literal=True)
        second.keys("Enter")
        first.expect(lambda s: "Shared by two" in s, "and its edit comes back live", timeout=TIMEOUT)
        second.keys("d", "y")
        first.wait(lambda s: s["rows"] == 0, "the delete to arrive")
        check(True, "and its delete")
    finally:
        first.close()
        second.close()
        server.stop()


def undone_delete_keeps_children(binary, schema):
    work = tempfile.mkdtemp(prefix="proptui-models-e2e-")
    server = ModelsServer(binary, work + "/server", free_port(), project(work), "--schema", schema)
    server.start()
    shelf = server.create_category("Shelf")
    for number in range(5):
        server.graphql('mutation($c: ID) { createTransaction(input: {description: "Volume %d", amount: 1, kind: EXPENSE, '
                       'date: "2026-11-26", categoryId: $c}) { id } }' % number, {"c": shelf})
    app = start(binary, work)
    try:
        # The transactions first, so that they are known here, then their category.
        app.expect(lambda s: "Models" in s and "online" in s, "the picker", timeout=TIMEOUT)
        app.keys("Transaction", literal=True)
        app.keys("Enter")
        app.expect(lambda s: s.count("Volume") == 5, "the transactions", timeout=TIMEOUT)
        app.keys("M")
        app.keys("Category", literal=True)
        app.keys("Enter")
        app.expect(lambda s: "Shelf" in s, "the category's list", timeout=TIMEOUT)
        app.keys("d")
        screen = app.expect(lambda s: "Delete “Shelf”?" in s, "the delete question")
        check("5 Transaction records point at it." in screen, "the question counts the records that point at it", screen)
        if schema == "versioned":
            check("as a new record" in screen, "and says, before anything is sent, that undo would make a new record", screen)
        app.keys("y")
        app.wait(lambda s: s["pending"] == 0, "the delete to settle")
        app.keys("u")
        app.wait(lambda s: s["pending"] == 0, "the undo to settle")
        # (The undo's own words, "it is back", are replaced by the server's confirmation at once.)
        if schema == "gen2":
            held = server.category(shelf)
            check(held is not None and held["name"] == "Shelf", "Gen 2: the undo puts back the same record, under its own id", held)
            app.keys("f")
            screen = app.expect(lambda s: "Volume" in s, "f finds its transactions again", timeout=TIMEOUT)
            check(sum("Volume" in line for line in screen.splitlines()) == 5, "all five", screen)
        else:
            shelves = [c for c in server.items("Categories", "id name _deleted") if c["name"] == "Shelf" and not c["_deleted"]]
            check(len(shelves) == 1 and shelves[0]["id"] != shelf, "versioned: back as a new record, as the question said", shelves)
    finally:
        app.close()
        server.stop()


def in_both_dialects(scenario, what):
    """The scenario against Gen 2's dialect, then the versioned one."""
    def run(binary):
        for schema in ("gen2", "versioned"):
            print(f"## {schema}")
            scenario(binary, schema)
    run.__doc__ = what
    return run


def quit_app(app):
    """q with nothing waiting: the app ends at once, and its exit status is 0."""
    # The server can hold a change before its answer reaches the app: until then the change is
    # waiting, and q would ask first.
    app.wait(lambda s: s["pending"] == 0, "nothing waiting to be sent")
    app.tmux("send-keys", "q")
    check("exit=0" in app.wait_for_exit(), "q quits with status 0")


def killed_with_unsent_changes(binary):
    """Killed with unsent changes (server down), restarted: each is sent exactly once."""
    work = tempfile.mkdtemp(prefix="proptui-models-e2e-")
    (Path(work) / "project").mkdir()
    server = ModelsServer(binary, work + "/server", free_port(), Path(work) / "project" / "amplify_outputs.json")
    server.start()
    app = start(binary, work, "--model", "Category")
    app.expect(lambda s: "No Category yet" in s, "--model opens that model's list")
    server.stop()
    for name in ["Offline one", "Offline two"]:
        app.keys("n")
        app.keys(name, literal=True)
        app.keys("C-s")
    app.wait(lambda s: s["pending"] == 2 and s["rows"] == 2, "two changes waiting")
    # A transaction made under the second category, from its list of transactions: the form
    # starts with its categoryId; its create waits for the category's.
    app.keys("f")
    app.expect(lambda s: "Transaction of Category" in s, "f leads to the category's transactions")
    app.keys("n")
    app.keys("Child", literal=True)
    app.keys("Tab")
    app.keys("1", literal=True)
    app.keys("Tab", "Tab", "E", "Tab")
    app.keys("2026-11-25", literal=True)
    app.keys("C-s")
    app.wait(lambda s: s["pending"] == 3 and s["rows"] == 1, "three changes waiting, the child shown under its parent")
    kill_app(app)
    server.start()
    app = start(binary, work, "--model", "Category")
    try:
        app.wait(lambda s: s["pending"] == 0 and s["rows"] == 2, "the kept changes to be sent after the restart")
        categories = server.items("Categories", "id name createdAt")
        names = sorted(c["name"] for c in categories)
        check(names == ["Offline one", "Offline two"], "each change made before the kill is on the server once", names)
        children = server.items("Transactions", "description categoryId createdAt")
        parent = next(c for c in categories if c["name"] == "Offline two")
        check(len(children) == 1 and children[0]["categoryId"] == parent["id"] and children[0]["createdAt"] >= parent["createdAt"],
              "the child reached the server once, after its parent, pointing at it", (children, parent))
        quit_app(app)
    finally:
        app.close()
        server.stop()


def gen1_config(work, server):
    """A Gen 1 `amplifyconfiguration.json` for the server: an endpoint and a key, no models."""
    path = Path(work) / "gen1" / "amplifyconfiguration.json"
    path.parent.mkdir(exist_ok=True)
    path.write_text(json.dumps({"api": {"plugins": {"awsAPIPlugin": {"finance": {
        "endpointType": "GraphQL", "endpoint": server.url, "region": "us-east-1",
        "authorizationType": "API_KEY", "apiKey": server.key}}}}}))
    return path


def focus(app, field):
    """Tab to the form's `field`, whatever the order the API lists the fields in."""
    def focused(screen):
        return next((line for line in screen.splitlines() if line.startswith(" ▸ ")), "")
    for _ in range(20):
        now = focused(app.screen())
        if now.startswith(" ▸ " + field + " "):
            return
        app.keys("Tab")
        until(lambda: focused(app.screen()) != now, "Tab to move to the next field")
    raise AssertionError(f"the form has no field {field}")


def models_by_introspection(binary):
    """An API no file describes (a Gen 1 config) shows its models, asked of the API itself, and again offline."""
    work = tempfile.mkdtemp(prefix="proptui-models-e2e-")
    (Path(work) / "project").mkdir()
    server = ModelsServer(binary, work + "/server", free_port(), project(work))
    server.start()
    config = gen1_config(work, server)
    start_learning = lambda: App(binary, "--data-dir", work + "/data", "--config", str(config), "--model", "Category",
                                 data_dir=False, height=30, width=120)
    try:
        app = start_learning()
        try:
            app.expect(lambda s: "No Category yet" in s, "the models come from the API's introspection: --model Category opens")
            app.keys("n")
            focus(app, "name")
            app.keys("Learnt", literal=True)
            app.keys("C-s")
            until(lambda: [c["name"] for c in server.items("Categories", "name")] == ["Learnt"], "the server to hold the category")
            check(True, "a record of a model learnt by introspection reaches the server")
            quit_app(app)
        finally:
            app.close()
        server.stop()
        app = start_learning()
        try:
            app.expect(lambda s: "offline" in s and "Learnt" in s, "offline, the models the last start learnt, and their rows")
            app.keys("n")
            focus(app, "name")
            app.keys("Made offline", literal=True)
            app.keys("C-s")
            app.wait(lambda s: s["pending"] == 1, "the change to wait in the outbox")
            kill_app(app)
        finally:
            app.close()
        server.start()
        app = start_learning()
        try:
            app.wait(lambda s: s["pending"] == 0 and s["rows"] == 2, "the kept change to be sent once the API answers")
            names = sorted(c["name"] for c in server.items("Categories", "name"))
            check(names == ["Learnt", "Made offline"], "the change made offline reached the server once", names)
            quit_app(app)
        finally:
            app.close()
    finally:
        server.stop()  # also when a step failed: no server left running

if __name__ == "__main__":
    binary = sys.argv[1] if len(sys.argv) > 1 else str(ROOT / ".build" / "debug" / "proptui")
    only = os.environ.get("MODELS_E2E_ONLY")
    run_scenarios(binary, [scenario for scenario in [
        browse_and_edit, killed_with_unsent_changes, models_by_introspection,
        in_both_dialects(conflicts, "A change racing another writer's change of the same field loses visibly (⚡, theirs kept, o applies mine); different fields both survive."),
        in_both_dialects(two_instances, "Two instances see each other's creates, edits and deletes live."),
        in_both_dialects(undone_delete_keeps_children, "An undone delete puts back the same record where the dialect allows (issue 29): its children point at it again."),
        in_both_dialects(list_edits_racing, "Two users append to one list at once (issue 29): one edit lands, the other is a conflict its maker sees."),
    ] if not only or only in scenario.__doc__])
