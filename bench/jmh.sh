#!/usr/bin/env bash
# JMH microbenchmarks of the engine's hot paths (defaults in QuickSettings: 1 fork, 2 x 1 s warm-up, 3 x 1 s measured).
#
#   bench/jmh.sh                         # all benchmarks, with the GC profiler (allocation per operation)
#   bench/jmh.sh RequestBench            # a regex of benchmarks, as JMH takes it
#   bench/jmh.sh -wi 5 -i 10 -f 2 EngineBench.clientBookkeeping    # any JMH option
#   SKIP_BUILD=1 bench/jmh.sh            # reuse bench/target/bench.jar
#   JMH_PROF= bench/jmh.sh               # without -prof gc
#
# Results also go to bench/results/<timestamp>-jmh.txt.

set -euo pipefail
BENCH_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT_DIR="$(cd "$BENCH_DIR/.." && pwd)"
JAVA="${JAVA:-java}"
JMH_PROF="${JMH_PROF-gc}"

if [[ "${SKIP_BUILD:-0}" != 1 || ! -f "$BENCH_DIR/target/bench.jar" ]]; then
    (cd "$ROOT_DIR" && mvn -q -B install -DskipTests) || (cd "$ROOT_DIR" && mvn -q -B install -DskipTests -pl loadtest-core -am)
    (cd "$ROOT_DIR" && mvn -q -B -f bench/pom.xml package)
fi
mkdir -p "$BENCH_DIR/results"
out="$BENCH_DIR/results/$(date +%Y%m%d-%H%M%S)-jmh.txt"
prof=()
[[ -z "$JMH_PROF" ]] || prof=(-prof "$JMH_PROF")
"$JAVA" -jar "$BENCH_DIR/target/bench.jar" "${prof[@]}" "$@" 2>&1 | tee "$out"
echo "results: $out"
