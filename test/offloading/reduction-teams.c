// Teams and parallel reductions across launch geometries: one team, a few,
// and more teams than clang's 1024 records (the host runtime then gives the
// launch a record per team); teams whose size is not a multiple of the warp
// size; a generic teams loop around parallel reductions; array sections; 16
// KiB records for more teams than the runtime affords records (64 MiB), so
// that teams share records through their locks; a user-defined reduction; and
// a kernel launched repeatedly (the runtime's counters must be reset each
// time).
// RUN: %clang -O2 %offload %s -o %t && %run %t | FileCheck %s
// CHECK: teams 1 x 128: ok
// CHECK: teams 7 x 96: ok
// CHECK: teams 3000 x 64: ok
// CHECK: teams 5000 x 100: ok
// CHECK: teams 2 x 1: ok
// CHECK: parallel 40: ok
// CHECK: parallel 7: ok
// CHECK: generic 3000: ok
// CHECK: generic 3 x 33: ok
// CHECK: array section: ok
// CHECK: shared records: ok
// CHECK: declare reduction: ok
// CHECK: repeated: ok
#include <stdio.h>
#include <stdlib.h>

struct minloc {
  double value;
  int index;
};

// The combiner takes pointers: clang-22 -O1 and above miscompiles the final
// combine of a user-defined reduction whose combiner passes the original
// variable by value (the inlined byval copy turns into a local-memory access
// to the mapped variable).
static void minloc_merge(struct minloc *out, const struct minloc *in) {
  if (in->value < out->value ||
      (in->value == out->value && in->index < out->index))
    *out = *in;
}
#pragma omp declare reduction(minloc:struct minloc                            \
                              : minloc_merge(&omp_out, &omp_in))               \
    initializer(omp_priv = {1e300, -1})

static long teams_sum(const int *x, int n, int teams, int threads) {
  long s = 11;
#pragma omp target teams distribute parallel for num_teams(teams)             \
    thread_limit(threads) map(to : x[:n]) reduction(+ : s)
  for (int i = 0; i < n; ++i)
    s += x[i];
  return s;
}

static long host_sum(const int *x, int n) {
  long s = 11;
  for (int i = 0; i < n; ++i)
    s += x[i];
  return s;
}

static void report(const char *what, int ok) {
  printf("%s: %s\n", what, ok ? "ok" : "WRONG");
}

int main(void) {
  const int n = 1 << 20;
  int *x = malloc(n * sizeof(int));
  double *y = malloc(n * sizeof(double));
  for (int i = 0; i < n; ++i) {
    x[i] = (i * 7919) % 1000 - 300;
    y[i] = (double)((i * 104729) % 100003) + 0.5;
  }
  long ref = host_sum(x, n);

  report("teams 1 x 128", teams_sum(x, n, 1, 128) == ref);
  report("teams 7 x 96", teams_sum(x, n, 7, 96) == ref);
  report("teams 3000 x 64", teams_sum(x, n, 3000, 64) == ref);
  report("teams 5000 x 100", teams_sum(x, n, 5000, 100) == ref);
  report("teams 2 x 1", teams_sum(x, 1000, 2, 1) == host_sum(x, 1000));

  for (int threads = 40; threads >= 7; threads -= 33) {
    double s = 0.25, r = 0.25;
    int m = 1 << 30;
    for (int i = 0; i < 4096; ++i)
      r += y[i];
#pragma omp target parallel for num_threads(threads) map(to : x[:4096], y[:4096])\
    reduction(+ : s) reduction(min : m)
    for (int i = 0; i < 4096; ++i) {
      s += y[i];
      m = x[i] < m ? x[i] : m;
    }
    int rm = 1 << 30;
    for (int i = 0; i < 4096; ++i)
      rm = x[i] < rm ? x[i] : rm;
    char name[32];
    snprintf(name, sizeof(name), "parallel %d", threads);
    report(name, s == r && m == rm);
  }

  {
    // Generic kernel: the main thread of each team reduces across teams.
    long s = 0;
#pragma omp target teams distribute num_teams(3000) map(to : x[:n])         \
    reduction(+ : s)
    for (int j = 0; j < 3000; ++j) {
      long t = 0;
#pragma omp parallel for reduction(+ : t)
      for (int i = j; i < n; i += 3000)
        t += x[i];
      s += t;
    }
    report("generic 3000", s == ref - 11);
  }
  {
    long s = 0;
#pragma omp target teams distribute num_teams(3) thread_limit(33)           \
    map(to : x[:n]) reduction(+ : s)
    for (int j = 0; j < 64; ++j) {
#pragma omp parallel for reduction(+ : s)
      for (int i = j; i < n; i += 64)
        s += x[i];
    }
    report("generic 3 x 33", s == ref - 11);
  }
  {
    long hist[10] = {0}, rhist[10] = {0};
    for (int i = 0; i < n; ++i)
      rhist[(x[i] + 300) % 10] += 1;
#pragma omp target teams distribute parallel for map(to : x[:n])            \
    reduction(+ : hist[:10])
    for (int i = 0; i < n; ++i)
      hist[(x[i] + 300) % 10] += 1;
    int ok = 1;
    for (int k = 0; k < 10; ++k)
      ok &= hist[k] == rhist[k];
    report("array section", ok);
  }
  {
    // 5000 records of 16 KiB exceed what the runtime gives one launch.
    enum { Bins = 2048 };
    double *bins = calloc(Bins, sizeof(double));
    long *rbins = calloc(Bins, sizeof(long));
    for (int i = 0; i < n; ++i)
      rbins[(x[i] + 300 + i) % Bins] += 1;
#pragma omp target teams distribute parallel for num_teams(5000)            \
    thread_limit(32) map(to : x[:n]) reduction(+ : bins[:Bins])
    for (int i = 0; i < n; ++i)
      bins[(x[i] + 300 + i) % Bins] += 1;
    int ok = 1;
    for (int k = 0; k < Bins; ++k)
      ok &= bins[k] == rbins[k];
    report("shared records", ok);
    free(bins);
    free(rbins);
  }
  {
    struct minloc best = {1e300, -1}, rbest = {1e300, -1};
    for (int i = 0; i < n; ++i)
      minloc_merge(&rbest, &(struct minloc){y[i], i});
#pragma omp target teams distribute parallel for map(to : y[:n])            \
    reduction(minloc : best)
    for (int i = 0; i < n; ++i)
      minloc_merge(&best, &(struct minloc){y[i], i});
    report("declare reduction",
           best.value == rbest.value && best.index == rbest.index);
  }
  {
    int ok = 1;
    for (int k = 0; k < 20; ++k)
      ok &= teams_sum(x, n / 2 + k, 1500, 128) == host_sum(x, n / 2 + k);
    report("repeated", ok);
  }
  free(x);
  free(y);
  return 0;
}
