#!/bin/bash
# Correctness of the benchmarks without a GPU: builds each benchmark that takes `--small` with our toolchain and
# runs it at that size with OMP_TARGET_OFFLOAD=disabled (the target regions run on the host). Every benchmark
# checks its own results and exits non-zero when they are wrong, so this finds a benchmark, or a compiler
# change, that computes the wrong thing. Prints "N passed, N failed"; exits 1 when one failed.
# usage: benchmarks/check-host.sh   (BUILD names the build folder, as for build.sh; default build)
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
toolchain=$root/${BUILD:-build}
work=$(mktemp -d) && trap 'rm -rf "$work"' EXIT
passed=0 failed=0
for src in "$root"/benchmarks/*/*.c; do
  grep -q -- '--small' "$src" || continue
  name=$(basename "$src" .c)
  flags=$(sed -n 's|^// BENCH-FLAGS: ||p' "$src")
  if "$toolchain/bin/clang" -O2 -fopenmp -fopenmp-targets=nvptx64 $flags "$src" -o "$work/$name" -lm \
     && OMP_TARGET_OFFLOAD=disabled "$work/$name" --small >"$work/$name.out" 2>&1 \
     && grep -q '^RESULT ' "$work/$name.out"; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    echo "FAIL: $name"
    tail -5 "$work/$name.out" 2>/dev/null
  fi
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
