#!/usr/bin/env python3
"""What the JIT compiled in one run, by whose code: reads a HotSpot compilation log and prints, for C1 and C2,
the compilations, bytecode (the method's own and what it inlined), machine code and time of each owner (ours,
HttpCore, the JDK, Conscrypt, HdrHistogram, other), the largest compilations, and C2's deoptimisations.

Make the log with the JVM options (bin/loadtest reads LOADTEST_OPTS):
    -XX:+UnlockDiagnosticVMOptions -XX:+LogCompilation -XX:LogFile=run.log
then:  bench/compile-log.py run.log [top]      (top: how many of the largest compilations to list; default 15)
The last table is C2's work by second of the JVM's life (a compilation counted in the second it started), to set
beside the run's progress lines (req/s each second; the run's clock starts after the JVM's start-up).

The times are the log's stamps (wall clock of each compilation): on a loaded machine a compiler thread waits
for a core and every time stretches, so read them as shares, and the compiler threads' CPU from /proc
(bench/lib.sh's thread_cpu_s) for seconds. The bytes do not depend on the load. bench/README.md, "What the JIT
compiles", has the measurements made with it.
"""
import collections
import html
import re
import sys

OWNERS = ("ours", "httpcore", "jdk", "conscrypt", "hdrhistogram", "other")


def attr(line, key):
    m = re.search(key + r"='([^']*)'", line)
    return html.unescape(m.group(1)) if m else None


def owner(klass):
    if klass.startswith("dev.loadtest"):
        return "ours"
    if klass.startswith("org.apache.hc"):
        return "httpcore"
    if klass.startswith("org.conscrypt"):
        return "conscrypt"
    if klass.startswith("org.HdrHistogram"):
        return "hdrhistogram"
    if klass.startswith(("java.", "javax.", "jdk.", "sun.", "com.sun.")):
        return "jdk"
    return "other"


def read(path):
    """Compilations (id -> dict) and C2's deoptimisations, from the log's <task>, <task_done>, traps and invalidations."""
    tasks, traps, invalidated, task = {}, [], [], None
    for line in open(path, errors="replace"):
        if line.startswith("<task "):
            method = attr(line, "method")
            task = {"id": attr(line, "compile_id"), "method": method, "klass": method.split(" ")[0],
                    "c2": attr(line, "level") not in ("1", "2", "3"), "osr": attr(line, "compile_kind") == "osr",
                    "bytes": int(attr(line, "bytes")), "start": float(attr(line, "stamp"))}
        elif line.startswith("<task_done") and task:
            task.update(inlined=int(attr(line, "inlined_bytes") or 0), code=int(attr(line, "nmsize") or 0),
                        seconds=float(attr(line, "stamp")) - task["start"])
            tasks[task["id"]] = task
            task = None
        elif line.startswith("<uncommon_trap") and attr(line, "reason") and attr(line, "compiler") == "c2":
            traps.append((float(attr(line, "stamp")), attr(line, "compile_id"), attr(line, "reason"), attr(line, "action")))
        elif line.startswith("<make_not_entrant") and attr(line, "compiler") == "c2":
            invalidated.append((float(attr(line, "stamp")), attr(line, "compile_id")))
    return tasks, traps, invalidated


def name(task):
    klass, method = task["klass"], task["method"].split(" ")[1]
    return klass.replace("dev.loadtest.internal.engine.", "").split(".")[-1] + "." + method + (" (OSR)" if task["osr"] else "")


def main():
    path = sys.argv[1]
    top = int(sys.argv[2]) if len(sys.argv) > 2 else 15
    tasks, traps, invalidated = read(path)
    for c2 in (False, True):
        tier = "C2" if c2 else "C1"
        mine = [t for t in tasks.values() if t["c2"] == c2]
        total_bytes = sum(t["bytes"] + t["inlined"] for t in mine) or 1
        total_seconds = sum(t["seconds"] for t in mine) or 1
        print(f"{tier}: {len(mine)} compilations, {total_bytes / 1024:.1f} KB of bytecode with what they inlined, "
              f"{sum(t['code'] for t in mine) / 1024:.0f} KB of code, {total_seconds:.2f} s (log stamps)")
        for who in OWNERS:
            part = [t for t in mine if owner(t["klass"]) == who]
            if part:
                b = sum(t["bytes"] + t["inlined"] for t in part)
                s = sum(t["seconds"] for t in part)
                print(f"  {who:13s} {len(part):5d} compilations {b / 1024:7.1f} KB ({100 * b / total_bytes:3.0f} %) "
                      f"{s:6.2f} s ({100 * s / total_seconds:3.0f} %)")
        print(f"  largest {tier} compilations (bytecode with inlined, code bytes, seconds, owner):")
        for t in sorted(mine, key=lambda t: -(t["bytes"] + t["inlined"]))[:top]:
            print(f"    {t['bytes'] + t['inlined']:6d} {t['code']:7d} {t['seconds']:6.3f}  {owner(t['klass']):12s} {name(t)}")
    print(f"C2 deoptimisations: {len(invalidated)} compilations made not entrant; traps by reason and action: "
          + ", ".join(f"{r}/{a} {n}" for (r, a), n in collections.Counter((r, a) for _, _, r, a in traps).most_common()))
    for stamp, cid in invalidated:
        t = tasks.get(cid)
        if t and owner(t["klass"]) in ("ours", "httpcore"):
            reasons = sorted({r for s, i, r, _ in traps if i == cid})
            print(f"  {stamp:8.3f} s  {owner(t['klass']):9s} {name(t)} (compiled at {t['start']:.3f} s; {', '.join(reasons)})")
    print("C2 by second of the JVM (compilations started, KB of bytecode with inlined, seconds of compiling, "
          "compilations made not entrant):")
    seconds = collections.defaultdict(lambda: [0, 0, 0.0, 0])
    for t in tasks.values():
        if t["c2"]:
            row = seconds[int(t["start"])]
            row[0] += 1
            row[1] += t["bytes"] + t["inlined"]
            row[2] += t["seconds"]
    for stamp, _ in invalidated:
        seconds[int(stamp)][3] += 1
    for second in sorted(seconds):
        n, b, s, gone = seconds[second]
        print(f"  {second:3d}-{second + 1:<3d} {n:4d} {b / 1024:6.1f} KB {s:6.2f} s {gone:3d}")


if __name__ == "__main__":
    main()
