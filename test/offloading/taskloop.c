// taskloop: grainsize and num_tasks (also strict), nogroup with a taskwait,
// reduction, collapse(2), lastprivate and firstprivate, a taskloop whose if
// clause is false, and taskloop simd; in a generic kernel's sequential part,
// in a single region of a generic parallel region, and in a single region of
// an SPMD kernel, where the chunks run on the whole team (on the GPU, more
// than one thread runs them).
// RUN: %clang -O2 %offload %s -o %t && %run %t | FileCheck %s
// CHECK: generic: covered ok, chunks ok, sum 499500, collapse ok, last 999 fp 7
// CHECK: generic single: covered ok, chunks ok, sum 499500, collapse ok, last 999 fp 7
// CHECK: spmd single: covered ok, chunks ok, sum 499500, collapse ok, last 999 fp 7
// GPU: spmd chunk threads > 1: yes
#include <omp.h>
#include <stdio.h>

enum { N = 1000, Rows = 30, Cols = 17, MaxThreads = 128 };

struct Results {
  int covered, chunks, sum, collapse, last, fp;
  int threads[MaxThreads];
};

#pragma omp declare target
static int hits[N], grid[Rows][Cols];

static void spin(int n) {
  volatile int x = 0;
  for (int i = 0; i < n; ++i)
    x += i;
}

/// Chunk starts of the last taskloop: starts[i] is 1 where a chunk begins.
static int starts[N];

/// The number of chunks in starts, and whether every chunk has between
/// Min and Max iterations (the last one at least 1).
static int chunks(int Min, int Max, int *sizes_ok) {
  int count = 0, size = 0;
  *sizes_ok = 1;
  for (int i = 0; i <= N; ++i) {
    if (i == N || starts[i]) {
      if (i > 0 && (size > Max || (size < Min && i != N)))
        *sizes_ok = 0;
      if (i == N)
        break;
      ++count;
      size = 0;
    }
    ++size;
  }
  return count;
}

static void run(struct Results *r) {
  for (int i = 0; i < N; ++i)
    hits[i] = starts[i] = 0;
  // Every iteration exactly once; a chunk's private copy of first marks its
  // first iteration.
  int first = 1;
#pragma omp taskloop grainsize(10) firstprivate(first)
  for (int i = 0; i < N; ++i) {
    hits[i]++;
    starts[i] = first;
    first = 0;
    r->threads[omp_get_thread_num() % MaxThreads] = 1;
    spin(200);
  }
  int ok10, ok7, ok64, ok13;
  int chunks10 = chunks(10, 19, &ok10);
  for (int i = 0; i < N; ++i)
    starts[i] = 0;
#pragma omp taskloop num_tasks(strict : 7) firstprivate(first)
  for (int i = 0; i < N; ++i) {
    hits[i]++;
    starts[i] = first;
    first = 0;
  }
  int chunks7 = chunks(N / 7, N / 7 + 1, &ok7);
  for (int i = 0; i < N; ++i)
    starts[i] = 0;
#pragma omp taskloop grainsize(strict : 64) firstprivate(first)
  for (int i = 0; i < N; ++i) {
    starts[i] = first;
    first = 0;
  }
  int chunks64 = chunks(64, 64, &ok64);
  int covered = 1;
  for (int i = 0; i < N; ++i)
    covered &= hits[i] == 2;
  r->covered = covered;
  // nogroup: the loop's tasks are children, which taskwait waits for.
  int sum = 0;
  for (int i = 0; i < N; ++i)
    starts[i] = 0;
#pragma omp taskloop reduction(+ : sum) num_tasks(13) firstprivate(first)
  for (int i = 0; i < N; ++i) {
    sum += i;
    starts[i] = first;
    first = 0;
  }
  int chunks13 = chunks(N / 13, N / 13 + 1, &ok13);
  r->chunks = chunks10 == N / 10 && ok10 && chunks7 == 7 && ok7 &&
              chunks64 == (N + 63) / 64 && ok64 && chunks13 == 13 && ok13;
  if (!r->chunks)
    printf("chunks: %d %d, %d %d, %d %d, %d %d\n", chunks10, ok10, chunks7,
           ok7, chunks64, ok64, chunks13, ok13);
  r->sum = sum;
#pragma omp taskloop collapse(2) nogroup
  for (int i = 0; i < Rows; ++i)
    for (int j = 0; j < Cols; ++j)
      grid[i][j] = i * Cols + j;
#pragma omp taskwait
  int collapse = 1;
  for (int i = 0; i < Rows; ++i)
    for (int j = 0; j < Cols; ++j)
      collapse &= grid[i][j] == i * Cols + j;
  r->collapse = collapse;
  int last = -1, fp = 7, fp_seen = 1;
#pragma omp taskloop lastprivate(last) firstprivate(fp) grainsize(33)         \
    shared(fp_seen)
  for (int i = 0; i < N; ++i) {
    last = i;
    if (fp != 7 && fp != i - 1)
      fp_seen = 0;
    fp = i;
  }
  r->last = last;
  r->fp = fp_seen ? 7 : -1;
  // if(0): every chunk runs at once, in order, on this thread.
  int order = 0, in_order = 1;
#pragma omp taskloop if (0) grainsize(100) shared(order, in_order)
  for (int i = 0; i < N; i += 100) {
    if (order != i)
      in_order = 0;
    order = i + 100;
  }
  r->collapse &= in_order;
  float f[64];
#pragma omp taskloop simd shared(f)
  for (int i = 0; i < 64; ++i)
    f[i] = i * 0.5f;
  for (int i = 0; i < 64; ++i)
    r->collapse &= f[i] == i * 0.5f;
}
#pragma omp end declare target

static void print(const char *kind, const struct Results *r) {
  printf("%s: covered %s, chunks %s, sum %d, collapse %s, last %d fp %d\n",
         kind, r->covered ? "ok" : "WRONG", r->chunks ? "ok" : "WRONG", r->sum,
         r->collapse ? "ok" : "WRONG", r->last, r->fp);
}

int main(void) {
  static struct Results r, g, s;
#pragma omp target map(tofrom : r)
  run(&r);
  print("generic", &r);
#pragma omp target map(tofrom : g)
  {
#pragma omp parallel num_threads(64)
#pragma omp single
    run(&g);
  }
  print("generic single", &g);
#pragma omp target parallel num_threads(MaxThreads) map(tofrom : s)
#pragma omp single
  run(&s);
  print("spmd single", &s);
  int threads = 0;
  for (int t = 0; t < MaxThreads; ++t)
    threads += s.threads[t];
  if (omp_get_num_devices() > 0)
    printf("spmd chunk threads > 1: %s\n", threads > 1 ? "yes" : "no");
  return 0;
}
