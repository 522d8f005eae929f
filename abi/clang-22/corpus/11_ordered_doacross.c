// Ordered loops (ordered blocks with each schedule kind and index type) and
// doacross loops: ordered(n) with depend(sink)/depend(source), with a static
// and a dynamic schedule (OpenMP 5.2's doacross(sink:)/doacross(source:),
// which needs -fopenmp-version=52, makes the same calls).
#include <omp.h>
void f(int n, int m, double *a, long *l) {
  #pragma omp target parallel map(tofrom: a[:n * m], l[:1])
  {
    #pragma omp for ordered
    for (int i = 0; i < n; i++) {
      #pragma omp ordered
      l[0] += i;
    }
    #pragma omp for ordered schedule(dynamic, 2)
    for (unsigned i = 0; i < (unsigned)n; i++) {
      #pragma omp ordered
      l[0] += i;
    }
    #pragma omp for ordered schedule(guided)
    for (long i = 0; i < n; i++) {
      #pragma omp ordered
      l[0] += i;
    }
    #pragma omp for ordered schedule(runtime)
    for (unsigned long i = 0; i < (unsigned long)n; i++) {
      #pragma omp ordered
      l[0] += i;
    }
    #pragma omp for ordered(2)
    for (int i = 1; i < n; i++)
      for (int j = 1; j < m; j++) {
        #pragma omp ordered depend(sink: i - 1, j) depend(sink: i, j - 1)
        a[i * m + j] += a[(i - 1) * m + j] + a[i * m + j - 1];
        #pragma omp ordered depend(source)
      }
    #pragma omp for ordered(1) schedule(dynamic)
    for (long i = 1; i < n; i++) {
      #pragma omp ordered depend(sink: i - 1)
      a[i] += a[i - 1];
      #pragma omp ordered depend(source)
    }
  }
}
