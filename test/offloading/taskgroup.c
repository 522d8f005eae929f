// taskgroup waits for its tasks and their descendants (a grandchild that
// its parent does not wait for), nested taskgroups, and task reductions:
// task_reduction on a taskgroup with in_reduction tasks (also nested in
// another participating task), and reduction(task, ...) on parallel and on
// a worksharing loop, whose tasks any thread may run. In generic and SPMD
// kernels.
// RUN: %clang -O2 %offload %s -o %t && %run %t | FileCheck %s
// CHECK: generic: descendants 40, nested ok, task_reduction 5050 2550
// CHECK: spmd: descendants 40, nested ok, task_reduction 5050 2550
// CHECK: parallel reduction(task): ok
// CHECK: for reduction(task): 4950 100
#include <omp.h>
#include <stdio.h>

struct Results {
  int descendants, nested, sum, product_free;
};

#pragma omp declare target
static void spin(int n) {
  volatile int x = 0;
  for (int i = 0; i < n; ++i)
    x += i;
}

static void run(struct Results *r) {
  int done = 0;
#pragma omp taskgroup
  {
    for (int i = 0; i < 8; ++i) {
#pragma omp task shared(done)
      {
        // Children the task does not wait for: the group does.
        for (int j = 0; j < 4; ++j) {
#pragma omp task shared(done)
          {
            spin(500);
#pragma omp atomic
            done++;
          }
        }
#pragma omp atomic
        done++;
      }
    }
  }
  r->descendants = done;
  int inner = 0, outer = 0, order_ok = 1;
#pragma omp taskgroup
  {
#pragma omp task shared(outer)
    {
      spin(2000);
      outer = 1;
    }
#pragma omp taskgroup
    {
#pragma omp task shared(inner)
      {
        spin(500);
        inner = 1;
      }
    }
    // The inner group is complete, the outer task need not be.
    order_ok = inner == 1;
  }
  r->nested = order_ok && outer == 1;
  int sum = 0, evens = 0;
#pragma omp taskgroup task_reduction(+ : sum, evens)
  {
    for (int i = 1; i <= 100; ++i) {
#pragma omp task in_reduction(+ : sum, evens)
      {
        sum += i;
        if (i % 2 == 0) {
          // A task nested in a participating one takes part too.
#pragma omp task in_reduction(+ : evens)
          evens += i;
        }
      }
    }
  }
  r->sum = sum;
  r->product_free = evens;
}
#pragma omp end declare target

static void print(const char *kind, const struct Results *r) {
  printf("%s: descendants %d, nested %s, task_reduction %d %d\n", kind,
         r->descendants, r->nested ? "ok" : "WRONG", r->sum, r->product_free);
}

int main(void) {
  struct Results r = {0};
#pragma omp target map(tofrom : r)
  run(&r);
  print("generic", &r);
  struct Results s = {0};
#pragma omp target parallel num_threads(64) map(tofrom : s)
#pragma omp single
  run(&s);
  print("spmd", &s);

  int p = 0, threads = 0;
#pragma omp target parallel num_threads(64) reduction(task, + : p)            \
    map(tofrom : p, threads)
  {
    int t = omp_get_thread_num();
    if (t == 0)
      threads = omp_get_num_threads();
#pragma omp task in_reduction(+ : p) firstprivate(t)
    p += t + 1;
  }
  printf("parallel reduction(task): %s\n",
         threads > 0 && p == threads * (threads + 1) / 2 ? "ok" : "WRONG");

  int q = 0, n = 0;
#pragma omp target parallel num_threads(32) map(tofrom : q, n)
  {
#pragma omp for reduction(task, + : q)
    for (int i = 0; i < 100; ++i) {
#pragma omp task in_reduction(+ : q)
      q += i;
    }
#pragma omp single
    n = 100;
  }
  printf("for reduction(task): %d %d\n", q, n);
  return 0;
}
