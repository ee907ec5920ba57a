#!/usr/bin/env bash
# Issue 15's memory target: the peak resident memory (RSS) of the command on every case of run.sh, for each
# set of JVM options, against nginx on loopback. It measures memory only: req/s is printed to show the runs
# did their work, not to compare speed (run.sh does that).
#
# Each run is a count of requests (-n REQUESTS), not a time: the heap's share of the RSS is what the run
# has allocated, up to the young generation's size, so a timed run on a slow or busy machine allocates less
# and reads lower than the same run on a fast one. A count allocates the same wherever it runs. 200,000
# requests is about 2 s of run.sh's cases on a quiet machine, enough to cycle any young generation below.
#
#   bench/rss.sh                                          # every option set below, every case
#   OPTION_SETS="-XX:+UseSerialGC|-XX:+UseSerialGC -Xmn16m" bench/rss.sh
#   COMMAND="samples/target/loadtest-0.1.0-SNAPSHOT/bin/loadtest" OPTION_SETS="launcher" bench/rss.sh
#
# OPTION_SETS: sets of JVM options separated by '|'; "none" is the JVM's defaults. With COMMAND (the launcher
# of the distribution archive, unpacked), each set goes to it as JAVA_OPTS ("launcher": none, its defaults).
# Writes bench/results/<timestamp>-rss.csv. Builds nothing: package the samples module first
# (mvn -B -q -pl samples -am package -DskipTests). See bench/README.md, "rss.sh".

source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

JAR="${JAR:-$ROOT_DIR/samples/target/loadtest.jar}"
COMMAND="${COMMAND:-}"
REQUESTS="${REQUESTS:-200000}"
OPTION_SETS="${OPTION_SETS:-none|-XX:+UseSerialGC|-XX:+UseSerialGC -Xmn24m|-XX:+UseSerialGC -Xmn24m -XX:-UsePerfData}"

# name  protocol  clients  streams  path (run.sh's cases)
CASES=(
    "h2c-c100-m10     h2c 100 10  /hello"
    "h2c-c10-m100     h2c 10  100 /hello"
    "h1-c100-m1       h1  100 1   /hello"
    "h1-c100-m10      h1  100 10  /hello"
    "h2c-100KiB-c10-m10 h2c 10 10 /100k.bin"
)

main() {
    [[ -x /usr/bin/time ]] || die "needs /usr/bin/time (Debian package time)"
    command -v nginx >/dev/null 2>&1 || [[ -x /usr/sbin/nginx ]] || die "needs nginx (Debian package nginx-light)"
    export PATH="$PATH:/usr/sbin"
    [[ -n "$COMMAND" || -f "$JAR" ]] || die "$JAR was not built: mvn -B -q -pl samples -am package -DskipTests"
    raise_fd_limit
    trap on_exit EXIT
    trap 'exit 130' INT TERM
    start_nginx
    mkdir -p "$RESULTS_DIR"
    local stamp work csv
    stamp="$(date +%Y%m%d-%H%M%S)"
    work="$(mktemp -d /tmp/loadtest-bench-rss.XXXXXX)"
    csv="$RESULTS_DIR/$stamp-rss.csv"
    echo "options,case,max_rss_mb,rps,done,failed,exit" >"$csv"
    log "machine: $(nproc) CPUs, $(uname -r), load $(cut -d' ' -f1-3 /proc/loadavg); java: $("$JAVA" -version 2>&1 | head -n 1)"

    local set line name proto c m path
    IFS='|' read -ra sets <<<"$OPTION_SETS"
    for set in "${sets[@]}"; do
        for line in "${CASES[@]}"; do
            read -r name proto c m path <<<"$line"
            local url flags=()
            if [[ "$proto" == h1 ]]; then url="http://127.0.0.1:$PORT_H1$path"; flags=(--h1); else url="http://127.0.0.1:$PORT_H2$path"; fi
            local args=(-n "$REQUESTS" -c "$c" -m "$m" -t "$THREADS" "${flags[@]}" "$url")
            local out="$work/$name.out"
            if [[ -n "$COMMAND" ]]; then
                local opts="$set"
                [[ "$set" == launcher ]] && opts=""
                JAVA_OPTS="$opts" measure ours "$out" -- "$COMMAND" "${args[@]}"
            else
                local opts=()
                [[ "$set" == none ]] || read -ra opts <<<"$set"
                measure ours "$out" -- "$JAVA" "${opts[@]}" -jar "$JAR" "${args[@]}"
            fi
            local mb=$((M_RSS_KB / 1024))
            log "$(printf '%-45s %-20s %4d MB  %8s req/s  %s done, %s failed, exit %s' "$set" "$name" "$mb" "$M_RPS" "$M_DONE" "$M_FAILED" "$M_RC")"
            echo "\"$set\",$name,$mb,$M_RPS,$M_DONE,$M_FAILED,$M_RC" >>"$csv"
        done
    done
    rm -rf "$work"
    log "results: $csv"
}

main "$@"
