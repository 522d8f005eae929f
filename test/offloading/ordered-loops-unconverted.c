// ordered-loops.c again with LLVM's SPMDization off, so that its loops
// inside target teams run in generic kernels, on the worker warps.
// RUN: %clang -O2 %offload -mllvm -openmp-opt-disable-spmdization %s -o %t && %run %t | FileCheck %S/ordered-loops.c
#include "ordered-loops.c"
