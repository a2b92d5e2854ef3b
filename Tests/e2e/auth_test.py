#!/usr/bin/env python3
"""Every auth mode end to end, with no cloud:

- `proptui serve --auth iam,api-key` against Python's gql with AppSyncIAMAuthentication (HTTP and
  the realtime socket), with the server's own credentials and with guest credentials from the
  identity pool the server plays; a wrong signature, an expired date, a wrong region and an
  unknown key each get AppSync's 403 answer.
- moto's server on loopback as Cognito: gql with AppSyncJWTAuthentication (moto's user pool tokens)
  against `proptui serve --auth user-pool` checking them against moto's JWKS; an expired token gets
  "Token has expired.".
- The app in tmux, started with no flags in a folder holding an amplify_outputs.json: against the
  embedded sandbox (`proptui serve --auth iam` wrote the file), against moto's identity pool (guest
  credentials), and against moto's user pool (the password asked without echo; the next start
  refreshes an expired token without asking).

Usage: python3 Tests/e2e/auth_test.py [path/to/proptui]   (needs gql, botocore, moto[server] 5.2.1)
"""
import asyncio
import datetime
import gzip
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import uuid
import urllib.request
from pathlib import Path
from unittest import mock

import aiohttp
import botocore.auth
import botocore.session
from botocore import UNSIGNED
from botocore.auth import SigV4Auth
from botocore.awsrequest import AWSRequest
from botocore.config import Config
from botocore.credentials import Credentials
from gql import Client, gql
from gql.transport.aiohttp import AIOHTTPTransport
from gql.transport.appsync_auth import AppSyncIAMAuthentication, AppSyncJWTAuthentication
from gql.transport.appsync_websockets import AppSyncWebsocketsTransport

from e2e_support import check, finish, start_server, stop_server

# A sandbox (`serve --auth iam`) plays the Gen 2 dialect by default: the app started in it speaks
# that (it asks the API which dialect it speaks); the gql checks and the moto servers play the
# versioned one, so both dialects are covered with IAM (Tests/e2e/gql_gen2_test.py: gql on Gen 2).
VERSIONED = ("--schema", "versioned")

ROOT = Path(__file__).resolve().parents[2]
SCHEMA = (ROOT / "Resources" / "schema.graphql").read_text()
SCHEMA_GEN2 = (ROOT / "Resources" / "schema-gen2.graphql").read_text()
TIMEOUT = 60
REGION = "us-east-1"
SERVER_KEY = Credentials("AKIDPROPTUIE2ETEST01", "proptui/e2e/secret/key/0123456789abcdefghij")
PASSWORD = "Correct-Horse-9!"
LIST = gql("{ listRealEstateProperties { items { id name } } }")
CREATE = gql("mutation ($name: String!) { createRealEstateProperty(input: {name: $name}) { id name } }")
ON_CREATE = gql("subscription { onCreateRealEstateProperty { id name } }")


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def names(result):
    return [item["name"] for item in result["listRealEstateProperties"]["items"]]


async def gql_checks(url, realtime_url, auth_for_http, auth_for_ws, label):
    """A list, a create, and a subscription that sees a create, all with one kind of auth."""
    async with Client(transport=AIOHTTPTransport(url=url, auth=auth_for_http), schema=SCHEMA) as session:
        listed = await session.execute(LIST)
        check(isinstance(names(listed), list), f"{label}: HTTP list answers")
        created = await session.execute(CREATE, variable_values={"name": f"{label} house"})
        check(created["createRealEstateProperty"]["name"] == f"{label} house", f"{label}: HTTP create answers")
    received = asyncio.Queue()
    async with Client(transport=AppSyncWebsocketsTransport(url=realtime_url, auth=auth_for_ws), schema=SCHEMA) as live:
        async def listen():
            async for result in live.subscribe(ON_CREATE):
                await received.put(result["onCreateRealEstateProperty"])
        listener = asyncio.create_task(listen())
        got = None
        async with Client(transport=AIOHTTPTransport(url=url, auth=auth_for_http), schema=SCHEMA) as session:
            for attempt in range(100):  # gql does not surface start_ack: create until one arrives
                await session.execute(CREATE, variable_values={"name": f"{label} live {attempt}"})
                try:
                    got = await asyncio.wait_for(received.get(), timeout=0.3)
                    break
                except asyncio.TimeoutError:
                    continue
        check(got is not None and got["name"].startswith(f"{label} live"), f"{label}: the realtime subscription receives a create")
        listener.cancel()
        try:
            await listener
        except asyncio.CancelledError:
            pass


