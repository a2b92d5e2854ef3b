#!/usr/bin/env python3
"""A standard third-party AppSync client (Python's gql) against `proptui serve`.

Starts the built binary on a random port with a temporary data directory, then drives it
with gql's AIOHTTPTransport + AppSyncApiKeyAuthentication (queries, mutations, errors) and
AppSyncWebsocketsTransport on a ws:// URL (subscriptions); and `--seed` with its limits. Usage:

    python3 Tests/e2e/gql_client_test.py [path/to/proptui]
"""
import asyncio
import json
import os
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

from e2e_support import check, finish, start_server, stop_server

ROOT = Path(__file__).resolve().parents[2]
SCHEMA = (ROOT / "Resources" / "schema.graphql").read_text()
FIELDS = "id name address createdAt updatedAt _version _deleted _lastChangedAt"
async def http_checks(url, api_key, host):
    transport = AIOHTTPTransport(url=url, auth=AppSyncApiKeyAuthentication(host=host, api_key=api_key))
    async with Client(transport=transport, schema=SCHEMA) as session:
        listed = await session.execute(gql("{ listRealEstateProperties { items { id name } } }"))
        seeded = [item["name"] for item in listed["listRealEstateProperties"]["items"]]
        check("東京タワー アパート" in seeded and "Café Müller" in seeded, "list answers the seeded non-ASCII names")

        created = await session.execute(
            gql(f"mutation ($input: CreateRealEstatePropertyInput!) {{ createRealEstateProperty(input: $input) {{ {FIELDS} }} }}"),
            variable_values={"input": {"name": "gql house", "address": "Python Street 3"}})
        record = created["createRealEstateProperty"]
        check(record["_version"] == 1 and record["name"] == "gql house", "create answers version 1")

        got = await session.execute(
            gql(f"query ($id: ID!) {{ getRealEstateProperty(id: $id) {{ {FIELDS} }} }}"), variable_values={"id": record["id"]})
        check(got["getRealEstateProperty"] == record, "get answers the created record")

        updated = await session.execute(
            gql("mutation ($input: UpdateRealEstatePropertyInput!) { updateRealEstateProperty(input: $input) { name _version } }"),
            variable_values={"input": {"id": record["id"], "name": "gql house 2", "_version": 1}})
        check(updated["updateRealEstateProperty"] == {"name": "gql house 2", "_version": 2}, "update bumps the version")

        try:
            await session.execute(
                gql("mutation ($input: UpdateRealEstatePropertyInput!) { updateRealEstateProperty(input: $input) { name } }"),
                variable_values={"input": {"id": record["id"], "name": "stale", "_version": 1}})
            check(False, "a stale update is rejected")
        except TransportQueryError as error:
            first = error.errors[0]
            check(first.get("errorType") == "ConflictUnhandled" and first["data"]["name"] == "gql house 2",
                  "a stale update is rejected with ConflictUnhandled and the server's record")

        synced = await session.execute(
            gql("{ syncRealEstateProperties { items { id } startedAt } }"))
        check(isinstance(synced["syncRealEstateProperties"]["startedAt"], int), "sync answers startedAt")

    async with aiohttp.ClientSession() as raw:
        async with raw.post(url, json={"query": "{ __typename }"}) as response:
            body = await response.json()
            check(response.status == 401 and body["errors"][0]["message"] == "Valid authorization header not provided.",
                  "no key: 401 with AppSync's body")
        async with raw.post(url, json={"query": "{ __typename }"}, headers={"x-api-key": "da2-wrong"}) as response:
            body = await response.json()
            check(response.status == 401 and body["errors"][0]["message"] == "You are not authorized to make this call.",
                  "wrong key: 401 with AppSync's body")


async def subscription_checks(url, realtime_url, api_key, host):
    auth = AppSyncApiKeyAuthentication(host=host, api_key=api_key)
    ws_transport = AppSyncWebsocketsTransport(url=realtime_url, auth=auth)
    http = AIOHTTPTransport(url=url, auth=AppSyncApiKeyAuthentication(host=host, api_key=api_key))
    received = asyncio.Queue()

    async with Client(transport=ws_transport, schema=SCHEMA) as live:
        async def listen():
            subscription = gql("""
                subscription ($filter: ModelSubscriptionRealEstatePropertyFilterInput) {
                  onCreateRealEstateProperty(filter: $filter) { id name }
                }""")
            async for result in live.subscribe(subscription, variable_values={"filter": {"name": {"beginsWith": "live"}}}):
                await received.put(result["onCreateRealEstateProperty"])

        listener = asyncio.create_task(listen())
        async with Client(transport=http, schema=SCHEMA) as session:
            create = gql("mutation ($name: String!) { createRealEstateProperty(input: {name: $name}) { id name } }")
            got = None
            # gql does not surface start_ack, so keep creating until the subscription is live.
            for attempt in range(100):
                await session.execute(create, variable_values={"name": f"filtered out {attempt}"})
                await session.execute(create, variable_values={"name": f"live {attempt}"})
                try:
                    got = await asyncio.wait_for(received.get(), timeout=0.3)
                    break
                except asyncio.TimeoutError:
                    continue
            check(got is not None and got["name"].startswith("live"), "a subscription receives the matching create")
            await session.execute(create, variable_values={"name": "filtered out last"})
            await session.execute(create, variable_values={"name": "live last"})
            later = []
            while not later or later[-1]["name"] != "live last":
                later.append(await asyncio.wait_for(received.get(), timeout=10))
            check(all(item["name"].startswith("live") for item in later),
                  "the subscription filter keeps non-matching creates out")
        listener.cancel()
        try:
            await listener
        except asyncio.CancelledError:
            pass


