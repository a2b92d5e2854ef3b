"""Issue 18's hostile requests against the built `proptui serve` (both dialects): each is sent two at
once while `{ __typename }` is asked alongside; every one must be answered (an AppSync-shaped error
or a correct answer), the probe promptly, and the server's RSS must stay bounded afterwards and
come back near its idle size. A request cut off by `--execution-timeout` whose client has gone must
stop using CPU.

Usage: hostile_requests_test.py PATH/TO/proptui
"""
import json
import os
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request

from e2e_support import check, finish, start_server

# Hang detectors, not speed requirements: the machines are shared.
ANSWER_WITHIN = 60
PROBE_WITHIN = 5
RSS_LIMIT_MB = 400
# How far above its idle size the server may stay a few seconds after the attacks (malloc_trim).
RSS_SETTLED_ABOVE_IDLE_MB = 100


def post(url, key, body, timeout=ANSWER_WITHIN):
    request = urllib.request.Request(url, data=body.encode(), headers={"Content-Type": "application/json", "x-api-key": key})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"null")


def body(query, variables=None):
    return json.dumps({"query": query, "variables": variables or {}})


def nested_filter(depth):
    value = {"name": {"eq": "x"}}
    for level in range(depth):
        value = {"and": [value]} if level % 2 == 0 else {"not": value}
    return value


def doubling_fragments(count):
    text = "query { ...F%d } fragment F0 on Query { __typename }" % count
    for index in range(1, count + 1):
        text += " fragment F%d on Query { ...F%d ...F%d }" % (index, index - 1, index - 1)
    return text


FILTER_QUERY = "query ($f: ModelRealEstatePropertyFilterInput) { listRealEstateProperties(filter: $f) { items { id } } }"
HOSTILE = [
    ("a filter nested 16 deep in variables", body(FILTER_QUERY, {"f": nested_filter(16)}), None),
    ("a list literal nested 100 deep", body("{ getRealEstateProperty(id: %s1%s) { id } }" % ("[" * 100, "]" * 100)),
     "QueryComplexityLimitExceeded"),
    ("fragments that double 40 times", body(doubling_fragments(40)), "QueryComplexityLimitExceeded"),
    ("selections nested 50,000 deep", body("{ a " * 50_000 + "}" * 50_000), "InvalidSyntax"),
    ("a list literal nested 10,000 deep", body("{ getRealEstateProperty(id: %s1%s) { id } }" % ("[" * 10_000, "]" * 10_000)),
     "InvalidSyntax"),
    ("1,000 __schema aliases", body("{ " + " ".join("s%d: __schema { types { name fields { name } } }" % i for i in range(1000)) + " }"),
     "MappingTemplate"),
    ("a string cut inside a \\u escape", body('{ getRealEstateProperty(id: "\\u00'), "InvalidSyntax"),
    ("16,000 tokens", body("{ " + " ".join(["__typename"] * 16_000) + " }"), "InvalidSyntax"),
    ("variables nested 400 deep", body(FILTER_QUERY, {"f": nested_filter(400)}), "MalformedHttpRequestException"),
    ("300 aliases in each record of a 1,000-record page",
     body("{ listRealEstateProperties(limit: 1000) { items { %s } } }" % " ".join("n%d: name" % i for i in range(300))),
     "MappingTemplate"),
    ("an Int variable of 2.5", body("query ($l: Int) { listRealEstateProperties(limit: $l) { items { id } } }", {"l": 2.5}),
     "BadRequestException"),
]
# Five 1,000-record pages through a fragment: off the fast path, a second or more of the library's work.
SLOW_PAGES = body("{ %s } fragment F on RealEstateProperty { id name address createdAt updatedAt a: name b: id }"
                  % " ".join("p%d: listRealEstateProperties(limit: 1000) { items { ...F } }" % i for i in range(5)))


