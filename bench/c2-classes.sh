#!/usr/bin/env bash
# Writes the distribution's lib/c2-classes.json (samples/src/dist/lib/): the compiler directives with which
# bin/loadtest runs a closed-model run of medium length (bin/loadtest's header): C2 compiles the methods of the
# classes listed, the request path's, and C1 alone the rest. The list is the classes of the compiled Java methods
# that took at least MIN % of the samples of a run (threads other than the JIT's and the VM's) in a profile of
# each bench case, taken with the JVM's own tiered compilation (`perf record -e cpu-clock` with
# -XX:+DumpPerfMapAtExit). A sample counts for the compiled method it lies in, with what C2 inlined into it: so
# the list holds the classes of the roots of C2's compilations on the request path, whose callees are inlined
# into them as before. Whole classes rather than single methods: a list of the methods alone saved less
# (bench/README.md), and a class's other methods are the likeliest callees C2 did not inline.
#
#   bench/c2-classes.sh            # profile the cases, write samples/src/dist/lib/c2-classes.json
#   MIN=0.1 bench/c2-classes.sh    # a shorter list
#
# Run it again when HttpCore, Conscrypt, the JDK's release or the engine's request path changes: a method of the
# request path missing from the list runs C1's code in a medium run. Builds nothing: package the samples module
# first (mvn -B -q -pl samples -am package -DskipTests). Needs perf (Debian package linux-perf) and nginx.
# bench/README.md, "C2 for the request path's classes alone", has the measurements behind it.

source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

MIN="${MIN:-0.05}"
OUTPUT="${OUTPUT:-$ROOT_DIR/samples/src/dist/lib/c2-classes.json}"

# name  protocol  requests  arguments  path
CASES=(
    "h2c-c100-m10        h2c   300000 -c 100 -m 10 /hello"
    "h2c-c10-m100        h2c   300000 -c 10 -m 100 /hello"
    "h1-c100-m1          h1    400000 -c 100 -m 1 /hello"
    "h1-c100-m10         h1    400000 -c 100 -m 10 /hello"
    "h2tls-c100-m10      h2tls 300000 -c 100 -m 10 /hello"
    "h2tls-c10-m100      h2tls 300000 -c 10 -m 100 /hello"
    "h1tls-c100-m1       h1tls 300000 -c 100 -m 1 /hello"
    "h2c-100KiB-c10-m10  h2c   60000 -c 10 -m 10 /100k.bin"
)

# hot_classes PERF_DATA: the classes of the compiled Java methods with at least MIN % of the samples in threads
# other than the JIT's and the VM's, as directive patterns ("java/lang/String.*"), one a line
hot_classes() {
    perf report -i "$1" --sort comm,sym --stdio 2>/dev/null | grep '\[\.\]' | grep -v -E 'C[12] CompilerThre|VM Thread' |
        awk -v min="$MIN" '{ pct = $1; sub(/%/, "", pct); if (pct + 0 >= min) print }' | sed 's/.*\[\.\] //' | grep '(' |
        awk '{ p = index($0, "("); s = substr($0, 1, p - 1); n = split(s, w, " "); print w[n] }' |
        grep -E '^[A-Za-z_$][A-Za-z0-9_$]*(\.[A-Za-z0-9_$<>]+)+$' |
        awk '{ n = split($0, p, "."); m = p[n]; c = substr($0, 1, length($0) - length(m) - 1); gsub(/\./, "/", c); print c ".*" }'
}

main() {
    command -v perf >/dev/null 2>&1 || die "needs perf (Debian package linux-perf)"
    export PATH="$PATH:/usr/sbin"
    raise_fd_limit
    trap on_exit EXIT
    trap 'exit 130' INT TERM
    GENERATOR=launcher generator_command
    start_nginx
    local work line name proto count path args trust
    temp_dir work c2-methods
    for line in "${CASES[@]}"; do
        read -r name proto count args <<<"$line"
        path="${args##* }"
        args="${args% *}"
        case_target "$proto" "$path"
        trust=()
        [[ "$TLS" == 0 ]] || trust=(--insecure)
        # the JVM's own tiered compilation (no list of ours), so that C2 compiles whatever is hot (LOADTEST_OPTS: the
        # launcher sets JAVA_OPTS itself, lib.sh's generator_command)
        # shellcheck disable=SC2086 # args: the case's flags, split at spaces
        LOADTEST_OPTS="-XX:TieredStopAtLevel=4 -XX:+UnlockDiagnosticVMOptions -XX:+DumpPerfMapAtExit" \
            perf record -q -e cpu-clock -F 999 -o "$work/$name.data" -- "${OURS[@]}" -q -t 1 -n "$count" $args \
            "${FLAGS[@]}" "${trust[@]}" "$URL" >"$work/$name.out" 2>&1 || { cat "$work/$name.out" >&2; die "$name failed"; }
        hot_classes "$work/$name.data" | sort -u >"$work/$name.classes"
        log "$name: $(wc -l <"$work/$name.classes") classes with a method of >= $MIN % of the samples"
    done
    sort -u "$work"/*.classes >"$work/all.classes"
    mkdir -p "$(dirname "$OUTPUT")"
    {
        # HotSpot's directives parser takes block comments, inside the array
        echo "[ /* The classes whose methods C2 compiles in a closed-model run of medium length (bin/loadtest's header);"
        echo "     C1 alone compiles every other. Written by bench/c2-classes.sh (the classes of the request path's compiled"
        echo "     methods with at least $MIN % of a bench case's samples, Java $(java -version 2>&1 | head -n 1 | cut -d '"' -f 2));"
        echo "     bench/README.md, \"C2 for the request path's classes alone\". */"
        printf ' { match: ['
        awk '{ printf "%s\n    \"%s\"", (NR > 1 ? "," : ""), $0 }' "$work/all.classes"
        printf '],\n  c2: { Exclude: false } },\n { match: "*.*", c2: { Exclude: true } }]\n'
    } >"$OUTPUT"
    java -XX:+UnlockDiagnosticVMOptions -XX:CompilerDirectivesFile="$OUTPUT" -version >/dev/null 2>&1 ||
        die "the JVM does not take $OUTPUT"
    log "wrote $OUTPUT: $(wc -l <"$work/all.classes") classes"
}

main "$@"
