"""What the end-to-end scripts share: a pass/fail tally, `proptui serve` on a free port and its stop,
and the errorType of a GraphQL request."""
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

results = {"passed": 0, "failed": 0}


def check(condition, what, details=None):
    """Records one check; on failure prints `details` (a screen, a response) indented under it."""
    if condition:
        results["passed"] += 1
        print(f"ok   {what}")
    else:
        results["failed"] += 1
        print(f"FAIL {what}")
        if details is not None:
            print("\n".join("     | " + line for line in str(details).splitlines()))


def finish():
    print(f"{results['passed']} passed, {results['failed']} failed")
    sys.exit(1 if results["failed"] else 0)


def start_server(binary, data_dir, *options, timeout=60, env=None, cwd=None):
    """Starts `proptui serve --port 0`; answers the process and its GraphQL URL, realtime URL and API key
    (None when api-key is not one of its --auth modes). The banner says where the key is, never the
    key: it is read from that file (or is the one given with --api-key). The whole banner is in
    `process.banner`; the request log stays readable on the process's stderr."""
    process = subprocess.Popen(
        [binary, "serve", "--port", "0", "--data-dir", data_dir, *options],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, cwd=cwd)
    banner, lines = {}, []
    deadline = time.monotonic() + timeout
    # The banner ends with its first line after "Schema:" that is blank.
    while time.monotonic() < deadline:
        line = process.stdout.readline()
        if not line or (not line.strip() and "Schema" in banner):
            break
        lines.append(line)
        match = re.match(r"(GraphQL|Realtime|API key|Schema):\s+(\S+)", line)
        if match:
            banner[match.group(1)] = match.group(2)
    if "GraphQL" not in banner or "Schema" not in banner:
        process.kill()
        raise SystemExit(f"server did not print its banner: {banner}\n{process.stderr.read()}")
    process.banner = "".join(lines)
    return process, banner["GraphQL"], banner["Realtime"], api_key(process.banner, options)


def api_key(banner, options=()):
    """The key a `proptui serve` banner points at: the file it names, or the one given with --api-key."""
    match = re.search(r"^API key:\s+in (\S+)$", banner, re.MULTILINE)
    if match:
        return Path(match.group(1)).read_text().strip()
    if re.search(r"^API key:", banner, re.MULTILINE) and "--api-key" in options:
        return options[list(options).index("--api-key") + 1]
    return None


def stop_server(process):
    """SIGTERM, then waits; answers what it wrote on stderr."""
    process.send_signal(signal.SIGTERM)
    try:
        _, stderr = process.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        process.kill()
        _, stderr = process.communicate()
    return stderr or ""


async def error_type(session, document, variables=None):
    """The errorType a gql request answers, or None when it succeeds."""
    from gql.transport.exceptions import TransportQueryError  # only the gql scripts need it
    try:
        await session.execute(document, variable_values=variables)
        return None
    except TransportQueryError as error:
        return error.errors[0].get("errorType")


def run_scenarios(binary, scenarios):
    """Runs each scenario (named by its docstring's first line); a timeout fails it, not the script. Then exits."""
    for scenario in scenarios:
        print(f"# {scenario.__doc__.strip().splitlines()[0]}")
        try:
            scenario(binary)
        except TimeoutError as error:
            check(False, str(error))
    finish()


def models_open_to_api_keys(path):
    """A copy of the Amplify models file at `path` whose every model also allows every operation with
    an API key. The script commands refuse a change the models' rules do not allow with the backend's
    auth mode (as the app shows such a model read-only, and as a real API would refuse it), and
    `proptui serve` does not enforce per-model rules: tests that change records with an API key
    describe models that allow it."""
    import json
    import tempfile
    document = json.loads(Path(path).read_text())
    for model in document["data"]["model_introspection"]["models"].values():
        for attribute in model["attributes"]:
            if attribute["type"] == "auth":
                # Added beside the others: an owner rule's field stays in the schema.
                attribute["properties"]["rules"].append(
                    {"allow": "public", "provider": "apiKey", "operations": ["create", "update", "delete", "read"]})
    folder = Path(tempfile.mkdtemp(prefix="proptui-e2e-models-"))
    copy = folder / Path(path).name
    copy.write_text(json.dumps(document))
    return copy
