# shellcheck shell=bash
# Shared by the bench/ scripts (run.sh, rate.sh, rate-start.sh, rate-cpu.sh, profile.sh, footprint.sh, startup.sh): tools,
# nginx (plain and TLS listeners), build, measured runs.
# Sourced, not run. Everything it starts it stops again (trap on EXIT).

set -euo pipefail

BENCH_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT_DIR="$(cd "$BENCH_DIR/.." && pwd)"
BENCH_JAR="$BENCH_DIR/target/bench.jar"
RESULTS_DIR="$BENCH_DIR/results"

DURATION="${DURATION:-5}"            # seconds per measured run
PAIRS="${PAIRS:-3}"                  # A B pairs per case
THREADS="${THREADS:-1}"              # -t for every generator (h2load's default is 1)
PORT_H1="${PORT_H1:-28080}"          # nginx HTTP/1.1 listener
PORT_H2="${PORT_H2:-28081}"          # nginx h2c (prior knowledge) listener
PORT_H2TLS="${PORT_H2TLS:-28443}"    # nginx https listener, h2 or http/1.1 by ALPN (self-signed certificate)
PORT_H1TLS="${PORT_H1TLS:-28444}"    # nginx https listener, http/1.1 only
TLS_KEY="${TLS_KEY:-rsa}"            # the self-signed certificate's key: rsa (2048 bits) or ec (P-256)
TLS_CIPHER="${TLS_CIPHER:-TLS_AES_128_GCM_SHA256}"   # the one TLS 1.3 cipher nginx accepts; any: each client's choice
TLS_PROVIDER="${TLS_PROVIDER:-conscrypt}"  # our command's TLS: conscrypt (shipped beside the jar, as users run it) or jdk
JAVA="${JAVA:-java}"
JAVA_OPTS="${JAVA_OPTS:-}"           # e.g. JAVA_OPTS="-Xmx64m -XX:+UseSerialGC"
SKIP_BUILD="${SKIP_BUILD:-0}"        # 1: reuse bench/target/bench.jar
COMMAND_JAR="$ROOT_DIR/samples/target/loadtest.jar"   # the command users run (java -jar), built with the project
LOADTEST_CMD="${LOADTEST_CMD:-}"     # the command to run instead of java -jar COMMAND_JAR, e.g. a distribution's bin/loadtest
GENERATOR="${GENERATOR:-launcher}"   # run.sh: ours as launcher (the distribution's bin/loadtest), jar (java -jar) or bench (bench.jar)
GEN_WARMUP="${GEN_WARMUP:-0}"        # >0: --warm-up-time for every generator, and CPU measured after it (steady state)
SYSCALLS="${SYSCALLS:-0}"            # 1: count each generator's system calls with perf (raw_syscalls:sys_enter)
NGINX_DIR=""
NGINX_PID=""
TEMP_DIRS=()   # removed on exit (temp_dir)

