#!/usr/bin/env python3
"""A standard third-party AppSync client (Python's gql) against `proptui serve --models FILE`.

Your own models, from a Gen 2 amplify_outputs.json with several models: an enum, a Boolean,
Int and Float, AWSDate and AWSDateTime, a list, a custom type, a belongsTo key field, and a
model with a composite key and the AWS scalars. Created, read, listed with a filter, updated
under a condition, deleted by its whole key; a bad value and a failed condition answered as
AppSync answers them; a subscription event; a file that is not a models file (or none) refused
in one line with where it is wrong. Then the versioned dialect (versions, a conflict, a
tombstone in sync), and a seeded store whose relations and composite key partitions resolve. The client is given no schema: it sends what the models file describes.
Usage:

    python3 Tests/e2e/models_serve_test.py [path/to/proptui]
"""
import asyncio
import json
import os
import signal
import subprocess
import sys
import tempfile
import urllib.parse
from pathlib import Path

from gql import Client, gql
from gql.transport.aiohttp import AIOHTTPTransport
from gql.transport.appsync_auth import AppSyncApiKeyAuthentication
from gql.transport.appsync_websockets import AppSyncWebsocketsTransport
from gql.transport.exceptions import TransportQueryError

from e2e_support import check, error_type, finish, start_server, stop_server

ROOT = Path(__file__).resolve().parents[2]
MODELS = ROOT / "Tests" / "AmplifyModelsTests" / "Fixtures" / "household-budget.json"
CCF = "DynamoDB:ConditionalCheckFailedException"

TRANSACTION_FIELDS = "id description amount quantity kind date bookedAt tags receipt { merchant total lines } categoryId createdAt updatedAt"
BUDGET_FIELDS = "tenantId sku title limit period startsOn reviewAt contactEmail website phone allowedFrom settings lastRunAt months"


async def model_checks(session):
    category = (await session.execute(gql(
        "mutation ($input: CreateCategoryInput!) { createCategory(input: $input) { id name kind isArchived } }"),
        variable_values={"input": {"name": "Groceries", "kind": "EXPENSE", "isArchived": False}}))["createCategory"]
    check(category["kind"] == "EXPENSE" and category["isArchived"] is False and len(category["id"]) == 36,
          "a create with an enum and a Boolean gets an id from the server", category)

    create = gql(f"mutation ($input: CreateTransactionInput!) {{ createTransaction(input: $input) {{ {TRANSACTION_FIELDS} }} }}")
    transaction = (await session.execute(create, variable_values={"input": {
        "description": "Weekly shop", "amount": 82.5, "quantity": 3, "kind": "EXPENSE", "date": "2026-11-25",
        "bookedAt": "2026-11-25T09:30:00Z", "tags": ["food", "weekly"], "categoryId": category["id"],
        "receipt": {"merchant": "Corner Market", "total": 82.5, "lines": ["bread", "milk"]},
    }}))["createTransaction"]
    check(transaction["amount"] == 82.5 and transaction["quantity"] == 3 and transaction["tags"] == ["food", "weekly"]
          and transaction["receipt"]["lines"] == ["bread", "milk"] and transaction["date"] == "2026-11-25"
          and transaction["createdAt"] and transaction["categoryId"] == category["id"],
          "a create using a Float, an Int, an enum, a date, a list, a custom type and a belongsTo key", transaction)

    get = gql(f"query ($id: ID!) {{ getTransaction(id: $id) {{ {TRANSACTION_FIELDS} }} }}")
    check((await session.execute(get, variable_values={"id": transaction["id"]}))["getTransaction"] == transaction,
          "it reads back as it was answered")

    await session.execute(create, variable_values={"input": {
        "description": "Salary", "amount": 2500.0, "kind": "INCOME", "date": "2026-11-01"}})
    listed = (await session.execute(gql(
        "query ($filter: ModelTransactionFilterInput) { listTransactions(filter: $filter) { items { description } nextToken } }"),
        variable_values={"filter": {"amount": {"gt": 100}, "kind": {"eq": "INCOME"}}}))["listTransactions"]
    check([item["description"] for item in listed["items"]] == ["Salary"], "a list filtered on a number and an enum", listed)

    update = gql("mutation ($input: UpdateTransactionInput!, $condition: ModelTransactionConditionInput) "
                 "{ updateTransaction(input: $input, condition: $condition) { id description amount } }")
    stale = await error_type(session, update, {"input": {"id": transaction["id"], "amount": 90},
                                               "condition": {"amount": {"eq": 1}}})
    check(stale == CCF, f"an update whose condition fails is {CCF} ({stale})")
    updated = (await session.execute(update, variable_values={"input": {"id": transaction["id"], "amount": 90},
                                                             "condition": {"amount": {"eq": 82.5}}}))["updateTransaction"]
    check(updated["amount"] == 90 and updated["description"] == "Weekly shop", "an update whose condition holds", updated)

    bad_date = await error_type(session, create, {"input": {
        "description": "Bad", "amount": 1, "kind": "EXPENSE", "date": "2026-13-45"}})
    check(bad_date is not None, f"a date that is no date is refused ({bad_date})")
    bad_enum = await error_type(session, create, {"input": {
        "description": "Bad", "amount": 1, "kind": "SOMETIMES", "date": "2026-11-25"}})
    check(bad_enum is not None, f"a value that is not the enum's is refused ({bad_enum})")

    budget_create = gql(f"mutation ($input: CreateBudgetInput!) {{ createBudget(input: $input) {{ {BUDGET_FIELDS} }} }}")
    budget_input = {
        "tenantId": "tenant-1", "sku": "food", "title": "Food", "limit": 400.0, "period": "MONTHLY",
        "startsOn": "2026-11-01", "reviewAt": "09:00:00", "contactEmail": "me@example.com",
        "website": "https://example.com/budget", "phone": "+1 206 555 0100", "allowedFrom": "192.0.2.0/24",
        "settings": json.dumps({"roll": True}), "lastRunAt": 1764000000, "months": [11, 12],
    }
    budget = (await session.execute(budget_create, variable_values={"input": budget_input}))["createBudget"]
    check(budget["months"] == [11, 12] and budget["contactEmail"] == "me@example.com" and json.loads(budget["settings"]) == {"roll": True},
          "a model with a composite key and the AWS scalars is created", budget)
    again = await error_type(session, budget_create, {"input": budget_input})
    check(again == CCF, f"the same composite key again is {CCF} ({again})")
    got = (await session.execute(gql("query { getBudget(tenantId: \"tenant-1\", sku: \"food\") { title } }")))["getBudget"]
    check(got == {"title": "Food"}, "read by its whole key", got)
    deleted = (await session.execute(gql(
        "mutation { deleteBudget(input: {tenantId: \"tenant-1\", sku: \"food\"}) { sku } }")))["deleteBudget"]
    gone = (await session.execute(gql("query { getBudget(tenantId: \"tenant-1\", sku: \"food\") { title } }")))["getBudget"]
    check(deleted == {"sku": "food"} and gone is None, "deleted by its whole key, and gone")


