#!/bin/bash
# Builds the GPU harness of the device runtime for the GPU bundle
# (test/gpu/make_bundle.py, `make gpu-bundle`): the kernels of spmd-kernels.c
# and generic-kernels.c (the latter twice: kept generic, and made SPMD by
# clang's optimizer) linked with the runtime the way the link step does, as
# cubins with a manifest of each kernel's execution mode and parameter types,
# and harness.py, which launches them with CuPy (bundle-tests.json says how
# the bundle's runner runs it).
# Usage: build.sh BUILD_DIR OUT_DIR   (BUILD_DIR holds lib/libompdevice-nvptx.bc
# and the link step's passes, lib/libOMPGPU.so)
# Environment: LLVM_BIN (clang, opt, llc of LLVM 22), PTXAS, ARCH (sm_90).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=$1 out=$2
llvm_bin=${LLVM_BIN:-/usr/lib/llvm-22/bin}
ptxas=${PTXAS:-/usr/local/cuda/bin/ptxas}
arch=${ARCH:-sm_90}
export PATH=$llvm_bin:$PATH
mkdir -p "$out"
link() { # name source [clang flags]
  local name=$1 src=$2; shift 2
  local flags=()
  for f in "$@"; do flags+=(--user-flag="$f"); done
  python3 "$here/../Inputs/device-link.py" --clang "$llvm_bin/clang" --ptxas "$ptxas" \
    --rtl "$build/lib/libompdevice-nvptx.bc" --plugin "$build/lib/libOMPGPU.so" \
    --arch "$arch" --out "$out/$name" \
    ${flags[@]+"${flags[@]}"} "$src"
  python3 - "$out/$name.opt.ll" > "$out/$name.manifest" <<'PY'
import re, sys
ll = open(sys.argv[1]).read()
for m in re.finditer(r'^define [^@]*ptx_kernel void @([\w.$]+)\((.*)$', ll, re.M):
    name, rest, depth, params, cur = m.group(1), m.group(2), 0, [], ''
    for ch in rest:
        if ch == '(':
            depth += 1
        elif ch == ')':
            if depth == 0:
                break
            depth -= 1
        if ch == ',' and depth == 0:
            params.append(cur)
            cur = ''
        else:
            cur += ch
    params.append(cur)
    env = re.search(r'@' + re.escape(name) + r'_kernel_environment = .*?'
                    r'ConfigurationEnvironmentTy \{ i8 \d+, i8 \d+, i8 (\d+), i32 -?\d+, i32 (-?\d+)', ll)
    print(name, env.group(1), env.group(2), ' '.join(p.strip().split()[0] for p in params))
PY
}
link spmd "$here/spmd-kernels.c"
link generic "$here/generic-kernels.c" -mllvm -openmp-opt-disable
link spmdized "$here/generic-kernels.c"
cp "$here/harness.py" "$out/"
rm -f "$out"/*.bc "$out"/*.ll "$out"/*.ptx
