// The thread state across calls the optimizer does not inline: regions call
// noinline declare-target functions that query the state, fork a nested
// region, set an ICV or pass a barrier, and the region's own code queries the
// state before and after. The link step keeps a kernel's copy of the state in
// a register and must write it back before such calls and read it after
// (ThreadStatePromotion), in generic and in SPMD kernels.
// RUN: %clang -O2 %offload %s -o %t && %run %t | FileCheck %s
// RUN: %clang -O2 %offload -mllvm -openmp-opt-disable-spmdization %s -o %t.generic && %run %t.generic | FileCheck %s
// CHECK: generic queries across calls: ok
// CHECK: generic nested region in a call: ok
// CHECK: generic ICV set in a call: ok
// CHECK: spmd queries across calls: ok
#include <omp.h>
#include <stdio.h>

enum { Team = 48, N = 1000 };

#pragma omp declare target
__attribute__((noinline)) int whoami(void) {
  return omp_get_thread_num() * 100 + omp_get_level() * 10 + omp_in_parallel();
}

// A nested region is serialized: one thread, one level deeper.
__attribute__((noinline)) int nested_shape(void) {
  int shape = 0;
#pragma omp parallel num_threads(4)
  shape = omp_get_num_threads() * 100 + omp_get_level() * 10 + omp_get_thread_num();
  return shape;
}

__attribute__((noinline)) void fewer_threads(int n) { omp_set_num_threads(n); }

__attribute__((noinline)) void orphaned_barrier(int *flags, int *seen) {
  int me = omp_get_thread_num();
  flags[me] = 1;
#pragma omp barrier
  int all = 0;
  for (int i = 0; i < omp_get_num_threads(); ++i)
    all += flags[i];
  seen[me] = all;
}
#pragma omp end declare target

static int who[Team], again[Team], seen[Team], shape[Team], level[Team],
    max_threads[Team], sizes[2];

int main(void) {
  // One team, as in every generic kernel; the host may give fewer threads.
#pragma omp target thread_limit(64)                                           \
    map(from : who, again, seen, shape, level, max_threads, sizes)
  {
    int flags[Team];
#pragma omp parallel num_threads(Team)
    {
      int me = omp_get_thread_num();
      if (me == 0)
        sizes[0] = omp_get_num_threads();
      who[me] = whoami();
      orphaned_barrier(flags, seen);
      again[me] = omp_get_thread_num() * 100 + omp_get_level() * 10 +
                  omp_in_parallel();
      shape[me] = nested_shape();
      level[me] = omp_get_level() * 10 + omp_get_thread_num() % 10;
      fewer_threads(3 + me % 5);
      max_threads[me] = omp_get_max_threads();
    }
    // The threads' ICVs ended with the region: the next one has the same size.
#pragma omp parallel num_threads(Team)
    if (omp_get_thread_num() == 0)
      sizes[1] = omp_get_num_threads();
  }

  int n = sizes[0];
  int queries = n >= 1 && n <= Team, nesting = 1, icvs = sizes[1] == n;
  for (int i = 0; i < n; ++i) {
    queries &= who[i] == i * 100 + 10 + (n > 1) && again[i] == who[i] &&
               seen[i] == n;
    nesting &= shape[i] == 120 && level[i] == 10 + i % 10;
    icvs &= max_threads[i] == 3 + i % 5;
  }
  printf("generic queries across calls: %s\n", queries ? "ok" : "FAILED");
  printf("generic nested region in a call: %s\n", nesting ? "ok" : "FAILED");
  printf("generic ICV set in a call: %s\n", icvs ? "ok" : "FAILED");

  int out[N], team_size[N];
#pragma omp target teams distribute parallel for map(from : out, team_size)
  for (int i = 0; i < N; ++i) {
    out[i] = whoami() % 100 * 1000 + nested_shape();
    team_size[i] = omp_get_num_threads();
  }
  int spmd = 1;
  for (int i = 0; i < N; ++i)
    spmd &= out[i] == (10 + (team_size[i] > 1)) * 1000 + 120;
  printf("spmd queries across calls: %s\n", spmd ? "ok" : "FAILED");
  return 0;
}
