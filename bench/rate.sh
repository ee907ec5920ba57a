#!/usr/bin/env bash
# The open-model benchmark (issue 3): the highest constant rate at which our achieved rate is within
# 1 % of the offered rate against nginx over HTTP/1.1, with our scheduler's lag p99 there, next to wrk.
#
#   bench/rate.sh                              # c100 m1, steps 5k 10k 20k 40k 80k 160k, then bisect
#   CONNECTIONS=50 STEPS="10000 20000" BISECT=4 DURATION=5 bench/rate.sh
#
# Debian's wrk (4.1) has no -R (that is wrk2): so wrk runs unconstrained at the same connections, and
# its own req/s and latency are reported for comparison, next to our unconstrained (closed-model) run.

source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

CONNECTIONS="${CONNECTIONS:-100}"
STREAMS="${STREAMS:-1}"
STEPS="${STEPS:-5000 10000 20000 40000 80000 160000}"
BISECT="${BISECT:-3}"            # bisection steps between the last rate that held and the first that did not
RATE_WARMUP="${RATE_WARMUP:-2}"  # seconds at the same rate before measuring (JIT, connections)
TOLERANCE="${TOLERANCE:-0.99}"   # achieved / offered must be >= this
WRK_RUNS="${WRK_RUNS:-$PAIRS}"
CLEAN_LATE="${CLEAN_LATE:-0.01}"     # clean: at most this share of the scheduled requests late (waited for a stream)
CLEAN_LAG_US="${CLEAN_LAG_US:-10000}" # clean: scheduler lag p99 at most this (the engine's generator-saturated line)
BEST_CLEAN=0

RATE_LOG=()

# try_rate RATE -> sets R_OK (1/0) and R_* figures; logs one line
try_rate() {
    local rate="$1" out="$WORK/rate-$1.out"
    measure ours "$out" -- "${OURS[@]}" -R "$rate" -D "$DURATION" --warm-up-time "$RATE_WARMUP" \
        -c "$CONNECTIONS" -m "$STREAMS" -t "$THREADS" --h1 "http://127.0.0.1:$PORT_H1/hello"
    R_ACH=$(sed -n 's/^bench.achieved=//p' "$out"); : "${R_ACH:=0}"
    R_RATIO=$(sed -n 's/^bench.achieved_ratio=//p' "$out"); : "${R_RATIO:=0}"
    R_LAG99=$(sed -n 's/^bench.lag_p99_us=//p' "$out"); : "${R_LAG99:=nan}"
    R_LAGMAX=$(sed -n 's/^bench.lag_max_us=//p' "$out"); : "${R_LAGMAX:=nan}"
    R_RESP50=$(sed -n 's/^bench.resp_p50_us=//p' "$out"); : "${R_RESP50:=nan}"
    R_RESP99=$(sed -n 's/^bench.resp_p99_us=//p' "$out"); : "${R_RESP99:=nan}"
    R_SERV99=$(sed -n 's/^bench.service_p99_us=//p' "$out"); : "${R_SERV99:=nan}"
    R_LATE=$(sed -n 's/^bench.late=//p' "$out"); : "${R_LATE:=0}"
    R_DROPPED=$(sed -n 's/^bench.dropped=//p' "$out"); : "${R_DROPPED:=0}"
    R_VERDICT=$(sed -n 's/^bench.verdict=//p' "$out"); : "${R_VERDICT:=none}"
    R_CPU=$(awk -v ms="$(sed -n 's/^bench.cpu_run_ms=//p' "$out")" -v n="$M_DONE" \
        'BEGIN { if (n > 0) printf "%.2f", ms * 1e3 / n; else print "nan" }')
    R_SCHED=$(sed -n 's/^bench.scheduled=//p' "$out"); : "${R_SCHED:=0}"
    R_OK=$(awk -v r="$R_RATIO" -v t="$TOLERANCE" -v f="$M_FAILED" 'BEGIN { print (r >= t && f == 0) ? 1 : 0 }')
    # clean: held, and hardly any request waited for a stream, and our scheduler kept time: a run can hold the
    # rate with a standing backlog (every request late by the same amount); this one did not
    R_CLEAN=$(awk -v ok="$R_OK" -v late="$R_LATE" -v n="$R_SCHED" -v lag="$R_LAG99" -v lf="$CLEAN_LATE" -v ll="$CLEAN_LAG_US" \
        'BEGIN { print (ok == 1 && n > 0 && late <= lf * n && lag + 0 <= ll) ? 1 : 0 }')
    local verdict=held
    [[ "$R_OK" == 1 ]] || verdict=MISSED
    [[ "$R_CLEAN" != 1 ]] || verdict="held, clean"
    if [[ "$R_CLEAN" == 1 ]] && ((rate > BEST_CLEAN)); then BEST_CLEAN=$rate; fi
    log "  rate $rate: achieved $R_ACH ($R_RATIO), $verdict; lag p99 ${R_LAG99} µs max ${R_LAGMAX} µs; response p50/p99 ${R_RESP50}/${R_RESP99} µs, service p99 ${R_SERV99} µs; late $R_LATE dropped $R_DROPPED failed $M_FAILED; ${R_CPU} CPU-µs/req; verdict $R_VERDICT"
    RATE_LOG+=("$rate,$R_ACH,$R_RATIO,$R_OK,$R_CLEAN,$R_LAG99,$R_LAGMAX,$R_RESP50,$R_RESP99,$R_SERV99,$R_LATE,$R_DROPPED,$M_FAILED,$R_CPU,$R_VERDICT")
}

