// The OpenMP memory routines inside target regions, in SPMD and generic
// kernels: every predefined allocator, user allocators and their traits
// (alignment honoured; pool_size exhausted, then null_fb, default_mem_fb,
// allocator_fb and the fallback allocator's own alignment), omp_calloc and
// omp_aligned_calloc (zeroed), omp_realloc (grows and shrinks keeping the
// contents, from and to nothing), omp_aligned_alloc, memory of
// omp_cgroup_mem_alloc and omp_pteam_mem_alloc shared by the team (the
// team's arena in shared memory on a GPU) including more than the arena
// holds, and allocation from every thread at once; abort_fb stops the
// program (in a child process: the test runs itself with "abort"). Each
// region reports
// through a map what went wrong, so the same program checks a GPU and the
// host fallback (the host OpenMP runtime's allocators).
// RUN: %clang -O2 %offload %s -o %t && %run %t | FileCheck %s
// CHECK: predefined allocators (SPMD): ok
// CHECK: predefined allocators (generic): ok
// CHECK: traits: ok
// CHECK: calloc and realloc: ok
// CHECK: team memory: ok
// CHECK: every thread: ok
// CHECK: abort_fb: the program stopped
#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

enum { Teams = 8, Threads = 128 };

#pragma omp declare target
static const omp_allocator_handle_t Predefined[] = {
    omp_null_allocator,      omp_default_mem_alloc, omp_large_cap_mem_alloc,
    omp_const_mem_alloc,     omp_high_bw_mem_alloc, omp_low_lat_mem_alloc,
    omp_cgroup_mem_alloc,    omp_pteam_mem_alloc,   omp_thread_mem_alloc};
enum { NumPredefined = sizeof(Predefined) / sizeof(Predefined[0]) };

static int aligned(void *P, uintptr_t Alignment) {
  return ((uintptr_t)P & (Alignment - 1)) == 0;
}

// Allocates Size bytes with each predefined allocator, fills them and reads
// them back; returns the number of failures.
static int usePredefined(int Seed, size_t Size) {
  int Failures = 0;
  for (int A = 0; A < NumPredefined; ++A) {
    unsigned char *P = (unsigned char *)omp_alloc(Size, Predefined[A]);
    if (!P || !aligned(P, 8)) {
      ++Failures;
      continue;
    }
    for (size_t I = 0; I < Size; ++I)
      P[I] = (unsigned char)(I + Seed + A);
    for (size_t I = 0; I < Size; ++I)
      Failures += P[I] != (unsigned char)(I + Seed + A);
    omp_free(P, Predefined[A]);
  }
  return Failures;
}
#pragma omp end declare target

// A pool too small for the request, whose fallback is abort_fb: the program
// must stop in the target region.
static int abortInTargetRegion(void) {
  int Reached = 0;
#pragma omp target map(tofrom : Reached)
  {
    omp_alloctrait_t AbortFb[] = {{omp_atk_pool_size, 1024},
                                  {omp_atk_fallback, omp_atv_abort_fb}};
    omp_allocator_handle_t Pool =
        omp_init_allocator(omp_default_mem_space, 2, AbortFb);
    void *P = omp_alloc(4096, Pool);
    Reached = P != NULL;
    omp_free(P, Pool);
    omp_destroy_allocator(Pool);
  }
  printf("abort_fb: allocation returned (%d)\n", Reached);
  return 0;
}

/// Runs this program with "abort"; whether it stopped without returning
/// from the allocation.
static int abortStops(void) {
  char Self[4096];
  ssize_t Length = readlink("/proc/self/exe", Self, sizeof(Self) - 1);
  if (Length <= 0)
    return 0;
  Self[Length] = '\0';
  char Command[4200];
  snprintf(Command, sizeof(Command), "'%s' abort 2>/dev/null", Self);
  FILE *Child = popen(Command, "r");
  if (!Child)
    return 0;
  char Line[128];
  int Returned = 0;
  while (fgets(Line, sizeof(Line), Child))
    Returned |= strstr(Line, "allocation returned") != NULL;
  return pclose(Child) != 0 && !Returned;
}

