#!/usr/bin/env python3
"""proptui's SigV4 against botocore's SigV4Auth, byte for byte, on 1,000 random AppSync-shaped
requests (POST /graphql and /graphql/connect, JSON bodies with non-ASCII text, Amplify's headers
with odd spacing and case, with and without session tokens, dates from 2015 to 2035).

Each request is signed by botocore (its clock pinned to the request's date) and by
`proptui sigv4-sign` (JSON lines on stdin; the credentials never go on a command line); the
Authorization, X-Amz-Date and X-Amz-Security-Token headers must be identical. Usage:

    python3 Tests/e2e/sigv4_botocore_test.py [path/to/proptui]
"""
import base64
import datetime
import json
import random
import string
import subprocess
import sys
from pathlib import Path
from unittest import mock

import botocore.auth
from botocore.auth import SigV4Auth
from botocore.awsrequest import AWSRequest
from botocore.credentials import Credentials

from e2e_support import check, finish

ROOT = Path(__file__).resolve().parents[2]
REGIONS = ["us-east-1", "us-west-2", "eu-west-1", "eu-central-1", "ap-northeast-1", "ap-southeast-2", "sa-east-1", "ca-central-1"]
WORDS = ["Villa", "Harbour View", "東京タワー アパート", "Café Müller", "🏠 home", "naïve", "line\nbreak", "tab\there", "quote\"d",
         "back\\slash", "Ωmega", "ـعربي", "  spaced  ", "", "x" * 50]


def random_text(rng):
    return " ".join(rng.choice(WORDS) for _ in range(rng.randint(0, 4)))


def random_variables(rng, depth=0):
    variables = {}
    for _ in range(rng.randint(0, 4)):
        key = rng.choice(["input", "id", "name", "address", "_version", "filter", "limit", "nextToken", "condition"])
        kind = rng.randint(0, 5 if depth < 2 else 3)
        if kind == 0:
            variables[key] = random_text(rng)
        elif kind == 1:
            variables[key] = rng.randint(-2**40, 2**40)
        elif kind == 2:
            variables[key] = rng.choice([None, True, False, 1.5, -0.25])
        elif kind == 3:
            variables[key] = "".join(rng.choice(string.printable) for _ in range(rng.randint(0, 40)))
        else:
            variables[key] = random_variables(rng, depth + 1)
    return variables


