// target teams distribute parallel for with each loop-index type, checked
// against a host reference, with trip counts around warp and block sizes.
// RUN: %clang -O2 %offload %s -o %t && %run %t | FileCheck %s
// CHECK: int: ok
// CHECK: unsigned: ok
// CHECK: long: ok
// CHECK: unsigned long: ok
// CHECK: offset ranges: ok
#include <stdio.h>
#include <stdlib.h>

#define CHECK_LOOP(NAME, T)                                                    \
  static int check_##NAME(int n) {                                             \
    double *a = malloc((n + 1) * sizeof(double));                              \
    for (int i = 0; i <= n; ++i)                                               \
      a[i] = -1;                                                               \
    T count = (T)n;                                                            \
    _Pragma("omp target teams distribute parallel for map(tofrom: a[:n + 1])") \
    for (T i = 0; i < count; ++i)                                              \
      a[i] = 2.0 * (double)i + 1.0;                                            \
    int bad = a[n] != -1;                                                      \
    for (int i = 0; i < n; ++i)                                                \
      bad |= a[i] != 2.0 * i + 1.0;                                            \
    free(a);                                                                   \
    return bad;                                                                \
  }
CHECK_LOOP(int, int)
CHECK_LOOP(unsigned, unsigned)
CHECK_LOOP(long, long)
CHECK_LOOP(ulong, unsigned long)

static const int sizes[] = {0, 1, 31, 32, 33, 127, 128, 129, 1000, 100003};
#define NSIZES (int)(sizeof(sizes) / sizeof(sizes[0]))

// Loops that do not start at zero or step by one.
static int check_offsets(void) {
  int n = 5000, bad = 0;
  int *a = calloc(n, sizeof(int));
#pragma omp target teams distribute parallel for map(tofrom : a[:n])
  for (int i = n - 1; i >= 7; i -= 3)
    a[i] += 1;
#pragma omp target teams distribute parallel for map(tofrom : a[:n])
  for (long i = -100; i < n - 100; i += 2)
    a[i + 100] += 10;
  for (int i = 0; i < n; ++i) {
    int expected = (i >= 7 && (n - 1 - i) % 3 == 0) + 10 * ((i % 2) == 0);
    bad |= a[i] != expected;
  }
  free(a);
  return bad;
}

int main(void) {
  int bad[4] = {0, 0, 0, 0};
  for (int s = 0; s < NSIZES; ++s) {
    bad[0] |= check_int(sizes[s]);
    bad[1] |= check_unsigned(sizes[s]);
    bad[2] |= check_long(sizes[s]);
    bad[3] |= check_ulong(sizes[s]);
  }
  printf("int: %s\n", bad[0] ? "WRONG" : "ok");
  printf("unsigned: %s\n", bad[1] ? "WRONG" : "ok");
  printf("long: %s\n", bad[2] ? "WRONG" : "ok");
  printf("unsigned long: %s\n", bad[3] ? "WRONG" : "ok");
  printf("offset ranges: %s\n", check_offsets() ? "WRONG" : "ok");
  return 0;
}
