#!/bin/bash
# Builds the host runtime's GPU smoke test into OUT for the GPU bundle (test/gpu/make_bundle.py, `make
# gpu-bundle`): kernels.ptx assembled by ptxas (kept as PTX too, for the driver-JIT case) and runtime-smoke.cpp
# linked against LIBDIR/libomptarget.so. The program finds libomptarget.so in the bundle's lib/ (rpath
# $ORIGIN/../lib). bundle-tests.json says how the bundle's runner runs it.
# Usage: build.sh LIBDIR OUT   (environment: PTXAS, CXX, CXXFLAGS)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$here/../../..
lib=$1 out=$2
mkdir -p "$out"
# kernels.ptx is written for sm_90 (.target sm_90), whatever the bundle's default architecture.
"${PTXAS:-/usr/local/cuda/bin/ptxas}" -arch=sm_90 "$here/kernels.ptx" -o "$out/kernels.cubin"
cp "$here/kernels.ptx" "$out/kernels.ptx"
# omptarget.h includes the ABI header that the runtimes share (abi/).
"${CXX:-clang++}" -std=c++17 -O2 ${CXXFLAGS:-} -I"$root/libomptarget/include" -I"$root/abi" \
  "$here/runtime-smoke.cpp" -L"$lib" -lomptarget -Wl,-rpath,'$ORIGIN/../lib' -ldl -o "$out/runtime-smoke"
