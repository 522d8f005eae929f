// -c plus a later link of several objects and a static archive: the device
// code of every object, archive members included, is linked together.
// RUN: rm -rf %t.dir && mkdir %t.dir
// RUN: %clang -O2 %offload -c %S/Inputs/scale.c -o %t.dir/scale.o
// RUN: %clang -O2 %offload -c %S/Inputs/shift.c -o %t.dir/shift.o
// RUN: llvm-ar rcs %t.dir/libshift.a %t.dir/shift.o
// RUN: %clang -O2 %offload -c %s -o %t.dir/main.o
// RUN: %clang -O2 %offload %t.dir/main.o %t.dir/scale.o -L%t.dir -lshift -o %t.dir/prog
// RUN: %run %t.dir/prog | FileCheck %s
// CHECK: sum = 3072
#include <stdio.h>
void scale(double *x, int n, double by);
void shift(double *x, int n, double by);
int main(void) {
  double x[1024];
  for (int i = 0; i < 1024; ++i)
    x[i] = 1;
  scale(x, 1024, 2);
  shift(x, 1024, 1);
  double sum = 0;
  for (int i = 0; i < 1024; ++i)
    sum += x[i];
  printf("sum = %.0f\n", sum);
  return 0;
}
