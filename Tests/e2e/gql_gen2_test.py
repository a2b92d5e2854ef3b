#!/usr/bin/env python3
"""A standard third-party AppSync client (Python's gql) against `proptui serve --schema gen2`.

The Gen 2 dialect as a Gen 2 client meets it: conditional writes and the
ConditionalCheckFailedException shape, no tombstones, list pages in scan order whose filter
applies after the limit, subscriptions with filters and partial payloads; then the sandbox
(`--auth iam`, Gen 2 by default, with model_introspection in its amplify_outputs.json) and a
store refused under the other dialect. Usage:

    python3 Tests/e2e/gql_gen2_test.py [path/to/proptui]
"""
import asyncio
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import urllib.parse
import urllib.request
from pathlib import Path

import aiohttp
from gql import Client, gql
from gql.transport.aiohttp import AIOHTTPTransport
from gql.transport.appsync_auth import AppSyncApiKeyAuthentication
from gql.transport.appsync_websockets import AppSyncWebsocketsTransport
from gql.transport.exceptions import TransportQueryError

from e2e_support import check, error_type, finish, start_server, stop_server

ROOT = Path(__file__).resolve().parents[2]
SCHEMA = (ROOT / "Resources" / "schema-gen2.graphql").read_text()
FIELDS = "id name address createdAt updatedAt"
CCF = "DynamoDB:ConditionalCheckFailedException"

CREATE = gql(f"mutation ($input: CreateRealEstatePropertyInput!, $condition: ModelRealEstatePropertyConditionInput) "
             f"{{ createRealEstateProperty(input: $input, condition: $condition) {{ {FIELDS} }} }}")
UPDATE = gql(f"mutation ($input: UpdateRealEstatePropertyInput!, $condition: ModelRealEstatePropertyConditionInput) "
             f"{{ updateRealEstateProperty(input: $input, condition: $condition) {{ {FIELDS} }} }}")
DELETE = gql(f"mutation ($input: DeleteRealEstatePropertyInput!, $condition: ModelRealEstatePropertyConditionInput) "
             f"{{ deleteRealEstateProperty(input: $input, condition: $condition) {{ {FIELDS} }} }}")
GET = gql(f"query ($id: ID!) {{ getRealEstateProperty(id: $id) {{ {FIELDS} }} }}")
LIST = gql("query ($filter: ModelRealEstatePropertyFilterInput, $limit: Int, $nextToken: String) "
           "{ listRealEstateProperties(filter: $filter, limit: $limit, nextToken: $nextToken) { items { id name } nextToken } }")


async def write_checks(session):
    created = (await session.execute(CREATE, variable_values={"input": {"id": "g1", "name": "Gen 2 house", "address": "Main 1"}}))
    record = created["createRealEstateProperty"]
    check(record["createdAt"] == record["updatedAt"] and record["createdAt"].endswith("Z") and len(record["createdAt"]) == 24,
          f"create sets createdAt and updatedAt, AWSDateTime with milliseconds ({record['createdAt']})")
    check(await error_type(session, CREATE, {"input": {"id": "g1", "name": "again"}}) == CCF, "a create of an existing id fails its condition")

    renamed = await session.execute(UPDATE, variable_values={
        "input": {"id": "g1", "name": "Gen 2 house, renamed"}, "condition": {"name": {"eq": "Gen 2 house"}}})
    after = renamed["updateRealEstateProperty"]
    check(after["name"] == "Gen 2 house, renamed" and after["address"] == "Main 1" and after["updatedAt"] > record["updatedAt"],
          "an update whose condition holds is applied, with a later updatedAt")
    check(await error_type(session, UPDATE, {"input": {"id": "g1", "name": "lost update"}, "condition": {"name": {"eq": "Gen 2 house"}}}) == CCF,
          "an update against a stale base fails its condition")
    check(await error_type(session, UPDATE, {"input": {"id": "nobody", "name": "x"}}) == CCF, "an update of a missing id fails its condition")
    check(await error_type(session, DELETE, {"input": {"id": "nobody"}}) == CCF, "a delete of a missing id fails its condition")

    # Never written and written as null are different to a condition.
    await session.execute(CREATE, variable_values={"input": {"id": "absent", "name": "No address"}})
    await session.execute(CREATE, variable_values={"input": {"id": "null", "name": "Null address", "address": None}})
    exists_false = {"address": {"attributeExists": False}}
    check(await error_type(session, UPDATE, {"input": {"id": "absent"}, "condition": exists_false}) is None,
          "attributeExists: false holds for an attribute never written")
    check(await error_type(session, UPDATE, {"input": {"id": "null"}, "condition": exists_false}) == CCF,
          "attributeExists: false fails for an attribute written as null")
    check(await error_type(session, UPDATE, {"input": {"id": "null"}, "condition": {"address": {"attributeType": "_null"}}}) is None,
          "attributeType: _null holds for an attribute written as null")

    deleted = await session.execute(DELETE, variable_values={"input": {"id": "g1"}, "condition": {"address": {"eq": "Main 1"}}})
    check(deleted["deleteRealEstateProperty"]["name"] == "Gen 2 house, renamed", "a delete answers the deleted record")
    check((await session.execute(GET, variable_values={"id": "g1"}))["getRealEstateProperty"] is None, "a deleted record is gone (no tombstone)")
    again = await session.execute(CREATE, variable_values={"input": {"id": "g1", "name": "Born again"}})
    check(again["createRealEstateProperty"]["name"] == "Born again", "a deleted id can be created again")


