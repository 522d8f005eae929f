// taskgroup.c again with LLVM's SPMDization off, so that every kernel is
// generic and its task reductions and taskgroups run on the worker warps:
// the bundle runs it under compute-sanitizer's racecheck, which checks the
// task scheduler's state in shared memory (queue, lock, barrier counts,
// task-reduction slots).
// RUN: %clang -O2 %offload -mllvm -openmp-opt-disable-spmdization %s -o %t && %run %t | FileCheck %S/taskgroup.c
#include "taskgroup.c"
