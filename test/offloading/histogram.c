// Two generic-mode programs of the kind the fork-join runtime is built for.
// A histogram per team: teams distribute over chunks of the data, and in each
// team a parallel region of BINS threads (fewer than the team's workers, and
// not a multiple of the warp size) counts one bin each into a team-local
// array, passes a barrier, and then every thread reads all bins to write its
// cumulative count: the barrier must have published the other threads'
// counts. Then one kernel under the largest thread limit whose successive
// regions ask for very different team sizes (LLVM 19's runtime hangs on such
// a kernel); each must have exactly min(asked, thread limit) threads.
// RUN: %clang -O2 %offload -mllvm -openmp-opt-disable-spmdization %s -o %t && %run %t | FileCheck %s
// CHECK: histogram: ok
// CHECK: varying team sizes: ok
#include <omp.h>
#include <stdio.h>

enum { Bins = 45, Teams = 24, Chunk = 3000, Asks = 10 };

static int data[Teams * Chunk], cumulative[Teams][Bins];

int main(void) {
  for (int i = 0; i < Teams * Chunk; ++i)
    data[i] = (i * 7919 + i / 13) % Bins;

#pragma omp target teams distribute num_teams(Teams) thread_limit(128)        \
    map(to : data) map(from : cumulative)
  for (int t = 0; t < Teams; ++t) {
    int counts[Bins];
    const int *chunk = data + t * Chunk;
#pragma omp parallel num_threads(Bins)
    {
      // One bin per thread on the GPU; the host may give fewer threads.
      int me = omp_get_thread_num(), step = omp_get_num_threads();
      for (int bin = me; bin < Bins; bin += step) {
        int n = 0;
        for (int i = 0; i < Chunk; ++i)
          n += chunk[i] == bin;
        counts[bin] = n;
      }
#pragma omp barrier
      for (int bin = me; bin < Bins; bin += step) {
        int below = 0;
        for (int b = 0; b <= bin; ++b)
          below += counts[b];
        cumulative[t][bin] = below;
      }
    }
  }
  int histogram = 1;
  for (int t = 0; t < Teams; ++t) {
    int below = 0;
    for (int b = 0; b < Bins; ++b) {
      for (int i = 0; i < Chunk; ++i)
        below += data[t * Chunk + i] == b;
      histogram &= cumulative[t][b] == below;
    }
  }
  printf("histogram: %s\n", histogram ? "ok" : "FAILED");

  const int asks[Asks] = {1000, 33, 1024, 517, 1, 999, 64, 2, 1023, 96};
  int sizes[Asks], members[Asks], limit = 0;
#pragma omp target thread_limit(1024) map(from : sizes, members, limit)
  {
    limit = omp_get_thread_limit();
    for (int k = 0; k < Asks; ++k) {
      int size = 0, count = 0;
#pragma omp parallel num_threads(asks[k])
      {
        if (omp_get_thread_num() == 0)
          size = omp_get_num_threads();
#pragma omp atomic
        count += 1;
      }
      sizes[k] = size;
      members[k] = count;
    }
  }
  int varying = limit >= 1;
  for (int k = 0; k < Asks; ++k) {
    int want = asks[k] < limit ? asks[k] : limit;
    varying &= sizes[k] == want && members[k] == want;
  }
  printf("varying team sizes: %s\n", varying ? "ok" : "FAILED");
  return 0;
}
