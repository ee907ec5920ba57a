#!/bin/bash
# usage: measure.sh CASE PAIRS ARGS...   alternates base (main 36e442d) and after (connwin), writes CSV rows
set -u
CASE=$1; PAIRS=$2; shift 2
P=$(cat /tmp/connwin/port); U=http://127.0.0.1:$P/${URLPATH:-hello}
OUT=/tmp/connwin/runs; mkdir -p $OUT
for rep in $(seq 1 $PAIRS); do
  for who in base after; do
    L=$(cut -d' ' -f1 /proc/loadavg)
    f=$OUT/$CASE-$who-$rep.txt
    /usr/bin/time -f 'cpu %U %S wall %e' java -Xmx256m -jar /tmp/connwin/$who/loadtest.jar --h1 -t 1 -m 1 "$@" $U > $f 2>&1
    rc=$?
    read cmin cmax cmean < <(grep 'time for connect' $f | awk '{print $4, $5, $6}')
    done_=$(grep -E '^requests:' $f | awk '{print $6}')
    conns=$(grep -o '[0-9]* connections opened' $f | awk '{print $1}')
    first=$(grep -E '^\[ +1\.0s\]' $f | awk '{print $5}')
    read u s w < <(grep '^cpu' $f | awk '{print $2, $3, $5}')
    verdict=$(grep '^verdict' $f | cut -d' ' -f2-)
    errs=$(grep -E '^requests:' $f | grep -o '[0-9]* errored' | awk '{print $1}')
    echo "$CASE,$who,$rep,$L,$rc,$cmin,$cmean,$cmax,$conns,$done_,$errs,$first,$u,$s,$w,$verdict"
  done
done
