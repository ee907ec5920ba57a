#!/usr/bin/env bash
# A rate-driven run with no warm-up, as users start one (issue 15): `--h1 -R 2000 -c 10 -D 10` against an idle
# nginx, ours (the command, no --warm-up-time) against wrk2 (`-R 2000 -c 10 -d 10 -t 1 --latency`), alternated.
# Does the start-up (connecting, class loading, first use) show as server latency?
#
#   WRK2_SRC=~/src/wrk2 bench/rate-start.sh          # PAIRS=3, RATE=2000, CONNECTIONS=10, DURATION=10
#   PAIRS=9 WRK2_SRC=~/src/wrk2 bench/rate-start.sh  # the issue's nine runs
#
# Per run: the corrected (from the due time) response time p99 of the FIRST SECOND and of the WHOLE RUN, for
# both tools, and ours also the service time p99 (from the send), connect time max and verdict. Ours: the
# first interval of the --json timeline (--interval 1s) and the run's latency.responseTime. wrk2 has no
# timeline; it resets its histograms at its calibration, 10 s + 5 ms a connection (of a thread) after it
# starts, so:
#   - whole run: `wrk2 -d DURATION`, whose calibration comes after its end when DURATION < 10 s + 5 ms x
#     connections per thread (10.05 s with -c 10 -t 1): its histogram then keeps everything from the first
#     connect, as ours does with no warm-up. A longer DURATION is refused, its figure would skip the start;
#   - first second: a separate `wrk2 -d 1` run, whose histogram is exactly its first second.
# Both tools start each connection's schedule at the connect (wrk2 staggers connects 5 ms apart).
# Rows go to bench/results/<timestamp>-rate-start.csv. See bench/README.md.

DURATION="${DURATION:-10}"
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
source "$BENCH_DIR/wrk2.sh"

RATE="${RATE:-2000}"
CONNECTIONS="${CONNECTIONS:-10}"

# json_us FILE JQ_PATH...: the first of the paths that is a number, or nan (a version 1 document names the
# response time latency.request, version 2 latency.responseTime; docs/json-format.md)
json_us() {
    local file="$1" expr=""
    shift
    local p
    for p in "$@"; do expr+="($p) // "; done
    jq -r "${expr}\"nan\" | if type == \"number\" then (. * 10 | round / 10) else . end" "$file" 2>/dev/null || echo nan
}

