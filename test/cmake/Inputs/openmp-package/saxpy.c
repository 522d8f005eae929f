// A C target region built through CMake's OpenMP::OpenMP_C.
#include <omp.h>
#include <stdio.h>

int main(void) {
  enum { N = 4096 };
  static float x[N], y[N];
  for (int i = 0; i < N; i++) {
    x[i] = i;
    y[i] = 1;
  }
  int on_host = 1;
#pragma omp target teams distribute parallel for map(to : x) map(tofrom : y)   \
    map(tofrom : on_host)
  for (int i = 0; i < N; i++) {
    if (i == 0)
      on_host = omp_is_initial_device();
    y[i] += 2.0f * x[i];
  }
  int bad = 0;
  for (int i = 0; i < N; i++)
    bad += y[i] != 1 + 2.0f * i;
  printf("saxpy ran on the %s: %s\n", on_host ? "host" : "GPU",
         bad ? "wrong" : "correct");
  return bad != 0;
}