log() { printf '[bench %s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

# ---- tools -------------------------------------------------------------------------------------

ensure_tools() {
    if [[ "$SYSCALLS" == 1 ]] && ! perf stat -e raw_syscalls:sys_enter -o /dev/null true >/dev/null 2>&1; then
        die "SYSCALLS=1 needs perf with access to the raw_syscalls:sys_enter tracepoint (linux-perf, root or perf_event_paranoid <= -1)"
    fi
    local missing=()
    command -v nginx >/dev/null 2>&1 || [[ -x /usr/sbin/nginx ]] || missing+=(nginx-light)
    command -v h2load >/dev/null 2>&1 || missing+=(nghttp2-client)
    command -v wrk >/dev/null 2>&1 || missing+=(wrk)
    [[ -x /usr/bin/time ]] || missing+=(time)
    command -v openssl >/dev/null 2>&1 || missing+=(openssl)
    command -v jq >/dev/null 2>&1 || missing+=(jq)
    command -v mvn >/dev/null 2>&1 || missing+=(maven)
    command -v pgrep >/dev/null 2>&1 || missing+=(procps)
    command -v "$JAVA" >/dev/null 2>&1 || missing+=(openjdk-17-jdk-headless)
    install_packages "${missing[@]}"
    export PATH="$PATH:/usr/sbin"
}

# install_packages PACKAGE...: installs Debian's packages (none given: nothing, not even apt-get update)
install_packages() {
    (($#)) || return 0
    log "installing from Debian's packages: $*"
    local sudo=""
    [[ $(id -u) -eq 0 ]] || sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "$@" >/dev/null
}

raise_fd_limit() {
    local want="${1:-65536}"
    ulimit -n "$want" 2>/dev/null || true
    local have
    have=$(ulimit -n)
    if [[ "$have" != unlimited && "$have" -lt 4096 ]]; then
        die "the open-files limit (ulimit -n) is $have; the benchmark needs >= 4096 (raise it, e.g. ulimit -n 65536)"
    fi
}

# ---- nginx -------------------------------------------------------------------------------------

port_free() { ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

# A self-signed certificate for 127.0.0.1 in DIR (cert.pem, key.pem), its key as TLS_KEY says: rsa (2048 bits)
# or ec (P-256). Neither generator verifies the chain (h2load never does, ours runs with --insecure), but both
# check the handshake's signature with its key, and the JDK's ECDSA is Java code that starts cold: the key
# type moves our connect times, not the records' cost once connected.
make_certificate() {
    local key_args
    case "$TLS_KEY" in
        rsa) key_args=(-newkey rsa:2048) ;;
        ec) key_args=(-newkey ec -pkeyopt ec_paramgen_curve:prime256v1) ;;
        *) die "TLS_KEY ($TLS_KEY) must be rsa or ec" ;;
    esac
    openssl req -x509 "${key_args[@]}" -nodes -days 2 -subj /CN=127.0.0.1 -addext subjectAltName=IP:127.0.0.1 \
        -keyout "$1/key.pem" -out "$1/cert.pem" >"$1/openssl.log" 2>&1 ||
        { cat "$1/openssl.log" >&2; die "openssl could not make a self-signed certificate"; }
}

start_nginx() {
    local name port
    for name in PORT_H1 PORT_H2 PORT_H2TLS PORT_H1TLS; do
        port="${!name}"
        port_free "$port" || die "port $port is in use: set $name to a free port"
    done
    NGINX_DIR="$(mktemp -d /tmp/loadtest-bench-nginx.XXXXXX)"
    chmod 755 "$NGINX_DIR"
    make_certificate "$NGINX_DIR"
    # left to themselves h2load takes AES-128-GCM and the JDK AES-256-GCM (more rounds a byte): one cipher for both
    local cipher_line="ssl_conf_command Ciphersuites $TLS_CIPHER;"
    [[ "$TLS_CIPHER" != any ]] || cipher_line="# TLS_CIPHER=any: each client's preferred TLS 1.3 cipher"
    mkdir -p "$NGINX_DIR/html"
    head -c 1024 /dev/zero | tr '\0' 'a' >"$NGINX_DIR/html/1k.bin"
    head -c 102400 /dev/zero | tr '\0' 'b' >"$NGINX_DIR/html/100k.bin"
    chmod -R a+rX "$NGINX_DIR/html"
    cat >"$NGINX_DIR/nginx.conf" <<EOF
worker_processes 1;
daemon off;
master_process on;
pid $NGINX_DIR/nginx.pid;
error_log $NGINX_DIR/error.log warn;
events { worker_connections 16384; }
http {
    access_log off;
    log_format arrival '\$msec';   # footprint.sh: when a request was served, in ms
    client_body_temp_path $NGINX_DIR/body;
    proxy_temp_path $NGINX_DIR/proxy;
    fastcgi_temp_path $NGINX_DIR/fastcgi;
    uwsgi_temp_path $NGINX_DIR/uwsgi;
    scgi_temp_path $NGINX_DIR/scgi;
    keepalive_requests 1000000000;
    keepalive_timeout 300s;
    http2_max_concurrent_streams 128;
    default_type application/octet-stream;
    server {
        listen 127.0.0.1:$PORT_H1;
        root $NGINX_DIR/html;
        location = /hello { default_type text/plain; return 200 "hello\n"; }
        location = /first { access_log $NGINX_DIR/first.log arrival; default_type text/plain; return 200 "first\n"; }
    }
    server {
        listen 127.0.0.1:$PORT_H2 http2;
        root $NGINX_DIR/html;
        location = /hello { default_type text/plain; return 200 "hello\n"; }
    }
    # TLS: nginx 1.22 (Debian 12) takes http2 on the listen line (1.25 moved it to "http2 on;")
    ssl_certificate $NGINX_DIR/cert.pem;
    ssl_certificate_key $NGINX_DIR/key.pem;
    ssl_protocols TLSv1.2 TLSv1.3;
    $cipher_line
    server {
        listen 127.0.0.1:$PORT_H2TLS ssl http2;
        root $NGINX_DIR/html;
        location = /hello { default_type text/plain; return 200 "hello\n"; }
    }
    server {
        listen 127.0.0.1:$PORT_H1TLS ssl;
        root $NGINX_DIR/html;
        location = /hello { default_type text/plain; return 200 "hello\n"; }
    }
}
EOF
    nginx -c "$NGINX_DIR/nginx.conf" -p "$NGINX_DIR" >"$NGINX_DIR/stdout.log" 2>&1 &
    NGINX_PID=$!
    local i
    for i in $(seq 1 50); do
        if ! port_free "$PORT_H1" && ! port_free "$PORT_H2" && ! port_free "$PORT_H2TLS" && ! port_free "$PORT_H1TLS"; then
            log "nginx $(nginx -v 2>&1 | sed 's/.*\///') (pid $NGINX_PID, 1 worker) on 127.0.0.1:$PORT_H1 (http/1.1), :$PORT_H2 (h2c), :$PORT_H2TLS (https, h2 or http/1.1 by ALPN) and :$PORT_H1TLS (https, http/1.1; $TLS_KEY certificate, TLS 1.3 cipher $TLS_CIPHER), files in $NGINX_DIR"
            return 0
        fi
        kill -0 "$NGINX_PID" 2>/dev/null || { cat "$NGINX_DIR/error.log" "$NGINX_DIR/stdout.log" >&2 || true; die "nginx did not start"; }
        sleep 0.1
    done
    die "nginx did not listen within 5 s"
}

stop_nginx() {
    local stopped=""
    if [[ -n "$NGINX_PID" ]] && kill -0 "$NGINX_PID" 2>/dev/null; then
        kill -QUIT "$NGINX_PID" 2>/dev/null || true
        local i
        for i in $(seq 1 50); do kill -0 "$NGINX_PID" 2>/dev/null || break; sleep 0.1; done
        kill -KILL "$NGINX_PID" 2>/dev/null || true
        wait "$NGINX_PID" 2>/dev/null || true
        stopped=1
    fi
    NGINX_PID=""
    if [[ -n "$NGINX_DIR" && -d "$NGINX_DIR" ]]; then rm -rf "$NGINX_DIR"; fi
    NGINX_DIR=""
    [[ -z "$stopped" ]] || log "nginx stopped"
}

on_exit() {
    local rc=$?
    trap '' PIPE   # output piped into head: clean up all the same
    stop_nginx
    local dir
    for dir in "${TEMP_DIRS[@]}"; do rm -rf "$dir"; done
    exit "$rc"
}

# temp_dir VAR NAME: sets VAR to a new folder /tmp/loadtest-bench-NAME.XXXXXX, removed when the script exits
# (also on Ctrl-C); called, not in $(...), so that the exit trap knows the folder
temp_dir() {
    local dir
    dir="$(mktemp -d "/tmp/loadtest-bench-$2.XXXXXX")"
    TEMP_DIRS+=("$dir")
    printf -v "$1" '%s' "$dir"
}

# ---- build -------------------------------------------------------------------------------------

build() {
    if [[ "$SKIP_BUILD" == 1 && -f "$BENCH_JAR" ]]; then
        log "SKIP_BUILD=1: using $BENCH_JAR"
        return 0
    fi
    log "building the project (mvn -q -B install -DskipTests)"
    if ! (cd "$ROOT_DIR" && mvn -q -B install -DskipTests); then
        # the bench needs only the API and the engine: do not let a broken sample stop it
        log "the full build failed; building only loadtest-api and loadtest-core"
        (cd "$ROOT_DIR" && mvn -q -B install -DskipTests -pl loadtest-core -am) || die "build failed"
    fi
    log "building the bench module (mvn -f bench/pom.xml package)"
    (cd "$ROOT_DIR" && mvn -q -B -f bench/pom.xml package) || die "bench build failed"
    [[ -f "$BENCH_JAR" ]] || die "$BENCH_JAR was not built"
}

# ---- measured runs -----------------------------------------------------------------------------
#
# measure TOOL OUTFILE -- COMMAND...
#   runs COMMAND under /usr/bin/time, its output in OUTFILE, and sets the globals
#   M_RPS M_DONE M_FAILED M_USER M_SYS M_WALL M_RSS_KB M_CPU_RUN_MS (ours only, else empty) M_RC
#   M_PROTOCOL (spoken: h2, h2c, http/1.1; from h2load's "Application protocol:" or our report)
#   With CPU_SAMPLE_AT="S1 S2 ..." (seconds after the command started; default GEN_WARMUP when it is set):
#   M_CPU_SAMPLES (user+sys CPU seconds of the process at each) and M_CPU_SAMPLE_TIMES (when each was taken,
#   seconds after the start); M_CPU_AT_WARM is the first sample. With THREAD_CPU=1 also M_THREAD_SAMPLES: at each
#   sample, the process's CPU seconds by kind of thread (thread_cpu_s), "jit=1.20 io=0.80 ...".

# Every script's start: tools, fd limit, clean-up on exit, the build, nginx, the results folder.
# The traps are set here, in the script's own shell, since prepare is called, not run in a subshell.
prepare() {
    [[ "$TLS_KEY" == rsa || "$TLS_KEY" == ec ]] || die "TLS_KEY ($TLS_KEY) must be rsa or ec"   # before the build
    ensure_tools
    raise_fd_limit
    trap on_exit EXIT
    trap 'exit 130' INT TERM
    build
    start_nginx
    mkdir -p "$RESULTS_DIR"
}

measure() {
    local tool="$1" out="$2"
    shift 3
    local tf="$out.time"
    M_RC=0
    M_SYSCALLS=""
    local wrap=()
    if [[ "$SYSCALLS" == 1 ]]; then
        wrap=(perf stat -x, -e raw_syscalls:sys_enter -o "$out.perf" --)
    fi
    local at=() t0 t
    if [[ -n "${CPU_SAMPLE_AT:-}" ]]; then
        read -ra at <<<"$CPU_SAMPLE_AT"
    elif [[ "$GEN_WARMUP" != 0 ]]; then
        at=("$GEN_WARMUP")   # the generator's CPU when its warm-up ends: the steady-state figure excludes it
    fi
    M_CPU_SAMPLES=()
    M_CPU_SAMPLE_TIMES=()
    M_THREAD_SAMPLES=()
    # the server's CPU over the run (its one worker): a server that was busy all the time limited the run, not the tool
    local server server_before
    server="$(nginx_worker_pid)"
    server_before="$(process_cpu_s "$server")"
    t0=$(date +%s.%N)
    /usr/bin/time -f '%e %U %S %M' -o "$tf" "${wrap[@]}" "$@" >"$out" 2>&1 &
    local tpid=$!
    for t in "${at[@]}"; do
        sleep "$(awk -v t="$t" -v t0="$t0" -v now="$(date +%s.%N)" 'BEGIN { d = t0 + t - now; printf "%.3f", (d > 0 ? d : 0) }')"
        local leaf
        leaf="$(leaf_pid "$tpid")"
        M_CPU_SAMPLES+=("$(process_cpu_s "$leaf")")
        M_CPU_SAMPLE_TIMES+=("$(awk -v t0="$t0" -v now="$(date +%s.%N)" 'BEGIN { printf "%.3f", now - t0 }')")
        [[ "${THREAD_CPU:-0}" != 1 ]] || M_THREAD_SAMPLES+=("$(thread_cpu_s "$leaf")")
    done
    M_CPU_AT_WARM="${M_CPU_SAMPLES[0]:-}"
    wait "$tpid" || M_RC=$?
    M_SERVER_CPU=$(awk -v a="$server_before" -v b="$(process_cpu_s "$server")" \
        'BEGIN { if (a != "" && b != "") printf "%.2f", b - a }')
    if [[ "$SYSCALLS" == 1 ]]; then
        M_SYSCALLS=$(awk -F, '/raw_syscalls:sys_enter/ { print $1 }' "$out.perf" 2>/dev/null)
    fi
    read -r M_WALL M_USER M_SYS M_RSS_KB < <(tail -n 1 "$tf")
    M_RPS=$(sed -n 's/^finished in [^,]*, \([0-9.]*\) req\/s.*/\1/p' "$out" | tail -n 1)
    M_DONE=$(sed -n 's/^requests: .* \([0-9]*\) done, .*/\1/p' "$out" | tail -n 1)
    M_FAILED=$(sed -n 's/^requests: .* \([0-9]*\) failed, .*/\1/p' "$out" | tail -n 1)
    # ours: "protocol: h2, 100 clients, ..." (the command's report) or bench.protocol=h2 (the Generator)
    M_PROTOCOL=$(sed -n -e 's/^Application protocol: *//p' -e 's/^protocol: \([^,]*\),.*/\1/p' \
        -e 's/^bench.protocol=//p' "$out" | tail -n 1)
    M_CPU_RUN_MS=""
    if [[ "$tool" == ours ]]; then
        M_CPU_RUN_MS=$(sed -n 's/^bench.cpu_run_ms=//p' "$out")
    fi
    : "${M_RPS:=0}" "${M_DONE:=0}" "${M_FAILED:=0}"
    # wrk and wrk2 print their own summary: their callers read it
    if [[ "$M_RC" != 0 || ( "$M_DONE" == 0 && "$tool" != wrk* ) ]]; then
        log "WARNING: $tool exited with $M_RC and $M_DONE requests done; its output:"
        tail -n 20 "$out" >&2
    fi
}

# the innermost descendant of a process (time -> perf -> generator)
leaf_pid() {
    local pid="$1" child
    while child=$(pgrep -P "$pid" | head -n 1) && [[ -n "$child" ]]; do pid="$child"; done
    echo "$pid"
}

# nginx_worker_pid -> the pid of the worker of the nginx start_nginx started; empty when there is none
nginx_worker_pid() {
    [[ -n "${NGINX_PID:-}" ]] || return 0
    pgrep -P "$NGINX_PID" -f 'nginx: worker' | head -n 1
}

# user+sys CPU seconds a live process has used so far (/proc/<pid>/stat utime + stime); empty for no process
process_cpu_s() {
    local stat
    stat=$(cat "/proc/$1/stat" 2>/dev/null) || { echo ""; return; }
    echo "${stat##*) }" | awk -v hz="$(getconf CLK_TCK)" '{ printf "%.2f", ($12 + $13) / hz }'
}

# THREAD_KIND_AWK: an awk function for awk programs to begin with, thread_kind(NAME) -> the kind of a thread by its
# name (at most its first 15 characters, as /proc and perf give it): jit (the JIT compilers), io (HttpCore's I/O
# threads, requester-dispatch-N), scheduler and timer (ours), gc (the GC's, with the VM thread's safepoints) or other
THREAD_KIND_AWK='
    function thread_kind(t) {
        if (t ~ /^C[12] CompilerThre/) return "jit"
        if (t ~ /^requester-disp/) return "io"
        if (t ~ /^loadtest-schedu/) return "scheduler"
        if (t ~ /^loadtest-timer/) return "timer"
        if (t ~ /^(GC Thread|G1 |VM Thread)/) return "gc"
        return "other"
    }'

# thread_cpu_s PID: user+sys CPU seconds of a live process by kind of thread, from /proc/<pid>/task/*/stat, as
# "jit=S io=S scheduler=S timer=S gc=S other=S": the JIT compilers, HttpCore's I/O threads (requester-dispatch-N),
# our scheduler and timer threads, the GC's (with the VM thread's safepoints), and the rest (a thread's name is its
# first 15 characters there; THREAD_KIND_AWK); one awk over every thread's stat, so that sampling takes milliseconds
thread_cpu_s() {
    awk -v hz="$(getconf CLK_TCK)" "$THREAD_KIND_AWK"'
        BEGIN { split("jit io scheduler timer gc other", kinds, " ") }
        {
            lp = index($0, "("); rp = match($0, /\) [A-Z] /)
            name = substr($0, lp + 1, rp - lp - 1)
            split(substr($0, rp + 2), f, " ")   # f[1] is the state: utime and stime are f[12] and f[13]
            k = thread_kind(name)
            s[k] += (f[12] + f[13]) / hz
        }
        END { for (i = 1; i <= 6; i++) printf "%s%s=%.2f", (i > 1 ? " " : ""), kinds[i], s[kinds[i]] + 0; print "" }
    ' /proc/"$1"/task/*/stat 2>/dev/null
}

