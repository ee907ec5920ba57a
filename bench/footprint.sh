#!/usr/bin/env bash
# Issue 8's memory and start-up targets, checked with the command users run (samples/target/loadtest.jar):
#
#   1. a 10-million-request run completes with -Xmx64m          (h2c, -c 100 -m 10)
#   2. 10,000 concurrent connections with -Xmx256m               (HTTP/1.1, -t THREADS -c 10000 -m 1, DURATION s)
#      alternated with h2load on the same flags PAIRS times: req/s, CPU per request and memory side by side; ours
#      both ways (MANY_AS): java -Xmx256m -jar, and the installed bin/loadtest with its own JVM defaults;
#      then what a connection costs: -n 10000 on those 10,000 connections (one request each), CPU (and with
#      SYSCALLS=1 system calls, in all and by kind: CONNECT_CALLS) per connection, ours each way (MANY_AS)
#      alternated with h2load
#   3. start-up: from `java -jar` to the first request at nginx   (median of STARTS runs)
#
#   bench/footprint.sh                      # all three, ~2-3 min with the build
#   REQUESTS=1000000 bench/footprint.sh     # a shorter first part
#
# Prints one line a check with PASS or FAIL and writes bench/results/<timestamp>-footprint.csv. See bench/README.md.

source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

REQUESTS="${REQUESTS:-10000000}"
CONNECTIONS="${CONNECTIONS:-10000}"
STARTS="${STARTS:-5}"
# check 2's ways of running ours: jar (java -Xmx256m -jar loadtest.jar, issue 15's command) and launcher (the
# distribution's bin/loadtest with its own JVM defaults, as users run it: serial collector, -Xmn24m, no -Xmx)
MANY_AS="${MANY_AS:-jar launcher}"
JAR="$ROOT_DIR/samples/target/loadtest.jar"
# check 2b with SYSCALLS=1: the system calls counted by kind, per connection, each tool's (perf's syscalls:sys_enter_*
# tracepoints): a connection's own (socket to close) and the thread hand-offs (futex)
CONNECT_CALLS="${CONNECT_CALLS:-socket setsockopt fcntl connect poll getsockopt getsockname epoll_ctl write writev read shutdown close futex}"

# M_SYSCALLS (measure, with SYSCALLS=1) per N: "-" without the count
syscalls_per() { awk -v s="${M_SYSCALLS:-}" -v n="$1" 'BEGIN { if (s != "" && n > 0) printf "%.1f", s / n; else print "-" }'; }

# calls_by_kind PERF_CSV N: "setsockopt=3.0 fcntl=2.0 ..." per N, from perf stat -x, of connect_call_events
calls_by_kind() {
    local kind n
    for kind in $CONNECT_CALLS; do
        n=$(awk -F, -v e="syscalls:sys_enter_$kind" '$3 == e { print $1 }' "$1")
        printf '%s=%s ' "$kind" "$(M_SYSCALLS="$n" syscalls_per "$2")"
    done
}

# the perf events of check 2b with SYSCALLS=1: every system call, and CONNECT_CALLS one by one
connect_call_events() {
    local events=raw_syscalls:sys_enter kind
    for kind in $CONNECT_CALLS; do events+=",syscalls:sys_enter_$kind"; done
    echo "$events"
}

# "protocol: http/1.1, 10000 clients, 1 streams, 10000 connections opened" -> 10000
connections_opened() { sed -n 's/^protocol: .*, \([0-9]*\) connections opened.*/\1/p' "$1" | tail -n 1; }

