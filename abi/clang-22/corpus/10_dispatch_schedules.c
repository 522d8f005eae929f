// Dispatch loops: every schedule kind that goes through __kmpc_dispatch_*
// (dynamic, guided, runtime, auto, with and without chunks and modifiers), for
// all four index types, in 'for', combined constructs and simd loops.
#include <omp.h>
void f(int n, double *a) {
  #pragma omp target parallel map(tofrom: a[:n])
  {
    #pragma omp for schedule(dynamic) nowait
    for (int i = 0; i < n; i++) a[i] += 1;
    #pragma omp for schedule(monotonic: dynamic, 3) nowait
    for (unsigned i = 0; i < (unsigned)n; i++) a[i] += 1;
    #pragma omp for schedule(nonmonotonic: guided, 5) nowait
    for (long i = n - 1; i >= 0; i--) a[i] += 1;
    #pragma omp for schedule(guided)
    for (unsigned long i = 0; i < (unsigned long)n; i += 2) a[i] += 1;
    #pragma omp for schedule(runtime)
    for (long i = 0; i < n; i++) a[i] += 1;
    #pragma omp for schedule(auto)
    for (unsigned long i = 0; i < (unsigned long)n; i++) a[i] += 1;
    #pragma omp for simd schedule(dynamic, 4)
    for (int i = 0; i < n; i++) a[i] += 1;
  }
  #pragma omp target teams distribute parallel for schedule(dynamic) map(tofrom: a[:n])
  for (int i = 0; i < n; i++) a[i] += 1;
  #pragma omp target teams distribute parallel for schedule(guided, 2) map(tofrom: a[:n])
  for (long i = 0; i < n; i++) a[i] += 1;
  #pragma omp target parallel for schedule(runtime) map(tofrom: a[:n])
  for (unsigned i = 0; i < (unsigned)n; i++) a[i] += 1;
}
