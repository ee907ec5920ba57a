#!/usr/bin/env bash
# wrk2 (github.com/giltene/wrk2, Gil Tene's constant-rate wrk), the reference of bench/rate-start.sh and
# bench/rate-cpu.sh: Debian does not package it, so it is built from its public source into a cache
# OUTSIDE this repository (its source is not vendored here). Sourced by those scripts, or run alone:
#
#   WRK2_SRC=~/src/wrk2 bench/wrk2.sh    # build from a checkout (or a bare git mirror of it); prints the binary
#   bench/wrk2.sh                        # no WRK2_SRC: git clone WRK2_REPO into the cache, then build
#
# From a git repository (a checkout or a bare mirror) the commit WRK2_COMMIT is built, by `git archive`, so
# the checkout is never written to; a plain source folder (an unpacked archive) is copied as it is. The build
# (`make`: wrk2's Makefile builds its bundled LuaJIT, then links OpenSSL) needs gcc, make, libssl-dev and
# git from Debian's packages, which are installed when missing. The binary is
# $WRK2_CACHE/<commit or "local">/wrk, reused by the next run.

# shellcheck shell=bash
# log, die, install_packages: from lib.sh, unless the script that sources this one has loaded it already
declare -F install_packages >/dev/null || source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

WRK2_REPO="${WRK2_REPO:-https://github.com/giltene/wrk2.git}"
WRK2_COMMIT="${WRK2_COMMIT:-44a94c17d8e6a0bac8559b53da76848e430cb7a7}"   # master's head (2019-09; nothing newer there)
WRK2_SRC="${WRK2_SRC:-}"
WRK2_CACHE="${WRK2_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/loadtest-bench/wrk2}"
WRK2=""   # the binary, set by ensure_wrk2
WRK2_FROM=""
WRK2_GIT_DIR=""

wrk2_build_tools() {
    local missing=()
    command -v gcc >/dev/null 2>&1 || missing+=(gcc)
    command -v make >/dev/null 2>&1 || missing+=(make)
    command -v git >/dev/null 2>&1 || missing+=(git)
    [[ -f /usr/include/openssl/ssl.h ]] || missing+=(libssl-dev)
    install_packages "${missing[@]}"
}

# wrk2_source: sets WRK2_FROM (the source folder, WRK2_SRC or a clone of WRK2_REPO in the cache) and
# WRK2_GIT_DIR (its git directory; empty for a plain folder), and checks that it holds what is to be built
wrk2_source() {
    WRK2_FROM="$WRK2_SRC"
    if [[ -z "$WRK2_FROM" ]]; then
        WRK2_FROM="$WRK2_CACHE/repo.git"
        if [[ ! -d "$WRK2_FROM" ]]; then
            command -v git >/dev/null 2>&1 || install_packages git
            log "WRK2_SRC is not set: cloning $WRK2_REPO into $WRK2_FROM"
            mkdir -p "$WRK2_CACHE"
            git clone -q --bare "$WRK2_REPO" "$WRK2_FROM" ||
                die "could not clone $WRK2_REPO: set WRK2_SRC to a wrk2 checkout (git clone $WRK2_REPO)"
        fi
    fi
    [[ -d "$WRK2_FROM" ]] ||
        die "WRK2_SRC ($WRK2_FROM) is not a folder: it must be a wrk2 checkout, a bare git mirror of one, or its unpacked source"
    WRK2_GIT_DIR=""
    if command -v git >/dev/null 2>&1; then
        WRK2_GIT_DIR=$(git -C "$WRK2_FROM" rev-parse --absolute-git-dir 2>/dev/null || true)
    fi
    if [[ -n "$WRK2_GIT_DIR" ]]; then
        git --git-dir="$WRK2_GIT_DIR" cat-file -e "$WRK2_COMMIT^{commit}" 2>/dev/null ||
            die "$WRK2_FROM has no commit $WRK2_COMMIT (WRK2_COMMIT): fetch it there, or set WRK2_COMMIT to one it has"
    else
        [[ -f "$WRK2_FROM/Makefile" && -f "$WRK2_FROM/src/wrk.c" ]] ||
            die "WRK2_SRC ($WRK2_FROM) holds no wrk2 source (no Makefile and src/wrk.c)"
    fi
}

# Sets WRK2 to a built wrk2 binary, building it first when the cache has none: $WRK2_CACHE/<commit>/wrk from
# git, $WRK2_CACHE/local/wrk from a plain folder (delete it to rebuild after changing the folder)
ensure_wrk2() {
    if [[ -z "$WRK2_SRC" && -x "$WRK2_CACHE/$WRK2_COMMIT/wrk" ]]; then
        WRK2="$WRK2_CACHE/$WRK2_COMMIT/wrk"   # built before from git: no source needed (nor a network to clone it)
        return 0
    fi
    wrk2_source
    local key=local
    [[ -z "$WRK2_GIT_DIR" ]] || key="$WRK2_COMMIT"
    local dir="$WRK2_CACHE/$key"
    if [[ -x "$dir/wrk" ]]; then
        WRK2="$dir/wrk"
        return 0
    fi
    wrk2_build_tools
    mkdir -p "$WRK2_CACHE"
    local build
    build="$(mktemp -d "$WRK2_CACHE/build.XXXXXX")"
    if [[ -n "$WRK2_GIT_DIR" ]]; then
        git --git-dir="$WRK2_GIT_DIR" archive "$WRK2_COMMIT" | tar -x -C "$build"   # the checkout is not written to
    else
        cp -a "$WRK2_FROM/." "$build/"
    fi
    log "building wrk2 ($key) in $build (make; a minute or two, LuaJIT included)"
    if ! make -C "$build" -j "$(nproc)" >"$build/build.log" 2>&1; then
        tail -n 30 "$build/build.log" >&2
        die "wrk2 did not build; the whole log: $build/build.log"
    fi
    rm -rf "$dir"
    mv "$build" "$dir"
    WRK2="$dir/wrk"
    log "wrk2 built: $WRK2"
}

# ---- reading wrk2's output -------------------------------------------------------------------------

# wrk2_percentile_us FILE PERCENT [N]: the value of the Nth "PERCENT%" row of `wrk2 --latency` output, in µs
# (N 1: the recorded, coordinated-omission corrected latency; 2: with -U, the uncorrected one); nan if absent.
# wrk prints times as 987.00us, 20.98ms, 1.02s, 1.50m.
wrk2_percentile_us() {
    awk -v p="$(printf '%.3f%%' "$2")" -v n="${3:-1}" '
        $1 == p && ++seen == n {
            v = $2
            if (v ~ /us$/) f = 1; else if (v ~ /ms$/) f = 1e3; else if (v ~ /s$/) f = 1e6
            else if (v ~ /m$/) f = 6e7; else f = 3.6e9
            sub(/[a-z]+$/, "", v)
            printf "%.1f", v * f
            found = 1
            exit
        }
        END { if (!found) print "nan" }' "$1"
}

# wrk2_requests FILE: the requests it completed ("  5974 requests in 3.00s, 1.09MB read"), 0 if absent
wrk2_requests() {
    awk '/ requests in / { n = $1 } END { print n + 0 }' "$1"
}

# Run alone: build (or find) wrk2 and print its path.
if [[ "${BASH_SOURCE[0]}" == "$0" ]]; then
    ensure_wrk2
    echo "$WRK2"
fi