async def raw_error_shape(url, api_key):
    """The whole answer of a failed condition, as AppSync sends it."""
    query = 'mutation { updateRealEstateProperty(input: {id: "nobody", name: "x"}) { id } }'
    async with aiohttp.ClientSession() as raw:
        async with raw.post(url, json={"query": query}, headers={"x-api-key": api_key}) as response:
            body = await response.json()
    error = body["errors"][0]
    check(response.status == 200 and body["data"] == {"updateRealEstateProperty": None}
          and set(error) == {"path", "data", "errorType", "errorInfo", "locations", "message"}
          and error["path"] == ["updateRealEstateProperty"] and error["data"] is None and error["errorInfo"] is None
          and error["errorType"] == CCF and error["locations"] == [{"line": 1, "column": 12, "sourceName": None}]
          and error["message"].startswith("The conditional request failed (Service: DynamoDb, Status Code: 400, Request ID: "),
          "a failed condition answers AppSync's ConditionalCheckFailedException shape", body)
    async with aiohttp.ClientSession() as raw:
        async with raw.post(url, json={"query": "{ listRealEstateProperties { items { id _version } } }"},
                            headers={"x-api-key": api_key}) as response:
            body = await response.json()
    check(body["data"] is None and "FieldUndefined: Field '_version'" in body["errors"][0]["message"],
          "asking for _version is a validation error of the whole request", body)


async def list_checks(session):
    created = [f"item-{index:02d}" for index in range(24)]
    for index, identifier in enumerate(created):
        name = f"needle {index}" if index % 6 == 0 else f"hay {index}"
        await session.execute(CREATE, variable_values={"input": {"id": identifier, "name": name}})
    pages, token = [], None
    while True:
        page = (await session.execute(LIST, variable_values={
            "filter": {"name": {"beginsWith": "needle"}}, "limit": 4, "nextToken": token}))["listRealEstateProperties"]
        pages.append(page)
        token = page["nextToken"]
        if token is None or len(pages) > 100:
            break
    found = sorted(item["id"] for page in pages for item in page["items"])
    check(found == [f"item-{index:02d}" for index in range(0, 24, 6)], f"filtered paging finds every match once ({found})")
    check(any(not page["items"] and page["nextToken"] for page in pages),
          "a filtered page can be empty and still carry a nextToken (limit counts items read)")
    everything, token = [], None
    while True:
        page = (await session.execute(LIST, variable_values={"limit": 5, "nextToken": token}))["listRealEstateProperties"]
        everything += [item["id"] for item in page["items"]]
        token = page["nextToken"]
        if token is None:
            break
    ours = [identifier for identifier in everything if identifier.startswith("item-")]
    check(sorted(ours) == created and ours != created, "a list is in scan order, not creation order")


async def subscription_checks(url, realtime_url, api_key, host):
    auth = AppSyncApiKeyAuthentication(host=host, api_key=api_key)
    received = asyncio.Queue()
    async with Client(transport=AppSyncWebsocketsTransport(url=realtime_url, auth=auth), schema=SCHEMA) as live:
        async def listen():
            subscription = gql("""
                subscription ($filter: ModelSubscriptionRealEstatePropertyFilterInput) {
                  onUpdateRealEstateProperty(filter: $filter) { id name address }
                }""")
            async for result in live.subscribe(subscription, variable_values={"filter": {"name": {"beginsWith": "live"}}}):
                await received.put(result["onUpdateRealEstateProperty"])

        listener = asyncio.create_task(listen())
        transport = AIOHTTPTransport(url=url, auth=AppSyncApiKeyAuthentication(host=host, api_key=api_key))
        async with Client(transport=transport, schema=SCHEMA) as session:
            await session.execute(CREATE, variable_values={"input": {"id": "live-1", "name": "live", "address": "Kept Street"}})
            await session.execute(CREATE, variable_values={"input": {"id": "other-1", "name": "other", "address": "Kept Street"}})
            partial = gql("mutation ($input: UpdateRealEstatePropertyInput!) { updateRealEstateProperty(input: $input) { id name } }")
            got = None
            # gql does not surface start_ack, so keep updating until the subscription is live.
            for attempt in range(100):
                await session.execute(partial, variable_values={"input": {"id": "other-1", "name": f"other {attempt}"}})
                await session.execute(partial, variable_values={"input": {"id": "live-1", "name": f"live {attempt}"}})
                try:
                    got = await asyncio.wait_for(received.get(), timeout=0.3)
                    break
                except asyncio.TimeoutError:
                    continue
            check(got is not None and got["id"] == "live-1", "a subscription with a filter receives the matching update", got)
            # (A non-null field the mutation did not select would arrive as null beside an error,
            # which gql raises, as Amplify's clients do: this subscription selects nullable ones.)
            check(got is not None and got["address"] is None,
                  "a field the mutation did not select arrives as null (the address was not cleared)", got)
            stored = (await session.execute(GET, variable_values={"id": "live-1"}))["getRealEstateProperty"]
            check(stored["address"] == "Kept Street", "the stored record still has its address")
            await session.execute(partial, variable_values={"input": {"id": "other-1", "name": "other last"}})
            await session.execute(partial, variable_values={"input": {"id": "live-1", "name": "live last"}})
            later = []
            while not later or later[-1]["name"] != "live last":
                later.append(await asyncio.wait_for(received.get(), timeout=10))
            check(all(item["id"] == "live-1" for item in later), "the subscription filter keeps other records' updates out")
        listener.cancel()
        try:
            await listener
        except asyncio.CancelledError:
            pass


