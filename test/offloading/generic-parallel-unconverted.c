// generic-parallel.c again with LLVM's SPMDization off, so that its kernels
// stay in generic mode and exercise the worker warps' fork-join.
// RUN: %clang -O2 %offload -mllvm -openmp-opt-disable-spmdization %s -o %t && %run %t | FileCheck %S/generic-parallel.c --check-prefixes=CHECK,HOST
#include "generic-parallel.c"
