// Teams that stage a block of a vector in a team-local array (shared memory)
// and take each element's left neighbour from the array, or from the vector
// for the block's first element, as CUDA blocks do with __shared__ tiles. The
// link step keeps the two loads of the neighbour apart (MixedSpaceLoads),
// so the array's is a shared-memory load; every difference is right, for
// vectors that end inside a block and that a league goes round.
// RUN: %clang -O2 %offload %s -o %t && %run %t | FileCheck %s
// RUN: %clang -O2 %offload %s -o %t.remarks -Rpass=ompgpu 2>&1 | FileCheck %s --check-prefix=REMARK
// REMARK: remark: {{.*}}a load from pointers into different memories in the target region in 'difference' at line {{[0-9]+}} is made in each branch that reaches it
// CHECK: 1 elements, 1 teams: ok
// CHECK: 1000 elements, 4 teams: ok
// CHECK: 100000 elements, 391 teams: ok
// CHECK: 100000 elements, 7 teams: ok
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

enum { Block = 256 };

static void difference(const double *in, double *out, long n, int teams) {
#pragma omp target teams num_teams(teams) thread_limit(Block)                  \
    map(to : in[:n]) map(from : out[:n])
  {
    double tile[Block];
#pragma omp parallel
    {
      const int t = omp_get_thread_num(), threads = omp_get_num_threads();
      for (long base = omp_get_team_num() * (long)Block; base < n;
           base += omp_get_num_teams() * (long)Block) {
        for (int k = t; k < Block && base + k < n; k += threads)
          tile[k] = in[base + k];
#pragma omp barrier
        for (int k = t; k < Block && base + k < n; k += threads) {
          const long i = base + k;
          out[i] = k   ? tile[k] - tile[k - 1]
                   : i ? tile[0] - in[i - 1]
                       : tile[0];
        }
#pragma omp barrier
      }
    }
  }
}

static int check(long n, int teams) {
  double *in = malloc(n * sizeof(double)), *out = malloc(n * sizeof(double));
  for (long i = 0; i < n; ++i)
    in[i] = (double)((i * 37) % 1001) * 0.5;
  difference(in, out, n, teams);
  long wrong = 0;
  for (long i = 0; i < n; ++i)
    wrong += out[i] != (i ? in[i] - in[i - 1] : in[0]);
  printf("%ld elements, %d teams: %s\n", n, teams, wrong ? "WRONG" : "ok");
  free(in);
  free(out);
  return wrong != 0;
}

int main(void) {
  int failed = check(1, 1);
  failed |= check(1000, 4);
  failed |= check(100000, (100000 + Block - 1) / Block);
  failed |= check(100000, 7);
  return failed;
}
