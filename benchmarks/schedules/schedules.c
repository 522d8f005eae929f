// What a loop's schedule costs on uniform work: the STREAM triad a = b + s*c
// with schedule(static), schedule(dynamic), schedule(dynamic, 4) and
// schedule(guided), as a combined construct over the whole grid (2^26
// doubles) and as target parallel for, one team of 256 threads (2^22
// doubles). Every iteration costs the same, so static is the floor and the
// other schedules' times over it are what their chunk claims cost. In the
// combined construct each team's inner loop has one iteration per thread
// (clang hands out distribute chunks of the team size), so dynamic,4 leaves
// three threads in four idle there, whatever the runtime.
// usage: schedules [--small] [--n N] [--team-n N]
#include "../common/args.h"
#include "../common/timing.h"
#include "../common/vectors.h"

#define PRAGMA(...) _Pragma(#__VA_ARGS__)

// Times REPS launches of the triad over n elements under the directive
// CONSTRUCT with schedule SCHED, reports NAME's median; evaluates to 1 when
// the result is wrong.
#define TIME_TRIAD(NAME, CONSTRUCT, SCHED, n)                                  \
  ({                                                                           \
    double samples_[BENCH_REPS];                                               \
    for (long i = 0; i < (n); ++i)                                             \
      a[i] = -1.0;                                                             \
    PRAGMA(omp target update to(a[:(n)]))                                      \
    for (int r = 0; r < BENCH_WARMUP + BENCH_REPS; ++r) {                      \
      double t0 = bench_now_us();                                              \
      PRAGMA(omp CONSTRUCT SCHED)                                              \
      for (long i = 0; i < (n); ++i)                                           \
        a[i] = b[i] + s * c[i];                                                \
      bench_sample(samples_, r, BENCH_WARMUP, t0);                             \
    }                                                                          \
    PRAGMA(omp target update from(a[:(n)]))                                    \
    bench_report(NAME, bench_median(samples_, BENCH_REPS));                    \
    triad_check(a, b, c, s, (n));                                              \
  })

int main(int argc, char **argv) {
  const int small = bench_flag(argc, argv, "--small");
  const long n = bench_option(argc, argv, "--n", small ? 10000 : 1L << 26);
  const long team_n =
      bench_option(argc, argv, "--team-n", small ? 5000 : 1L << 22);
  const long max_n = n > team_n ? n : team_n;
  // On the host (--small) a team of 256 threads would oversubscribe the CPU.
  const int team_threads = small ? 4 : 256;
  const double s = 3.0;
  double *a = malloc(max_n * sizeof(double)),
         *b = malloc(max_n * sizeof(double)),
         *c = malloc(max_n * sizeof(double));
  triad_init(b, c, max_n);
  int bad = 0;
#pragma omp target data map(to : b[:max_n], c[:max_n]) map(alloc : a[:max_n])
  {
    bad |= TIME_TRIAD("sched_teams_static",
                      target teams distribute parallel for, schedule(static),
                      n);
    bad |= TIME_TRIAD("sched_teams_dynamic",
                      target teams distribute parallel for, schedule(dynamic),
                      n);
    bad |= TIME_TRIAD("sched_teams_dynamic4",
                      target teams distribute parallel for,
                      schedule(dynamic, 4), n);
    bad |= TIME_TRIAD("sched_teams_guided",
                      target teams distribute parallel for, schedule(guided),
                      n);
    bad |= TIME_TRIAD("sched_team_static",
                      target parallel for num_threads(team_threads),
                      schedule(static), team_n);
    bad |= TIME_TRIAD("sched_team_dynamic",
                      target parallel for num_threads(team_threads),
                      schedule(dynamic), team_n);
    bad |= TIME_TRIAD("sched_team_dynamic4",
                      target parallel for num_threads(team_threads),
                      schedule(dynamic, 4), team_n);
    bad |= TIME_TRIAD("sched_team_guided",
                      target parallel for num_threads(team_threads),
                      schedule(guided), team_n);
  }
  free(a);
  free(b);
  free(c);
  return bad;
}
