// Where tasks run and what waits for them, in the shapes that could hang a
// runtime whose waiting threads run tasks: an explicit barrier after tasks
// that some threads created (every task is complete after it); a parallel
// region nested in a task (it runs serialized) that creates tasks and a
// taskgroup of its own; a single + taskloop (with a reduction) in every team
// of a teams construct, with the parallel region forked in a generic kernel
// and in an SPMD one; ten parallel regions in one generic kernel, each with
// a single that creates tasks (the team's task state is reused); forty
// kernel launches in a row that create tasks (the task pool is reused); the
// combined parallel masked taskloop and a sections construct with
// reduction(task, ...); and omp_in_final, which is 0 in implicit tasks, in a
// final task's sibling and in an undeferred task.
// RUN: %clang -O2 %offload %s -o %t && %run %t | FileCheck %s
// CHECK: barrier: ok
// CHECK: nested region in tasks: ok
// CHECK: teams generic: ok
// CHECK: teams spmd: ok
// CHECK: regions in a row: ok
// CHECK: launches in a row: ok
// CHECK: masked taskloop: ok, sections reduction(task): 55
// CHECK: in_final: 0 0 1 1 0
#include <omp.h>
#include <stdio.h>

enum { Threads = 64, Teams = 8, Iterations = 2000, Regions = 10 };

#pragma omp begin declare target
static void spin(int n) {
  volatile int x = 0;
  for (int i = 0; i < n; ++i)
    x += i;
}
#pragma omp end declare target

static void barrier_completes_tasks(void) {
  int done[Threads] = {0}, wrong = 0;
#pragma omp target parallel num_threads(Threads) map(tofrom : done, wrong)
  {
    int t = omp_get_thread_num();
    if (t % 4 == 0) {
      for (int k = 0; k < 4; ++k) {
#pragma omp task firstprivate(t) shared(done)
        {
          spin(300);
#pragma omp atomic
          done[t] += 1;
        }
      }
    }
#pragma omp barrier
    // Every task of the team is complete after the barrier.
    int expected = t % 4 == 0 ? 4 : 0, seen;
#pragma omp atomic read
    seen = done[t];
    if (seen != expected)
#pragma omp atomic write
      wrong = 1;
  }
  printf("barrier: %s\n", wrong ? "WRONG" : "ok");
}

static void nested_region_in_tasks(void) {
  int sums[16] = {0}, groups[16] = {0};
#pragma omp target parallel num_threads(32) map(tofrom : sums, groups)
#pragma omp single
  for (int k = 0; k < 16; ++k) {
#pragma omp task firstprivate(k) shared(sums, groups)
    {
      // Serialized: a team of one, whose tasks its one thread runs.
#pragma omp parallel num_threads(4) shared(sums, groups)
      {
        int part = 0;
        for (int i = 1; i <= 10; ++i) {
#pragma omp task shared(part) firstprivate(i)
#pragma omp atomic
          part += i;
        }
#pragma omp taskwait
        sums[k] = part;
#pragma omp taskgroup
        {
#pragma omp task shared(groups) firstprivate(k)
          groups[k] = omp_get_num_threads() + omp_get_level();
        }
      }
    }
  }
  int ok = 1;
  for (int k = 0; k < 16; ++k)
    ok &= sums[k] == 55 && groups[k] == 1 + 2;
  printf("nested region in tasks: %s\n", ok ? "ok" : "WRONG");
}

