// EPCC-style overheads of generic-mode (fork-join) kernels: the cost of one
// parallel region, one parallel for with a reduction, one barrier and one
// single, in one team and in many teams. Each figure is the difference of two
// target regions that run the construct a different number of times, over
// the number of extra constructs, so launch costs cancel out.
// BENCH-FLAGS: -mllvm -openmp-opt-disable-spmdization
// (keeps the kernels in generic mode with either compiler: the point is the
// fork-join machinery, not what SPMDization can remove)
#include "../common/timing.h"
#include <omp.h>

enum { Few = 10, Many = 1010, Reps = 21, WarmUp = 3 };

// Threads of the generic-mode teams. Overheads grow with the team, so both
// compilers must run the same size: under thread_limit(128) upstream LLVM 19
// gives a generic team 96 workers (the main warp counts against the limit),
// ours 128 (it comes on top), so the regions ask for 96.
enum { Team = 96 };

typedef void (*construct_fn)(int teams, int count, int *sink);

static void parallel_regions(int teams, int count, int *sink) {
#pragma omp target teams num_teams(teams) thread_limit(128) map(tofrom : sink[:1])
  {
    int hits = 0;
    for (int k = 0; k < count; ++k) {
#pragma omp parallel num_threads(Team)
      {
        if (omp_get_thread_num() == 1000)
          hits += 1;
      }
    }
    if (hits)
      sink[0] = hits;
  }
}

static void parallel_for_reductions(int teams, int count, int *sink) {
#pragma omp target teams num_teams(teams) thread_limit(128) map(tofrom : sink[:1])
  {
    int total = 0;
    for (int k = 0; k < count; ++k) {
      int s = 0;
#pragma omp parallel for reduction(+ : s) num_threads(Team)
      for (int i = 0; i < 128; ++i)
        s += i & k;
      total += s;
    }
    if (total == -1)
      sink[0] = total;
  }
}

// Each barrier follows a store that no thread makes (the team is smaller than
// 1000) but that the compiler must assume: a barrier between nothing orders
// nothing, and ours removes it (RedundantBarriers).
static void barriers(int teams, int count, int *sink) {
#pragma omp target teams num_teams(teams) thread_limit(128) map(tofrom : sink[:1])
  {
#pragma omp parallel
    {
      for (int k = 0; k < count; ++k) {
        if (omp_get_thread_num() == 1000)
          sink[0] = k;
#pragma omp barrier
      }
    }
  }
}

// The same barriers in a generic kernel: the sequential code around the
// region keeps clang from compiling the kernel in SPMD mode (the kernel above
// is SPMD, with the block as the team).
static void generic_barriers(int teams, int count, int *sink) {
#pragma omp target teams num_teams(teams) thread_limit(128) map(tofrom : sink[:1])
  {
    int hits = 0;
#pragma omp parallel num_threads(Team)
    {
      for (int k = 0; k < count; ++k) {
        if (omp_get_thread_num() == 1000)
          sink[0] = k;
#pragma omp barrier
      }
      if (omp_get_thread_num() == 1000)
        hits += 1;
    }
    if (hits)
      sink[0] = hits;
  }
}

static void singles(int teams, int count, int *sink) {
#pragma omp target teams num_teams(teams) thread_limit(128) map(tofrom : sink[:1])
  {
    int hits = 0;
#pragma omp parallel num_threads(Team)
    {
      for (int k = 0; k < count; ++k) {
#pragma omp single
        hits += 1;
      }
    }
    if (hits == -1)
      sink[0] = hits;
  }
}

static double median_launch_us(construct_fn fn, int teams, int count) {
  double samples[Reps];
  int sink = 0;
  for (int r = 0; r < WarmUp + Reps; ++r) {
    double t0 = bench_now_us();
    fn(teams, count, &sink);
    bench_sample(samples, r, WarmUp, t0);
  }
  return bench_median(samples, Reps);
}

static void measure(const char *name, construct_fn fn) {
  const int team_counts[2] = {1, 264};
  const char *suffix[2] = {"1team", "264teams"};
  for (int t = 0; t < 2; ++t) {
    double few = median_launch_us(fn, team_counts[t], Few);
    double many = median_launch_us(fn, team_counts[t], Many);
    char label[64];
    snprintf(label, sizeof label, "%s_%s", name, suffix[t]);
    bench_report(label, (many - few) / (Many - Few));
  }
}

int main(void) {
  measure("fj_parallel_region", parallel_regions);
  measure("fj_parallel_for_reduction", parallel_for_reductions);
  measure("fj_barrier", barriers);
  measure("fj_barrier_generic", generic_barriers);
  measure("fj_single", singles);
  return 0;
}
