#!/usr/bin/env bash
# CPU at modest constant rates (issue 15): a generator beside the application in a test JVM must be cheap when
# the rate is low. Ours (the command, `--h1 -R RATE -c 10 -D DURATION`) against wrk2 (`-R RATE -c 10 -d DURATION
# -t 1 --latency`), alternated A B A B, at 1k and 10k req/s over HTTP/1.1 to nginx.
#
#   WRK2_SRC=~/src/wrk2 bench/rate-cpu.sh                    # RATES="1000 10000", PAIRS=3, DURATION=30
#   RATES=2000 WRK2_SRC=~/src/wrk2 bench/rate-cpu.sh
#   DURATION=10 EARLY= STEADY_FROM=3 STEADY_TO=9 bench/rate-cpu.sh   # the old 10 s runs, one window
#   GENERATOR=jar bench/rate-cpu.sh     # ours with java -jar instead of the distribution's bin/loadtest (so does LOADTEST_CMD)
#   RESOLUTION=0 bench/rate-cpu.sh      # ours with --schedule-resolution 0 (each request at its due time); default: ours' own (1 ms)
#
# Three figures per run, all CPU-µs per request:
#   - whole process: user+sys of the process (/usr/bin/time) / requests done. Ours includes JVM start-up and JIT;
#   - early: the process's user+sys CPU in the window EARLY ("3 9": 3 to 9 s after it started; from /proc/<pid>/stat)
#     / the requests due in it at the rate (rate x window). What the middle of a 10 s run costs: at 1k req/s ours is
#     still compiling its request path then (the JIT warms as requests come, and at 1k they come slowly);
#   - steady: the same between STEADY_FROM and STEADY_TO (20 and DURATION - 1): the JIT is done, this is what a
#     generator that runs for minutes beside an application costs a request (issue 15's "steady CPU per request").
#     Both tools are inside their run in both windows, start-up and the end left out; they assume the rate held,
#     which the achieved rates show. /proc counts CPU in 10 ms ticks: at 1k req/s a 6 s window holds a few of
#     wrk2's ticks, so its figure moves by a tick's worth between runs.
#   - ours' early and steady figures by kind of thread (lib.sh's thread_cpu_s): JIT compilers, I/O threads,
#     scheduler, timer, GC, other, and "ended": the CPU of threads that ended in the window (an idle JIT thread the
#     JVM stops).
#   - COUNTS=1: system calls and context switches per request in the same window, by kind of thread (perf stat
#     --per-thread attached to the running generator): counts, unlike CPU time, hardly move with the machine's load,
#     so they are the evidence to compare before and after a change of the send path.
# Rows go to bench/results/<timestamp>-rate-cpu.csv. See bench/README.md.

DURATION="${DURATION:-30}"
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
source "$BENCH_DIR/wrk2.sh"

RATES="${RATES:-1000 10000}"
COUNTS="${COUNTS:-0}"
CONNECTIONS="${CONNECTIONS:-10}"
RESOLUTION="${RESOLUTION:-}"                    # ours' --schedule-resolution; empty: its default (1 ms)
EARLY="${EARLY-3 9}"                            # the early window, seconds after the process started; empty: none
STEADY_FROM="${STEADY_FROM:-20}"                # the same, once the JIT is done
STEADY_TO="${STEADY_TO:-$((${DURATION%.*} - 1))}" # the same; before either tool ends
read -r EARLY_FROM EARLY_TO <<<"$EARLY"

# steady_us CPU_FROM CPU_TO TIME_FROM TIME_TO RATE -> CPU-µs per request due in the window, or nan
steady_us() {
    awk -v c0="$1" -v c1="$2" -v t0="$3" -v t1="$4" -v r="$5" \
        'BEGIN { if (c0 == "" || c1 == "" || t1 <= t0) print "nan"; else printf "%.2f", (c1 - c0) * 1e6 / (r * (t1 - t0)) }'
}

# by_thread_us "jit=A io=B ..." "jit=C io=D ..." WINDOW_S RATE PROCESS_CPU_FROM PROCESS_CPU_TO -> "jit=X io=Y ...
# ended=Z" in CPU-µs per request due in the window, or empty when a sample is missing. The kinds count the threads
# alive at the second sample; "ended" is what the process used beyond them: the CPU of threads that ended in the
# window (the process's /proc figure keeps it, the threads' figures go with them). The JVM ends an idle JIT compiler
# thread (UseDynamicNumberOfCompilerThreads): its CPU before the window then leaves "jit", which can read negative,
# and "ended" holds it back.
by_thread_us() {
    [[ -n "$1" && -n "$2" ]] || return 0
    awk -v a="$1" -v b="$2" -v w="$3" -v r="$4" -v c0="$5" -v c1="$6" 'BEGIN {
        n = split(a, x, " "); split(b, y, " "); sum = 0
        for (i = 1; i <= n; i++) { split(x[i], p, "="); split(y[i], q, "=")
            v = (w > 0 ? (q[2] - p[2]) * 1e6 / (r * w) : 0); sum += v
            printf "%s%s=%.1f", (i > 1 ? " " : ""), p[1], v }
        if (c0 != "" && c1 != "" && w > 0) printf " ended=%.1f", (c1 - c0) * 1e6 / (r * w) - sum
    }'
}

