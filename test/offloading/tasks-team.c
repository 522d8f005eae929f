// Tasks that one thread of a team creates (in a single region) run on the
// team's other threads on the GPU, which wait for them at the region's
// barrier: the test records which thread ran each task. With host fallback
// the host runtime decides; every task must still run exactly once.
// RUN: %clang -O2 %offload %s -o %t && %run %t | FileCheck %s
// CHECK: generic: all tasks ran once
// GPU: generic: tasks ran on more than one thread: yes
// CHECK: spmd: all tasks ran once
// GPU: spmd: tasks ran on more than one thread: yes
#include <omp.h>
#include <stdio.h>

enum { Tasks = 512, Work = 2000 };

#pragma omp declare target
static void spin(int n) {
  volatile int x = 0;
  for (int i = 0; i < n; ++i)
    x += i;
}
#pragma omp end declare target

static void report(const char *kind, const int *ran, const int *who) {
  int once = 1, threads = 0, seen[1024] = {0};
  for (int i = 0; i < Tasks; ++i) {
    once &= ran[i] == 1;
    if (who[i] >= 0 && who[i] < 1024 && !seen[who[i]]++)
      ++threads;
  }
  printf("%s: %s\n", kind, once ? "all tasks ran once" : "WRONG");
  if (omp_get_num_devices() > 0)
    printf("%s: tasks ran on more than one thread: %s\n", kind,
           threads > 1 ? "yes" : "no");
}

int main(void) {
  int ran[Tasks] = {0}, who[Tasks];
#pragma omp target map(tofrom : ran, who)
  {
#pragma omp parallel num_threads(64)
#pragma omp single
    for (int i = 0; i < Tasks; ++i) {
#pragma omp task
      {
        spin(Work);
        ran[i] += 1;
        who[i] = omp_get_thread_num();
      }
    }
  }
  report("generic", ran, who);

  int ran2[Tasks] = {0}, who2[Tasks];
#pragma omp target parallel num_threads(128) map(tofrom : ran2, who2)
#pragma omp single
  for (int i = 0; i < Tasks; ++i) {
#pragma omp task
    {
      spin(Work);
      ran2[i] += 1;
      who2[i] = omp_get_thread_num();
    }
  }
  report("spmd", ran2, who2);
  return 0;
}