# CPU-µs per request: cpu_us_per_req USER_S SYS_S DONE
cpu_us_per_req() {
    awk -v u="$1" -v s="$2" -v n="$3" 'BEGIN { if (n > 0) printf "%.2f", (u + s) * 1e6 / n; else print "nan" }'
}

# csv_column CSV NAME [FIELD=VALUE...]: the column NAME (by the header) of the rows whose FIELDs have those values,
# one a line
csv_column() {
    local csv="$1" name="$2"
    shift 2
    awk -F, -v c="$name" -v filters="$*" '
        NR == 1 { for (i = 1; i <= NF; i++) at[$i] = i; n = split(filters, f, " "); next }
        { for (k = 1; k <= n; k++) { split(f[k], kv, "="); if ($(at[kv[1]]) != kv[2]) next } print $(at[c]) }' "$csv"
}

# median of the numbers on stdin; blank lines (a figure a run did not give) are skipped, none at all is nan
median() {
    sort -g | awk 'NF { a[++n] = $1 } END { if (n == 0) { print "nan"; exit }
        if (n % 2) printf "%s", a[(n + 1) / 2]; else printf "%.2f", (a[n / 2] + a[n / 2 + 1]) / 2 }'
}

# case_target PROTOCOL PATH -> sets URL, FLAGS (--h1 or none) and TLS (1 or 0)
case_target() {
    FLAGS=()
    TLS=0
    case "$1" in
        h2c) URL="http://127.0.0.1:$PORT_H2$2" ;;
        h1) URL="http://127.0.0.1:$PORT_H1$2"; FLAGS=(--h1) ;;
        h2tls) URL="https://127.0.0.1:$PORT_H2TLS$2"; TLS=1 ;;
        h1tls) URL="https://127.0.0.1:$PORT_H1TLS$2"; FLAGS=(--h1); TLS=1 ;;
        *) die "case protocol '$1' is not one of h2c, h1, h2tls, h1tls" ;;
    esac
}