async def api_checks(url, realtime_url, api_key):
    host = urllib.parse.urlparse(url).netloc
    transport = AIOHTTPTransport(url=url, auth=AppSyncApiKeyAuthentication(host=host, api_key=api_key))
    async with Client(transport=transport, schema=SCHEMA) as session:
        await write_checks(session)
        await list_checks(session)
    await raw_error_shape(url, api_key)
    await subscription_checks(url, realtime_url, api_key, host)


def sandbox_checks(binary, work):
    """`serve --auth iam` plays a Gen 2 sandbox by default; `--schema versioned` overrides it."""
    folder = os.path.join(work, "sandbox")
    os.makedirs(folder)
    process, url, _, api_key = start_server(binary, os.path.join(folder, "data"), "--auth", "iam,api-key", cwd=folder)
    try:
        outputs = json.loads(Path(folder, "amplify_outputs.json").read_text())
        model = outputs["data"].get("model_introspection", {}).get("models", {}).get("RealEstateProperty", {})
        check(model.get("primaryKeyInfo", {}).get("primaryKeyFieldName") == "id" and model.get("syncable") is True
              and set(model.get("fields", {})) == {"id", "name", "address", "createdAt", "updatedAt"},
              "the sandbox's amplify_outputs.json carries Gen 2 model_introspection", outputs["data"])
        body = post(url, api_key, "{ listRealEstateProperties { items { id _version } } }")
        check("FieldUndefined" in json.dumps(body), "the sandbox serves the Gen 2 schema by default", body)
    finally:
        stop_server(process)
    os.remove(os.path.join(folder, "amplify_outputs.json"))
    process, url, _, api_key = start_server(binary, os.path.join(folder, "data"), "--auth", "iam,api-key", "--schema", "versioned", cwd=folder)
    try:
        outputs = json.loads(Path(folder, "amplify_outputs.json").read_text())
        check("model_introspection" not in outputs["data"], "with --schema versioned the sandbox writes no model_introspection")
        body = post(url, api_key, "{ syncRealEstateProperties { items { id _version } startedAt } }")
        check("errors" not in body, "--schema versioned overrides the sandbox's default", body)
    finally:
        stop_server(process)

    # The Gen 2 store moved to the versioned store's name is refused, unchanged.
    data = os.path.join(folder, "data")
    for suffix in ("", "-wal", "-shm"):  # the file with its WAL, which may hold its latest writes
        target = os.path.join(data, "proptui-server.sqlite" + suffix)
        if os.path.exists(target):
            os.remove(target)
        if os.path.exists(os.path.join(data, "proptui-server-gen2.sqlite" + suffix)):
            shutil.copy(os.path.join(data, "proptui-server-gen2.sqlite" + suffix), target)
    refused = subprocess.run([binary, "serve", "--port", "0", "--data-dir", data, "--schema", "versioned"],
                             capture_output=True, text=True, timeout=60)
    check(refused.returncode == 64 and "holds a gen2 store" in refused.stderr,
          f"a store is refused under the other dialect (exit {refused.returncode}: {refused.stderr.strip()})")


def post(url, api_key, query):
    """POSTs one query with the API key; answers the parsed body."""
    request = urllib.request.Request(url, data=json.dumps({"query": query}).encode(),
                                     headers={"x-api-key": api_key, "content-type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read())


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else str(ROOT / ".build" / "debug" / "proptui")
    with tempfile.TemporaryDirectory(prefix="proptui-e2e-gen2-") as work:
        process, url, realtime_url, api_key = start_server(binary, os.path.join(work, "data"), "--schema", "gen2", "--empty")
        try:
            asyncio.run(api_checks(url, realtime_url, api_key))
        finally:
            stderr = stop_server(process)
        check(process.returncode == 0 and "POST /graphql 200" in stderr, "the server stops cleanly and logged the requests")
        sandbox_checks(binary, work)
    finish()


if __name__ == "__main__":
    main()
