// Nesting queries at every level: omp_get_level, omp_get_active_level,
// omp_in_parallel, omp_get_ancestor_thread_num and omp_get_team_size (inside
// and outside the valid levels), omp_get_thread_num and omp_get_num_threads,
// in the sequential part, in an active region and in two levels of
// serialized regions nested in it, in a generic kernel (including a team
// whose last warp is partial) and in an SPMD kernel. Each thread's answers
// are compared on the host with what OpenMP prescribes for its position.
// The generic kernel stays generic (the queries in its sequential part keep
// LLVM from making it SPMD), so no second build with SPMDization off is
// needed.
// RUN: %clang -O2 %offload %s -o %t && %run %t | FileCheck %s
// CHECK: sequential part: ok
// CHECK: generic nesting, 8 threads: ok
// CHECK: generic nesting, 37 threads: ok
// CHECK: SPMD nesting: ok
#include <omp.h>
#include <stdio.h>

enum { MaxThreads = 64, Levels = 4, Fields = 8 };

#pragma omp declare target
// What one thread sees at its current level L: level, active level,
// in_parallel, thread number, team size, then the ancestor thread number
// and team size at levels L - 1 and L + 1 (invalid: -1).
static void record(int *out) {
  int level = omp_get_level();
  out[0] = level;
  out[1] = omp_get_active_level();
  out[2] = omp_in_parallel();
  out[3] = omp_get_thread_num() * 1000 + omp_get_num_threads();
  out[4] = level > 0 ? omp_get_ancestor_thread_num(level - 1) : -2;
  out[5] = level > 0 ? omp_get_team_size(level - 1) : -2;
  out[6] = omp_get_ancestor_thread_num(level + 1);
  out[7] = omp_get_team_size(level + 1) * 100 +
           omp_get_ancestor_thread_num(-1) + omp_get_team_size(-1);
}

// Level 1: called by each thread of an active team; levels 2 and 3 are
// serialized. Slot k of out holds what the thread saw at level k + 1, and
// the level-1 ancestor as seen from each nested level.
static void nest(int (*out)[Fields], int *ancestors) {
  record(out[0]);
#pragma omp parallel num_threads(4)
  {
    record(out[1]);
    ancestors[0] = omp_get_ancestor_thread_num(1) * 1000 + omp_get_team_size(1);
#pragma omp parallel num_threads(2)
    {
      record(out[2]);
      ancestors[1] =
          omp_get_ancestor_thread_num(1) * 1000 + omp_get_team_size(1);
      ancestors[2] = omp_get_ancestor_thread_num(2) * 1000 +
                     omp_get_team_size(2) + omp_get_ancestor_thread_num(0) +
                     omp_get_team_size(0) * 10;
    }
  }
}
#pragma omp end declare target

static int seen[MaxThreads][Levels][Fields], anc[MaxThreads][3];
static int sizes[1];

// Checks thread t of a team of n at levels 1 to 3.
static int check_thread(int t, int n) {
  int ok = 1;
  for (int l = 1; l <= 3; ++l) {
    const int *got = seen[t][l - 1];
    int want[Fields] = {
        l,
        1,
        1,
        l == 1 ? t * 1000 + n : 1,
        l == 1   ? 0
        : l == 2 ? t
                 : 0,
        l == 1   ? 1
        : l == 2 ? n
                 : 1,
        -1,
        -100 - 1 - 1,
    };
    for (int f = 0; f < Fields; ++f)
      if (got[f] != want[f]) {
        printf("thread %d level %d field %d: %d, expected %d\n", t, l, f,
               got[f], want[f]);
        ok = 0;
      }
  }
  if (anc[t][0] != t * 1000 + n || anc[t][1] != t * 1000 + n ||
      anc[t][2] != 0 * 1000 + 1 + 0 + 10) {
    printf("thread %d ancestors: %d %d %d\n", t, anc[t][0], anc[t][1],
           anc[t][2]);
    ok = 0;
  }
  return ok;
}

static void clear(void) {
  for (int t = 0; t < MaxThreads; ++t)
    for (int l = 0; l < Levels; ++l)
      for (int f = 0; f < Fields; ++f)
        seen[t][l][f] = -9;
}

static void generic(int width) {
  clear();
  int outer[Fields];
#pragma omp target thread_limit(MaxThreads) map(tofrom                         \
                                                : seen, anc, sizes)            \
    map(from                                                                   \
        : outer)
  {
    record(outer);
#pragma omp parallel num_threads(width)
    {
      int t = omp_get_thread_num();
      nest(seen[t], anc[t]);
      if (t == 0)
        sizes[0] = omp_get_num_threads();
    }
  }
  int ok = sizes[0] == width;
  for (int t = 0; t < width; ++t)
    ok &= check_thread(t, width);
  if (width == 8) {
    // Level 0: no ancestors but the initial thread itself.
    int want[Fields] = {0, 0, 0, 0 * 1000 + 1, -2, -2, -1, -100 - 1 - 1};
    int seq_ok = 1;
    for (int f = 0; f < Fields; ++f)
      seq_ok &= outer[f] == want[f];
    printf("sequential part: %s\n", seq_ok ? "ok" : "WRONG");
  }
  printf("generic nesting, %d threads: %s\n", width, ok ? "ok" : "WRONG");
}

// target parallel is an SPMD kernel; the team has as many threads as the
// block (or the host) gives it.
static void spmd(void) {
  clear();
#pragma omp target parallel num_threads(48) map(tofrom : seen, anc, sizes)
  {
    int t = omp_get_thread_num();
    nest(seen[t], anc[t]);
    if (t == 0)
      sizes[0] = omp_get_num_threads();
  }
  int n = sizes[0], ok = n >= 1 && n <= 48;
  for (int t = 0; t < n && ok; ++t)
    ok &= check_thread(t, n);
  printf("SPMD nesting: %s\n", ok ? "ok" : "WRONG");
}

int main(void) {
  generic(8);
  generic(37);
  spmd();
  return 0;
}
