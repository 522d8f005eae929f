// shared-locals-heap.c again with LLVM's SPMDization off, so that its kernel
// stays in generic mode: the main thread allocates the locals and the worker
// warps use them.
// RUN: %clang -O2 %offload -mllvm -openmp-opt-disable-spmdization %s -o %t && %run %t | FileCheck %S/shared-locals-heap.c
#include "shared-locals-heap.c"
