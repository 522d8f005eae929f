// saxpy (y = a*x + y) offloaded with OpenMP: the README's first example.
// Build: build/bin/clang -O2 -fopenmp -fopenmp-targets=nvptx64 saxpy.c -o saxpy
// Prints where the loop ran (GPU, or host when there is none) and checks the
// result against the same computation on the host.
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  const int n = 1 << 24;
  const float a = 2.5f;
  float *x = malloc(n * sizeof(float));
  float *y = malloc(n * sizeof(float));
  for (int i = 0; i < n; ++i) {
    x[i] = (float)(i % 1000) / 7.0f;
    y[i] = (float)(i % 333);
  }

  int on_host = 1;
#pragma omp target teams distribute parallel for map(to : x[0:n])             \
    map(tofrom : y[0:n]) map(from : on_host)
  for (int i = 0; i < n; ++i) {
    if (i == 0)
      on_host = omp_is_initial_device();
    y[i] = a * x[i] + y[i];
  }

  int errors = 0;
  for (int i = 0; i < n; ++i) {
    float expected = a * ((float)(i % 1000) / 7.0f) + (float)(i % 333);
    if (fabsf(y[i] - expected) > 1e-5f * fabsf(expected))
      ++errors;
  }
  printf("saxpy of %d elements ran on the %s: %s (y[1] = %.4f)\n", n,
         on_host ? "host" : "GPU", errors ? "WRONG" : "correct", y[1]);
  free(x);
  free(y);
  return errors != 0;
}
