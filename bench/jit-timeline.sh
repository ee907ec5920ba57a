#!/usr/bin/env bash
# jit-timeline.sh: one run of the command, second by second: req/s, the CPU of the C1 and C2 compiler threads and of
# the I/O threads, the I/O threads' CPU per response, and what C2 compiled and deoptimised in that second.
#
#   bench/jit-timeline.sh LAUNCHER ARGS...     e.g. bench/jit-timeline.sh /opt/loadtest/bin/loadtest -D 8 -c 100 -m 10 URL
#
# LAUNCHER is the distribution's bin/loadtest (it reads LOADTEST_OPTS, to which the compilation log is added). What
# it tells apart: a second of fewer req/s whose I/O CPU per response is as low as its neighbours' lost CPU to another
# thread (C2, or the server beside us), one whose I/O CPU per response rose ran slower code (a deoptimisation, code
# not compiled yet). The threads are sampled every 0.1 s from /proc, so a second's figures are within ~0.1 s. Builds
# nothing and starts no server. bench/README.md, "What the JIT compiles", has what it showed.
set -euo pipefail
[[ $# -ge 2 ]] || { echo "usage: $0 LAUNCHER ARGS..." >&2; exit 2; }
here=$(cd "$(dirname "$0")" && pwd)
out=$(mktemp -d /tmp/jit-timeline.XXXXXX)
hz=$(getconf CLK_TCK)

LOADTEST_OPTS="${LOADTEST_OPTS:-} -XX:+UnlockDiagnosticVMOptions -XX:+LogCompilation -XX:LogFile=$out/compile.log" \
    "$@" >"$out/stdout" 2>"$out/progress" &
launcher=$!
java_pid=""
: >"$out/samples"
while kill -0 "$launcher" 2>/dev/null; do
    [[ -n "$java_pid" ]] || java_pid=$(pgrep -P "$launcher" java || { [[ "$(cat /proc/$launcher/comm 2>/dev/null)" == java ]] && echo "$launcher"; } || true)
    if [[ -n "$java_pid" && -r /proc/$java_pid/stat ]]; then
        # seconds since the JVM started, then user+sys CPU seconds by kind of thread
        awk -v up="$(cut -d' ' -f1 /proc/uptime)" -v hz="$hz" -v started="$(awk '{ print $22 }' "/proc/$java_pid/stat")" '
            { lp = index($0, "("); rp = match($0, /\) [A-Z] /); name = substr($0, lp + 1, rp - lp - 1)
              split(substr($0, rp + 2), f, " ")
              kind = name ~ /^C2 / ? "c2" : name ~ /^C1 / ? "c1" : name ~ /^requester-disp/ ? "io" : "other"
              cpu[kind] += (f[12] + f[13]) / hz }
            END { printf "%.2f c1=%.2f c2=%.2f io=%.2f other=%.2f\n", up - started / hz, cpu["c1"], cpu["c2"], cpu["io"], cpu["other"] }
        ' /proc/"$java_pid"/task/*/stat 2>/dev/null >>"$out/samples" || true
        # the first progress line, at 1 s of the run's clock, ties the run's seconds to the JVM's
        if [[ ! -s "$out/first" ]] && grep -q '^\[ *1\.0s\]' "$out/progress" 2>/dev/null; then
            tail -n 1 "$out/samples" | cut -d' ' -f1 >"$out/first"
        fi
    fi
    sleep 0.1
done
wait "$launcher" || { cat "$out/progress" >&2; echo "the run failed; files in $out" >&2; exit 1; }

python3 - "$out" "$here/compile-log.py" <<'EOF'
import importlib.util, re, sys
out, tool = sys.argv[1], sys.argv[2]
spec = importlib.util.spec_from_file_location("compile_log", tool)
log = importlib.util.module_from_spec(spec)
spec.loader.exec_module(log)
tasks, _, invalidated = log.read(out + "/compile.log")
samples = []
for line in open(out + "/samples"):
    fields = line.split()
    samples.append((float(fields[0]), {k: float(v) for k, v in (f.split("=") for f in fields[1:])}))
first = open(out + "/first").read().strip() if open(out + "/progress").read() else ""
clock = float(first) - 1.0 if first else 0.0   # the JVM's second at which the run's clock started
progress = {round(float(t)): float(r) for t, r in re.findall(r"\[\s*([\d.]+)s\]\s+([\d.]+) req/s", open(out + "/progress").read())}

def cpu(at, kind):
    seen = [s[kind] for t, s in samples if t <= at]
    return max(seen) if seen else 0.0

print(f"the run's clock started {clock:.2f} s after the JVM; files in {out}")
print("second   req/s    C1    C2   I/O  I/O us/resp  C2 KB  C2 made not entrant")
for second in range(-1, max(progress, default=0)):
    a, b = clock + second, clock + second + 1
    io = cpu(b, "io") - cpu(a, "io")
    rps = progress.get(second + 1, 0.0)
    c2 = [t for t in tasks.values() if t["c2"] and a <= t["start"] < b]
    gone = sum(1 for stamp, _ in invalidated if a <= stamp < b)
    per = f"{1e6 * io / rps:8.1f}" if rps else "       -"
    print(f"{second:3d}-{second + 1:<3d} {rps:7.0f} {cpu(b, 'c1') - cpu(a, 'c1'):5.2f} {cpu(b, 'c2') - cpu(a, 'c2'):5.2f} "
          f"{io:5.2f} {per}    {sum(t['bytes'] + t['inlined'] for t in c2) / 1024:5.1f} {gone:5d}")
EOF