static void teams_taskloops(void) {
  long sums[Teams] = {0};
  int hits[Iterations] = {0}, teams = 0;
#pragma omp target teams num_teams(Teams) map(tofrom : sums, hits, teams)
  {
    // The host may make fewer teams than asked for.
    long sum = 0;
    int team = omp_get_team_num(), num_teams = omp_get_num_teams();
    if (team == 0)
      teams = num_teams;
#pragma omp parallel num_threads(Threads) shared(sum)
#pragma omp single
#pragma omp taskloop reduction(+ : sum) grainsize(16)
    for (int i = team; i < Iterations; i += num_teams) {
      hits[i] += 1;
      sum += i;
    }
    sums[team] = sum;
  }
  int ok = teams > 0 && teams <= Teams;
  for (int t = 0; ok && t < teams; ++t) {
    long expected = 0;
    for (int i = t; i < Iterations; i += teams)
      expected += i;
    ok &= sums[t] == expected;
  }
  for (int i = 0; i < Iterations; ++i)
    ok &= hits[i] == 1;
  printf("teams generic: %s\n", ok ? "ok" : "WRONG");

  long total = 0;
  int counted[Teams] = {0};
#pragma omp target teams distribute parallel for num_teams(Teams)            \
    num_threads(Threads) reduction(+ : total) map(tofrom : total, counted)
  for (int t = 0; t < Teams * Threads; ++t) {
    // One thread of each team (where each thread gets one iteration) creates
    // a taskloop, whose tasks the team's other threads may run.
    if (t % Threads == 0) {
#pragma omp taskloop reduction(+ : total) num_tasks(32) shared(counted)     \
    firstprivate(t)
      for (int i = 0; i < 100; ++i) {
        total += 1;
#pragma omp atomic
        counted[t / Threads] += 1;
      }
    }
  }
  int ok2 = total == 100L * Teams;
  for (int t = 0; t < Teams; ++t)
    ok2 &= counted[t] == 100;
  printf("teams spmd: %s\n", ok2 ? "ok" : "WRONG");
}

static void regions_in_a_row(void) {
  int results[Regions] = {0};
#pragma omp target map(tofrom : results)
  for (int r = 0; r < Regions; ++r) {
    int count = 0;
#pragma omp parallel num_threads(Threads) shared(count)
#pragma omp single
    for (int k = 0; k < 50; ++k) {
#pragma omp task shared(count)
#pragma omp atomic
      count += 1;
    }
    results[r] = count;
  }
  int ok = 1;
  for (int r = 0; r < Regions; ++r)
    ok &= results[r] == 50;
  printf("regions in a row: %s\n", ok ? "ok" : "WRONG");
}

static void launches_in_a_row(void) {
  int ok = 1;
  for (int launch = 0; launch < 40; ++launch) {
    int count = 0;
#pragma omp target parallel num_threads(Threads) map(tofrom : count)
#pragma omp single
    for (int k = 0; k < 200; ++k) {
#pragma omp task shared(count)
#pragma omp atomic
      count += 1;
    }
    ok &= count == 200;
  }
  printf("launches in a row: %s\n", ok ? "ok" : "WRONG");
}

static void combined_forms(void) {
  int hits[Iterations] = {0}, sum = 0;
#pragma omp target map(tofrom : hits)
  // clang-22 makes hits firstprivate in the combined construct unless it is
  // named shared (also on the host).
#pragma omp parallel masked taskloop num_threads(Threads) grainsize(50)        \
    shared(hits)
  for (int i = 0; i < Iterations; ++i)
    hits[i] += 1;
#pragma omp target parallel num_threads(16) map(tofrom : sum)
#pragma omp sections reduction(task, + : sum)
  {
#pragma omp section
    for (int i = 1; i <= 5; ++i) {
#pragma omp task in_reduction(+ : sum) firstprivate(i)
      sum += i;
    }
#pragma omp section
    for (int i = 6; i <= 10; ++i) {
#pragma omp task in_reduction(+ : sum) firstprivate(i)
      sum += i;
    }
  }
  int ok = 1;
  for (int i = 0; i < Iterations; ++i)
    ok &= hits[i] == 1;
  printf("masked taskloop: %s, sections reduction(task): %d\n",
         ok ? "ok" : "WRONG", sum);
}

static void in_final(void) {
  int implicit_task = -1, sibling = -1, final_task = -1, included = -1,
      undeferred = -1;
#pragma omp target parallel num_threads(8)                                     \
    map(tofrom                                                                 \
        : implicit_task, sibling, final_task, included, undeferred)
#pragma omp single
  {
    implicit_task = omp_in_final();
#pragma omp task shared(sibling)
    sibling = omp_in_final();
#pragma omp task final(1) shared(final_task, included)
    {
      final_task = omp_in_final();
#pragma omp task shared(included)
      included = omp_in_final();
    }
#pragma omp task if (0) shared(undeferred)
    undeferred = omp_in_final();
  }
  printf("in_final: %d %d %d %d %d\n", implicit_task, sibling, final_task,
         included, undeferred);
}

int main(void) {
  barrier_completes_tasks();
  nested_region_in_tasks();
  teams_taskloops();
  regions_in_a_row();
  launches_in_a_row();
  combined_forms();
  in_final();
  return 0;
}