main() {
    local calibration_ms=$((10000 + 5 * CONNECTIONS / THREADS))
    awk -v d="$DURATION" -v c="$calibration_ms" 'BEGIN { exit !(d * 1000 < c) }' ||
        die "DURATION ($DURATION s) must be shorter than wrk2's calibration ($calibration_ms ms with -c $CONNECTIONS -t $THREADS): it resets wrk2's histogram there, and the start would not be in its figure"
    prepare
    loadtest_command
    ensure_wrk2
    local stamp work csv url
    stamp="$(date +%Y%m%d-%H%M%S)"
    temp_dir work start
    csv="$RESULTS_DIR/$stamp-rate-start.csv"
    url="http://127.0.0.1:$PORT_H1/hello"
    echo "pair,tool,first_second_p99_us,whole_p99_us,first_second_service_p99_us,whole_service_p99_us,connect_max_us,done,failed,verdict" >"$csv"
    log "machine: $(nproc) CPUs, $(uname -r); java: $("$JAVA" -version 2>&1 | head -n 1); wrk2: $WRK2"
    log "no warm-up, rate $RATE req/s, -c $CONNECTIONS -t $THREADS, ${DURATION}s, http/1.1 $url; PAIRS=$PAIRS"
    log "ours: ${LOADTEST[*]} --h1 -R $RATE -c $CONNECTIONS -t $THREADS -D $DURATION --warm-up-time 0 --interval 1s --json FILE"
    log "wrk2: $WRK2 -R $RATE -c $CONNECTIONS -t $THREADS -d $DURATION --latency -U (and -d 1 for its first second)"

    local pair
    for pair in $(seq 1 "$PAIRS"); do
        local json="$work/ours-$pair.json" out="$work/ours-$pair.out"
        measure ours "$out" -- "${LOADTEST[@]}" --h1 -R "$RATE" -c "$CONNECTIONS" -t "$THREADS" -D "$DURATION" \
            --warm-up-time 0 --interval 1s --json "$json" "$url"
        local o1 o99 s1 s99 conn verdict
        o1=$(json_us "$json" '.intervals[0].latency.responseTime.p99Micros' '.intervals[0].latency.request.p99Micros')
        o99=$(json_us "$json" '.latency.responseTime.p99Micros' '.latency.request.p99Micros')
        s1=$(json_us "$json" '.intervals[0].latency.serviceTime.p99Micros')
        s99=$(json_us "$json" '.latency.serviceTime.p99Micros')
        conn=$(json_us "$json" '.latency.connect.maxMicros')
        verdict=$(jq -r '.verdict // "none"' "$json" 2>/dev/null || echo none)
        echo "$pair,ours,$o1,$o99,$s1,$s99,$conn,$M_DONE,$M_FAILED,$verdict" >>"$csv"
        log "  pair $pair ours: response time p99 first second $o1 µs, whole run $o99 µs; service time p99 $s1 / $s99 µs; connect max $conn µs; $M_DONE done, $M_FAILED failed; verdict $verdict"

        local whole="$work/wrk2-$pair.out" first="$work/wrk2-first-$pair.out"
        measure wrk2 "$whole" -- "$WRK2" -R "$RATE" -c "$CONNECTIONS" -t "$THREADS" -d "$DURATION" --latency -U "$url"
        local w99 ws99 wdone
        w99=$(wrk2_percentile_us "$whole" 99 1)
        ws99=$(wrk2_percentile_us "$whole" 99 2)
        wdone=$(wrk2_requests "$whole")
        measure wrk2 "$first" -- "$WRK2" -R "$RATE" -c "$CONNECTIONS" -t "$THREADS" -d 1 --latency -U "$url"
        local w1 ws1
        w1=$(wrk2_percentile_us "$first" 99 1)
        ws1=$(wrk2_percentile_us "$first" 99 2)
        echo "$pair,wrk2,$w1,$w99,$ws1,$ws99,,$wdone,,-" >>"$csv"
        log "  pair $pair wrk2: latency p99 first second $w1 µs (-d 1), whole run $w99 µs; uncorrected p99 $ws1 / $ws99 µs; $wdone done"
    done
    rm -rf "$work"

    echo
    echo "no warm-up, $RATE req/s, -c $CONNECTIONS -t $THREADS, ${DURATION}s, http/1.1, $PAIRS alternated pairs (medians; every run after the colon), µs"
    printf '%-6s %22s %22s %22s %22s\n' tool "p99 first second" "p99 whole run" "service p99 first s" "service p99 whole"
    local tool
    for tool in ours wrk2; do
        printf '%-6s %22s %22s %22s %22s\n' "$tool" "$(csv_column "$csv" first_second_p99_us tool="$tool" | median)" \
            "$(csv_column "$csv" whole_p99_us tool="$tool" | median)" "$(csv_column "$csv" first_second_service_p99_us tool="$tool" | median)" \
            "$(csv_column "$csv" whole_service_p99_us tool="$tool" | median)"
    done
    echo "  ours p99 first second: $(csv_column "$csv" first_second_p99_us tool=ours | paste -sd " " -); whole: $(csv_column "$csv" whole_p99_us tool=ours | paste -sd " " -)"
    echo "  wrk2 p99 first second: $(csv_column "$csv" first_second_p99_us tool=wrk2 | paste -sd " " -); whole: $(csv_column "$csv" whole_p99_us tool=wrk2 | paste -sd " " -)"
    echo "  ours connect max: $(csv_column "$csv" connect_max_us tool=ours | paste -sd " " -); verdicts: $(csv_column "$csv" verdict tool=ours | paste -sd " " -)"
    echo "p99: response time from each request's due time (corrected for coordinated omission). service: from the send"
    echo "(ours: serviceTime; wrk2: its -U 'uncorrected latency'). wrk2's first second is a run of its own (-d 1)."
    log "runs: $csv"
}

main "$@"
