#!/usr/bin/env bash
# Side-by-side benchmark: our engine against h2load on one nginx, alternated A B A B.
#
#   bench/run.sh                         # all cases, PAIRS=3, DURATION=5
#   PAIRS=5 DURATION=10 bench/run.sh     # longer
#   CASES="h2c-c100-m10 h1-c100-m10" bench/run.sh
#   CASES="h2tls-c100-m10 h2tls-c10-m100 h1tls-c100-m1" bench/run.sh   # over TLS only
#   SKIP_BUILD=1 bench/run.sh            # reuse bench/target/bench.jar (and samples/target/loadtest.jar)
#
# Plain cases run ours as GENERATOR says: the distribution's bin/loadtest by default (as people install it),
# java -jar loadtest.jar (jar) or bench.jar's Generator (bench, which prints the in-run CPU). TLS cases run the
# command users run (the launcher with GENERATOR=launcher, Conscrypt unless TLS_PROVIDER=jdk; else
# samples/target/loadtest.jar, or LOADTEST_CMD) with --insecure, since nginx's certificate is self-signed and the
# Generator has no flag to trust it; h2load does not verify certificates.
#
# Prints, per case, both req/s medians, the ratio ours/h2load, and generator CPU-µs per request
# (user+sys from /usr/bin/time / requests done); writes every run to bench/results/<timestamp>.csv
# and the table to bench/results/<timestamp>-summary.csv. See bench/README.md.

source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

# name  protocol  clients  streams  path
# protocol: h2c (prior knowledge), h1 (http/1.1), h2tls (https, h2 by ALPN), h1tls (https, http/1.1)
ALL_CASES=(
    "h2c-c100-m10     h2c 100 10  /hello"
    "h2c-c10-m100     h2c 10  100 /hello"
    "h1-c100-m1       h1  100 1   /hello"
    "h1-c100-m10      h1  100 10  /hello"
    "h2c-100KiB-c10-m10 h2c 10 10 /100k.bin"
    "h2tls-c100-m10   h2tls 100 10  /hello"
    "h2tls-c10-m100   h2tls 10  100 /hello"
    "h1tls-c100-m1    h1tls 100 1   /hello"
)
CASES="${CASES:-}"
WARMUP="${WARMUP:-2}"   # seconds of h2load and of our generator against each listener before measuring
SERVER_BOUND="${SERVER_BOUND:-0.95}"   # nginx busy at least this share of the load with both tools: the run is server-bound

