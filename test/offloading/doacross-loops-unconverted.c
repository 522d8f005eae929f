// doacross-loops.c again with LLVM's SPMDization off, so that its loops
// inside target teams run in generic kernels, on the worker warps.
// RUN: %clang -O2 %offload -fopenmp-version=52 -Wno-deprecated -mllvm -openmp-opt-disable-spmdization %s -o %t && %run %t | FileCheck %S/doacross-loops.c
#include "doacross-loops.c"
