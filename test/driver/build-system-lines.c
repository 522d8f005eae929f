// Command lines the way build systems write them. CMake's FindOpenMP compiles
// with -fopenmp=libomp and links with the path of libomp.so but no -fopenmp;
// -fopenmp-targets= (or --offload-arch=) on such a link line still means an
// OpenMP offloading link. test/cmake runs the whole CMake flow.
// RUN: rm -rf %t.dir && mkdir %t.dir

// -fopenmp=libomp is -fopenmp: the compile offloads.
// RUN: %clang -fopenmp=libomp -fopenmp-targets=nvptx64 -### -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=LIBOMP
// LIBOMP: "-triple" "nvptx64-nvidia-cuda"
// LIBOMP-SAME: "-fopenmp-is-target-device"

// -fopenmp-targets= without any -fopenmp option implies -fopenmp (clang-22
// alone would compile a host-only object and warn that --offload-arch is
// unused).
// RUN: %clang -fopenmp-targets=nvptx64 -### -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=IMPLIED
// IMPLIED-NOT: warning
// IMPLIED: "-triple" "nvptx64-nvidia-cuda"
// IMPLIED-SAME: "-fopenmp-is-target-device"

// The link line FindOpenMP writes, with -fopenmp-targets from
// target_link_options: our link step runs and links libomptarget.
// RUN: %clang -fopenmp=libomp -fopenmp-targets=nvptx64 -c %s -o %t.dir/app.o
// RUN: touch %t.dir/libomp.so
// RUN: %clang -fopenmp-targets=nvptx64 -### %t.dir/app.o -o %t.dir/app %t.dir/libomp.so 2>&1 | FileCheck %s --check-prefix=LINK
// LINK: clang-linker-wrapper" "--should-extract=
// LINK-SAME: libomp.so" "-lomp" "-lomptarget"
// --offload-arch= alone on a link line (no source compiled) is OpenMP too.
// RUN: %clang --offload-arch=sm_80 -### %t.dir/app.o -o %t.dir/app 2>&1 | FileCheck %s --check-prefix=ARCH
// ARCH: clang-linker-wrapper" "--should-extract=sm_80"
// The same link for real, and the program runs (host fallback here).
// RUN: %clang -fopenmp-targets=nvptx64 %t.dir/app.o -o %t.dir/app
// RUN: %run %t.dir/app | FileCheck %s
// CHECK: sum 499500

// Response files (@file) count as if their contents were on the line.
// RUN: echo "-fopenmp-targets=nvptx64 %t.dir/app.o" > %t.dir/link.rsp
// RUN: %clang -### @%t.dir/link.rsp -o %t.dir/app 2>&1 | FileCheck %s --check-prefix=RSP
// RSP: clang-linker-wrapper"

// A link of objects with device code that does not ask for offloading
// cannot include that code: a warning says what to add.
// RUN: %clang -fopenmp -### %t.dir/app.o -o %t.dir/app 2>&1 | FileCheck %s --check-prefix=WARN
// WARN: clang: warning: '{{.*}}app.o' holds OpenMP device code, but the link does not ask for offloading, so that code is left out; add -fopenmp-targets=nvptx64 (and the --offload-arch values of the compile) to the link options (in CMake: target_link_options)
// WARN-NOT: clang-linker-wrapper
// Objects without device code (or the output file) give no warning.
// RUN: %clang -fopenmp -c %s -o %t.dir/host.o
// RUN: %clang -fopenmp -### %t.dir/host.o -o %t.dir/app 2>&1 | FileCheck %s --check-prefix=NOWARN
// NOWARN-NOT: warning
// NOWARN: "-o" "{{.*}}app"

// What cannot work stops with a clear error: -fno-openmp after
// -fopenmp-targets, and (clang-22's own message) an OpenMP runtime that does
// not offload.
// RUN: not %clang -fopenmp -fno-openmp -fopenmp-targets=nvptx64 -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=NOOMP
// NOOMP: clang: error: -fopenmp-targets asks for OpenMP offloading, but -fno-openmp (the last OpenMP option on the line) turns OpenMP off
// RUN: not %clang -fopenmp=libgomp -fopenmp-targets=nvptx64 -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=GOMP
// GOMP: error: '-fopenmp-targets' must be used in conjunction with a '-fopenmp' option compatible with offloading
#include <stdio.h>

int main(void) {
  int sum = 0;
#pragma omp target teams distribute parallel for reduction(+ : sum) map(tofrom : sum)
  for (int i = 0; i < 1000; i++)
    sum += i;
  printf("sum %d\n", sum);
  return sum != 499500;
}
