#!/usr/bin/env bash
# What a short run of ours costs beyond the steady state (issue 15): JVM start-up, class loading, JIT. Each run
# is a COUNT of requests (-n), not a time, so the CPU it takes is the same work on a quiet or a busy machine
# (a timed run on a busy machine does fewer requests and hides the cost per request). Per run: the process's
# user+sys CPU (/usr/bin/time), the JIT compiler threads' and the GC's CPU (lib.sh's thread_cpu_s, sampled every
# 0.2 s until the process ends: the compiler threads live until then), peak RSS, req/s; per option set, the
# classes one tiny run loads and where from (-Xlog:class+load: the class-data sharing archives or the jar).
#
#   bench/startup.sh                                          # the launcher, and C1 alone, at 300k and 3M requests
#   COUNTS=100000 OPTION_SETS="-XX:TieredStopAtLevel=4|-XX:TieredStopAtLevel=1" bench/startup.sh   # tiered vs C1
#   COUNTS=300000 OPTION_SETS="launcher|-XX:TieredStopAtLevel=1|-XX:+UseParallelGC" bench/startup.sh
#   COMMAND=/tmp/old/bin/loadtest OPTION_SETS=launcher bench/startup.sh     # another launcher (before/after)
#   COMMAND="java -jar samples/target/loadtest.jar" OPTION_SETS="launcher" bench/startup.sh   # java -jar, no archive
#   ONLY=h1-c100-m1 COUNTS=1000000 bench/startup.sh                            # one case
#   ONLY=all COUNTS="300000 1000000" bench/startup.sh                          # with h2 and HTTP/1.1 over TLS
#   TOGETHER=1 ONLY=h1-c100-m1 COUNTS=3000000 OPTION_SETS="launcher|-XX:..." bench/startup.sh   # on a busy machine
#
# COMMAND: the command measured, split at spaces; default the distribution's bin/loadtest
# (samples/target/loadtest-*.tar.gz, unpacked into a temporary folder). OPTION_SETS: sets of JVM options separated
# by '|', each given to COMMAND as JAVA_OPTS, or as JDK_JAVA_OPTIONS when COMMAND is `java ...` (which reads no
# JAVA_OPTS) ("launcher": none, the launcher's or the JVM's own defaults); the sets alternate within each of PAIRS
# rounds. For COUNTS of at most 100,000 the launcher itself picks C1 alone (-XX:TieredStopAtLevel=1, a short run:
# bin/loadtest's header), so the default sets then compare C1 with C1: name the JIT of each set, as in the second
# example. Before measuring, two tiny runs per set against nginx make and put in place the launcher's
# class-data sharing archive, in a cache folder of this script's own: the measured runs are a user's runs
# after the first. TOGETHER=1 starts the sets' runs of a round at the same time, against the same nginx, instead of
# one after the other: on a machine others load, both then see the same load (and each other), so their CPU per
# request compares even where a run's CPU moves by 20 % from one minute to the next; req/s then says nothing
# (they share the server). Cases: h2c -c 100 -m 10 and HTTP/1.1 -c 100 -m 1, -t THREADS; ONLY=all adds h2 and
# HTTP/1.1 over TLS (--insecure: bench's self-signed certificate; Conscrypt, the command's TLS). Builds nothing:
# package the samples module first (mvn -B -q -pl samples -am package -DskipTests). Writes
# bench/results/<timestamp>-startup.csv. See bench/README.md, "startup.sh".

source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

COMMAND="${COMMAND:-}"
COUNTS="${COUNTS:-300000 3000000}"
OPTION_SETS="${OPTION_SETS:-launcher|-XX:TieredStopAtLevel=1}"
CLASS_RUN_REQUESTS=2000
ONLY="${ONLY:-h2c-c100-m10 h1-c100-m1}"   # a space-separated subset of the cases' names, e.g. ONLY=h1-c100-m1 ("all": every case)
TOGETHER="${TOGETHER:-0}"   # 1: the option sets' runs of a round start at the same time (see the header)

# name  protocol  clients  streams  path
ALL_CASES=(
    "h2c-c100-m10        h2c   100 10  /hello"
    "h1-c100-m1          h1    100 1   /hello"
    "h2tls-c100-m10      h2tls 100 10  /hello"
    "h1tls-c100-m1       h1tls 100 1   /hello"
    "h1-c100-m10         h1    100 10  /hello"
    "h2tls-c10-m100      h2tls 10  100 /hello"
    "h2c-100KiB-c10-m10  h2c   10  10  /100k.bin"
)
FIRST_CASES="h2c-c100-m10 h1-c100-m1 h2tls-c100-m10 h1tls-c100-m1"   # "all": these four (the others by name)
CASES=()
for line in "${ALL_CASES[@]}"; do
    read -r name _ <<<"$line"
    [[ ( "$ONLY" == all && " $FIRST_CASES " == *" $name "* ) || " $ONLY " == *" $name "* ]] && CASES+=("$line")
