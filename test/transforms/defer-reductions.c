// The link step's DeferReductions pass: in the SPMD kernel of a combined
// construct that reduces across teams, the parallel-level reduction is
// deferred to one block reduction inside the teams reduction; kernels whose
// parallel-level original may be shared keep the ordinary entry points.
// RUN: rm -rf %t.dir && mkdir %t.dir && cd %t.dir && %clang -O2 %offload -save-temps %s -o prog
// RUN: llvm-dis prog.%default-arch.linked.bc -o - | FileCheck %s

// CHECK-DAG: call i32 @__ompgpu_teams_reduce_deferred(
// CHECK-DAG: call i32 @__ompgpu_parallel_reduce_deferred(
// target parallel for: no teams reduction, the original is shared.
// CHECK-DAG: call i32 @__kmpc_nvptx_parallel_reduce_nowait_v2(
// generic teams distribute with a parallel for inside.
// CHECK-DAG: call i32 @__kmpc_nvptx_teams_reduce_nowait_v2(

double combined(const double *x, int n) {
  double s = 0;
#pragma omp target teams distribute parallel for reduction(+ : s) map(to : x[:n])
  for (int i = 0; i < n; ++i)
    s += x[i];
  return s;
}

double parallel_only(const double *x, int n) {
  double s = 0;
#pragma omp target parallel for reduction(+ : s) map(to : x[:n])
  for (int i = 0; i < n; ++i)
    s += x[i];
  return s;
}

double generic(const double *x, int n) {
  double s = 0;
#pragma omp target teams distribute reduction(+ : s) map(to : x[:n * 8])
  for (int i = 0; i < n; ++i) {
    double row = 0;
#pragma omp parallel for reduction(+ : row)
    for (int j = 0; j < 8; ++j)
      row += x[i * 8 + j];
    s += row;
  }
  return s;
}

int main(void) {
  double x[64];
  for (int i = 0; i < 64; ++i)
    x[i] = i;
  return combined(x, 64) + parallel_only(x, 64) + generic(x, 8) != 3 * 2016;
}
