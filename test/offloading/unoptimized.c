// Programs built without optimization (-O0, as for debugging) run too. The
// device runtime chooses among its paths by constants of the call sites (how
// many variables a region captures, the kernel's execution mode); the link
// step folds them even at -O0, so that a fork calls the outlined region
// directly. Through a pointer, ptxas would size the kernel's stack without
// the code behind the call, and the kernel would overflow it.
// RUN: %clang -O0 %offload %s -o %t && %run %t | FileCheck %s
// RUN: rm -rf %t.dir && mkdir %t.dir && cd %t.dir
// RUN: %clang -O0 %offload -save-temps %s -o prog
// RUN: FileCheck %s --check-prefix=PTX < prog.%default-arch.ptx
// CHECK: generic regions: ok
// CHECK: spmd loop: ok
// PTX-NOT: parallelGeneric
// PTX-LABEL: .entry __omp_offloading_{{.*}}_main_l{{[0-9]+}}(
// PTX-NOT: callprototype
// PTX: ret;
#include <omp.h>
#include <stdio.h>

enum { Team = 40, N = 2048 };

int main(void) {
  int sums[3] = {0, 0, 0}, sizes[2] = {0, 0}, seen[Team];
  long a = 1, b = 2, c = 3, d = 4, e = 5, f = 6;
#pragma omp target map(tofrom : sums, sizes, seen)
  {
    int total = 0;
    // Regions capturing one, several and many variables.
#pragma omp parallel num_threads(Team) reduction(+ : total)
    total += omp_get_thread_num();
    sums[0] = total;
#pragma omp parallel num_threads(Team)
    {
      int me = omp_get_thread_num();
      seen[me] = (int)(a + b + c + d + e + f) + me;
#pragma omp barrier
      if (me == 0) {
        int all = 0;
        for (int i = 0; i < omp_get_num_threads(); ++i)
          all += seen[i];
        sums[1] = all;
        sizes[0] = omp_get_num_threads();
      }
    }
    int nested = 0;
#pragma omp parallel num_threads(Team)
    {
#pragma omp parallel num_threads(4)
      if (omp_get_ancestor_thread_num(1) == 1) {
        nested = omp_get_num_threads() * 10 + omp_get_level();
        sizes[1] = omp_get_team_size(1);
      }
    }
    sums[2] = nested;
  }
  int n = sizes[0], want0 = n * (n - 1) / 2, want1 = n * 21 + n * (n - 1) / 2;
  int ok = n >= 1 && sums[0] == want0 && sums[1] == want1 &&
           (n == 1 || (sums[2] == 12 && sizes[1] == n));
  printf("generic regions: %s\n", ok ? "ok" : "FAILED");

  double x[N];
#pragma omp target teams distribute parallel for map(from : x)
  for (int i = 0; i < N; ++i)
    x[i] = 0.5 * i + omp_get_level();
  int spmd = 1;
  for (int i = 0; i < N; ++i)
    spmd &= x[i] == 0.5 * i + 1;
  printf("spmd loop: %s\n", spmd ? "ok" : "FAILED");
  return 0;
}
