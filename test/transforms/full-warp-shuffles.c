// The link step's FullWarpShuffles pass: the shuffles of a shuffle-and-reduce
// callback pass the callback's algorithm version on to the runtime, so that
// whole warps shuffle with a constant mask instead of asking for the active
// lanes before each step. 32- and 64-bit shuffles both change; in the PTX the
// five steps of a whole warp's reduction use the full mask (-1).
// RUN: rm -rf %t.dir && mkdir %t.dir && cd %t.dir && %clang -O2 %offload -save-temps %s -o prog
// RUN: llvm-dis prog.%default-arch.linked.bc -o - | FileCheck %s --check-prefix=IR
// RUN: FileCheck %s --check-prefix=PTX < prog.%default-arch.ptx
// IR-NOT: call {{.*}}@__kmpc_shuffle_int
// IR-DAG: call i32 @__ompgpu_shuffle_int32({{.*}}, i16 {{.*}}%3)
// IR-DAG: call i64 @__ompgpu_shuffle_int64({{.*}}, i16 {{.*}}%3)
// PTX: .entry __omp_offloading_{{.*}}_count_l{{[0-9]+}}(
// PTX: shfl.sync.down.b32 {{.*}}, 16, 31, -1;
// PTX: shfl.sync.down.b32 {{.*}}, 8, 31, -1;
// PTX: shfl.sync.down.b32 {{.*}}, 4, 31, -1;
// PTX: shfl.sync.down.b32 {{.*}}, 2, 31, -1;
// PTX: shfl.sync.down.b32 {{.*}}, 1, 31, -1;

int count(const int *x, int n) {
  int s = 0;
#pragma omp target parallel for reduction(+ : s) map(to : x[:n])
  for (int i = 0; i < n; ++i)
    s += x[i];
  return s;
}

double total(const double *x, int n) {
  double s = 0;
#pragma omp target parallel for reduction(+ : s) map(to : x[:n])
  for (int i = 0; i < n; ++i)
    s += x[i];
  return s;
}

int main(void) { return 0; }