def signed_post(url, host, credentials, region, when=None):
    """A raw POST signed by botocore, so the test can read the status and body of a refusal."""
    body = json.dumps({"query": "{ __typename }"}).encode()
    request = AWSRequest(method="POST", url=f"https://{host}/graphql", data=body, headers={"content-type": "application/json"})
    clock = (when or datetime.datetime.now(datetime.timezone.utc)).replace(tzinfo=None)
    with mock.patch.object(botocore.auth, "get_current_datetime", return_value=clock):
        SigV4Auth(credentials, "appsync", region).add_auth(request)
    headers = dict(request.headers)
    headers["host"] = host

    async def post():
        async with aiohttp.ClientSession() as raw:
            async with raw.post(url, data=body, headers=headers) as response:
                return response.status, await response.json(content_type=None)
    return asyncio.run(post())


def guest_credentials(endpoint, pool_id):
    client = botocore.session.get_session().create_client(
        "cognito-identity", region_name=REGION, endpoint_url=endpoint, config=Config(signature_version=UNSIGNED))
    identity = client.get_id(IdentityPoolId=pool_id)["IdentityId"]
    values = client.get_credentials_for_identity(IdentityId=identity)["Credentials"]
    return identity, Credentials(values["AccessKeyId"], values["SecretKey"], values["SessionToken"])


def sandbox_gql_checks(binary, work):
    """`proptui serve --auth iam,api-key`: gql with IAM, the server's identity pool, and the 403s."""
    env = {**os.environ, "AWS_ACCESS_KEY_ID": SERVER_KEY.access_key, "AWS_SECRET_ACCESS_KEY": SERVER_KEY.secret_key}
    env.pop("AWS_SESSION_TOKEN", None)
    process, url, realtime_url, _ = start_server(binary, os.path.join(work, "data"), "--auth", "iam,api-key", *VERSIONED, env=env, cwd=work)
    host = url.split("/")[2]
    try:
        outputs = json.loads(Path(work, "amplify_outputs.json").read_text())
        check(outputs["data"]["url"] == url and outputs["data"]["default_authorization_type"] == "AWS_IAM"
              and outputs["auth"]["identity_pool_id"].startswith(REGION + ":"),
              "serve --auth iam writes an amplify_outputs.json naming itself and its identity pool", outputs)
        pool_id = outputs["auth"]["identity_pool_id"]
        endpoint = outputs["custom"]["proptui"]["cognito_identity_endpoint"]

        auth = AppSyncIAMAuthentication(host=host, region_name=REGION, credentials=SERVER_KEY)
        asyncio.run(gql_checks(url, realtime_url, auth, auth, "iam"))

        identity, guest = guest_credentials(endpoint, pool_id)
        check(identity.startswith(REGION + ":") and guest.access_key.startswith("ASIA") and guest.token,
              "the server's identity pool answers GetId and GetCredentialsForIdentity (botocore's client)")
        guest_auth = AppSyncIAMAuthentication(host=host, region_name=REGION, credentials=guest)
        asyncio.run(gql_checks(url, realtime_url, guest_auth, guest_auth, "guest"))

        status, body = signed_post(url, host, Credentials(SERVER_KEY.access_key, "not-the-secret"), REGION)
        check(status == 403 and body["errors"][0]["errorType"] == "InvalidSignatureException"
              and body["errors"][0]["message"].startswith("The request signature we calculated does not match"),
              "a wrong signature: 403 InvalidSignatureException", body)
        old = datetime.datetime.now(datetime.timezone.utc) - datetime.timedelta(minutes=20)
        status, body = signed_post(url, host, SERVER_KEY, REGION, when=old)
        check(status == 403 and body["errors"][0]["errorType"] == "InvalidSignatureException"
              and body["errors"][0]["message"].startswith("Signature expired:"),
              "an expired date: 403 Signature expired", body)
        status, body = signed_post(url, host, SERVER_KEY, "eu-west-1")
        check(status == 403 and body["errors"][0]["message"].startswith("Credential should be scoped to a valid region"),
              "a wrong region: 403 Credential should be scoped to a valid region", body)
        status, body = signed_post(url, host, Credentials("AKIDUNKNOWN000000000", "whatever"), REGION)
        check(status == 403 and body["errors"][0]["errorType"] == "UnrecognizedClientException",
              "unknown credentials: 403 UnrecognizedClientException", body)

        async def refused_socket():
            bad = AppSyncIAMAuthentication(host=host, region_name="eu-west-1", credentials=SERVER_KEY)
            try:
                async with Client(transport=AppSyncWebsocketsTransport(url=realtime_url, auth=bad), schema=SCHEMA):
                    return None
            except Exception as error:  # gql raises on connection_error
                return str(error)
        refusal = asyncio.run(refused_socket())
        check(refusal is not None and "Credential should be scoped" in refusal,
              "the realtime handshake refuses a wrong region with the same message", refusal)
    finally:
        stderr = stop_server(process)
    check(SERVER_KEY.secret_key not in stderr and "POST /graphql" in stderr, "the server logs requests but never a secret key")


