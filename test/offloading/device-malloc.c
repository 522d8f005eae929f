// malloc and free in target regions. A request the device heap cannot meet
// returns NULL (1 TiB, 2^50 bytes, SIZE_MAX); the pointers leave the region
// through a map, so that the optimizer cannot drop the allocation and fold
// the test (LLVM may remove a malloc whose result is only compared with NULL
// and freed, and take it to have succeeded, as it does on the host).
// Every thread of a large grid allocates at once, several blocks each, and
// checks and frees them, in an SPMD and a generic kernel: on a GPU that
// needs a heap far larger than CUDA's default of 8 MiB (the host runtime
// sizes it, README), otherwise malloc returns NULL.
// RUN: %clang -O2 %offload %s -o %t && %run %t | FileCheck %s
// CHECK: impossible requests: NULL, NULL, NULL
// CHECK: every thread of the grid (SPMD): 0 failed
// CHECK: every thread of the teams (generic): 0 failed
#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

enum { Blocks = 4, GridThreads = 1 << 21, Teams = 1024, TeamThreads = 256 };

#pragma omp declare target
// Allocates Blocks blocks of a size that depends on Seed, fills and checks
// them, frees them; returns the number of failures.
static int churn(unsigned Seed) {
  unsigned *P[Blocks];
  int Failures = 0;
  for (int B = 0; B < Blocks; ++B) {
    size_t Words = 4 + (Seed * 7 + B * 13) % 60;
    P[B] = (unsigned *)malloc(Words * sizeof(unsigned));
    if (!P[B]) {
      ++Failures;
      continue;
    }
    for (size_t I = 0; I < Words; ++I)
      P[B][I] = Seed ^ (unsigned)(I + B);
  }
  for (int B = 0; B < Blocks; ++B) {
    if (!P[B])
      continue;
    size_t Words = 4 + (Seed * 7 + B * 13) % 60;
    for (size_t I = 0; I < Words; ++I)
      Failures += P[B][I] != (Seed ^ (unsigned)(I + B));
    free(P[B]);
  }
  return Failures;
}
#pragma omp end declare target

int main(void) {
  uintptr_t Huge[3] = {1, 1, 1};
#pragma omp target map(from : Huge)
  {
    void *A = malloc((size_t)1 << 40);
    void *B = malloc((size_t)1 << 50);
    void *C = malloc(SIZE_MAX);
    Huge[0] = (uintptr_t)A;
    Huge[1] = (uintptr_t)B;
    Huge[2] = (uintptr_t)C;
    free(A);
    free(B);
    free(C);
  }
  printf("impossible requests: %s, %s, %s\n", Huge[0] ? "non-NULL" : "NULL",
         Huge[1] ? "non-NULL" : "NULL", Huge[2] ? "non-NULL" : "NULL");

  int Failed = 0;
  double Start = omp_get_wtime();
#pragma omp target teams distribute parallel for reduction(+ : Failed)
  for (int I = 0; I < GridThreads; ++I)
    Failed += churn((unsigned)I);
  double Spmd = omp_get_wtime() - Start;
  printf("every thread of the grid (SPMD): %d failed\n", Failed);

  Failed = 0;
  Start = omp_get_wtime();
#pragma omp target teams num_teams(Teams) thread_limit(TeamThreads)            \
    map(tofrom : Failed)
  {
    int Team = 0;
#pragma omp parallel reduction(+ : Team)
    Team += churn((unsigned)(omp_get_team_num() * TeamThreads +
                             omp_get_thread_num()));
#pragma omp atomic
    Failed += Team;
  }
  double Generic = omp_get_wtime() - Start;
  printf("every thread of the teams (generic): %d failed\n", Failed);
  printf("time: %.1f ms for %d threads (SPMD), %.1f ms for %d teams of %d "
         "(generic), %d blocks each\n",
         Spmd * 1e3, GridThreads, Generic * 1e3, Teams, TeamThreads, Blocks);
  return 0;
}
