// Thread-specific ICVs: inside a parallel region every thread has its own
// nthreads-var, run-sched-var and max-active-levels-var, inherited from the
// encountering task; omp_set_num_threads, omp_set_schedule and
// omp_set_max_active_levels change only the calling thread's copy, nested
// (serialized) regions inherit it and get their own, and nothing leaks past
// the end of a region. Generic kernels (a target region and a teams
// distribute loop whose main thread sets the team's values) and an SPMD
// kernel whose threads set values in every iteration, each checked against
// values computed on the host. The generic kernels stay generic (ICV
// setters in the sequential part keep LLVM from making them SPMD), so no
// second build with SPMDization off is needed.
// RUN: %clang -O2 %offload %s -o %t && %run %t | FileCheck %s
// CHECK: generic team sizes: 16 15 14
// CHECK: generic thread ICVs: ok
// CHECK: serialized region: 11 14
// CHECK: teams distribute thread ICVs: ok
// CHECK: SPMD thread ICVs: ok
#include <omp.h>
#include <stdio.h>

enum { T = 16, Rounds = 3, Slots = 8 };

#pragma omp declare target
static int sched(omp_sched_t kind, int chunk) { return kind * 1000 + chunk; }

static int query_sched(void) {
  omp_sched_t kind;
  int chunk;
  omp_get_schedule(&kind, &chunk);
  return sched(kind, chunk);
}
#pragma omp end declare target

// A target region whose main thread sets the team's ICVs; the threads of
// each region set their own in a pattern, and a nested region sets again.
static int generic_region(void) {
  int got[Rounds][T][Slots], sizes[Rounds], main_vals[Rounds][3];
  int serial_in = 0, serial_out = 0;
  for (int r = 0; r < Rounds; ++r)
    for (int t = 0; t < T; ++t)
      for (int s = 0; s < Slots; ++s)
        got[r][t][s] = -1;
#pragma omp target thread_limit(64) map(tofrom                                 \
                                        : got, sizes, main_vals)               \
    map(from                                                                   \
        : serial_in, serial_out)
  {
    omp_set_max_active_levels(1);
    omp_set_schedule(omp_sched_guided, 7);
    for (int r = 0; r < Rounds; ++r) {
      omp_set_num_threads(T - r); // sizes the region below
#pragma omp parallel
      {
        int t = omp_get_thread_num();
        int *g = got[r][t];
        g[0] = omp_get_max_threads(); // inherited, also in rounds after the
                                      // first: earlier copies are gone
        if (t % 2)
          omp_set_num_threads(20 + t);
        if (t % 3 == 0)
          omp_set_schedule(omp_sched_dynamic, t + 1);
        if (t % 4 == 1)
          omp_set_max_active_levels(0);
#pragma omp barrier
        g[1] = omp_get_max_threads();
        g[2] = query_sched();
        g[3] = omp_get_max_active_levels();
#pragma omp parallel num_threads(4)
        {
          g[4] = omp_get_max_threads() * 100 + omp_get_num_threads();
          omp_set_num_threads(40 + t % 8);
          omp_set_schedule(omp_sched_static, 3);
          g[5] = omp_get_max_threads();
        }
        g[6] = omp_get_max_threads();
        g[7] = query_sched();
        if (t == 0)
          sizes[r] = omp_get_num_threads();
      }
      main_vals[r][0] = omp_get_max_threads();
      main_vals[r][1] = query_sched();
      main_vals[r][2] = omp_get_max_active_levels();
    }
    // A region the main thread runs alone has its own copy too.
#pragma omp parallel if (0)
    {
      omp_set_num_threads(11);
      serial_in = omp_get_max_threads();
    }
    serial_out = omp_get_max_threads();
  }
  printf("generic team sizes: %d %d %d\n", sizes[0], sizes[1], sizes[2]);
  int ok = 1;
  for (int r = 0; r < Rounds; ++r) {
    int team = T - r, guided = sched(omp_sched_guided, 7);
    if (sizes[r] != team || main_vals[r][0] != team ||
        main_vals[r][1] != guided || main_vals[r][2] != 1)
      ok = 0;
    for (int t = 0; t < team; ++t) {
      int nthreads = t % 2 ? 20 + t : team;
      int want[Slots] = {
          team,
          nthreads,
          t % 3 == 0 ? sched(omp_sched_dynamic, t + 1) : guided,
          t % 4 == 1 ? 0 : 1,
          nthreads * 100 + 1,
          40 + t % 8,
          nthreads,
          t % 3 == 0 ? sched(omp_sched_dynamic, t + 1) : guided,
      };
      for (int s = 0; s < Slots; ++s)
        if (got[r][t][s] != want[s]) {
          printf("round %d thread %d slot %d: %d, expected %d\n", r, t, s,
                 got[r][t][s], want[s]);
          ok = 0;
        }
    }
  }
  printf("generic thread ICVs: %s\n", ok ? "ok" : "WRONG");
  printf("serialized region: %d %d\n", serial_in, serial_out);
  return ok;
}

