#!/usr/bin/env bash
# One JFR profile of our generator in one case (default h2c c100 m10), and where its CPU goes.
#
#   bench/profile.sh                                   # h2c c100 m10 /hello, 20 s
#   PROFILE_ARGS="-c 100 -m 10 --h1" PROFILE_PATH=/hello PROFILE_DURATION=20 bench/profile.sh
#   PROFILER=perf bench/profile.sh                     # perf instead: system calls and the kernel's TCP work too
#
# JFR (JDK 17) samples only threads running Java code, and few of them: the kernel side (write/read/epoll and
# loopback TCP, which runs in the sender's context) is invisible to it. PROFILER=perf sees everything.
#
# Records with the JDK that runs the generator (JAVA, default java 17), then summarises with the newest
# JDK's `jfr` found (JDK 21+ has `jfr view hot-methods`); falls back to counting top frames of
# jdk.ExecutionSample. Output: bench/results/<timestamp>-profile.txt and the .jfr file beside it.

source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

PROFILE_ARGS="${PROFILE_ARGS:--c 100 -m 10}"
PROFILE_PATH="${PROFILE_PATH:-/hello}"
PROFILE_DURATION="${PROFILE_DURATION:-20}"
PROFILER="${PROFILER:-jfr}"   # jfr, or perf: perf record of the whole process, kernel included (JIT frames named via -XX:+DumpPerfMapAtExit)

find_jfr() {
    local j best=""
    for j in /usr/lib/jvm/*/bin/jfr; do
        [[ -x "$j" ]] || continue
        if "$j" view hot-methods --help >/dev/null 2>&1 || "$j" help view >/dev/null 2>&1; then best="$j"; fi
    done
    [[ -n "$best" ]] || best="$(command -v jfr || true)"
    echo "$best"
}

perf_profile() {
    local stamp="$1" url="$2"
    shift 2
    local data="$RESULTS_DIR/$stamp.perf.data" txt="$RESULTS_DIR/$stamp-perf.txt"
    # the perf map is written to /tmp/perf-<pid>.map when the JVM exits; frame pointers give Java stacks
    # shellcheck disable=SC2086
    (cd /tmp && perf record -q -F 499 -g -o "$data" -- "$JAVA" $JAVA_OPTS -XX:+UnlockDiagnosticVMOptions \
        -XX:+DumpPerfMapAtExit -XX:+PreserveFramePointer -cp "$BENCH_JAR" dev.loadtest.bench.Generator \
        -D "$PROFILE_DURATION" "$@" -t "$THREADS" "$url") >"$RESULTS_DIR/$stamp-gen.out" 2>&1 || true
    grep -E '^finished|^requests:' "$RESULTS_DIR/$stamp-gen.out" || true
    {
        echo "# by shared object (kernel / JIT-compiled Java / the JVM itself)"
        perf report -i "$data" --no-children --sort dso --stdio -g none 2>/dev/null | grep -v '^#' | grep -v '^$' | head -n 8
        echo "# by thread"
        perf report -i "$data" --no-children --sort comm --stdio -g none 2>/dev/null | grep -v '^#' | grep -v '^$' | head -n 10
        echo "# self time, all threads"
        perf report -i "$data" --no-children --sort sym --stdio -g none 2>/dev/null | grep -v '^#' | grep -v '^$' | head -n 40 | cut -c1-180
        echo "# inclusive (children), all threads"
        perf report -i "$data" --children --sort sym --stdio -g none 2>/dev/null | grep -v '^#' | grep -v '^$' | head -n 70 | cut -c1-180
    } | tee "$txt"
    log "profile: $txt"
}

main() {
    prepare
    local stamp
    stamp="$(date +%Y%m%d-%H%M%S)"
    local jfrfile="$RESULTS_DIR/$stamp-gen.jfr" txt="$RESULTS_DIR/$stamp-profile.txt"
    local port="$PORT_H2"
    [[ " $PROFILE_ARGS " == *" --h1 "* ]] && port="$PORT_H1"
    local url="http://127.0.0.1:$port$PROFILE_PATH"
    local extra=()
    read -ra extra <<<"$PROFILE_ARGS"
    log "profiling our generator ($PROFILER): -D $PROFILE_DURATION ${extra[*]} -t $THREADS $url"
    if [[ "$PROFILER" == perf ]]; then
        perf_profile "$stamp" "$url" "${extra[@]}"
        return
    fi
    measure ours "$RESULTS_DIR/$stamp-gen.out" -- "$JAVA" $JAVA_OPTS -XX:+FlightRecorder \
        "-XX:StartFlightRecording=settings=profile,filename=$jfrfile" \
        -cp "$BENCH_JAR" dev.loadtest.bench.Generator -D "$PROFILE_DURATION" "${extra[@]}" -t "$THREADS" "$url"
    rm -f "$RESULTS_DIR/$stamp-gen.out.time"
    log "run: $M_RPS req/s, $M_DONE done, cpu ${M_USER}u+${M_SYS}s"
    local jfr
    jfr="$(find_jfr)"
    [[ -n "$jfr" ]] || die "no jfr tool found"
    {
        echo "# $M_RPS req/s, $M_DONE done, cpu ${M_USER}u+${M_SYS}s; $jfrfile"
        if "$jfr" view hot-methods "$jfrfile" >/dev/null 2>&1; then
            "$jfr" view --width 200 hot-methods "$jfrfile"
            "$jfr" view --width 200 allocation-by-class "$jfrfile" 2>/dev/null || true
            "$jfr" view --width 200 gc 2>/dev/null "$jfrfile" | head -n 30 || true
        fi
        echo "# top frames of jdk.ExecutionSample (self time), all threads"
        "$jfr" print --events jdk.ExecutionSample "$jfrfile" | awk '/stackTrace = \[/ { getline; sub(/^[ \t]+/, ""); sub(/line:.*/, ""); print }' \
            | sort | uniq -c | sort -rn | head -n 40
        echo "# inclusive: samples with the method anywhere on the stack (64 frames), of all samples"
        "$jfr" print --stack-depth 64 --events jdk.ExecutionSample "$jfrfile" | awk '
            /^jdk.ExecutionSample/ { n++; delete seen; next }
            /line:/ { f = $0; sub(/^[ \t]+/, "", f); sub(/[ \t]+line:.*/, "", f); if (!(f in seen)) { seen[f] = 1; c[f]++ } }
            END { for (f in c) printf "%6d %5.1f%%  %s\n", c[f], 100 * c[f] / n, f }' | sort -rn | head -n 60
    } | tee "$txt"
    log "profile: $txt"
}

main "$@"