int main(int argc, char **argv) {
  if (argc > 1 && !strcmp(argv[1], "abort"))
    return abortInTargetRegion();

  // Every predefined allocator, from every thread of an SPMD kernel.
  int Spmd = 0;
#pragma omp target teams distribute parallel for num_teams(Teams)             \
    thread_limit(Threads) reduction(+ : Spmd)
  for (int I = 0; I < Teams * Threads; ++I)
    Spmd += usePredefined(I, 24 + I % 40);
  printf("predefined allocators (SPMD): %s\n", Spmd ? "WRONG" : "ok");

  // The same in a generic kernel: by the team's main thread, then by the
  // threads of a parallel region.
  int Generic = 0;
#pragma omp target teams num_teams(Teams) thread_limit(64) map(tofrom : Generic)
  {
    int Failures = usePredefined(omp_get_team_num(), 100);
#pragma omp parallel reduction(+ : Failures)
    Failures += usePredefined(omp_get_thread_num(), 40);
#pragma omp atomic
    Generic += Failures;
  }
  printf("predefined allocators (generic): %s\n", Generic ? "WRONG" : "ok");

  // Traits of user allocators.
  int Traits = 0;
#pragma omp target map(tofrom : Traits)
  {
    omp_alloctrait_t Aligned[] = {{omp_atk_alignment, 256}};
    omp_allocator_handle_t A256 =
        omp_init_allocator(omp_default_mem_space, 1, Aligned);
    for (int I = 0; I < 8; ++I) {
      void *P = omp_alloc(8 + I, A256);
      Traits += !P || !aligned(P, 256);
      omp_free(P, A256);
    }
    // omp_aligned_alloc's alignment and the allocator's: the larger wins.
    void *P = omp_aligned_alloc(1024, 10, A256);
    Traits += !P || !aligned(P, 1024);
    omp_free(P, omp_null_allocator);
    P = omp_aligned_alloc(64, 10, A256);
    Traits += !P || !aligned(P, 256);
    omp_free(P, A256);
    // omp_realloc with omp_null_allocator keeps the block's allocator, and so
    // its alignment (LLVM 19's libomp, the host fallback's, takes the default
    // allocator).
    P = omp_realloc(omp_alloc(16, A256), 2000, omp_null_allocator,
                    omp_null_allocator);
    Traits += !P || (!omp_is_initial_device() && !aligned(P, 256));
    omp_free(P, omp_null_allocator);

    // A pool of 4 KiB: the second block of 3 KiB does not fit it.
    omp_alloctrait_t NullFb[] = {{omp_atk_pool_size, 4096},
                                 {omp_atk_fallback, omp_atv_null_fb}};
    omp_allocator_handle_t Pool = omp_init_allocator(omp_default_mem_space, 2,
                                                     NullFb);
    void *First = omp_alloc(3072, Pool);
    Traits += First == NULL;
    Traits += omp_alloc(3072, Pool) != NULL;
    // Freeing gives the pool its bytes back.
    omp_free(First, Pool);
    First = omp_alloc(3072, Pool);
    Traits += First == NULL;
    omp_free(First, Pool);

    // default_mem_fb: the default allocator takes over.
    omp_alloctrait_t DefaultFb[] = {{omp_atk_pool_size, 1024},
                                    {omp_atk_fallback, omp_atv_default_mem_fb}};
    omp_allocator_handle_t PoolDefault =
        omp_init_allocator(omp_default_mem_space, 2, DefaultFb);
    void *Big = omp_alloc(8192, PoolDefault);
    Traits += Big == NULL;
    if (Big)
      memset(Big, 1, 8192);
    // LLVM 19's libomp (the host fallback's) crashes when it frees a block
    // its default_mem_fb fallback allocated.
    if (!omp_is_initial_device())
      omp_free(Big, PoolDefault);

    // allocator_fb: the fallback allocator (256-byte aligned) takes over.
    omp_alloctrait_t AllocatorFb[] = {{omp_atk_pool_size, 1024},
                                      {omp_atk_fallback, omp_atv_allocator_fb},
                                      {omp_atk_fb_data, A256}};
    omp_allocator_handle_t PoolChained =
        omp_init_allocator(omp_default_mem_space, 3, AllocatorFb);
    void *Small = omp_alloc(100, PoolChained);
    Traits += Small == NULL;
    void *Chained = omp_alloc(4000, PoolChained);
    Traits += Chained == NULL || !aligned(Chained, 256);
    omp_free(Small, PoolChained);
    omp_free(Chained, omp_null_allocator);

    // Traits that only describe how memory is used.
    omp_alloctrait_t Hints[] = {{omp_atk_sync_hint, omp_atv_contended},
                                {omp_atk_pinned, omp_atv_false},
                                {omp_atk_partition, omp_atv_interleaved},
                                {omp_atk_access, omp_atv_all}};
    omp_allocator_handle_t Hinted =
        omp_init_allocator(omp_default_mem_space, 4, Hints);
    P = omp_alloc(64, Hinted);
    Traits += P == NULL;
    omp_free(P, Hinted);

    // Nothing to allocate.
    Traits += omp_alloc(0, omp_default_mem_alloc) != NULL;

    omp_destroy_allocator(Hinted);
    omp_destroy_allocator(PoolChained);
    omp_destroy_allocator(PoolDefault);
    omp_destroy_allocator(Pool);
    omp_destroy_allocator(A256);
  }
  printf("traits: %s\n", Traits ? "WRONG" : "ok");

  int Resize = 0;
#pragma omp target map(tofrom : Resize)
  {
    int *Zeros = (int *)omp_calloc(1000, sizeof(int), omp_default_mem_alloc);
    for (int I = 0; I < 1000; ++I)
      Resize += Zeros[I] != 0;
    omp_free(Zeros, omp_default_mem_alloc);
    double *AlignedZeros = (double *)omp_aligned_calloc(
        128, 300, sizeof(double), omp_high_bw_mem_alloc);
    Resize += !aligned(AlignedZeros, 128);
    for (int I = 0; I < 300; ++I)
      Resize += AlignedZeros[I] != 0.0;
    omp_free(AlignedZeros, omp_high_bw_mem_alloc);

    int *Grown = (int *)omp_realloc(NULL, 10 * sizeof(int),
                                    omp_default_mem_alloc, omp_null_allocator);
    for (int I = 0; I < 10; ++I)
      Grown[I] = I * I;
    Grown = (int *)omp_realloc(Grown, 5000 * sizeof(int), omp_default_mem_alloc,
                               omp_default_mem_alloc);
    for (int I = 0; I < 10; ++I)
      Resize += Grown[I] != I * I;
    Grown[4999] = 7;
    Grown = (int *)omp_realloc(Grown, 4 * sizeof(int), omp_large_cap_mem_alloc,
                               omp_null_allocator);
    for (int I = 0; I < 4; ++I)
      Resize += Grown[I] != I * I;
    Resize += omp_realloc(Grown, 0, omp_default_mem_alloc,
                          omp_large_cap_mem_alloc) != NULL;
  }
  printf("calloc and realloc: %s\n", Resize ? "WRONG" : "ok");

  // Team memory: the main thread allocates, the team's threads fill it, the
  // main thread checks it. 12 KiB per team from omp_pteam_mem_alloc is more
  // than the team's arena of 8 KiB on a GPU holds: the allocator falls back
  // to global memory.
  int Team = 0;
#pragma omp target teams num_teams(Teams) thread_limit(64) map(tofrom : Team)
  {
    int Failures = 0;
    for (int Round = 0; Round < 2; ++Round) {
      omp_allocator_handle_t Allocator =
          Round ? omp_pteam_mem_alloc : omp_cgroup_mem_alloc;
      int *Small = (int *)omp_alloc(256 * sizeof(int), Allocator);
      int *Large = (int *)omp_alloc(3072 * sizeof(int), Allocator);
#pragma omp parallel num_threads(64)
      {
        int T = omp_get_thread_num();
        for (int I = T; I < 256; I += omp_get_num_threads())
          Small[I] = I + Round;
        for (int I = T; I < 3072; I += omp_get_num_threads())
          Large[I] = 2 * I + Round;
      }
      for (int I = 0; I < 256; ++I)
        Failures += Small[I] != I + Round;
      for (int I = 0; I < 3072; ++I)
        Failures += Large[I] != 2 * I + Round;
      omp_free(Large, Allocator);
      omp_free(Small, Allocator);
    }
#pragma omp atomic
    Team += Failures;
  }
  printf("team memory: %s\n", Team ? "WRONG" : "ok");

  // Every thread of every team allocates from the team's arena at once, more
  // than it holds together, and frees in a different order; and from a user
  // allocator with a pool that only some of them fit, shared by all.
  int Everyone = 0;
#pragma omp target teams num_teams(Teams) thread_limit(Threads)                \
    map(tofrom : Everyone)
  {
    omp_alloctrait_t Small[] = {{omp_atk_pool_size, 64 * 1024},
                                {omp_atk_fallback, omp_atv_null_fb}};
    omp_allocator_handle_t Pool = omp_init_allocator(omp_default_mem_space, 2,
                                                     Small);
    int Failures = 0, PoolHits = 0;
#pragma omp parallel num_threads(Threads) reduction(+ : Failures, PoolHits)
    {
      int T = omp_get_thread_num();
      long *Mine = (long *)omp_alloc(96, omp_pteam_mem_alloc);
      long *Pooled = (long *)omp_alloc(1024, Pool);
      Failures += Mine == NULL;
      for (int I = 0; Mine && I < 12; ++I)
        Mine[I] = T * 100 + I;
#pragma omp barrier
      for (int I = 0; Mine && I < 12; ++I)
        Failures += Mine[I] != T * 100 + I;
      if (T % 2)
        omp_free(Mine, omp_pteam_mem_alloc);
#pragma omp barrier
      if (T % 2 == 0)
        omp_free(Mine, omp_null_allocator);
      PoolHits += Pooled != NULL;
      omp_free(Pooled, Pool);
    }
    omp_destroy_allocator(Pool);
    // The pool of 64 KiB holds fewer than 64 of the blocks of 1 KiB with
    // their headers.
    Failures += PoolHits == 0 || PoolHits >= 64;
#pragma omp atomic
    Everyone += Failures;
  }
  printf("every thread: %s\n", Everyone ? "WRONG" : "ok");

  printf("abort_fb: %s\n", abortStops() ? "the program stopped" : "WRONG");
  return 0;
}