# OURS: the command that runs our generator (java, JAVA_OPTS, the bench jar, the main class)
ours_command() {
    local extra=()
    read -ra extra <<<"$JAVA_OPTS"
    OURS=("$JAVA" "${extra[@]}" -cp "$BENCH_JAR" dev.loadtest.bench.Generator)
}
ours_command

# OURS for run.sh's cases, as GENERATOR says (after the build: the launcher comes from its archive):
#   launcher  the command as people install it: samples/target/loadtest-VERSION.tar.gz unpacked into a temporary
#             folder, bin/loadtest with its JVM defaults (JAVA_OPTS after them) and its class-data sharing
#             archive, in a cache folder of this script's own: the first run of ours makes it (the warm-up's),
#             the measured runs use it, as a user's runs after the first do; LAUNCHER is that bin/loadtest's path
#   jar       java $JAVA_OPTS -jar samples/target/loadtest.jar, the JVM's own defaults (or LOADTEST_CMD)
#   bench     bench.jar's Generator: no picocli, no report, and it prints the CPU of its run() alone (in-run)
generator_command() {
    case "$GENERATOR" in
        bench) ours_command ;;
        jar) loadtest_command; OURS=("${LOADTEST[@]}") ;;
        launcher)
            local archive dist cache found
            archive=$(find "$ROOT_DIR/samples/target" -maxdepth 1 -name 'loadtest-*.tar.gz' | head -n 1)
            [[ -n "$archive" ]] || die "no samples/target/loadtest-VERSION.tar.gz (the samples module's package makes it), or run with GENERATOR=bench"
            temp_dir dist launcher
            temp_dir cache launcher-cache
            tar -xzf "$archive" -C "$dist" || die "could not unpack $archive"
            found=("$dist"/loadtest-*/bin/loadtest)
            LAUNCHER="${found[0]}"
            [[ -x "$LAUNCHER" ]] || die "$archive holds no bin/loadtest"
            OURS=(env "JAVA_OPTS=$JAVA_OPTS" "XDG_CACHE_HOME=$cache" "$LAUNCHER") ;;
        *) die "GENERATOR ($GENERATOR) must be launcher, jar or bench" ;;
    esac
}

