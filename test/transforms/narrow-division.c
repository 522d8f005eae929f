// 64-bit divisions by constants that the link step versions (NarrowDivision):
// the indices of a collapse(2) loop come from dividing the 64-bit logical
// iteration number by the inner trip count; a dividend below 2^32 takes a
// 32-bit high multiply, larger ones the original 64-bit sequence, so that
// collapsed loops with 2^32 or more iterations stay correct.
// RUN: rm -rf %t.dir && mkdir %t.dir && cd %t.dir && %clang -O3 %offload -save-temps %s -o prog
// RUN: FileCheck %s < prog.%default-arch.ptx
// CHECK: .entry __omp_offloading_{{.*}}_sweep_l{{[0-9]+}}(
// CHECK: setp.gt.u64 {{.*}}, 4294967295;
// CHECK: mul.hi.u32
// CHECK: mul.hi.s64
// A run-time row length: a reciprocal computed before the loop, and per
// index a 32-bit high multiply where the division was.
// CHECK: .entry __omp_offloading_{{.*}}_rows_l{{[0-9]+}}(
// CHECK: div.u64
// CHECK: mul.hi.u32
// CHECK: .entry __omp_offloading_{{.*}}_power_of_two_l{{[0-9]+}}(
// CHECK-NOT: 4294967295
// CHECK: ret;
// A division by a power of two is a shift already and stays as it was.
// CHECK-NOT: 4294967295
void sweep(double *v, const double *u, int n) {
#pragma omp target teams distribute parallel for collapse(2)                  \
    map(to : u[:n * 4000]) map(from : v[:n * 4000])
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < 4000; ++j)
      v[(long)i * 4000 + j] = 2 * u[(long)i * 4000 + j];
}

void rows(double *v, int n, int m) {
#pragma omp target teams distribute parallel for collapse(2) map(tofrom : v[:n * m])
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < m; ++j)
      v[(long)i * m + j] += i - j;
}

void power_of_two(double *v, int n) {
#pragma omp target teams distribute parallel for collapse(2) map(tofrom : v[:n * 64])
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < 64; ++j)
      v[(long)i * 64 + j] += 1;
}

int main(void) {
  double u[4000 * 2] = {1}, v[4000 * 2] = {0};
  sweep(v, u, 2);
  rows(v, 2, 3);
  power_of_two(v, 2);
  return v[0] == 3 ? 0 : 1;
}