async def subscription_checks(url, realtime_url, api_key, host):
    auth = AppSyncApiKeyAuthentication(host=host, api_key=api_key)
    received = asyncio.Queue()
    async with Client(transport=AppSyncWebsocketsTransport(url=realtime_url, auth=auth)) as live:
        async def listen():
            subscription = gql("subscription { onCreateCategory { id name kind } }")
            async for result in live.subscribe(subscription):
                await received.put(result["onCreateCategory"])

        listener = asyncio.create_task(listen())
        transport = AIOHTTPTransport(url=url, auth=AppSyncApiKeyAuthentication(host=host, api_key=api_key))
        async with Client(transport=transport) as session:
            got = None
            for _ in range(20):  # the subscription is acknowledged asynchronously: create until it is seen
                # The event carries what the mutation selected (AppSync's rule): name and kind too.
                await session.execute(gql("mutation { createCategory(input: {name: \"Live\", kind: INCOME}) { id name kind } }"))
                try:
                    got = await asyncio.wait_for(received.get(), timeout=0.5)
                    break
                except asyncio.TimeoutError:
                    continue
        listener.cancel()
    check(got is not None and got["name"] == "Live" and got["kind"] == "INCOME", "a create arrives on its model's subscription", got)


def refused_file_checks(binary, work):
    broken = os.path.join(work, "broken.json")
    with open(broken, "w") as file:
        file.write('{"version": "1.3", "data": {"model_introspection": {"models": {"Thing": {"name": "Thing", "fields": 7}}}}}')
    missing = os.path.join(work, "nowhere.json")
    for path, why in [(broken, "fields"), (missing, "No such file or directory"), (work, "Is a directory")]:
        result = subprocess.run([binary, "serve", "--port", "0", "--data-dir", os.path.join(work, "broken-data"), "--models", path],
                                capture_output=True, text=True, timeout=60)
        said = (result.stdout + result.stderr).strip()
        # One line naming the file and what is wrong, the usage exit code (64) as for the server's
        # other start-up problems, and no usage text after it.
        check(result.returncode == 64 and path in said and why in said and "USAGE" not in said and len(said.splitlines()) == 1,
              f"a models file that cannot be served is refused in one line, saying why ({why})", said)