# launcher_first_runs URL: a user's first runs of OURS (the launcher, from generator_command) against URL, not
# measured: the first makes the launcher's class-data archive, which the measured runs then use; on Java 17 and 18 it
# writes it aside and the second checks it (one more java) and puts it in place. Stops the script if ours fails.
launcher_first_runs() {
    local work first
    temp_dir work first-runs
    for first in 1 2; do
        "${OURS[@]}" --h1 -R 100 -c 1 -D 1 "$1" >"$work/first-run.out" 2>&1 || die "ours failed: $(tail -n 5 "$work/first-run.out")"
    done
}

# launcher_tls_provider: TLS_PROVIDER=jdk tells the distribution's bin/loadtest (it reads LOADTEST_OPTS) to keep the
# JDK's TLS instead of the Conscrypt beside it in lib/: exports LOADTEST_OPTS with -Dloadtest.tls.provider=jdk added
launcher_tls_provider() {
    # once: run.sh's TLS cases call loadtest_command again after generator_command did
    [[ "$TLS_PROVIDER" == conscrypt || "${LOADTEST_OPTS:-}" == *-Dloadtest.tls.provider=jdk* ]] \
        || export LOADTEST_OPTS="${LOADTEST_OPTS:-} -Dloadtest.tls.provider=jdk"
}