class Moto:
    """moto's server on a free loopback port, with a user pool, its app client, a user and an identity pool."""

    def __init__(self):
        self.port = free_port()
        self.endpoint = f"http://127.0.0.1:{self.port}"
        self.process = subprocess.Popen(
            [sys.executable, "-m", "moto.server", "-H", "127.0.0.1", "-p", str(self.port)],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + TIMEOUT
        while True:
            try:
                urllib.request.urlopen(self.endpoint + "/moto-api/", timeout=1)
                break
            except Exception:
                if time.monotonic() > deadline or self.process.poll() is not None:
                    raise SystemExit("moto_server did not start")
                time.sleep(0.1)
        session = botocore.session.get_session()
        fake = {"aws_access_key_id": "testing", "aws_secret_access_key": "testing", "region_name": REGION, "endpoint_url": self.endpoint}
        idp = session.create_client("cognito-idp", **fake)
        identity = session.create_client("cognito-identity", **fake)
        self.pool = idp.create_user_pool(PoolName="proptui")["UserPool"]["Id"]
        self.client_id = idp.create_user_pool_client(
            UserPoolId=self.pool, ClientName="proptui",
            ExplicitAuthFlows=["ALLOW_USER_PASSWORD_AUTH", "ALLOW_REFRESH_TOKEN_AUTH"])["UserPoolClient"]["ClientId"]
        idp.admin_create_user(UserPoolId=self.pool, Username="alice", TemporaryPassword="Temp-Passw0rd!")
        idp.admin_set_user_password(UserPoolId=self.pool, Username="alice", Password=PASSWORD, Permanent=True)
        self.identity_pool = identity.create_identity_pool(
            IdentityPoolName="proptui", AllowUnauthenticatedIdentities=True)["IdentityPoolId"]
        self.idp = idp

    def tokens(self):
        return self.idp.initiate_auth(
            AuthFlow="USER_PASSWORD_AUTH", ClientId=self.client_id,
            AuthParameters={"USERNAME": "alice", "PASSWORD": PASSWORD})["AuthenticationResult"]

    def expired_token(self):
        """A token signed with moto's own key whose `exp` has passed."""
        from joserfc import jwt
        from joserfc.jwk import RSAKey
        import moto.cognitoidp
        resource = Path(moto.cognitoidp.__file__).parent / "resources" / "jwks-private.json.gz"
        key = RSAKey.import_key(json.loads(gzip.decompress(resource.read_bytes())))
        now = int(time.time())
        claims = {"iss": f"https://cognito-idp.{REGION}.amazonaws.com/{self.pool}", "sub": "x", "client_id": self.client_id,
                  "token_use": "access", "iat": now - 7200, "exp": now - 3600, "username": "alice"}
        return jwt.encode({"alg": "RS256", "kid": "dummy"}, claims, key)

    def stop(self):
        stop_server(self.process)


def moto_gql_checks(binary, work, moto):
    """gql with AppSyncJWTAuthentication and moto's tokens against `proptui serve --auth user-pool`."""
    data = os.path.join(work, "jwt-data")
    process, url, realtime_url, _ = start_server(
        binary, data, "--auth", "user-pool", "--user-pool-id", moto.pool,
        "--jwks-url", f"{moto.endpoint}/{moto.pool}/.well-known/jwks.json", cwd=work)
    host = url.split("/")[2]
    try:
        tokens = moto.tokens()
        auth = AppSyncJWTAuthentication(host=host, jwt=tokens["AccessToken"])
        asyncio.run(gql_checks(url, realtime_url, auth, auth, "jwt"))
        id_auth = AppSyncJWTAuthentication(host=host, jwt=tokens["IdToken"])

        async def list_with(auth_headers):
            async with aiohttp.ClientSession() as raw:
                async with raw.post(url, json={"query": "{ __typename }"}, headers=auth_headers) as response:
                    return response.status, await response.json(content_type=None)
        status, _ = asyncio.run(list_with({"Authorization": tokens["IdToken"]}))
        check(status == 200 and id_auth is not None, "an ID token is accepted too")
        status, body = asyncio.run(list_with({"Authorization": moto.expired_token()}))
        check(status == 401 and body["errors"][0]["message"] == "Token has expired.", "an expired token: 401 Token has expired.", body)
        status, body = asyncio.run(list_with({"Authorization": tokens["AccessToken"][:-4] + "AAAA"}))
        check(status == 401 and body["errors"][0]["errorType"] == "UnauthorizedException", "a forged token: 401", body)
    finally:
        stop_server(process)


class TmuxApp:
    """`proptui` with no flags in a tmux pane, started in `folder`, its data under XDG_DATA_HOME."""

    def __init__(self, binary, folder, env, args=()):
        # A name never used before in this run: `id(self)` is reused once an app is gone, and a new
        # session would then reach the old tmux server while it is still shutting down.
        self.socket = f"proptui-auth-{os.getpid()}-{uuid.uuid4().hex}"
        self.idle_file = os.path.join(folder, "idle")
        variables = {"PROPTUI_IDLE_FILE": self.idle_file, "LANG": "C.UTF-8", "TERM": "xterm-256color", **env}
        exports = " ".join(f"{name}={value}" for name, value in variables.items())
        arguments = " ".join(f"'{arg}'" for arg in args)
        command = f"cd {folder} && env {exports} {binary} {arguments}; echo exit=$? > {folder}/exit; sleep 600"
        # The app must find its credentials where the test puts them, not in the caller's AWS_* variables.
        clean = {key: value for key, value in os.environ.items() if not key.startswith("AWS_")}
        subprocess.run(["tmux", "-L", self.socket, "-u", "new-session", "-d", "-x", "110", "-y", "30", command],
                       check=True, env={**clean, "LANG": "C.UTF-8"})

    def screen(self):
        return subprocess.run(["tmux", "-L", self.socket, "capture-pane", "-p"], capture_output=True, text=True).stdout

    def send(self, *keys, literal=False):
        subprocess.run(["tmux", "-L", self.socket, "send-keys", *(["-l"] if literal else []), *keys], check=True)

    def wait_screen(self, holds, what):
        deadline = time.monotonic() + TIMEOUT
        screen = self.screen()
        while not holds(screen) and time.monotonic() < deadline:
            time.sleep(0.05)
            screen = self.screen()
        check(holds(screen), what, screen)
        return screen

    def idle(self):
        try:
            return {k: int(v) for k, v in re.findall(r"(\w+)=(\d+)", Path(self.idle_file).read_text())}
        except FileNotFoundError:
            return None

    def wait_idle(self, condition, what):
        deadline = time.monotonic() + TIMEOUT
        while time.monotonic() < deadline:
            state = self.idle()
            if state is not None and condition(state):
                return True
            time.sleep(0.02)
        check(False, what, self.screen())
        return False

    def create(self, name):
        # Idle after every key of this create (n, the name, Enter), not a signal left from before it
        # (which already said "nothing pending" while the create had yet to be sent).
        before = (self.idle() or {}).get("keys", 0)
        self.send("n")
        self.send(name, literal=True)
        self.send("Enter")
        typed = before + 1 + len(name) + 1
        return self.wait_idle(lambda s: s["keys"] >= typed and s["pending"] == 0 and s["rows"] > 0,
                              f"“{name}” to be confirmed")

    def quit(self):
        self.send("q")
        deadline = time.monotonic() + TIMEOUT
        while not os.path.exists(os.path.join(os.path.dirname(self.idle_file), "exit")) and time.monotonic() < deadline:
            time.sleep(0.05)

    def close(self):
        subprocess.run(["tmux", "-L", self.socket, "kill-server"], capture_output=True)


def server_names(url, host, credentials):
    async def fetch():
        auth = AppSyncIAMAuthentication(host=host, region_name=REGION, credentials=credentials)
        async with Client(transport=AIOHTTPTransport(url=url, auth=auth), schema=SCHEMA) as session:
            return names(await session.execute(LIST))
    return asyncio.run(fetch())


def sandbox_app_checks(binary, work):
    """`proptui serve --auth iam` (Gen 2) writes amplify_outputs.json; `proptui` there with no flags works."""
    folder = os.path.join(work, "sandbox")
    os.makedirs(folder)
    env = {**os.environ, "AWS_ACCESS_KEY_ID": SERVER_KEY.access_key, "AWS_SECRET_ACCESS_KEY": SERVER_KEY.secret_key}
    process, url, _, _ = start_server(binary, os.path.join(folder, "server-data"), "--auth", "iam", env=env, cwd=folder)
    app = TmuxApp(binary, folder, {"XDG_DATA_HOME": os.path.join(folder, "xdg"), "HOME": folder})
    try:
        check(Path(folder, "amplify_outputs.json").exists(), "the sandbox wrote amplify_outputs.json")
        app.wait_idle(lambda s: s["rows"] > 0, "the app to list the sandbox's rows")
        app.wait_screen(lambda s: "IAM (guest)" in s.splitlines()[0], "the header says the backend and IAM (guest)")
        app.create("Sandbox Villa")
        check("Sandbox Villa" in server_names(url, url.split("/")[2], SERVER_KEY), "a row created in the app reaches the server")

        async def create_elsewhere():
            auth = AppSyncIAMAuthentication(host=url.split("/")[2], region_name=REGION, credentials=SERVER_KEY)
            async with Client(transport=AIOHTTPTransport(url=url, auth=auth), schema=SCHEMA_GEN2) as session:
                # Every field selected: a subscriber sees only what the mutation selected.
                await session.execute(gql(
                    "mutation ($name: String!) { createRealEstateProperty(input: {name: $name}) "
                    "{ id name address createdAt updatedAt } }"),
                    variable_values={"name": "Made Elsewhere"})
        asyncio.run(create_elsewhere())
        app.wait_screen(lambda s: "Made Elsewhere" in s, "another client's create arrives live over the IAM-signed realtime socket")
        cache = Path(folder, "xdg", "proptui", "cognito-identity.json")
        check(cache.exists() and oct(cache.stat().st_mode & 0o777) == "0o600", "the guest identity is cached with mode 0600")
        app.quit()
        cached = json.loads(cache.read_text())
        log = Path(folder, "xdg", "proptui", "proptui.log")
        log_text = log.read_text() if log.exists() else ""
        check(cached["secretKey"] not in log_text and cached["sessionToken"] not in log_text
              and cached["secretKey"] not in app.screen(), "the guest's secret key and session token are in no log and not on screen")
    finally:
        app.close()
        stop_server(process)


def moto_app_checks(binary, work, moto):
    """The app against moto as Cognito: guest credentials from its identity pool; a user pool sign-in."""
    # moto's guest credentials are fixed values: the server is told them, as it would know a real role's.
    env = {**os.environ, "AWS_ACCESS_KEY_ID": "TESTACCESSKEY12345", "AWS_SECRET_ACCESS_KEY": "ABCSECRETKEY",
           "AWS_SESSION_TOKEN": "ABC12345"}
    server_folder = os.path.join(work, "moto-server")
    os.makedirs(server_folder)
    process, url, _, _ = start_server(
        binary, os.path.join(server_folder, "data"), "--auth", "iam,user-pool", *VERSIONED, "--user-pool-id", moto.pool,
        "--jwks-url", f"{moto.endpoint}/{moto.pool}/.well-known/jwks.json", env=env, cwd=server_folder)
    host = url.split("/")[2]
    try:
        guest_folder = os.path.join(work, "moto-guest")
        os.makedirs(guest_folder)
        Path(guest_folder, "amplify_outputs.json").write_text(json.dumps({
            "version": "1.3", "auth": {"aws_region": REGION, "identity_pool_id": moto.identity_pool},
            "data": {"url": url, "aws_region": REGION, "default_authorization_type": "AWS_IAM", "authorization_types": []}}))
        app = TmuxApp(binary, guest_folder, {
            "XDG_DATA_HOME": os.path.join(guest_folder, "xdg"), "HOME": guest_folder,
            "AWS_ENDPOINT_URL_COGNITO_IDENTITY": moto.endpoint})
        try:
            app.wait_idle(lambda s: s["rows"] > 0, "the app lists rows with guest credentials from moto's identity pool")
            app.wait_screen(lambda s: "IAM (guest)" in s.splitlines()[0], "the header says IAM (guest)")
            app.create("Moto Guest Cottage")
            check("Moto Guest Cottage" in server_names(url, host, Credentials("TESTACCESSKEY12345", "ABCSECRETKEY", "ABC12345")),
                  "a row created with moto's guest credentials reaches the server")
            cache = json.loads(Path(guest_folder, "xdg", "proptui", "cognito-identity.json").read_text())
            check(cache["identityPoolId"] == moto.identity_pool and cache["identityId"].startswith(REGION + ":"),
                  "the identity id moto gave is cached")
            app.quit()
        finally:
            app.close()

        pool_folder = os.path.join(work, "moto-user-pool")
        os.makedirs(pool_folder)
        Path(pool_folder, "amplify_outputs.json").write_text(json.dumps({
            "version": "1.3",
            "auth": {"aws_region": REGION, "user_pool_id": moto.pool, "user_pool_client_id": moto.client_id},
            "data": {"url": url, "aws_region": REGION, "default_authorization_type": "AMAZON_COGNITO_USER_POOLS",
                     "authorization_types": []}}))
        app_env = {"XDG_DATA_HOME": os.path.join(pool_folder, "xdg"), "HOME": pool_folder,
                   "AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER": moto.endpoint}
        app = TmuxApp(binary, pool_folder, app_env)
        session_file = Path(pool_folder, "xdg", "proptui", "user-pool-session.json")
        try:
            app.wait_screen(lambda s: "User name:" in s, "the app asks for the user name before the screen starts")
            app.send("alice", literal=True)
            app.send("Enter")
            app.wait_screen(lambda s: "Password:" in s, "then for the password")
            app.send("not-the-password", literal=True)
            app.send("Enter")
            app.wait_screen(lambda s: "try again" in s and s.count("User name:") == 2,
                            "a wrong password is refused with moto's reason and asked for again")
            app.send("alice", literal=True)
            app.send("Enter")
            app.wait_screen(lambda s: s.count("Password:") == 2, "then the password again")
            app.send(PASSWORD, literal=True)
            check(PASSWORD not in app.screen(), "the password is not echoed")
            app.send("Enter")
            app.wait_idle(lambda s: s["rows"] > 0, "signed in, the app lists rows")
            app.wait_screen(lambda s: "user pool" in s.splitlines()[0], "the header says user pool")
            app.create("Pool Penthouse")
            check("Pool Penthouse" in server_names(url, host, Credentials("TESTACCESSKEY12345", "ABCSECRETKEY", "ABC12345")),
                  "a row created signed in to moto's user pool reaches the server")
            app.quit()
        finally:
            app.close()
        stored = session_file.read_text()
        check(oct(session_file.stat().st_mode & 0o777) == "0o600" and PASSWORD not in stored,
              "the tokens are kept with mode 0600 and the password is not")

        # Expire the stored token: the next start refreshes it with the refresh token, without asking.
        session = json.loads(stored)
        session["expiresAt"] = session["expiresAt"] - 86400 * 2
        old_token = session["accessToken"]
        session_file.write_text(json.dumps(session))
        os.remove(os.path.join(pool_folder, "idle"))
        os.remove(os.path.join(pool_folder, "exit"))
        app = TmuxApp(binary, pool_folder, app_env)
        try:
            app.wait_idle(lambda s: s["rows"] > 0, "after an expired token the app lists rows again")
            check("Password:" not in app.screen(), "the expired token was refreshed without asking for the password")
            check(json.loads(session_file.read_text())["accessToken"] != old_token, "a new access token was stored")
            app.quit()
        finally:
            app.close()

        # OIDC: the token from --token-command (here moto's access token, printed by cat).
        oidc_folder = os.path.join(work, "oidc")
        os.makedirs(oidc_folder)
        Path(oidc_folder, "token").write_text(moto.tokens()["AccessToken"] + "\n")
        app = TmuxApp(binary, oidc_folder, {"XDG_DATA_HOME": os.path.join(oidc_folder, "xdg"), "HOME": oidc_folder},
                      args=["--config", os.path.join(pool_folder, "amplify_outputs.json"), "--auth", "oidc",
                            "--token-command", f"cat {oidc_folder}/token"])
        try:
            app.wait_idle(lambda s: s["rows"] > 0, "with --auth oidc --token-command the app lists rows")
            app.wait_screen(lambda s: "OIDC" in s.splitlines()[0], "the header says OIDC")
            app.create("Token Tower")
            check("Token Tower" in server_names(url, host, Credentials("TESTACCESSKEY12345", "ABCSECRETKEY", "ABC12345")),
                  "a row created with the command's token reaches the server")
            app.quit()
        finally:
            app.close()
    finally:
        stop_server(process)


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else str(ROOT / ".build" / "debug" / "proptui")
    binary = os.path.abspath(binary)
    work = tempfile.mkdtemp(prefix="proptui-auth-")
    try:
        sandbox_gql_checks(binary, work)
        sandbox_app_checks(binary, work)
        moto = Moto()
        try:
            moto_gql_checks(binary, work, moto)
            moto_app_checks(binary, work, moto)
        finally:
            moto.stop()
    finally:
        shutil.rmtree(work, ignore_errors=True)
    finish()


if __name__ == "__main__":
    main()