# SELECTED: the cases CASES selects, in ALL_CASES's order; an unknown name in CASES is an error (before the build)
select_cases() {
    SELECTED=()
    local line name wanted known=" "
    for line in "${ALL_CASES[@]}"; do
        read -r name _ <<<"$line"
        known+="$name "
        if [[ -z "$CASES" || " $CASES " == *" $name "* ]]; then SELECTED+=("$line"); fi
    done
    for wanted in $CASES; do
        [[ "$known" == *" $wanted "* ]] || die "CASES names '$wanted', which is not a case; the cases are:$known"
    done
    ((${#SELECTED[@]})) || die "CASES ('$CASES') selects no case"
}

main() {
    select_cases
    prepare
    generator_command
    log "ours: ${OURS[*]} (GENERATOR=$GENERATOR)"
    local any_tls=0 line
    for line in "${SELECTED[@]}"; do
        [[ "$line" != *tls* ]] || any_tls=1
    done
    if [[ "$any_tls" == 1 ]]; then
        loadtest_command
        if [[ "$GENERATOR" == launcher && -z "$LOADTEST_CMD" ]]; then
            # the distribution's bin/loadtest, Conscrypt beside it in lib/; TLS_PROVIDER=jdk tells it to keep the JDK's
            LOADTEST=("${OURS[@]}")
            launcher_tls_provider
        fi
        log "TLS cases: ours is ${LOADTEST[*]} --insecure (bench.jar's Generator cannot trust a self-signed certificate)"
    fi
    local stamp
    stamp="$(date +%Y%m%d-%H%M%S)"
    local csv="$RESULTS_DIR/$stamp.csv" summary="$RESULTS_DIR/$stamp-summary.csv"
    local work
    temp_dir work runs
    echo "case,pair,order,tool,rps,done,failed,wall_s,user_s,sys_s,max_rss_kb,cpu_us_per_req,cpu_run_us_per_req,syscalls_per_req,cpu_steady_us_per_req,protocol,server_cpu_s,server_busy" >"$csv"
    echo "case,ours_rps_median,h2load_rps_median,rps_ratio,ours_cpu_us_per_req,h2load_cpu_us_per_req,cpu_ratio,ours_cpu_run_us_per_req,ours_rss_mb,h2load_rss_mb,ours_syscalls_per_req,h2load_syscalls_per_req,ours_steady_us_per_req,h2load_steady_us_per_req,steady_cpu_ratio,ours_server_busy,h2load_server_busy" >"$summary"

    log "machine: $(nproc) CPUs, $(uname -r); java: $("$JAVA" -version 2>&1 | head -n 1); $(h2load --version | head -n 1)"
    log "DURATION=${DURATION}s PAIRS=$PAIRS THREADS=$THREADS JAVA_OPTS='${JAVA_OPTS}'"

    # warm-up: nginx, the page cache, the loopback; a JVM's JIT does not carry over between processes
    log "warm-up: ${WARMUP}s each of h2load and our generator on both listeners"
    h2load -D "$WARMUP" -c 10 -m 10 "http://127.0.0.1:$PORT_H2/hello" >/dev/null 2>&1 || true
    h2load -D "$WARMUP" -c 10 -m 1 --h1 "http://127.0.0.1:$PORT_H1/hello" >/dev/null 2>&1 || true
    "${OURS[@]}" -D "$WARMUP" -c 10 -m 10 "http://127.0.0.1:$PORT_H2/hello" >/dev/null 2>&1 || true
    "${OURS[@]}" -D "$WARMUP" -c 10 -m 1 --h1 "http://127.0.0.1:$PORT_H1/hello" >/dev/null 2>&1 || true
    if [[ "$any_tls" == 1 ]]; then
        h2load -D "$WARMUP" -c 10 -m 10 "https://127.0.0.1:$PORT_H2TLS/hello" >/dev/null 2>&1 || true
        h2load -D "$WARMUP" -c 10 -m 1 --h1 "https://127.0.0.1:$PORT_H1TLS/hello" >/dev/null 2>&1 || true
        "${LOADTEST[@]}" -q --insecure -D "$WARMUP" -c 10 -m 10 "https://127.0.0.1:$PORT_H2TLS/hello" >/dev/null 2>&1 || true
    fi

    local name proto c m path
    for line in "${SELECTED[@]}"; do
        read -r name proto c m path <<<"$line"
        case_target "$proto" "$path"
        local warm=()
        [[ "$GEN_WARMUP" == 0 ]] || warm=(--warm-up-time "$GEN_WARMUP")
        local args=(-D "$DURATION" "${warm[@]}" -c "$c" -m "$m" -t "$THREADS" "${FLAGS[@]}")
        local ours=("${OURS[@]}" "${args[@]}" "$URL")
        [[ "$TLS" == 0 ]] || ours=("${LOADTEST[@]}" "${args[@]}" --insecure "$URL")
        local note=""
        [[ "$TLS" == 0 ]] || note=" (ours: the command, with --insecure)"
        log "case $name: ${args[*]} $URL$note"
        local pair order tool
        for pair in $(seq 1 "$PAIRS"); do
            # A B A B ...; ORDER=abba swaps every second pair, so neither tool always goes first
            local tools=(ours h2load)
            if [[ "${ORDER:-abab}" == abba ]] && ((pair % 2 == 0)); then tools=(h2load ours); fi
            order=0
            for tool in "${tools[@]}"; do
                order=$((order + 1))
                local out="$work/$name-$pair-$tool.out"
                if [[ "$tool" == ours ]]; then
                    measure ours "$out" -- "${ours[@]}"
                else
                    measure h2load "$out" -- h2load "${args[@]}" "$URL"
                    if [[ "$TLS" == 1 && "$pair" == 1 ]]; then
                        log "  h2load's TLS: $(grep -E '^(TLS Protocol|Cipher|Server Temp Key):' "$out" | tr '\n' ' ')"
                    fi
                fi
                local cpu run_cpu=""
                cpu=$(cpu_us_per_req "$M_USER" "$M_SYS" "$M_DONE")
                if [[ -n "$M_CPU_RUN_MS" ]]; then
                    run_cpu=$(awk -v ms="$M_CPU_RUN_MS" -v n="$M_DONE" 'BEGIN { if (n > 0) printf "%.2f", ms * 1e3 / n; else print "nan" }')
                fi
                local sc=""
                if [[ -n "$M_SYSCALLS" ]]; then
                    sc=$(awk -v s="$M_SYSCALLS" -v n="$M_DONE" 'BEGIN { if (n > 0) printf "%.3f", s / n; else print "nan" }')
                fi
                local steady=""
                if [[ -n "$M_CPU_AT_WARM" ]]; then
                    steady=$(awk -v u="$M_USER" -v s="$M_SYS" -v w="$M_CPU_AT_WARM" -v n="$M_DONE" \
                        'BEGIN { if (n > 0) printf "%.2f", (u + s - w) * 1e6 / n; else print "nan" }')
                fi
                # the share of the load's seconds nginx's worker was on a CPU (its CPU / (DURATION + GEN_WARMUP))
                local busy
                busy=$(awk -v c="$M_SERVER_CPU" -v d="$DURATION" -v w="$GEN_WARMUP" \
                    'BEGIN { if (c != "") printf "%.2f", c / (d + w) }')
                echo "$name,$pair,$order,$tool,$M_RPS,$M_DONE,$M_FAILED,$M_WALL,$M_USER,$M_SYS,$M_RSS_KB,$cpu,$run_cpu,$sc,$steady,$M_PROTOCOL,$M_SERVER_CPU,$busy" >>"$csv"
                log "  pair $pair $tool ($M_PROTOCOL): $M_RPS req/s, $M_DONE done, $M_FAILED failed, cpu ${M_USER}u+${M_SYS}s = $cpu µs/req${run_cpu:+ (in run: $run_cpu)}, rss $((M_RSS_KB / 1024)) MB${sc:+, $sc syscalls/req}${steady:+, steady $steady µs/req}${busy:+, nginx busy $busy}"
            done
        done
    done
    rm -rf "$work"

    summarize "$csv" "$summary"
    log "runs: $csv"
    log "summary: $summary"
}

# col CSV CASE TOOL COLUMN -> the column's values, one a line
col() { csv_column "$1" "$4" case="$2" tool="$3"; }

summarize() {
    local csv="$1" summary="$2"
    echo
    echo "loadtest vs h2load: medians of $PAIRS alternated pairs, ${DURATION}s each, -t $THREADS, nginx 1 worker, $(nproc) CPUs"
    printf '%-20s %12s %12s %7s   %14s %14s %6s   %13s %10s %12s\n' \
        case "ours req/s" "h2load req/s" ratio "ours µs/req" "h2load µs/req" "ratio" "ours in-run" "ours RSS" "h2load RSS"
    local name
    for name in $(awk -F, 'NR > 1 { print $1 }' "$csv" | awk '!seen[$0]++'); do
        local ors hrs ratio ocpu hcpu cratio orun orss hrss osc="" hsc="" ost="" hst="" sratio="" obusy hbusy bound
        ors=$(col "$csv" "$name" ours rps | median)
        hrs=$(col "$csv" "$name" h2load rps | median)
        ocpu=$(col "$csv" "$name" ours cpu_us_per_req | median)
        hcpu=$(col "$csv" "$name" h2load cpu_us_per_req | median)
        orun=$(col "$csv" "$name" ours cpu_run_us_per_req | median)
        orss=$(col "$csv" "$name" ours max_rss_kb | median | awk '{ printf "%.0f", $1 / 1024 }')
        hrss=$(col "$csv" "$name" h2load max_rss_kb | median | awk '{ printf "%.0f", $1 / 1024 }')
        if [[ "$SYSCALLS" == 1 ]]; then
            osc=$(col "$csv" "$name" ours syscalls_per_req | median)
            hsc=$(col "$csv" "$name" h2load syscalls_per_req | median)
        fi
        if [[ "$GEN_WARMUP" != 0 ]]; then
            ost=$(col "$csv" "$name" ours cpu_steady_us_per_req | median)
            hst=$(col "$csv" "$name" h2load cpu_steady_us_per_req | median)
            sratio=$(awk -v a="$ost" -v b="$hst" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "nan" }')
        fi
        obusy=$(col "$csv" "$name" ours server_busy | median)
        hbusy=$(col "$csv" "$name" h2load server_busy | median)
        # nginx on a CPU nearly all the time with both tools: the server's speed, not the tools', set their req/s
        bound=$(awk -v a="$obusy" -v b="$hbusy" -v at="$SERVER_BOUND" 'BEGIN { if (a >= at && b >= at) print "server-bound" }')
        ratio=$(awk -v a="$ors" -v b="$hrs" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "nan" }')
        cratio=$(awk -v a="$ocpu" -v b="$hcpu" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "nan" }')
        printf '%-20s %12.0f %12.0f %6sx   %14s %14s %5sx   %13s %7s MB %9s MB%s\n' \
            "$name" "$ors" "$hrs" "$ratio" "$ocpu" "$hcpu" "$cratio" "$orun" "$orss" "$hrss" \
            "${osc:+   syscalls/req ours $osc, h2load $hsc}${ost:+   steady µs/req ours $ost, h2load $hst (${sratio}x)}   nginx busy ours $obusy, h2load $hbusy${bound:+ ($bound)}"
        echo "$name,$ors,$hrs,$ratio,$ocpu,$hcpu,$cratio,$orun,$orss,$hrss,$osc,$hsc,$ost,$hst,$sratio,$obusy,$hbusy" >>"$summary"
    done
    echo
    echo "µs/req: user+sys CPU of the whole generator process (/usr/bin/time) / requests done; ours includes"
    echo "JVM start-up and JIT. 'ours in-run': CPU of our JVM from just before run() to just after / requests done"
    echo "(GENERATOR=bench only: the command, GENERATOR=launcher or jar, prints none: nan)."
    echo "nginx busy: its worker's CPU seconds / the load's seconds, median per tool. 'server-bound': >= $SERVER_BOUND with both"
    echo "tools, so nginx's one core set both req/s and their ratio is the machine's noise, not a difference of the tools."
    if grep -q '^h[12]tls-' "$csv"; then
        echo "TLS cases (h2tls-*, h1tls-*): ours is the command (bin/loadtest or loadtest.jar, --insecure), which reports no in-run CPU (nan)."
    fi
    if [[ "$GEN_WARMUP" != 0 ]]; then
        echo "GEN_WARMUP=${GEN_WARMUP}s: both tools ran --warm-up-time $GEN_WARMUP, so the whole-process µs/req above counts the"
        echo "warm-up's CPU against the measured requests (both tools alike). 'steady': CPU after the warm-up (from /proc at"
        echo "${GEN_WARMUP}s after the process started) / requests done in the measured phase: read this one."
    fi
}

main "$@"
