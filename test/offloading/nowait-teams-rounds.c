// Back-to-back `target teams ... nowait` regions: each round queues four teams
// reductions and waits for them. On the GPU they run at the same time, each
// launch with reduction records of its own. With
// host fallback the runtime keeps target tasks off libomp's hidden helper
// threads, on which a host teams region intermittently corrupts libomp's task
// team (this loop crashed in most runs before it did), unless the program's
// environment chose otherwise. Then regions that need more host threads than
// libomp starts with: with its helpers off, libomp must not keep their thread
// numbers reserved (it asserts if only LIBOMP_USE_HIDDEN_HELPER_TASK is 0).
// RUN: %clang -O2 %offload %s -o %t
// RUN: %run %t | FileCheck %s --check-prefixes=CHECK,HOST
// RUN: env OMP_TARGET_OFFLOAD=disabled %t | FileCheck %s --check-prefixes=CHECK,HOST
// RUN: env LIBOMP_USE_HIDDEN_HELPER_TASK=1 %run %t 0 | FileCheck %s --check-prefix=CHOSEN
// HOST: LIBOMP_USE_HIDDEN_HELPER_TASK=0
// GPU: LIBOMP_USE_HIDDEN_HELPER_TASK=(unset)
// CHOSEN: LIBOMP_USE_HIDDEN_HELPER_TASK=1
// CHECK: rounds of concurrent teams reductions: ok
// CHOSEN: 0 rounds of concurrent teams reductions: ok
// CHECK: wide teams and parallel regions: ok
#include <stdio.h>
#include <stdlib.h>

enum { N = 1 << 12, Concurrent = 4 };

int main(int argc, char **argv) {
  const char *Chosen = getenv("LIBOMP_USE_HIDDEN_HELPER_TASK");
  printf("LIBOMP_USE_HIDDEN_HELPER_TASK=%s\n", Chosen ? Chosen : "(unset)");
  int Rounds = argc > 1 ? atoi(argv[1]) : 300, Ok = 1;
  for (int Round = 0; Round < Rounds; ++Round) {
    long Sums[Concurrent] = {0};
    for (int R = 0; R < Concurrent; ++R) {
      long *Sum = &Sums[R];
#pragma omp target teams distribute parallel for reduction(+ : Sum[0]) nowait \
    map(tofrom : Sum[0:1]) num_teams(64)
      for (int I = 0; I < N; ++I)
        Sum[0] += (I + Round) % (R + 2);
    }
#pragma omp taskwait
    for (int R = 0; R < Concurrent; ++R) {
      long Expected = 0;
      for (int I = 0; I < N; ++I)
        Expected += (I + Round) % (R + 2);
      Ok &= Sums[R] == Expected;
    }
  }
  printf("%d rounds of concurrent teams reductions: %s\n", Rounds,
         Ok ? "ok" : "WRONG");

  int Threads = 0, TeamThreads = 0;
#pragma omp target parallel num_threads(32) map(tofrom : Threads)
  {
#pragma omp atomic
    Threads += 1;
  }
#pragma omp target teams num_teams(8) map(tofrom : TeamThreads)
#pragma omp parallel num_threads(8)
  {
#pragma omp atomic
    TeamThreads += 1;
  }
  int Wide = Threads >= 1 && TeamThreads >= 1;
  printf("wide teams and parallel regions: %s\n", Wide ? "ok" : "WRONG");
  return !(Ok && Wide);
}