# count_window OUT_PREFIX PATTERN: in the background, from STEADY_FROM to STEADY_TO seconds after now, counts the
# system calls and context switches of each thread of the newest process whose command line has PATTERN, into
# OUT_PREFIX.perf (perf stat --per-thread -x, lines: thread-tid,count,,event,...)
count_window() {
    local prefix="$1" pattern="$2"
    (
        sleep "$STEADY_FROM"
        local pid
        pid=$(pgrep -n -f -- "$pattern") || exit 0
        perf stat --per-thread -x, -e raw_syscalls:sys_enter,context-switches -o "$prefix.perf" -p "$pid" \
            -- sleep "$((STEADY_TO - STEADY_FROM))" >/dev/null 2>&1 || true
    ) &
    COUNT_PID=$!
}

# per_request_counts OUT_PREFIX RATE -> "syscalls=S (io=.. scheduler=.. other=..) switches=C (...)" per request due
# in the counted window, threads grouped as thread_cpu_s groups them (lib.sh's THREAD_KIND_AWK), the kinds but io and
# scheduler counted as "other" (wrk2's all "other")
per_request_counts() {
    [[ -s "$1.perf" ]] || return 0
    awk -F, -v r="$2" -v w="$((STEADY_TO - STEADY_FROM))" "$THREAD_KIND_AWK"'
        $4 == "raw_syscalls:sys_enter" || $4 == "context-switches" {
            name = $1; sub(/-[0-9]+$/, "", name)
            k = thread_kind(name)
            if (k != "io" && k != "scheduler") k = "other"
            e = ($4 == "context-switches") ? "switches" : "syscalls"
            n[e] += $2; by[e, k] += $2
        }
        END {
            d = r * w
            for (i = 1; i <= 2; i++) {
                e = (i == 1) ? "syscalls" : "switches"
                printf "%s%s=%.2f (io=%.2f scheduler=%.2f other=%.2f)", (i > 1 ? " " : ""), e, n[e] / d,
                    by[e, "io"] / d, by[e, "scheduler"] / d, by[e, "other"] / d
            }
        }' "$1.perf"
}

# window_figures FIRST_SAMPLE RATE TOOL: the figures of the window between measure's CPU samples FIRST_SAMPLE and the
# next, into W_US (CPU-µs per request due), W_CPU (CPU seconds), W_S (its length in seconds) and W_BY_THREAD (ours)
window_figures() {
    local a="$1" b=$(($1 + 1)) rate="$2" tool="$3"
    W_US=$(steady_us "${M_CPU_SAMPLES[a]:-}" "${M_CPU_SAMPLES[b]:-}" "${M_CPU_SAMPLE_TIMES[a]:-0}" \
        "${M_CPU_SAMPLE_TIMES[b]:-0}" "$rate")
    W_S=$(awk -v a="${M_CPU_SAMPLE_TIMES[a]:-0}" -v b="${M_CPU_SAMPLE_TIMES[b]:-0}" 'BEGIN { printf "%.3f", b - a }')
    W_CPU=$(awk -v a="${M_CPU_SAMPLES[a]:-}" -v b="${M_CPU_SAMPLES[b]:-}" \
        'BEGIN { if (a == "" || b == "") print ""; else printf "%.2f", b - a }')
    W_BY_THREAD=""
    if [[ "$tool" == ours ]]; then
        W_BY_THREAD=$(by_thread_us "${M_THREAD_SAMPLES[a]:-}" "${M_THREAD_SAMPLES[b]:-}" "$W_S" "$rate" \
            "${M_CPU_SAMPLES[a]:-}" "${M_CPU_SAMPLES[b]:-}")
    fi
}

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "nan" }'; }

