// The allocate directive and clause in target regions, where clang-22 gives
// them storage per team or per thread. clang-22 calls no runtime routine for
// them on the GPU: it places a variable of omp_pteam_mem_alloc in the
// team's static shared memory, and one of omp_thread_mem_alloc (or of a user
// allocator) on the thread's stack. So a team's scratch array from
// omp_pteam_mem_alloc, filled by the team's parallel region, is the team's
// own in every team; thread_mem_alloc privates and locals of parallel
// regions are each thread's own. (What clang-22 does with the other
// allocators on the GPU is in README: one variable for all threads.)
// RUN: %clang -O2 %offload %s -o %t && %run %t | FileCheck %s
// CHECK: team scratch of omp_pteam_mem_alloc: ok
// CHECK: thread_mem_alloc locals and privates: ok
#include <omp.h>
#include <stdio.h>

enum { Teams = 16, N = 1024 };

int main(void) {
  // One iteration per team on a GPU; the host may run fewer teams.
  static long Sums[Teams];
#pragma omp target teams distribute num_teams(Teams) thread_limit(128)        \
    map(from : Sums)
  for (int Team = 0; Team < Teams; ++Team) {
    int Scratch[N];
#pragma omp allocate(Scratch) allocator(omp_pteam_mem_alloc)
#pragma omp parallel for
    for (int I = 0; I < N; ++I)
      Scratch[I] = I * Team;
    long Sum = 0;
    for (int I = 0; I < N; ++I)
      Sum += Scratch[I];
    Sums[Team] = Sum;
  }
  int Ok = 1;
  for (long T = 0; T < Teams; ++T)
    Ok &= Sums[T] == T * (long)N * (N - 1) / 2;
  printf("team scratch of omp_pteam_mem_alloc: %s\n", Ok ? "ok" : "WRONG");

  int Wrong = 0;
#pragma omp target teams num_teams(Teams) thread_limit(128)                    \
    map(tofrom : Wrong)
  {
    int Mine = -1;
#pragma omp parallel private(Mine) allocate(omp_thread_mem_alloc : Mine)      \
    reduction(+ : Wrong)
    {
      int Local[4];
#pragma omp allocate(Local) allocator(omp_thread_mem_alloc)
      Mine = omp_get_thread_num();
      for (int I = 0; I < 4; ++I)
        Local[I] = Mine + I;
#pragma omp barrier
      for (int I = 0; I < 4; ++I)
        Wrong += Local[I] != omp_get_thread_num() + I;
      Wrong += Mine != omp_get_thread_num();
    }
  }
  printf("thread_mem_alloc locals and privates: %s\n", Wrong ? "WRONG" : "ok");
  return !Ok || Wrong;
}
