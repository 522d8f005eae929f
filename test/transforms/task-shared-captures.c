// The link step's TaskSharedCaptures pass: a task created in a worksharing
// loop reads the loop variable through an address in the creating thread's
// local memory; the pass gives the task its own copy, so that any thread of
// the team may run it (-Rpass=ompgpu says so). A task that writes a local
// variable of its creator keeps its address and runs on the creating thread
// (-Rpass-missed=ompgpu says why), and computes the right thing. copies()
// runs only on a GPU: clang-22's host fallback of a combined target parallel
// whose task shares the region's copy of a pointer crashes.
// RUN: %clang -O2 %offload -Rpass=ompgpu -Rpass-missed=ompgpu %s -o %t 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: %run %t | FileCheck %s
// REMARK-DAG: {{.*}}task-shared-captures.c:[[@LINE+11]]:1: remark: a task created at line [[@LINE+11]] in the target region in 'copies' at line [[@LINE+9]] gets its own copy of 1 local variable it only reads, so that any thread of the team may run it [-Rpass=ompgpu]
// REMARK-DAG: {{.*}}task-shared-captures.c:[[@LINE+26]]:1: remark: a task created at line [[@LINE+26]] in the target region in 'keeps' at line [[@LINE+21]] keeps the address of a local variable that it writes, or that its creator writes or passes on after creating it: the task runs on the thread that creates it [-Rpass-missed=ompgpu]
// CHECK: keeps: 1
#include <omp.h>
#include <stdio.h>

enum { N = 512 };

static int copies(int *a, int n) {
#pragma omp target parallel for map(tofrom : a[:n])
  for (int i = 0; i < n; ++i) {
#pragma omp task
    a[i] = i;
  }
  int ok = 1;
  for (int i = 0; i < n; ++i)
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
  static int a[N];
  if (omp_get_num_devices() > 0)
    printf("copies: %s\n", copies(a, N) ? "ok" : "WRONG");
  printf("keeps: %d\n", keeps());
  return 0;
}
