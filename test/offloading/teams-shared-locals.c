// 2048 teams whose main threads share 16 KiB local arrays with their
// parallel regions: two arrays per team in a distribute loop, and one in a
// plain target teams region. The driver lets LLVM's OpenMPOpt place 16 KiB
// of such locals per compiled file in static shared memory, so at least two
// of the three arrays of each team are left to the runtime: too large for
// the data-sharing stack, they live on the device heap, 2048 x 16 KiB at
// least, 32 MiB when every team runs at once: more than CUDA's default heap
// of 8 MiB, which made this stop with "out of device heap memory"; the host
// runtime now sizes the heap for every thread the device holds. The
// distribute loop gives each team one iteration on a GPU and several where
// fewer teams run (host fallback).
// RUN: %clang -O2 %offload %s -o %t && %run %t | FileCheck %s
// CHECK: 2048 iterations: ok
// CHECK: target teams: ok
#include <omp.h>
#include <stdio.h>

enum { Iterations = 2048, N = 4096 };

int main(void) {
  static long Sums[Iterations];
#pragma omp target teams distribute num_teams(Iterations) thread_limit(64)    \
    map(from : Sums)
  for (int T = 0; T < Iterations; ++T) {
    int First[N], Second[N]; // 16 KiB each
    for (int I = 0; I < N; ++I)
      First[I] = I + T;
#pragma omp parallel for
    for (int I = 0; I < N; ++I)
      Second[I] = 2 * First[N - 1 - I];
#pragma omp parallel for
    for (int I = 0; I < N; ++I)
      First[I] += Second[I];
    long Sum = 0;
    for (int I = 0; I < N; ++I)
      Sum += First[I];
    Sums[T] = Sum;
  }
  // Sum over I of (I + T) + 2 (N - 1 - I + T) = 3 N (N - 1) / 2 + 3 N T.
  int Ok = 1;
  for (long T = 0; T < Iterations; ++T)
    Ok &= Sums[T] == 3L * N * (N - 1) / 2 + 3L * N * T;
  printf("%d iterations: %s\n", Iterations, Ok ? "ok" : "WRONG");

  // target teams without distribute: every team's main thread runs the
  // region (on the host fallback, fewer teams may run).
  int Failures = 0, TeamsRan = 0;
#pragma omp target teams num_teams(Iterations) thread_limit(64)               \
    map(tofrom : Failures, TeamsRan)
  {
    int Local[N]; // 16 KiB
    int T = omp_get_team_num();
#pragma omp parallel for
    for (int I = 0; I < N; ++I)
      Local[I] = I ^ T;
    int Bad = 0;
    for (int I = 0; I < N; ++I)
      Bad += Local[I] != (I ^ T);
#pragma omp atomic
    Failures += Bad;
#pragma omp atomic
    ++TeamsRan;
  }
  int TeamsOk = !Failures && TeamsRan >= 1 && TeamsRan <= Iterations &&
                (omp_get_num_devices() == 0 || TeamsRan == Iterations);
  printf("target teams: %s (%d teams)\n", TeamsOk ? "ok" : "WRONG", TeamsRan);
  return !Ok || !TeamsOk;
}