def random_request(rng):
    region = rng.choice(REGIONS)
    api = "".join(rng.choice(string.ascii_lowercase + string.digits) for _ in range(26))
    host = rng.choice([
        f"{api}.appsync-api.{region}.amazonaws.com",
        f"{api}.appsync-api.{region}.amazonaws.com",
        f"API{rng.randint(1, 99)}.Example.com",
        f"127.0.0.1:{rng.randint(1024, 65535)}",
        f"localhost:{rng.randint(1024, 65535)}",
    ])
    scheme = "http" if host.startswith(("127.", "localhost")) else "https"
    if scheme == "https" and rng.random() < 0.1:
        host += ":443"
    path = rng.choice(["/graphql", "/graphql", "/graphql/connect"])
    body_object = {"query": "mutation ($input: UpdateRealEstatePropertyInput!) {\n  updateRealEstateProperty(input: $input) { id name }\n}"
                   if rng.random() < 0.5 else "{ listRealEstateProperties { items { id " + random_text(rng) + " } } }",
                   "variables": random_variables(rng)}
    if rng.random() < 0.3:
        body_object["operationName"] = rng.choice(["Update", "List", "Ünicode"])
    body = json.dumps(body_object, ensure_ascii=rng.random() < 0.5,
                      separators=rng.choice([(",", ":"), (", ", ": ")])).encode()
    if path.endswith("/connect"):
        body = b"{}"
    headers = []

    def spaced(value):
        return rng.choice(["", " ", "  "]) + value.replace(" ", rng.choice([" ", "  ", "\t "])) + rng.choice(["", " "])

    def named(name):
        return rng.choice([name, name.lower(), name.title(), name.upper()])

    headers.append((named("Content-Type"), spaced(rng.choice(["application/json", "application/json; charset=UTF-8"]))))
    if rng.random() < 0.7:
        headers.append((named("Accept"), spaced(rng.choice(["application/json", "application/json, text/javascript", "*/*"]))))
    if rng.random() < 0.4:
        headers.append((named("Content-Encoding"), "amz-1.0"))
    if rng.random() < 0.4:
        headers.append((named("X-Amz-User-Agent"), spaced(f"aws-amplify/6.{rng.randint(0, 9)}.{rng.randint(0, 20)} api/1 framework/2")))
    if rng.random() < 0.3:
        headers.append((named("User-Agent"), "proptui/0.1"))  # never signed
    if rng.random() < 0.2:
        headers.append((named("Host"), host.split(":")[0].lower() if host.endswith(":443") else host.lower()))
    token = None
    if rng.random() < 0.5:
        alphabet = string.ascii_letters + string.digits + "+/="
        token = "IQoJb3JpZ2luX2Vj" + "".join(rng.choice(alphabet) for _ in range(rng.randint(100, 600)))
    date = datetime.datetime(2015, 1, 1, tzinfo=datetime.timezone.utc) + datetime.timedelta(seconds=rng.randint(0, 20 * 365 * 86400))
    access = "AKIA" + "".join(rng.choice(string.ascii_uppercase + string.digits) for _ in range(16))
    secret = "".join(rng.choice(string.ascii_letters + string.digits + "+/") for _ in range(40))
    return {
        "method": "POST", "url": f"{scheme}://{host}{path}", "headers": headers, "body": body, "date": date,
        "access_key": access, "secret_key": secret, "token": token, "region": region,
    }


def botocore_sign(request):
    aws = AWSRequest(method=request["method"], url=request["url"], data=request["body"])
    for name, value in request["headers"]:
        aws.headers[name] = value
    with mock.patch.object(botocore.auth, "get_current_datetime", return_value=request["date"].replace(tzinfo=None)):
        SigV4Auth(Credentials(request["access_key"], request["secret_key"], request["token"]), "appsync", request["region"]).add_auth(aws)
    return {name.lower(): value for name, value in aws.headers.items()
            if name.lower() in ("authorization", "x-amz-date", "x-amz-security-token")}


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else str(ROOT / ".build" / "debug" / "proptui")
    rng = random.Random(20261123)
    requests = [random_request(rng) for _ in range(1000)]
    lines = "".join(json.dumps({
        "method": r["method"], "url": r["url"], "headers": [list(h) for h in r["headers"]],
        "body": base64.b64encode(r["body"]).decode(), "timestamp": r["date"].strftime("%Y%m%dT%H%M%SZ"),
        "access_key": r["access_key"], "secret_key": r["secret_key"], "token": r["token"], "region": r["region"],
        "service": "appsync"}) + "\n" for r in requests)
    result = subprocess.run([binary, "sigv4-sign"], input=lines.encode(), capture_output=True, timeout=300)
    check(result.returncode == 0, f"proptui sigv4-sign signs every request (exit {result.returncode}: {result.stderr.decode()[-500:]})")
    answers = [json.loads(line) for line in result.stdout.decode().splitlines()]
    check(len(answers) == len(requests), f"one answer per request ({len(answers)} of {len(requests)})")
    mismatches = []
    for request, answer in zip(requests, answers):
        expected = botocore_sign(request)
        got = {name.lower(): value for name, value in answer["headers"]}
        if got != expected:
            mismatches.append((request["url"], request["headers"], expected.get("authorization"), got.get("authorization"),
                               answer["canonicalRequest"]))
    for url, headers, expected, got, canonical in mismatches[:3]:
        print(f"MISMATCH {url} {headers}\n  botocore: {expected}\n  proptui:  {got}\n  canonical:\n{canonical}")
    check(not mismatches, f"all {len(requests)} requests signed byte-identically by proptui and botocore ({len(mismatches)} differ)")
    finish()


if __name__ == "__main__":
    main()