// Several teams, each with its own table of thread-specific ICVs: the main
// thread of each team sets the team's value per frame, the odd threads their
// own.
static void teams_distribute(void) {
  enum { Frames = 6, Width = 8 };
  int got[Frames][Width][3], sizes[Frames];
  for (int f = 0; f < Frames; ++f)
    for (int t = 0; t < Width; ++t)
      got[f][t][0] = got[f][t][1] = got[f][t][2] = -1;
#pragma omp target teams distribute num_teams(3) thread_limit(32)              \
    map(tofrom                                                                 \
        : got, sizes)
  for (int f = 0; f < Frames; ++f) {
    omp_set_num_threads(Width - f % 3);
#pragma omp parallel
    {
      int t = omp_get_thread_num();
      got[f][t][0] = omp_get_max_threads();
      if (t % 2)
        omp_set_num_threads(10 * (f + 1) % 29 + t);
      got[f][t][1] = omp_get_max_threads();
#pragma omp parallel
      got[f][t][2] = omp_get_max_threads();
      if (t == 0)
        sizes[f] = omp_get_num_threads();
    }
  }
  // Teams that run on the host may get fewer threads than they ask for;
  // every thread that ran must have seen its own values.
  int ok = 1;
  for (int f = 0; f < Frames; ++f) {
    int team = Width - f % 3;
    if (sizes[f] < 1 || sizes[f] > team)
      ok = 0;
    for (int t = 0; t < sizes[f] && t < Width; ++t) {
      int own = t % 2 ? 10 * (f + 1) % 29 + t : team;
      if (got[f][t][0] != team || got[f][t][1] != own || got[f][t][2] != own)
        ok = 0;
    }
  }
  printf("teams distribute thread ICVs: %s\n", ok ? "ok" : "WRONG");
}

// An SPMD kernel: each chunk of the distribute loop is one parallel region.
// The first iteration a thread takes in a region (its copy of seen is still
// 0) sees the value it inherited, never one that an earlier region's thread
// set; every iteration sets its own values, and a nested region's values do
// not leak out. The first values are only compared in active regions: when a
// team runs on one thread of the host, libomp lets a serialized region's
// values leak into the next one.
static void spmd(void) {
  enum { N = 256, Chunk = 8 };
  int first[N], set[N], nested[N], after[N], seen = 0;
#pragma omp target teams distribute parallel for num_teams(4)                  \
    thread_limit(Chunk) dist_schedule(static, Chunk) firstprivate(seen)        \
        map(from                                                               \
            : first, set, nested, after)
  for (int i = 0; i < N; ++i) {
    first[i] = seen || omp_get_num_threads() == 1 ? -1 : omp_get_max_threads();
    seen = 1;
    omp_set_num_threads(i % 5 + 1);
    omp_set_schedule(omp_sched_dynamic, i % 7 + 1);
    omp_set_max_active_levels(i % 2 ? 0 : 1);
    set[i] = omp_get_max_threads() * 100000 + query_sched() * 10 +
             omp_get_max_active_levels();
#pragma omp parallel num_threads(2)
    {
      // Only the value: a region around it that runs on one thread of the
      // host is inactive, so there this one may be active.
      nested[i] = omp_get_max_threads();
      omp_set_num_threads(50);
      omp_set_schedule(omp_sched_static, 2);
    }
    after[i] = omp_get_max_threads() * 100000 + query_sched() * 10 +
               omp_get_max_active_levels();
  }
  int ok = 1, inherited = -1;
  for (int i = 0; i < N; ++i) {
    int want = (i % 5 + 1) * 100000 + sched(omp_sched_dynamic, i % 7 + 1) * 10 +
               (i % 2 ? 0 : 1);
    if (set[i] != want || after[i] != want || nested[i] != i % 5 + 1)
      ok = 0;
    if (first[i] < 0)
      continue;
    if (inherited < 0)
      inherited = first[i];
    if (first[i] != inherited)
      ok = 0;
  }
  printf("SPMD thread ICVs: %s\n", ok ? "ok" : "WRONG");
}

int main(void) {
  generic_region();
  teams_distribute();
  spmd();
  return 0;
}
