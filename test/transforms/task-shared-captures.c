// The link step's TaskSharedCaptures pass: a task created in a worksharing
// loop reads the loop variable through an address in the creating thread's
// local memory; the pass gives the task its own copy, so that any thread of
// the team may run it (-Rpass=ompgpu says so). A task that writes a local
// variable of its creator keeps its address and runs on the creating thread
// (-Rpass-missed=ompgpu says why). Both compute the right thing.
// RUN: %clang -O2 %offload -Rpass=ompgpu -Rpass-missed=ompgpu %s -o %t 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: %run %t | FileCheck %s
// REMARK-DAG: {{.*}}task-shared-captures.c:[[@LINE+14]]:1: remark: a task created at line [[@LINE+14]] in the target region in 'copies' at line [[@LINE+12]] gets its own copy of 1 local variable it only reads, so that any thread of the team may run it [-Rpass=ompgpu]
// REMARK-DAG: {{.*}}task-shared-captures.c:[[@LINE+29]]:1: remark: a task created at line [[@LINE+29]] in the target region in 'keeps' at line [[@LINE+24]] keeps the address of a local variable that it writes, or that its creator writes or passes on after creating it: the task runs on the thread that creates it [-Rpass-missed=ompgpu]
// CHECK: copies: ok
// CHECK: keeps: 1
#include <stdio.h>

enum { N = 512 };

static int copies(void) {
  int a[N];
  for (int i = 0; i < N; ++i)
    a[i] = -1;
#pragma omp target parallel for map(tofrom : a)
  for (int i = 0; i < N; ++i) {
#pragma omp task
    a[i] = i;
  }
  int ok = 1;
  for (int i = 0; i < N; ++i)
    ok &= a[i] == i;
  return ok;
}

static int keeps(void) {
  int result = -1;
#pragma omp target parallel map(tofrom : result)
  {
    int count = 0;
#pragma omp single
    {
#pragma omp task shared(count)
      count += 1;
#pragma omp taskwait
      result = count;
    }
  }
  return result;
}

int main(void) {
  printf("copies: %s\n", copies() ? "ok" : "WRONG");
  printf("keeps: %d\n", keeps());
  return 0;
}
