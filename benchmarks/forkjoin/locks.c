// Mutual exclusion in target regions: one `omp critical` that every thread of
// 132 teams of 128 enters, and a lock per team (omp_init_lock in the team,
// omp_set_lock / omp_unset_lock by its threads). Each figure is the time of a
// region (launch included) over the entries it makes, in nanoseconds: for the
// critical section, the hand-off of one device-wide lock from thread to
// thread; for the team locks, 132 hand-offs at a time. Every entry counts one
// in a plain variable: none may be lost.
#include "../common/timing.h"
#include <omp.h>

enum { Teams = 132, Threads = 128, Entries = 2, Reps = 11, WarmUp = 2 };

// Each region stores the teams and threads it ran with in shape[0..1] (the
// host runs fewer), and counts its entries in counts.
static void critical_sections(long *counts, int *shape) {
#pragma omp target teams num_teams(Teams) thread_limit(Threads)              \
    map(tofrom : counts[:1]) map(from : shape[:2])
#pragma omp parallel
  {
    if (omp_get_team_num() == 0 && omp_get_thread_num() == 0) {
      shape[0] = omp_get_num_teams();
      shape[1] = omp_get_num_threads();
    }
    for (int i = 0; i < Entries; ++i) {
#pragma omp critical
      counts[0] += 1;
    }
  }
}

static void team_locks(long *counts, int *shape) {
#pragma omp target teams num_teams(Teams) thread_limit(Threads)              \
    map(tofrom : counts[:Teams]) map(from : shape[:2])
  {
    omp_lock_t lock;
    omp_init_lock(&lock);
#pragma omp parallel shared(lock)
    {
      if (omp_get_team_num() == 0 && omp_get_thread_num() == 0) {
        shape[0] = omp_get_num_teams();
        shape[1] = omp_get_num_threads();
      }
      for (int i = 0; i < Entries; ++i) {
        omp_set_lock(&lock);
        counts[omp_get_team_num()] += 1;
        omp_unset_lock(&lock);
      }
    }
    omp_destroy_lock(&lock);
  }
}

// Times Reps runs of \p region after WarmUp and reports the median per entry;
// returns whether the runs lost no entry.
static int measure(const char *name, void (*region)(long *, int *)) {
  long counts[Teams] = {0}, expected = 0;
  int shape[2];
  double samples[Reps];
  for (int r = 0; r < WarmUp + Reps; ++r) {
    double started = bench_now_us();
    region(counts, shape);
    bench_sample(samples, r, WarmUp, started);
    expected += (long)shape[0] * shape[1] * Entries;
  }
  bench_report(name, bench_median(samples, Reps) * 1e3 /
                         ((double)Teams * Threads * Entries));
  for (int k = 0; k < Teams; ++k)
    expected -= counts[k];
  return expected == 0;
}

int main(void) {
  int ok = measure("critical_entry_ns", critical_sections);
  ok &= measure("team_lock_entry_ns", team_locks);
  if (!ok) {
    fprintf(stderr, "locks: entries lost\n");
    return 1;
  }
  return 0;
}