def rss_mb(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0


def cpu_seconds(pid):
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def settled_rss(pid, idle):
    """The RSS once it has come back near `idle`, or after 10 s."""
    deadline = time.monotonic() + 10
    while rss_mb(pid) > idle + RSS_SETTLED_ABOVE_IDLE_MB and time.monotonic() < deadline:
        time.sleep(0.5)
    return rss_mb(pid)


def cut_off_work_stops(binary):
    """A request past --execution-timeout whose client gave up: the server's CPU goes back to idle."""
    with tempfile.TemporaryDirectory() as data_dir:
        process, url, _, key = start_server(binary, data_dir, "--seed", "1000", "--execution-timeout", "300ms")
        try:
            status, answer = post(url, key, SLOW_PAGES)
            check(any(e.get("errorType") == "ExecutionTimeout" for e in answer.get("errors") or []),
                  "five 1,000-record pages through a fragment are cut off at 300 ms", json.dumps(answer)[:300])
            try:
                post(url, key, SLOW_PAGES, timeout=0.1)
            except Exception:
                pass  # the client gives up, as intended
            time.sleep(3)
            before = cpu_seconds(process.pid)
            time.sleep(2)
            used = cpu_seconds(process.pid) - before
            check(used < 0.3, f"3 s after a cut-off request whose client left, the server used {used:.2f} s of CPU in 2 s")
        finally:
            process.terminate()
            process.wait(10)


def attack(url, key, name, request, expected):
    answers = [None, None]

    def send(slot):
        try:
            answers[slot] = post(url, key, request)
        except Exception as error:  # a timeout or a dropped connection is a failure to report
            answers[slot] = ("no answer", repr(error))

    started = time.monotonic()
    threads = [threading.Thread(target=send, args=(slot,)) for slot in (0, 1)]
    for thread in threads:
        thread.start()
    time.sleep(0.2)
    probe_started = time.monotonic()
    try:
        _, probe = post(url, key, body("{ __typename }"), timeout=PROBE_WITHIN * 4)
        probe_seconds = time.monotonic() - probe_started
        check(probe.get("data", {}).get("__typename") == "Query" and probe_seconds < PROBE_WITHIN,
              f"{name}: {{ __typename }} answered meanwhile in {probe_seconds:.2f} s", probe)
    except Exception as error:
        check(False, f"{name}: {{ __typename }} answered meanwhile", repr(error))
    for thread in threads:
        thread.join(ANSWER_WITHIN + 5)
    seconds = time.monotonic() - started
    for status, answer in answers:
        if expected is None:
            ok = status == 200 and not answer.get("errors")
        else:
            ok = isinstance(answer, dict) and any(e.get("errorType") == expected for e in answer.get("errors") or [])
        check(ok, f"{name}: answered {expected or 'correctly'} (status {status}) within {seconds:.1f} s",
              json.dumps(answer)[:500])


def main(binary):
    for dialect in ("versioned", "gen2"):
        print(f"# hostile requests against serve --schema {dialect}")
        with tempfile.TemporaryDirectory() as data_dir:
            process, url, _, key = start_server(binary, data_dir, "--schema", dialect, "--seed", "1000")
            try:
                idle = rss_mb(process.pid)
                for name, request, expected in HOSTILE:
                    attack(url, key, name, request, expected)
                    check(process.poll() is None, f"{name}: the server is still running (RSS {rss_mb(process.pid):.0f} MB)")
                    if process.poll() is not None:
                        break
                rss = rss_mb(process.pid)
                check(rss < RSS_LIMIT_MB, f"RSS after the attacks: {rss:.0f} MB (idle {idle:.0f} MB, limit {RSS_LIMIT_MB} MB)")
                settled = settled_rss(process.pid, idle)
                check(settled < idle + RSS_SETTLED_ABOVE_IDLE_MB,
                      f"RSS a few seconds later: {settled:.0f} MB (idle {idle:.0f} MB, at most {RSS_SETTLED_ABOVE_IDLE_MB} MB above)")
                status, answer = post(url, key, "")
                check(status == 400 and (answer.get("errors") or [{}])[0].get("errorType") == "MalformedHttpRequestException",
                      "a request without a body gets AppSync's 400 MalformedHttpRequestException", answer)
            finally:
                process.terminate()
                process.wait(10)
    cut_off_work_stops(binary)
    finish()


if __name__ == "__main__":
    main(sys.argv[1])
