/* Prints the number the host OpenMP runtime (libomp.so.5) gives
 * omp_default_mem_space, which it exports as a constant: 0 in LLVM 19,
 * 99 from the numbering of OpenMP 6.0 on. The build runs it to generate
 * omp.h (omp.h.in). */
#include <stdint.h>
#include <stdio.h>

extern const uintptr_t omp_default_mem_space;

int main(void) {
  printf("%lu", (unsigned long)omp_default_mem_space);
  return 0;
}
