#!/usr/bin/env python3
"""A standard third-party AppSync client (Python's gql) against `proptui serve --models FILE`.

Your own models, from a Gen 2 amplify_outputs.json with several models: an enum, a Boolean,
Int and Float, AWSDate and AWSDateTime, a list, a custom type, a belongsTo key field, and a
model with a composite key and the AWS scalars. Created, read, listed with a filter, updated
under a condition, deleted by its whole key; a bad value and a failed condition answered as
AppSync answers them; a subscription event; a file that is not a models file refused with
where it is wrong. The client is given no schema: it sends what the models file describes.
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
    result = subprocess.run([binary, "serve", "--port", "0", "--data-dir", os.path.join(work, "broken-data"), "--models", broken],
                            capture_output=True, text=True, timeout=60)
    said = result.stdout + result.stderr
    check(result.returncode != 0 and "Thing" in said and "fields" in said,
          "a models file that is wrong is refused, saying where", said.strip())


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
    finish()


if __name__ == "__main__":
    main()