async def versioned_checks(binary, work):
    process, url, _, api_key = start_server(binary, os.path.join(work, "versioned"), "--models", str(MODELS), "--schema", "versioned")
    try:
        host = urllib.parse.urlparse(url).netloc
        transport = AIOHTTPTransport(url=url, auth=AppSyncApiKeyAuthentication(host=host, api_key=api_key))
        async with Client(transport=transport) as session:
            created = (await session.execute(gql(
                "mutation { createCategory(input: {name: \"Food\"}) { id _version _deleted _lastChangedAt } }")))["createCategory"]
            check(created["_version"] == 1 and created["_deleted"] is None and created["_lastChangedAt"] > 0,
                  "the versioned dialect answers versions for your own models", created)
            update = gql("mutation ($input: UpdateCategoryInput!) { updateCategory(input: $input) { name _version } }")
            updated = (await session.execute(update, variable_values={"input": {"id": created["id"], "name": "Meals", "_version": 1}}))
            check(updated["updateCategory"] == {"name": "Meals", "_version": 2}, "an update at the current version", updated)
            try:
                await session.execute(update, variable_values={"input": {"id": created["id"], "name": "Late", "_version": 1}})
                conflict = None
            except TransportQueryError as error:
                conflict = error.errors[0]
            check(conflict is not None and conflict.get("errorType") == "ConflictUnhandled" and conflict["data"]["name"] == "Meals"
                  and conflict["data"]["_version"] == 2, "a stale update is ConflictUnhandled with the server's record", conflict)
            await session.execute(gql("mutation ($id: ID!) { deleteCategory(input: {id: $id, _version: 2}) { id } }"),
                                  variable_values={"id": created["id"]})
            synced = (await session.execute(gql("query { syncCategories { items { id _deleted } startedAt } }")))["syncCategories"]
            check(synced["items"] == [{"id": created["id"], "_deleted": True}] and synced["startedAt"] > 0,
                  "a delete leaves a tombstone the sync query answers", synced)
    finally:
        stop_server(process)


async def relation_and_key_checks(binary, work):
    process, url, _, api_key = start_server(binary, os.path.join(work, "seeded"), "--models", str(MODELS), "--seed", "30")
    try:
        host = urllib.parse.urlparse(url).netloc
        transport = AIOHTTPTransport(url=url, auth=AppSyncApiKeyAuthentication(host=host, api_key=api_key))
        async with Client(transport=transport) as session:
            listed = (await session.execute(gql(
                "query { listTransactions(limit: 100) { items { categoryId category { id name } } } }")))["listTransactions"]["items"]
            check(len(listed) == 30 and all(item["category"] and item["category"]["id"] == item["categoryId"] for item in listed),
                  "--seed 30 gives 30 transactions, each with a parent its belongsTo resolves", listed[:2])
            parent = listed[0]["categoryId"]
            children = (await session.execute(gql(
                "query ($id: ID!) { getCategory(id: $id) { transactions(limit: 100) { items { categoryId } nextToken } } }"),
                variable_values={"id": parent}))["getCategory"]["transactions"]["items"]
            check(children and all(child["categoryId"] == parent for child in children)
                  and len(children) == sum(1 for item in listed if item["categoryId"] == parent),
                  "a hasMany is the connection of exactly the parent's children", children)
            budgets = (await session.execute(gql("query { listBudgets(limit: 100) { items { tenantId sku } } }")))["listBudgets"]["items"]
            tenant = budgets[0]["tenantId"]
            partition = (await session.execute(gql(
                "query ($t: ID) { listBudgets(tenantId: $t, sortDirection: DESC) { items { tenantId sku } } }"),
                variable_values={"t": tenant}))["listBudgets"]["items"]
            skus = [item["sku"] for item in partition]
            check(partition and all(item["tenantId"] == tenant for item in partition) and skus == sorted(skus, reverse=True)
                  and len(partition) == sum(1 for item in budgets if item["tenantId"] == tenant),
                  "a composite key's partition is listed in key order", partition)
    finally:
        stop_server(process)


async def api_checks(url, realtime_url, api_key):
    host = urllib.parse.urlparse(url).netloc
    transport = AIOHTTPTransport(url=url, auth=AppSyncApiKeyAuthentication(host=host, api_key=api_key))
    async with Client(transport=transport) as session:
        await model_checks(session)
    await subscription_checks(url, realtime_url, api_key, host)


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else str(ROOT / ".build" / "debug" / "proptui")
    with tempfile.TemporaryDirectory(prefix="proptui-e2e-models-") as work:
        process, url, realtime_url, api_key = start_server(binary, os.path.join(work, "data"), "--models", str(MODELS))
        check(all(name in process.banner for name in ("Category", "Transaction", "Budget")), "the banner names the models served",
              process.banner)
        try:
            asyncio.run(api_checks(url, realtime_url, api_key))
        finally:
            stderr = stop_server(process)
        check(process.returncode == 0, "the server stops cleanly", stderr[-2000:])
        refused_file_checks(binary, work)
        asyncio.run(versioned_checks(binary, work))
        asyncio.run(relation_and_key_checks(binary, work))
    finish()


if __name__ == "__main__":
    main()
