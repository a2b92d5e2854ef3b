#!/usr/bin/env bash
# Request throughput and latency of `proptui serve` under a bounded load on loopback:
# wrk, 2 threads, 16 connections, 20 s per scenario, against a release build.
#   swift build -c release --product proptui && Scripts/bench/run.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
binary="${1:-$(swift build -c release --show-bin-path)/proptui}"
data=$(mktemp -d)
export API_KEY="da2-benchbenchbenchbench01"
"$binary" serve --port 0 --data-dir "$data" --api-key "$API_KEY" >"$data/banner" 2>/dev/null &
server=$!
trap 'kill "$server" 2>/dev/null; wait "$server" 2>/dev/null; rm -rf "$data"' EXIT
for _ in $(seq 100); do grep -q '^GraphQL:' "$data/banner" 2>/dev/null && break; sleep 0.1; done
url=$(sed -n 's/^GraphQL: *//p' "$data/banner")
for scenario in list create; do
    echo "== $scenario: wrk -t2 -c16 -d20s --latency -s Scripts/bench/$scenario.lua $url"
    wrk -t2 -c16 -d20s --latency -s "Scripts/bench/$scenario.lua" "$url"
done