async def sync_ids(url, api_key, host):
    """Every id a full sync reads, page after page (1,000 a page)."""
    transport = AIOHTTPTransport(url=url, auth=AppSyncApiKeyAuthentication(host=host, api_key=api_key))
    query = gql("query ($next: String) { syncRealEstateProperties(limit: 1000, nextToken: $next) { items { id } nextToken } }")
    ids, token = [], None
    async with Client(transport=transport, schema=SCHEMA) as session:
        for _ in range(1000):
            page = (await session.execute(query, variable_values={"next": token}))["syncRealEstateProperties"]
            ids += [item["id"] for item in page["items"]]
            token = page["nextToken"]
            if token is None:
                break
    return ids


def seed_checks(binary):
    """`serve --seed N`: N properties a sync reads once each; a store that holds any is refused, unchanged;
    a request of many large pages is cut off at the response size limit."""
    with tempfile.TemporaryDirectory(prefix="proptui-e2e-seed-") as data_dir:
        process, url, _, api_key = start_server(binary, data_dir, "--seed", "3000")
        host = urllib.parse.urlparse(url).netloc
        try:
            ids = asyncio.run(sync_ids(url, api_key, host))
            check(len(ids) == 3000 and len(set(ids)) == 3000 and ids != sorted(ids),
                  f"a full sync reads the 3,000 seeded properties once each, in scan order ({len(ids)} read)")
            aliases = " ".join(f"p{i}: listRealEstateProperties(limit: 1000) {{ items {{ {FIELDS} }} }}" for i in range(60))
            request = urllib.request.Request(url, data=json.dumps({"query": "{ " + aliases + " }"}).encode(),
                                             headers={"x-api-key": api_key, "content-type": "application/json"})
            with urllib.request.urlopen(request, timeout=120) as response:
                body = response.read()
            answer = json.loads(body)
            types = {error.get("errorType") for error in answer.get("errors", [])}
            check(types == {"MappingTemplate"} and len(body) < 6_000_000,
                  f"60 pages of 1,000 are cut off at the 5 MB answer limit ({len(body):,} bytes, {types})")
        finally:
            stderr = stop_server(process)
        check("seeded 3,000 properties in" in stderr, "the seed's summary is on stderr")

        refused = subprocess.run([binary, "serve", "--port", "0", "--data-dir", data_dir, "--seed", "10"],
                                 capture_output=True, text=True, timeout=60)
        check(refused.returncode == 64 and "already holds properties" in refused.stderr,
              f"--seed on a store that holds properties is refused (exit {refused.returncode}: {refused.stderr.strip()})")
        process, url, _, api_key = start_server(binary, data_dir)
        try:
            check(len(asyncio.run(sync_ids(url, api_key, host))) == 3000, "the refused seed changed nothing")
        finally:
            stop_server(process)


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else str(ROOT / ".build" / "debug" / "proptui")
    seed_checks(binary)
    with tempfile.TemporaryDirectory(prefix="proptui-e2e-") as data_dir:
        process, url, realtime_url, api_key = start_server(binary, data_dir)
        host = urllib.parse.urlparse(url).netloc
        try:
            check(api_key.startswith("da2-"), "the generated key looks like an AppSync key")
            check(oct(os.stat(os.path.join(data_dir, "api-key")).st_mode & 0o777) == "0o600", "the key file is mode 0600")
            asyncio.run(http_checks(url, api_key, host))
            asyncio.run(subscription_checks(url, realtime_url, api_key, host))
        finally:
            stderr = stop_server(process)
        check(process.returncode == 0, f"SIGTERM stops the server cleanly (exit {process.returncode})")
        check("POST /graphql 200" in stderr, "one line per request on stderr")
        check(api_key not in stderr, "the API key never appears in the log")
        # Ctrl-C in a terminal: SIGINT must stop it as cleanly as SIGTERM.
        process, _, _, _ = start_server(binary, data_dir)
        process.send_signal(signal.SIGINT)
        try:
            process.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.communicate()
        check(process.returncode == 0, f"SIGINT stops the server cleanly (exit {process.returncode})")
    finish()


if __name__ == "__main__":
    main()
