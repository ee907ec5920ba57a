#!/usr/bin/env bash
# Issue 16: a templated run's req/s against the static run's, the command against nginx, alternated.
#   bench/templated.sh            # 5 rounds of static then templated, --h1 -c 100 -m 1 -t 1 -D 5 --warm-up-time 1
#   ROUNDS=3 SKIP_BUILD=1 bench/templated.sh
# Prints one line a run (kind, round, req/s, failed, user+sys CPU-s); the goal is templated >= 0.85x static on medians.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
ROUNDS="${ROUNDS:-5}"
prepare
loadtest_command
temp_dir out templated
for i in $(seq 1 "$ROUNDS"); do
    for kind in static templated; do
        id=1
        [[ "$kind" == static ]] || id='{{seq}}'
        measure ours "$out/$kind.$i" x "${LOADTEST[@]}" --h1 -c 100 -m 1 -t 1 -D "$DURATION" --warm-up-time 1 \
            "http://127.0.0.1:$PORT_H1/hello?id=$id"
        echo "$kind $i $M_RPS failed=$M_FAILED cpu=$M_USER+$M_SYS"
    done
done
