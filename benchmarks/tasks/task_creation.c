// What a task costs: inside a `target parallel` team of 256 threads, one
// thread (in a single region) creates N tasks that each only mark a flag,
// then waits for them with taskwait; and every thread of the team creates
// N/256 such tasks, which the region's end waits for. RESULT
// task_create_single_ns and task_create_team_ns are the time a task adds to
// the region, in nanoseconds: the region's time less that of the same region
// without tasks (RESULT task_empty_region, in microseconds, which marks the
// same flags from a worksharing loop), over N. N is 4096 by default, enough
// to bury the launch's cost, few enough that a toolchain whose tasks cost
// microseconds each (a device malloc per task) finishes within a second.
// usage: task_creation [--small] [--tasks N]
#include "../common/args.h"
#include "../common/timing.h"
#include <omp.h>
#include <string.h>

enum { Threads = 256, WarmUp = 1, Reps = 9 };

static void single_creates(char *ran, long n) {
#pragma omp target parallel num_threads(Threads) map(tofrom : ran[:n])
#pragma omp single
  {
    for (long i = 0; i < n; ++i) {
#pragma omp task firstprivate(ran)
      ran[i] = 1;
    }
#pragma omp taskwait
  }
}

static void team_creates(char *ran, long n) {
#pragma omp target parallel num_threads(Threads) map(tofrom : ran[:n])
  {
    long threads = omp_get_num_threads(), first = omp_get_thread_num();
    for (long i = first; i < n; i += threads) {
#pragma omp task firstprivate(ran)
      ran[i] = 1;
    }
  }
}

static void no_tasks(char *ran, long n) {
#pragma omp target parallel num_threads(Threads) map(tofrom : ran[:n])
  {
    long threads = omp_get_num_threads(), first = omp_get_thread_num();
    for (long i = first; i < n; i += threads)
      ran[i] = 1;
  }
}

typedef void (*variant_fn)(char *, long);

/// The median time of the variant's region, or a negative number when some
/// task did not run.
static double median_us(variant_fn fn, char *ran, long n) {
  double samples[Reps];
  for (int r = 0; r < WarmUp + Reps; ++r) {
    memset(ran, 0, n);
    double t0 = bench_now_us();
    fn(ran, n);
    bench_sample(samples, r, WarmUp, t0);
    for (long i = 0; i < n; ++i)
      if (ran[i] != 1) {
        fprintf(stderr, "task %ld did not run\n", i);
        return -1;
      }
  }
  return bench_median(samples, Reps);
}

int main(int argc, char **argv) {
  long n = bench_option(argc, argv, "--tasks",
                        bench_flag(argc, argv, "--small") ? 1024 : 4096);
  char *ran = malloc(n);
  double single = median_us(single_creates, ran, n);
  double team = median_us(team_creates, ran, n);
  double empty = median_us(no_tasks, ran, n);
  if (single < 0 || team < 0 || empty < 0)
    return 1;
  bench_report("task_create_single_ns", (single - empty) / n * 1e3);
  bench_report("task_create_team_ns", (team - empty) / n * 1e3);
  bench_report("task_empty_region", empty);
  free(ran);
  return 0;
}