main() {
    prepare
    local stamp
    stamp="$(date +%Y%m%d-%H%M%S)"
    WORK="$(mktemp -d /tmp/loadtest-bench-rate.XXXXXX)"
    local url="http://127.0.0.1:$PORT_H1/hello"
    log "rate search against nginx http/1.1, c$CONNECTIONS m$STREAMS -t $THREADS, ${RATE_WARMUP}s warm-up + ${DURATION}s per step, pass: achieved/offered >= $TOLERANCE and no failed request"
    h2load -D 2 -c 10 --h1 "$url" >/dev/null 2>&1 || true

    # 1. upward steps until one misses
    local best=0 first_miss=0 rate
    for rate in $STEPS; do
        try_rate "$rate"
        if [[ "$R_OK" == 1 ]]; then best=$rate; else first_miss=$rate; break; fi
    done
    # 2. bisect between the last that held and the first that missed
    if [[ "$first_miss" != 0 ]]; then
        local lo=$best hi=$first_miss i
        for i in $(seq 1 "$BISECT"); do
            rate=$(((lo + hi) / 2))
            ((rate > lo && rate < hi)) || break
            try_rate "$rate"
            if [[ "$R_OK" == 1 ]]; then lo=$rate; else hi=$rate; fi
        done
        best=$lo
    fi
    # 3. confirm at the rate found: the lag p99 reported is this run's
    local confirmed=""
    if [[ "$best" != 0 ]]; then
        log "confirming at $best req/s"
        try_rate "$best"
        confirmed="$R_OK"
    fi
    local best_lag99="$R_LAG99" best_resp99="$R_RESP99" best_cpu="$R_CPU" best_ratio="$R_RATIO"

    # 4. wrk (no -R in Debian's wrk) and our closed model, unconstrained, same connections, alternated
    local wrk_rps=() wrk_p50=() wrk_p99=() wrk_cpu=() our_rps=() our_cpu=() i
    for i in $(seq 1 "$WRK_RUNS"); do
        local wout="$WORK/wrk-$i.out"
        measure wrk "$wout" -- wrk -t "$THREADS" -c "$CONNECTIONS" -d "${DURATION}s" --latency "$url"
        local rps requests p50 p99
        rps=$(awk '/^Requests\/sec:/ { print $2 }' "$wout")
        requests=$(awk '/requests in/ { print $1 }' "$wout")
        p50=$(awk '$1 == "50%" { print $2 }' "$wout")
        p99=$(awk '$1 == "99%" { print $2 }' "$wout")
        wrk_rps+=("${rps:-0}"); wrk_p50+=("${p50:-nan}"); wrk_p99+=("${p99:-nan}")
        wrk_cpu+=("$(cpu_us_per_req "$M_USER" "$M_SYS" "${requests:-0}")")
        log "  wrk run $i: $rps req/s, latency p50 $p50 p99 $p99, ${wrk_cpu[-1]} CPU-µs/req"
        local oout="$WORK/ours-closed-$i.out"
        measure ours "$oout" -- "${OURS[@]}" -D "$DURATION" -c "$CONNECTIONS" -m "$STREAMS" -t "$THREADS" --h1 "$url"
        our_rps+=("$M_RPS")
        our_cpu+=("$(cpu_us_per_req "$M_USER" "$M_SYS" "$M_DONE")")
        log "  ours closed run $i: $M_RPS req/s, request p50/p99 $(sed -n 's/^bench.request_p50_us=//p' "$oout")/$(sed -n 's/^bench.request_p99_us=//p' "$oout") µs, ${our_cpu[-1]} CPU-µs/req"
    done
    local wrk_med our_med
    wrk_med=$(printf '%s\n' "${wrk_rps[@]}" | median)
    our_med=$(printf '%s\n' "${our_rps[@]}" | median)

    local csv="$RESULTS_DIR/$stamp-rate.csv"
    {
        echo "offered,achieved,achieved_ratio,held,clean,lag_p99_us,lag_max_us,resp_p50_us,resp_p99_us,service_p99_us,late,dropped,failed,cpu_run_us_per_req,verdict"
        printf '%s\n' "${RATE_LOG[@]}"
    } >"$csv"
    rm -rf "$WORK"

    echo
    echo "open-model rate benchmark: nginx http/1.1 /hello, c$CONNECTIONS m$STREAMS -t $THREADS, ${DURATION}s measured after ${RATE_WARMUP}s warm-up per step"
    echo "  highest constant rate with achieved within $(awk -v t="$TOLERANCE" 'BEGIN { printf "%g", (1 - t) * 100 }') % of offered: $best req/s (achieved/offered $best_ratio; confirmed on a second run: $([[ "$confirmed" == 1 ]] && echo yes || echo no))"
    echo "  our scheduler lag p99 at that rate: $best_lag99 µs; response time p99 (from the due time): $best_resp99 µs; ${best_cpu} CPU-µs/req"
    echo "  highest rate tried that held *cleanly* (late <= $(awk -v t="$CLEAN_LATE" 'BEGIN { printf "%g", t * 100 }') % of scheduled, lag p99 <= $CLEAN_LAG_US µs): $BEST_CLEAN req/s"
    echo "  wrk -t$THREADS -c$CONNECTIONS unconstrained (Debian's wrk has no -R, so not at the same rate): median $wrk_med req/s of $WRK_RUNS runs; latency p50 ${wrk_p50[*]}, p99 ${wrk_p99[*]}; CPU-µs/req ${wrk_cpu[*]}"
    echo "  ours closed model (-c$CONNECTIONS -m$STREAMS), unconstrained, alternated with wrk: median $our_med req/s; CPU-µs/req ${our_cpu[*]}"
    echo "  steps: $csv"
}

main "$@"
