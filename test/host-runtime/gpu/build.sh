#!/bin/bash
# Builds runtime-smoke (here) or runs it (on a GPU machine).
#   run.sh build LIBDIR OUTDIR   compile kernels.ptx with ptxas and the test against LIBDIR/libomptarget.so
#   run.sh run OUTDIR            run it: cubin + PTX, PTX only (driver JIT), a kernel fault, launch overhead
set -u
here=$(cd "$(dirname "$0")" && pwd)
case "$1" in
build)
  lib=$2 out=$3
  mkdir -p "$out"
  "${PTXAS:-/usr/local/cuda/bin/ptxas}" -arch=sm_90 "$here/kernels.ptx" -o "$out/kernels.cubin" || exit 1
  cp "$here/kernels.ptx" "$out/kernels.ptx" && cp "$lib/libomptarget.so" "$out/"
  "${CXX:-clang++}" -std=c++17 -O2 -I"$here/../../../libomptarget/include" "$here/runtime-smoke.cpp" \
    -L"$out" -lomptarget -Wl,-rpath,'$ORIGIN' -ldl -o "$out/runtime-smoke" ;;
run)
  out=$2
  cd "$out" || exit 1
  export OMP_TARGET_OFFLOAD=mandatory LIBOMPTARGET_INFO=1
  ./runtime-smoke kernels.cubin kernels.ptx all; a=$?
  ./runtime-smoke kernels.cubin kernels.ptx ptx; b=$?
  ./runtime-smoke kernels.cubin kernels.ptx fault; c=$?
  LIBOMPTARGET_INFO=0 ./runtime-smoke kernels.cubin kernels.ptx perf
  echo "exit codes: all $a, ptx $b, fault $c (expected 0 0 1)"
  [ $a = 0 ] && [ $b = 0 ] && [ $c = 1 ] ;;
esac
