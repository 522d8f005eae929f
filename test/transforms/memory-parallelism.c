// The link step's MemoryParallelism pass: a kernel whose loop gathers (loads
// through an index it loaded in the same loop) asks ptxas for fewer blocks per
// multiprocessor (.minnctapersm 4), so that its threads keep more loads in
// flight; a streaming kernel keeps ptxas's default.
// RUN: rm -rf %t.dir && mkdir %t.dir && cd %t.dir && %clang -O2 %offload -save-temps %s -o prog
// RUN: FileCheck %s < prog.%default-arch.ptx
// CHECK: .entry __omp_offloading_{{.*}}_gather_l{{[0-9]+}}(
// CHECK: .maxntid 256
// CHECK-NEXT: .minnctapersm 4
// CHECK: .entry __omp_offloading_{{.*}}_stream_l{{[0-9]+}}(
// CHECK-NOT: .minnctapersm
// CHECK: ret;
void gather(const int *start, const int *col, const double *val,
            const double *x, double *y, int rows) {
#pragma omp target teams distribute parallel for
  for (int i = 0; i < rows; ++i) {
    double sum = 0;
    for (int k = start[i]; k < start[i + 1]; ++k)
      sum += val[k] * x[col[k]];
    y[i] = sum;
  }
}

void stream(const double *a, double *b, int n) {
#pragma omp target teams distribute parallel for
  for (int i = 0; i < n; ++i)
    b[i] = 2 * a[i];
}

int main(void) { return 0; }