# LOADTEST: the command users run (TLS cases, rate-start.sh, rate-cpu.sh): `java -jar samples/target/loadtest.jar`
# with JAVA and JAVA_OPTS, or LOADTEST_CMD (e.g. "loadtest-0.1.0/bin/loadtest", the distribution's launcher).
# bench.jar's Generator has no flag to trust a self-signed certificate and writes no JSON timeline: these cases
# need the command's --insecure and --json.
loadtest_command() {
    [[ "$TLS_PROVIDER" == conscrypt || "$TLS_PROVIDER" == jdk ]] || die "TLS_PROVIDER ($TLS_PROVIDER) must be conscrypt or jdk"
    if [[ -n "$LOADTEST_CMD" ]]; then
        read -ra LOADTEST <<<"$LOADTEST_CMD"
        command -v "${LOADTEST[0]}" >/dev/null 2>&1 || die "LOADTEST_CMD ($LOADTEST_CMD): ${LOADTEST[0]} is not a command"
        # the distribution's bin/loadtest reads LOADTEST_OPTS; a "java ... -jar" LOADTEST_CMD carries the property itself
        launcher_tls_provider
        return 0
    fi
    [[ -f "$COMMAND_JAR" ]] || die "$COMMAND_JAR was not built (the project's build makes it: run without SKIP_BUILD=1)"
    local extra=()
    read -ra extra <<<"$JAVA_OPTS"
    # Conscrypt's jar lies beside loadtest.jar (samples/target/), named by its manifest: the command's TLS unless told
    [[ "$TLS_PROVIDER" == conscrypt ]] || extra+=(-Dloadtest.tls.provider=jdk)
    LOADTEST=("$JAVA" "${extra[@]}" -jar "$COMMAND_JAR")
}
