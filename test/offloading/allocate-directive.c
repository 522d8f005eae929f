// The allocate directive and clause in target regions, where each team or
// thread must get storage of its own. clang-22 calls no runtime routine for
// them on the GPU: it places a variable of omp_pteam_mem_alloc in the team's
// static shared memory, and one of omp_thread_mem_alloc (or of a user
// allocator) on the thread's stack; a variable of any other allocator it
// makes one static variable of the whole device program, which the link
// step's AllocateStorage pass gives one copy per team in shared memory (the
// target region's own variables, which its parallel regions share) or per
// thread (a parallel region's variables). So a team's scratch array, filled
// by the team's parallel region, is the team's own in every team, whatever
// its allocator; the privates and locals of parallel regions are each
// thread's own. With many teams and threads at once, one shared copy would
// give wrong sums.
// RUN: %clang -O2 %offload %s -o %t && %run %t | FileCheck %s
// CHECK: team scratch of omp_pteam_mem_alloc: ok
// CHECK: thread_mem_alloc locals and privates: ok
// CHECK: team scratch of the other allocators: ok
// CHECK: parallel-region locals of the other allocators: ok
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

  // Team-level variables of the default, large-capacity, cgroup and
  // low-latency allocators, shared with the team's parallel region.
  static long Teamwise[Teams];
#pragma omp target teams distribute num_teams(Teams) thread_limit(128)        \
    map(from : Teamwise)
  for (int Team = 0; Team < Teams; ++Team) {
    int Plain[N], Large[N], Group[64], Fast[64];
#pragma omp allocate(Plain) allocator(omp_default_mem_alloc)
#pragma omp allocate(Large) allocator(omp_large_cap_mem_alloc)
#pragma omp allocate(Group) allocator(omp_cgroup_mem_alloc)
#pragma omp allocate(Fast) allocator(omp_low_lat_mem_alloc)
#pragma omp parallel for
    for (int I = 0; I < N; ++I) {
      Plain[I] = I * Team;
      Large[I] = I + Team;
      if (I < 64) {
        Group[I] = Team;
        Fast[I] = 2 * Team;
      }
    }
    long Sum = 0;
    for (int I = 0; I < N; ++I)
      Sum += Plain[I] + Large[I];
    for (int I = 0; I < 64; ++I)
      Sum += Group[I] + Fast[I];
    Teamwise[Team] = Sum;
  }
  int Others = 1;
  for (long T = 0; T < Teams; ++T)
    Others &= Teamwise[T] == T * (long)N * (N - 1) / 2 + (long)N * (N - 1) / 2 +
                                 N * T + 64 * 3 * T;
  printf("team scratch of the other allocators: %s\n", Others ? "ok" : "WRONG");

  // Locals of a parallel region: each thread's own.
  int Clashes = 0;
#pragma omp target teams num_teams(Teams) thread_limit(128)                    \
    map(tofrom : Clashes)
  {
    int TeamClashes = 0;
#pragma omp parallel reduction(+ : TeamClashes)
    {
      int Mine[16];
#pragma omp allocate(Mine) allocator(omp_high_bw_mem_alloc)
      int Id = omp_get_team_num() * 128 + omp_get_thread_num();
      for (int J = 0; J < 16; ++J)
        Mine[J] = Id + J;
      // Threads that shared one array would overwrite each other's here.
      for (int Round = 0; Round < 100; ++Round)
        for (int J = 0; J < 16; ++J)
          TeamClashes += Mine[(J + Round) % 16] != Id + (J + Round) % 16;
    }
#pragma omp atomic
    Clashes += TeamClashes;
  }
  printf("parallel-region locals of the other allocators: %s\n",
         Clashes ? "WRONG" : "ok");
  return !Ok || Wrong || !Others || Clashes;
}