# connections_run CHECK PAIR TOOL OUT FLAG...: one run of checks 2 and 2b, TOOL (jar: java -Xmx256m -jar
# loadtest.jar; launcher: the distribution's bin/loadtest, OURS from generator_command; or h2load) --h1 -t THREADS
# -c CONNECTIONS -m 1 FLAG... to nginx; logs it and writes its CSV row as CHECK. Sets R_US (CPU-µs a request done),
# R_CALLS (system calls a request done, "-" without SYSCALLS=1), R_RPS, R_RSS_MB and R_OK: 0, and FAIL in its row, when it exited non-zero, a request failed or (ours) fewer than
# CONNECTIONS connections opened; for check connect-cost with SYSCALLS=1, R_KINDS (calls_by_kind a request done, else
# empty). Writes to main's $csv.
connections_run() {
    local check="$1" pair="$2" tool="$3" out="$4" url="http://127.0.0.1:$PORT_H1/hello" opened="$CONNECTIONS" result=- mark="" load
    shift 4
    # check 2b counts by kind in a perf stat of its own (which counts the total too) instead of measure's
    local counted=("$SYSCALLS") wrap=()
    if [[ "$SYSCALLS" == 1 && "$check" == connect-cost ]]; then
        counted=(0)
        wrap=(perf stat -x, -e "$(connect_call_events)" -o "$out.calls" --)
    fi
    if [[ "$tool" == h2load ]]; then
        SYSCALLS="${counted[0]}" measure h2load "$out" -- "${wrap[@]}" h2load --h1 -t "$THREADS" -c "$CONNECTIONS" -m 1 "$@" "$url"
    else
        local ours=("$JAVA" -Xmx256m -jar "$JAR")
        [[ "$tool" == jar ]] || ours=("${OURS[@]}")
        SYSCALLS="${counted[0]}" measure ours "$out" -- "${wrap[@]}" "${ours[@]}" --h1 -t "$THREADS" -c "$CONNECTIONS" -m 1 "$@" "$url"
        opened=$(connections_opened "$out")
    fi
    R_KINDS=""
    if ((${#wrap[@]})); then
        M_SYSCALLS=$(awk -F, '$3 == "raw_syscalls:sys_enter" { print $1 }' "$out.calls" 2>/dev/null)
        R_KINDS=$(calls_by_kind "$out.calls" "$M_DONE")
    fi
    load=$(cut -d' ' -f1 /proc/loadavg)
    R_US=$(cpu_us_per_req "$M_USER" "$M_SYS" "$M_DONE")
    R_CALLS=$(syscalls_per "$M_DONE")
    R_RPS="$M_RPS"
    R_RSS_MB=$((M_RSS_KB / 1024))
    R_OK=1
    if [[ "$M_RC" != 0 || "$M_FAILED" != 0 || "${opened:-0}" -lt "$CONNECTIONS" ]]; then
        R_OK=0
        result=FAIL
        mark=" FAIL"
        grep -A 4 '^errors:' "$out" >&2 || true
    fi
    log "   pair $pair, $tool$mark: ${opened:-0} connections opened, $M_DONE done, $M_FAILED failed, exit $M_RC, $M_RPS req/s, $R_US CPU-us and $R_CALLS system calls a request, max RSS $R_RSS_MB MB (load $load)${R_KINDS:+; by kind: $R_KINDS}"
    echo "$check,$tool,$result,$M_DONE,$M_FAILED,${opened:-0},$M_WALL,$R_RSS_MB,$M_RPS req/s $R_US CPU-us/req $R_CALLS syscalls/req ${R_KINDS:+$R_KINDS}load $load" >>"$csv"
}

main() {
    raise_fd_limit 65536
    local need=$((CONNECTIONS + 500)) have
    have=$(ulimit -n)
    if [[ "$have" != unlimited && "$have" -lt "$need" ]]; then
        die "the open-files limit (ulimit -n) is $have: $CONNECTIONS connections need at least $need in this shell (the generator and nginx each hold one file a connection); raise the hard limit (e.g. /etc/security/limits.conf) or run with CONNECTIONS=$((have - 500))"
    fi
    prepare
    [[ -f "$JAR" ]] || die "$JAR was not built"
    local stamp work csv
    stamp="$(date +%Y%m%d-%H%M%S)"
    temp_dir work footprint
    csv="$RESULTS_DIR/$stamp-footprint.csv"
    echo "check,tool,result,done,failed,connections,wall_s,max_rss_mb,detail" >"$csv"
    log "machine: $(nproc) CPUs, $(uname -r); java: $("$JAVA" -version 2>&1 | head -n 1)"

    # 1. a long run in a small heap: nothing may grow with the number of requests
    log "1. $REQUESTS requests with -Xmx64m: java -Xmx64m -jar loadtest.jar -n $REQUESTS -c 100 -m 10 (h2c)"
    measure ours "$work/long.out" -- "$JAVA" -Xmx64m -jar "$JAR" -n "$REQUESTS" -c 100 -m 10 "http://127.0.0.1:$PORT_H2/hello"
    local verdict=FAIL
    [[ "$M_RC" == 0 && "$M_DONE" == "$REQUESTS" && "$M_FAILED" == 0 ]] && verdict=PASS
    log "   $verdict: $M_DONE done, $M_FAILED failed, exit $M_RC, ${M_WALL}s, $M_RPS req/s, max RSS $((M_RSS_KB / 1024)) MB"
    echo "long-run-xmx64m,ours,$verdict,$M_DONE,$M_FAILED,100,$M_WALL,$((M_RSS_KB / 1024)),$M_RPS req/s" >>"$csv"

    # 2. many connections at once, each holding one request at a time; alternated with h2load, PAIRS times, -t THREADS;
    # ours each way MANY_AS says, in the same pairs
    local way ways=()
    read -ra ways <<<"$MANY_AS"
    for way in "${ways[@]}"; do
        [[ "$way" == jar || "$way" == launcher ]] || die "MANY_AS ($MANY_AS) must name jar, launcher or both"
    done
    if [[ " ${ways[*]} " == *" launcher "* ]]; then
        GENERATOR=launcher generator_command
        launcher_first_runs "http://127.0.0.1:$PORT_H1/hello"
    fi
    log "2. $CONNECTIONS connections, alternated with h2load $PAIRS times: --h1 -t $THREADS -c $CONNECTIONS -m 1 -D ${DURATION}s, ours as ${ways[*]} (jar: java -Xmx256m -jar loadtest.jar; launcher: bin/loadtest, its own JVM defaults)"
    local pair h2_rps=() h2_us=() h2_rss=()
    declare -A way_rps=() way_us=() way_rss=() way_verdict=()
    for way in "${ways[@]}"; do way_verdict[$way]=PASS; done
    for pair in $(seq 1 "$PAIRS"); do
        for way in "${ways[@]}"; do
            connections_run "connections-$way" "$pair" "$way" "$work/conns-$way.out" -D "${DURATION}s"
            ((R_OK)) || way_verdict[$way]=FAIL
            way_rps[$way]+="$R_RPS "; way_us[$way]+="$R_US "; way_rss[$way]+="$R_RSS_MB "
        done
        connections_run connections "$pair" h2load "$work/conns-h2load.out" -D "$DURATION"
        h2_rps+=("$R_RPS"); h2_us+=("$R_US"); h2_rss+=("$R_RSS_MB")
    done
    local o_rps o_us o_rss h_rps h_us h_rss ratio goal
    h_rps=$(printf '%s\n' "${h2_rps[@]}" | median); h_us=$(printf '%s\n' "${h2_us[@]}" | median); h_rss=$(printf '%s\n' "${h2_rss[@]}" | median)
    for way in "${ways[@]}"; do
        log "   ${way_verdict[$way]} ($way): every connection opened and no request failed in every run"
        o_rps=$(printf '%s\n' ${way_rps[$way]} | median); o_us=$(printf '%s\n' ${way_us[$way]} | median)
        o_rss=$(printf '%s\n' ${way_rss[$way]} | median)
        ratio=$(awk -v a="$o_rps" -v b="$h_rps" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }')
        echo "connections-$way,ours,${way_verdict[$way]},,,$CONNECTIONS,,$o_rss,median $o_rps req/s" >>"$csv"
        # issue 15's goal: at least h2load's req/s, within 150 MB
        goal=FAIL
        awk -v r="$ratio" -v m="$o_rss" 'BEGIN { exit !(r >= 1.0 && m <= 150) }' && goal=PASS
        log "   $goal ($way): medians ours / h2load: $o_rps / $h_rps req/s (${ratio}x), $o_us / $h_us CPU-us/req, RSS $o_rss / $h_rss MB (goal: >= 1.0x, <= 150 MB)"
        echo "connections-vs-h2load-$way,ours,$goal,,,$CONNECTIONS,,$o_rss,${ratio}x h2load req/s (medians $o_rps / $h_rps); CPU-us/req $o_us / $h_us" >>"$csv"
    done

    # 2b. what a connection costs: a counted run in which each connection opens and carries one request, so the
    # connect path is most of the work; whole-process CPU (and with SYSCALLS=1 system calls, in all and by kind) per
    # connection: per request done, one a connection; ours each way MANY_AS says, in the same pairs
    log "2b. connect cost, alternated with h2load $PAIRS times: --h1 -t $THREADS -c $CONNECTIONS -m 1 -n $CONNECTIONS, ours as ${ways[*]}"
    local h_cpu=() h_sys=() h_kinds=() failed_runs=0
    declare -A o_cpu=() o_sys=() o_kinds=()
    for pair in $(seq 1 "$PAIRS"); do
        for way in "${ways[@]}"; do
            connections_run connect-cost "$pair" "$way" "$work/connect-$way.out" -n "$CONNECTIONS"
            o_cpu[$way]+="$R_US "; o_sys[$way]+="$R_CALLS "; o_kinds[$way]="$R_KINDS"
            ((R_OK)) || failed_runs=$((failed_runs + 1))
        done
        connections_run connect-cost "$pair" h2load "$work/connect-h2load.out" -n "$CONNECTIONS"
        h_cpu+=("$R_US"); h_sys+=("$R_CALLS"); h_kinds=("$R_KINDS"); ((R_OK)) || failed_runs=$((failed_runs + 1))
    done
    local o_calls=- h_calls=-
    [[ "$SYSCALLS" != 1 ]] || h_calls=$(printf '%s\n' "${h_sys[@]}" | median)
    for way in "${ways[@]}"; do
        [[ "$SYSCALLS" != 1 ]] || o_calls=$(printf '%s\n' ${o_sys[$way]} | median)
        log "   medians ours ($way) / h2load: $(printf '%s\n' ${o_cpu[$way]} | median) / $(printf '%s\n' "${h_cpu[@]}" | median) CPU-us a connection (JVM start-up and JIT included), $o_calls / $h_calls system calls a connection (SYSCALLS=1 to count them)"
        [[ -z "${o_kinds[$way]}" ]] || log "   by kind, the last pair's, a connection: ours ($way) ${o_kinds[$way]}/ h2load ${h_kinds[0]}"
    done
    ((failed_runs == 0)) || log "   $failed_runs of these runs failed (FAIL above and in their CSV rows): their figures are not a connection's cost"

    # 3. start-up: nginx logs when it served /first ($msec); the clock is read just before java starts
    log "3. start-up, $STARTS times: java -jar loadtest.jar --h1 -n 1 -c 1 .../first"
    local i t0 served ms all=()
    for i in $(seq 1 "$STARTS"); do
        : >"$NGINX_DIR/first.log"
        t0=$(date +%s.%N)
        "$JAVA" -jar "$JAR" -q --h1 -n 1 -c 1 "http://127.0.0.1:$PORT_H1/first" >/dev/null 2>&1 || true
        served=$(tail -n 1 "$NGINX_DIR/first.log")
        [[ -n "$served" ]] || die "nginx logged no request to /first"
        ms=$(awk -v a="$t0" -v b="$served" 'BEGIN { printf "%d", (b - a) * 1000 }')
        all+=("$ms")
    done
    local median
    median=$(printf '%s\n' "${all[@]}" | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }')
    verdict=FAIL
    ((median < 500)) && verdict=PASS
    log "   $verdict: first request served ${median} ms after java started (median; runs: ${all[*]} ms)"
    echo "startup-first-request,ours,$verdict,1,0,1,,,median ${median} ms (runs: ${all[*]} ms)" >>"$csv"

    log "results: $csv"
}

main "$@"
