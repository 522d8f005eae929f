// orphaned-parallel.c again with LLVM's SPMDization off, so that its kernels
// stay in generic mode and the orphaned constructs run on the worker warps.
// RUN: %clang -O2 %offload -mllvm -openmp-opt-disable-spmdization %s -o %t && %run %t | FileCheck %S/orphaned-parallel.c
#include "orphaned-parallel.c"