done
[[ ${#CASES[@]} -gt 0 ]] || { echo "startup.sh: ONLY ($ONLY) names none of the cases: $(printf '%s\n' "${ALL_CASES[@]}" | awk '{ print $1 }' | xargs)" >&2; exit 2; }

# run_to_end OUT JAVA_OPTS COMMAND...: one run under /usr/bin/time with JAVA_OPTS; sets R_CPU (user+sys s),
# R_JIT, R_IO and R_GC (s, each the highest of the samples taken until the process ended), R_RSS_MB, R_RPS, R_DONE, R_RC
run_to_end() {
    local out="$1" opts="$2"
    shift 2
    env "$OPTS_VARIABLE=$opts" /usr/bin/time -f '%e %U %S %M' -o "$out.time" "$@" >"$out" 2>&1 &
    local tpid=$! leaf last="" sample
    sleep 0.1
    # the leaf is looked up at each sample, and sampled only when it is java: early on it can be one of the
    # launcher's own short children (sed, cksum, its java -version check), whose end must not end the sampling
    while kill -0 "$tpid" 2>/dev/null; do
        leaf="$(leaf_pid "$tpid")"
        # a sample taken while the process exits (a thread's stat gone: awk fails, and prints zeros) is dropped
        if [[ "$(cat "/proc/$leaf/comm" 2>/dev/null)" == java ]] && sample="$(thread_cpu_s "$leaf" 2>/dev/null)"; then
            # each kind's highest figure: the I/O threads end before the process does, and a sample taken as
            # threads end can miss some of them
            last="$(awk -v a="$last" -v b="$sample" 'BEGIN { n = split(b, kb, " "); split(a, ka, " ")
                for (i = 1; i <= n; i++) { split(kb[i], x, "="); split(ka[i], y, "="); printf "%s%s=%.2f", (i > 1 ? " " : ""), x[1], (y[2] + 0 > x[2] + 0 ? y[2] : x[2]) }
                print "" }')"
        fi
        sleep 0.2
    done
    R_RC=0
    wait "$tpid" || R_RC=$?
    local user sys rss
    read -r _ user sys rss < <(tail -n 1 "$out.time")
    R_CPU=$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.2f", u + s }')
    R_JIT=$(sed -n 's/.*jit=\([0-9.]*\).*/\1/p' <<<"$last")
    R_GC=$(sed -n 's/.*gc=\([0-9.]*\).*/\1/p' <<<"$last")
    R_IO=$(sed -n 's/.*io=\([0-9.]*\).*/\1/p' <<<"$last")
    R_RSS_MB=$((rss / 1024))
    R_RPS=$(sed -n 's/^finished in [^,]*, \([0-9.]*\) req\/s.*/\1/p' "$out" | tail -n 1)
    R_DONE=$(sed -n 's/^requests: .* \([0-9]*\) done, .*/\1/p' "$out" | tail -n 1)
    if [[ "$R_RC" != 0 ]]; then
        log "WARNING: exit $R_RC; its output:"
        tail -n 20 "$out" >&2
    fi
}

# set_options SET: the JVM options of option set SET ("launcher": none)
set_options() {
    [[ "$1" == launcher ]] || echo "$1"
}

# measure_set I CSV OUT: one run of option set I (sets, classes, count, name, round, c, m, FLAGS, URL from main), logged
# and written as a row of CSV (one short append: runs of TOGETHER=1 write their rows whole)
measure_set() {
    local i="$1" csv="$2" out="$3" set="${sets[$1]}" opts
    opts="$(set_options "$set")"
    local trust=()
    [[ "$TLS" == 0 ]] || trust=(--insecure)   # bench's nginx has a self-signed certificate
    local load
    load=$(cut -d ' ' -f 1 /proc/loadavg)   # the machine's load as the run starts: the others' share of the cores
    run_to_end "$out" "$opts" "${OURS[@]}" -n "$count" -c "$c" -m "$m" -t "$THREADS" "${FLAGS[@]}" "${trust[@]}" "$URL"
    log "$(printf '%-40s %8s %-18s round %d: cpu %6s s, jit %5s s, io %5s s, gc %5s s, %4d MB, %9s req/s, %s done, exit %s, load %s' \
        "$set" "$count" "$name" "$round" "$R_CPU" "$R_JIT" "$R_IO" "$R_GC" "$R_RSS_MB" "$R_RPS" "$R_DONE" "$R_RC" "$load")"
    echo "$i,\"$set\",$count,$name,$round,$R_CPU,$R_JIT,$R_GC,$R_RSS_MB,$R_RPS,$R_DONE,$R_RC,${classes[i]},$R_IO,$load" >>"$csv"
}

main() {
    [[ -x /usr/bin/time ]] || die "needs /usr/bin/time (Debian package time)"
    command -v nginx >/dev/null 2>&1 || [[ -x /usr/sbin/nginx ]] || die "needs nginx (Debian package nginx-light)"
    export PATH="$PATH:/usr/sbin"
    raise_fd_limit
    trap on_exit EXIT
    trap 'exit 130' INT TERM
    local cache
    temp_dir cache startup-cache
    export XDG_CACHE_HOME="$cache"
    if [[ -n "$COMMAND" ]]; then
        read -ra OURS <<<"$COMMAND"
    else
        GENERATOR=launcher generator_command
        OURS=("$LAUNCHER")   # the launcher without run.sh's env: this script sets JAVA_OPTS per set
    fi
    # the launcher reads JAVA_OPTS; java itself only JDK_JAVA_OPTIONS (and notes on stderr that it did)
    OPTS_VARIABLE=JAVA_OPTS
    [[ "$(basename "${OURS[0]}")" != java ]] || OPTS_VARIABLE=JDK_JAVA_OPTIONS
    start_nginx
    mkdir -p "$RESULTS_DIR"
    local stamp work csv
    stamp="$(date +%Y%m%d-%H%M%S)"
    temp_dir work startup
    csv="$RESULTS_DIR/$stamp-startup.csv"
    echo "set,options,requests,case,round,cpu_s,jit_s,gc_s,max_rss_mb,rps,done,exit,classes,classes_from_archives,classes_from_jar,io_s,load" >"$csv"
    log "machine: $(nproc) CPUs, $(uname -r), load $(cut -d' ' -f1-3 /proc/loadavg); java: $("$JAVA" -version 2>&1 | head -n 1)"
    log "command: ${OURS[*]}; COUNTS=$COUNTS PAIRS=$PAIRS THREADS=$THREADS"

    local i set opts sets=() classes=()
    IFS='|' read -ra sets <<<"$OPTION_SETS"
    for i in "${!sets[@]}"; do
        set="${sets[$i]}"
        opts="$(set_options "$set")"
        case_target h2c /hello
        env "$OPTS_VARIABLE=$opts" "${OURS[@]}" -q -n "$CLASS_RUN_REQUESTS" -c 10 -m 10 "$URL" >/dev/null 2>&1 || true
        env "$OPTS_VARIABLE=$opts" "${OURS[@]}" -q -n "$CLASS_RUN_REQUESTS" -c 10 -m 10 "$URL" >/dev/null 2>&1 || true
        env "$OPTS_VARIABLE=$opts -Xlog:class+load:file=$work/classes.log" "${OURS[@]}" -q -n "$CLASS_RUN_REQUESTS" -c 10 -m 10 "$URL" \
            >/dev/null 2>&1 || true
        classes[i]="$(awk '{ n++ } /source: shared objects file/ { a++ } /source: (file|jar):.*\.jar/ { j++ }
            END { printf "%d,%d,%d", n, a, j }' "$work/classes.log")"
        log "$(printf '%-40s classes loaded by a -n %d h2c run (all, from the archives, from the jar): %s' "$set" "$CLASS_RUN_REQUESTS" "${classes[i]}")"
    done

    local count round line name proto c m
    for count in $COUNTS; do
        for round in $(seq 1 "$PAIRS"); do
            for line in "${CASES[@]}"; do
                read -r name proto c m path <<<"$line"
                case_target "$proto" "$path"
                local together=()   # the runs of this round under way (not nginx, another child of this shell)
                for i in "${!sets[@]}"; do
                    if [[ "$TOGETHER" == 1 ]]; then
                        measure_set "$i" "$csv" "$work/run$i.out" &
                        together+=($!)
                    else
                        measure_set "$i" "$csv" "$work/run$i.out"
                    fi
                done
                [[ ${#together[@]} -eq 0 ]] || wait "${together[@]}"
            done
        done
    done

    echo
    echo "medians over $PAIRS rounds (CPU seconds of the whole process, the JIT threads, the I/O threads and the GC; peak RSS;"
    echo "req/s; the I/O threads' CPU-us a request, the steady speed's proxy; the load average as the runs started)"
    printf '%-40s %9s %-18s %7s %6s %6s %6s %7s %9s %8s %s\n' options requests case cpu jit io gc RSS "req/s" "io us/req" load
    local requests
    for i in "${!sets[@]}"; do
        for requests in $COUNTS; do
            for line in "${CASES[@]}"; do
                read -r name _ <<<"$line"
                local f=(set="$i" requests="$requests" case="$name")
                printf '%-40s %9s %-18s %7s %6s %6s %6s %4s MB %9s %8s %s\n' "${sets[$i]}" "$requests" "$name" \
                    "$(csv_column "$csv" cpu_s "${f[@]}" | median)" "$(csv_column "$csv" jit_s "${f[@]}" | median)" \
                    "$(csv_column "$csv" io_s "${f[@]}" | median)" \
                    "$(csv_column "$csv" gc_s "${f[@]}" | median)" "$(csv_column "$csv" max_rss_mb "${f[@]}" | median)" \
                    "$(csv_column "$csv" rps "${f[@]}" | median)" \
                    "$(paste -d ' ' <(csv_column "$csv" io_s "${f[@]}") <(csv_column "$csv" done "${f[@]}") |
                        awk '$2 > 0 { printf "%.2f\n", $1 * 1e6 / $2 }' | median)" \
                    "$(csv_column "$csv" load "${f[@]}" | sort -g | awk 'NR == 1 { lo = $1 } { hi = $1 } END { print lo "-" hi }')"
            done
        done
    done
    log "results: $csv"
}

main "$@"
