// Without an offloading flag the driver is clang-22 with the same arguments:
// nothing of the offloading flow is added (an OpenMP compile gets our omp.h
// only: host-openmp-header.c).
// RUN: %clang -### -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=PLAIN
// RUN: %clang -fopenmp -### -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=PLAIN
// PLAIN: "-cc1" "-triple" "x86_64
// PLAIN-NOT: nvptx64
// PLAIN-NOT: -foffload-lto
// RUN: %clang --version | FileCheck %s --check-prefix=VERSION
// VERSION: clang version 22
int main(void) { return 0; }
