// A combined distribute parallel for runs as one grid-stride loop
// (GridStrideLoops): every iteration runs once, on the thread the schedule
// gives it (thread j runs the j-th iteration of each chunk of block-size
// iterations; team t runs one block of whole chunks where the league has at
// most 4 iterations a thread, else the chunks t, t + teams, ...), for trip
// counts around the block and grid sizes and each index width; lastprivate
// takes the last iteration's value and a reduction sees every iteration. A
// loop with num_threads keeps the usual schedules.
// RUN: %clang -O2 %offload %s -o %t && %run %t | FileCheck %s
// RUN: %clang -O2 %offload %s -o %t.remarks -Rpass=ompgpu -Rpass-analysis=ompgpu 2>&1 | FileCheck %s --check-prefix=REMARK
// REMARK-DAG: remark: the distribute parallel for of the target region in 'check_placement' at line {{[0-9]+}} runs as one grid-stride loop
// REMARK-DAG: 'check_int' at line {{[0-9]+}} runs as one grid-stride loop
// REMARK-DAG: 'check_unsigned' at line {{[0-9]+}} runs as one grid-stride loop
// REMARK-DAG: 'check_long' at line {{[0-9]+}} runs as one grid-stride loop
// REMARK-DAG: 'check_ulong' at line {{[0-9]+}} runs as one grid-stride loop
// REMARK-DAG: 'check_lastprivate_and_reduction' at line {{[0-9]+}} runs as one grid-stride loop
// REMARK-DAG: 'check_lastprivate' at line {{[0-9]+}} runs as one grid-stride loop
// REMARK-DAG: 'check_lastprivate' at line {{[0-9]+}}: the host launches teams for 4 iterations a thread, each team one block of the loop
// REMARK-NOT: 'check_num_threads' at line {{[0-9]+}} runs as one grid-stride loop
// CHECK: placement: ok
// CHECK: widths: ok
// CHECK: lastprivate and reduction: ok
// CHECK: num_threads: ok
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

// The team that runs iteration i of n: with at most
// OMPGPU_BLOCKED_ITERATIONS (4) iterations a thread, team t runs the t-th
// block of as few whole chunks as cover the loop; otherwise the chunks go
// round the teams.
static int expected_team(int i, int n, int teams, int threads) {
  int chunks = (n + threads - 1) / threads;
  if (n <= teams * threads * 4)
    return i / ((chunks + teams - 1) / teams * threads);
  return i / threads % teams;
}

// Each iteration records the team and thread that ran it; on the GPU the
// expected ones follow from the chunks each team gets (the host's fallback
// has schedules of its own).
static int check_placement(int n, int teams, int threads) {
  int *team = malloc(n * sizeof(int)), *thread = malloc(n * sizeof(int));
  int *count = calloc(n, sizeof(int)), sizes[2] = {0, 0}, on_device = 0;
#pragma omp target teams distribute parallel for num_teams(teams)              \
    thread_limit(threads) map(from : team[:n], thread[:n], sizes, on_device)   \
    map(tofrom : count[:n])
  for (int i = 0; i < n; ++i) {
    team[i] = omp_get_team_num();
    thread[i] = omp_get_thread_num();
#pragma omp atomic
    ++count[i];
    if (i == 0) {
      sizes[0] = omp_get_num_teams();
      sizes[1] = omp_get_num_threads();
      on_device = !omp_is_initial_device();
    }
  }
  int bad = 0;
  for (int i = 0; i < n && !bad; ++i) {
    int want = expected_team(i, n, sizes[0], sizes[1]);
    bad = count[i] != 1 ||
          (on_device && (team[i] != want || thread[i] != i % sizes[1]));
    if (bad)
      printf("iteration %d of %d: ran %d times, team %d thread %d (%d x %d)\n",
             i, n, count[i], team[i], thread[i], sizes[0], sizes[1]);
  }
  free(team);
  free(thread);
  free(count);
  return bad;
}

#define CHECK_WIDTH(NAME, T)                                                   \
  static int check_##NAME(long n, long first) {                                \
    int *count = calloc(n, sizeof(int));                                       \
    T begin = (T)first, end = (T)(first + n);                                  \
    _Pragma("omp target teams distribute parallel for num_teams(7) \
             thread_limit(64) map(tofrom : count[:n])")                        \
    for (T i = begin; i < end; ++i) {                                          \
      _Pragma("omp atomic") ++count[i - begin];                                \
    }                                                                          \
    int bad = 0;                                                               \
    for (long i = 0; i < n; ++i)                                               \
      bad |= count[i] != 1;                                                    \
    free(count);                                                               \
    return bad;                                                                \
  }
CHECK_WIDTH(int, int)
CHECK_WIDTH(unsigned, unsigned)
CHECK_WIDTH(long, long)
CHECK_WIDTH(ulong, unsigned long)

static int check_lastprivate_and_reduction(int n) {
  long last = -1, sum = 0;
#pragma omp target teams distribute parallel for lastprivate(last)             \
    reduction(+ : sum) map(tofrom : last, sum)
  for (int i = 0; i < n; ++i) {
    last = 3L * i;
    sum += i;
  }
  return last != 3L * (n - 1) || sum != (long)n * (n - 1) / 2;
}

// lastprivate alone: without a reduction across teams the host launches
// teams for a few iterations a thread, each team one block of the loop, and
// the team with the last block's thread that runs the last iteration writes
// it back.
static int check_lastprivate(int n) {
  long last = -1;
#pragma omp target teams distribute parallel for lastprivate(last)             \
    map(tofrom : last)
  for (int i = 0; i < n; ++i)
    last = 5L * i + 1;
  return last != 5L * (n - 1) + 1;
}

// num_threads: fewer threads than the block, the usual two loops.
static int check_num_threads(int n) {
  int *count = calloc(n, sizeof(int));
#pragma omp target teams distribute parallel for num_teams(3)                  \
    thread_limit(128) num_threads(40) map(tofrom : count[:n])
  for (int i = 0; i < n; ++i) {
#pragma omp atomic
    ++count[i];
  }
  int bad = 0;
  for (int i = 0; i < n; ++i)
    bad |= count[i] != 1;
  free(count);
  return bad;
}

int main(void) {
  int bad = 0;
  const int sizes[] = {0,   1,   31,   32,   33,  255,
                       256, 257, 600, 1000, 4096, 100003};
  for (int s = 0; s < (int)(sizeof sizes / sizeof *sizes); ++s)
    for (int teams = 1; teams <= 5; teams += 2)
      for (int threads = 32; threads <= 256; threads *= 2)
        bad |= check_placement(sizes[s], teams, threads);
  printf("placement: %s\n", bad ? "FAILED" : "ok");

  int widths = 0;
  for (long n = 1; n <= 5000; n = n * 3 + 1)
    widths |= check_int(n, 5) | check_unsigned(n, 3) | check_long(n, -9) |
              check_ulong(n, 11);
  printf("widths: %s\n", widths ? "FAILED" : "ok");

  int clauses = 0;
  for (int n = 1; n <= 70000; n = n * 7 + 3)
    clauses |= check_lastprivate_and_reduction(n);
  for (int n = 1; n <= 3000000; n = n * 5 + 3)
    clauses |= check_lastprivate(n);
  printf("lastprivate and reduction: %s\n", clauses ? "FAILED" : "ok");

  int limited = 0;
  for (int n = 1; n <= 5000; n = n * 5 + 2)
    limited |= check_num_threads(n);
  printf("num_threads: %s\n", limited ? "FAILED" : "ok");
  return bad | widths | clauses | limited;
}