main() {
    awk -v f="$STEADY_FROM" -v t="$STEADY_TO" -v d="$DURATION" 'BEGIN { exit !(f >= 0 && f < t && t < d) }' ||
        die "the steady window must lie inside the run: 0 <= STEADY_FROM ($STEADY_FROM) < STEADY_TO ($STEADY_TO) < DURATION ($DURATION)"
    [[ -z "$EARLY" ]] || awk -v a="$EARLY_FROM" -v b="$EARLY_TO" -v f="$STEADY_FROM" \
        'BEGIN { exit !(a != "" && b != "" && a >= 0 && a < b && b <= f) }' ||
        die "the early window must come before the steady one: 0 <= EARLY's first ($EARLY_FROM) < its second ($EARLY_TO) <= STEADY_FROM ($STEADY_FROM), or EARLY= for none"
    prepare
    [[ -z "$LOADTEST_CMD" ]] || GENERATOR=jar   # LOADTEST_CMD names the command itself
    [[ "$GENERATOR" == launcher || "$GENERATOR" == jar ]] || die "GENERATOR ($GENERATOR) must be launcher or jar here"
    generator_command   # ours as people install it, or java -jar (lib.sh)
    LOADTEST=("${OURS[@]}")
    local ours_flags=()   # ours' flags beyond the shared ones
    [[ -z "$RESOLUTION" ]] || ours_flags=(--schedule-resolution "$RESOLUTION")
    ensure_wrk2
    local stamp work csv url
    stamp="$(date +%Y%m%d-%H%M%S)"
    temp_dir work ratecpu
    csv="$RESULTS_DIR/$stamp-rate-cpu.csv"
    url="http://127.0.0.1:$PORT_H1/hello"
    [[ "$GENERATOR" != launcher ]] || launcher_first_runs "$url"
    echo "rate,pair,tool,done,achieved_rps,wall_s,user_s,sys_s,max_rss_kb,cpu_us_per_req,steady_cpu_s,steady_window_s,steady_us_per_req,steady_us_by_thread,steady_counts_per_req,load_average,early_cpu_s,early_window_s,early_us_per_req,early_us_by_thread" >"$csv"
    log "machine: $(nproc) CPUs, $(uname -r); java: $("$JAVA" -version 2>&1 | head -n 1); wrk2: $WRK2"
    log "rates $RATES, -c $CONNECTIONS -t $THREADS, ${DURATION}s, no warm-up, http/1.1 $url; early window ${EARLY_FROM:-none}-${EARLY_TO:-}s, steady window ${STEADY_FROM}-${STEADY_TO}s; PAIRS=$PAIRS"
    local CPU_SAMPLE_AT="${EARLY:+$EARLY_FROM $EARLY_TO }$STEADY_FROM $STEADY_TO"
    local s0=0   # the index of the steady window's first sample
    [[ -z "$EARLY" ]] || s0=2

    local rate pair tool
    for rate in $RATES; do
        log "rate $rate: ours ${LOADTEST[*]} --h1 -R $rate -c $CONNECTIONS -t $THREADS -D $DURATION --warm-up-time 0${ours_flags[*]:+ ${ours_flags[*]}}; wrk2 -R $rate -c $CONNECTIONS -t $THREADS -d $DURATION --latency"
        for pair in $(seq 1 "$PAIRS"); do
            for tool in ours wrk2; do
                local out="$work/$rate-$pair-$tool.out" requests_done achieved counts=""
                COUNT_PID=""
                [[ "$COUNTS" != 1 ]] || count_window "$out" "-R $rate -c $CONNECTIONS -t $THREADS"
                if [[ "$tool" == ours ]]; then
                    THREAD_CPU=1 measure ours "$out" -- "${LOADTEST[@]}" --h1 -R "$rate" -c "$CONNECTIONS" -t "$THREADS" \
                        -D "$DURATION" --warm-up-time 0 ${ours_flags[@]+"${ours_flags[@]}"} "$url"
                    requests_done="$M_DONE"
                    achieved=$(sed -n 's/^rate: offered [0-9.]* req\/s, achieved \([0-9.]*\) req\/s.*/\1/p' "$out")
                else
                    measure wrk2 "$out" -- "$WRK2" -R "$rate" -c "$CONNECTIONS" -t "$THREADS" -d "$DURATION" --latency "$url"
                    requests_done=$(wrk2_requests "$out")
                    achieved=$(awk '/^Requests\/sec:/ { print $2 }' "$out")
                fi
                : "${achieved:=nan}"
                if [[ -n "$COUNT_PID" ]]; then
                    wait "$COUNT_PID" || true
                    counts=$(per_request_counts "$out" "$rate")
                fi
                local cpu
                cpu=$(cpu_us_per_req "$M_USER" "$M_SYS" "$requests_done")
                window_figures "$s0" "$rate" "$tool"
                local steady="$W_US" steady_cpu="$W_CPU" window="$W_S" by_thread="$W_BY_THREAD"
                local early="" early_cpu="" early_window="" early_by_thread=""
                if [[ -n "$EARLY" ]]; then
                    window_figures 0 "$rate" "$tool"
                    early="$W_US" early_cpu="$W_CPU" early_window="$W_S" early_by_thread="$W_BY_THREAD"
                fi
                local load
                load=$(cut -d ' ' -f 1 /proc/loadavg)   # the machine's load over the last minute, beside each figure
                echo "$rate,$pair,$tool,$requests_done,$achieved,$M_WALL,$M_USER,$M_SYS,$M_RSS_KB,$cpu,$steady_cpu,$window,$steady,$by_thread,$counts,$load,$early_cpu,$early_window,$early,$early_by_thread" >>"$csv"
                log "  pair $pair $tool: $requests_done done, achieved $achieved req/s, cpu ${M_USER}u+${M_SYS}s = $cpu µs/req,${EARLY:+ early ${early_cpu:-?} s in ${early_window} s = $early µs/req${early_by_thread:+ ($early_by_thread)},} steady ${steady_cpu:-?} s in ${window} s = $steady µs/req${by_thread:+ ($by_thread)}, rss $((M_RSS_KB / 1024)) MB${counts:+; per request $counts}; load average $load"
            done
        done
    done
    rm -rf "$work"

    echo
    echo "CPU at constant rates: ours vs wrk2, http/1.1, -c $CONNECTIONS -t $THREADS, ${DURATION}s, no warm-up, medians of $PAIRS alternated pairs"
    printf '%8s %12s %12s %6s   %12s %12s %6s   %12s %12s %6s   %20s %9s %9s\n' rate "ours µs/req" "wrk2 µs/req" ratio \
        "ours early" "wrk2 early" ratio "ours steady" "wrk2 steady" ratio "achieved o / w" "ours RSS" "wrk2 RSS"
    for rate in $RATES; do
        local ocpu wcpu oea wea ost wst oach wach orss wrss
        ocpu=$(csv_column "$csv" cpu_us_per_req rate="$rate" tool=ours | median)
        wcpu=$(csv_column "$csv" cpu_us_per_req rate="$rate" tool=wrk2 | median)
        oea=$(csv_column "$csv" early_us_per_req rate="$rate" tool=ours | median)
        wea=$(csv_column "$csv" early_us_per_req rate="$rate" tool=wrk2 | median)
        ost=$(csv_column "$csv" steady_us_per_req rate="$rate" tool=ours | median)
        wst=$(csv_column "$csv" steady_us_per_req rate="$rate" tool=wrk2 | median)
        oach=$(csv_column "$csv" achieved_rps rate="$rate" tool=ours | median)
        wach=$(csv_column "$csv" achieved_rps rate="$rate" tool=wrk2 | median)
        orss=$(csv_column "$csv" max_rss_kb rate="$rate" tool=ours | median | awk '{ printf "%.0f", $1 / 1024 }')
        wrss=$(csv_column "$csv" max_rss_kb rate="$rate" tool=wrk2 | median | awk '{ printf "%.0f", $1 / 1024 }')
        local early_columns=(- - -)   # EARLY= measures no early window: its columns say so, not nan
        [[ -z "$EARLY" ]] || early_columns=("$oea" "$wea" "$(ratio "$oea" "$wea")x")
        printf '%8s %12s %12s %5sx   %12s %12s %6s   %12s %12s %5sx   %20s %6s MB %6s MB\n' "$rate" "$ocpu" "$wcpu" \
            "$(ratio "$ocpu" "$wcpu")" "${early_columns[@]}" "$ost" "$wst" \
            "$(ratio "$ost" "$wst")" "$oach / $wach" "$orss" "$wrss"
    done
    for rate in $RATES; do
        [[ -z "$EARLY" ]] ||
            echo "  ours' early µs/req by thread at $rate req/s, each pair: $(csv_column "$csv" early_us_by_thread rate="$rate" tool=ours | paste -sd ";" -)"
        echo "  ours' steady µs/req by thread at $rate req/s, each pair: $(csv_column "$csv" steady_us_by_thread rate="$rate" tool=ours | paste -sd ";" -)"
        if [[ "$COUNTS" == 1 ]]; then
            local tool
            for tool in ours wrk2; do
                echo "  system calls and context switches per request of $tool at $rate req/s, each pair: $(csv_column "$csv" steady_counts_per_req rate="$rate" tool="$tool" | paste -sd ";" -)"
            done
        fi
    done
    echo "load average (1 min) after each run: $(csv_column "$csv" load_average | sort -n | sed -n '1p;$p' | paste -sd '-' -) (the CPU figures rise with it, ours more than wrk2's)"
    echo "µs/req: user+sys CPU of the whole process / requests done (ours: JVM start-up and JIT included)."
    [[ -z "$EARLY" ]] || echo "early: CPU between ${EARLY_FROM}s and ${EARLY_TO}s after the process started / (rate x that window): the middle of a short run, ours' JIT still compiling at low rates."
    echo "steady: the same between ${STEADY_FROM}s and ${STEADY_TO}s: read this one for the cost of a running generator (the JIT done);"
    echo "both assume the rate held (achieved: ours Rate.achieved(), wrk2 Requests/sec)."
    log "runs: $csv"
}

main "$@"
