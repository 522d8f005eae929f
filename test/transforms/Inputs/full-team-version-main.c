// The host program of full-team-version.ll: runs each kernel as every thread
// of teams of 256, 100 and 1 threads (the special registers read from the
// variables below), so that both of its copies run, and checks that each of
// the 256 elements was counted exactly once.
#include <stdio.h>

void __omp_offloading_10_20_strided_l5(int *count);
void __omp_offloading_10_20_spmdized_l9(int *count);

static unsigned Thread, Threads;
unsigned fake_tid_x(void) { return Thread; }
unsigned fake_ntid_x(void) { return Threads; }

static int check(const char *name, void (*kernel)(int *), unsigned size) {
  int count[256] = {0};
  Threads = size;
  for (Thread = 0; Thread < size; ++Thread)
    kernel(count);
  int wrong = 0;
  for (int k = 0; k < 256; ++k)
    wrong += count[k] != 1;
  printf("%s, teams of %u: %d wrong\n", name, size, wrong);
  return wrong;
}

int main(void) {
  int wrong = check("strided", __omp_offloading_10_20_strided_l5, 256) +
              check("strided", __omp_offloading_10_20_strided_l5, 100) +
              check("strided", __omp_offloading_10_20_strided_l5, 1) +
              check("spmdized", __omp_offloading_10_20_spmdized_l9, 256);
  return wrong != 0;
}
