// Smaller teams stay only where ptxas compiles them without spilling
// (LaunchBoundsPolicy.h): a kernel whose registers fit more warps in teams
// of 192 than of 256 is compiled with 192, and where that spills, with 256
// again; -v, the report and the remarks say so. A stand-in ptxas makes the
// 192-thread compile spill (its registers capped at 32).
// RUN: rm -rf %t && mkdir -p %t/cuda/bin %t/cuda/nvvm/libdevice && cd %t
// RUN: ln -s %S/Inputs/fake-ptxas.sh %t/cuda/bin/ptxas
// RUN: ln -s %libdevice %t/cuda/nvvm/libdevice/libdevice.10.bc
// RUN: env CUDA_PATH=%t/cuda REAL_PTXAS=%ptxas FAKE_PTXAS_MAXNTID_CAP=192:32 %clang -O2 %offload --offload-arch=sm_90 -fopenmp-offload-report -v -save-temps %s -o prog 2>&1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=PTX < prog.sm_90.ptx
// RUN: env CUDA_PATH=%t/cuda REAL_PTXAS=%ptxas FAKE_PTXAS_MAXNTID_CAP=192:32 %clang -O2 %offload --offload-arch=sm_90 -Rpass=ompgpu %s -o prog 2>&1 | FileCheck %s --check-prefix=REMARK
// Without the cap, teams of 192 stay.
// RUN: env CUDA_PATH=%t/cuda REAL_PTXAS=%ptxas %clang -O2 %offload --offload-arch=sm_90 -v %s -o prog 2>&1 | FileCheck %s --check-prefix=NOCAP

// CHECK: clang-linker-wrapper: sm_90 __omp_offloading_{{.*}}_rows_l{{[0-9]+}}: {{[0-9]+}} registers per thread fit 8 warps on a multiprocessor in teams of 256 threads and 12 in teams of 192: teams of 192 spilled {{[0-9]+}} bytes of registers (32 registers): teams of 256 again: {{[0-9]+}} registers, no spills
// CHECK: offload report for sm_90: 1 kernel{{$}}
// CHECK: {{^}}SPMD {{.*}} 0 0 {{[0-9]+}} 0 0 256 - 1 8/64 registers target region in rows() at line
// CHECK: revised: target region in rows() at line {{[0-9]+}}: {{.*}}: teams of 192 spilled {{.*}}: teams of 256 again
// PTX: _rows_l{{[0-9]+}}_kernel_environment[{{[0-9]+}}] = {{[{][0-9]+}}, 256,
// PTX: .maxntid 256
// REMARK: remark: the target region in 'rows' at line {{[0-9]+}}: {{.*}}: teams of 192 spilled {{.*}}: teams of 256 again: {{.*}} [-Rpass=ompgpu]
// NOCAP: _rows_l{{[0-9]+}}: {{[0-9]+}} registers per thread fit 8 warps on a multiprocessor in teams of 256 threads and 12 in teams of 192: teams of 192: {{[0-9]+}} registers, no spills

// Streams with about 160 registers: one team of 256 threads per
// multiprocessor (8 warps), two of 192 (12 warps).
void rows(const double *x, const double *c, double *y, int rows, int n) {
#pragma omp target teams distribute parallel for
  for (int i = 0; i < rows; ++i) {
    double acc[32] = {0};
    for (int k = 0; k < n; ++k)
#pragma unroll
      for (int j = 0; j < 32; ++j)
        acc[j] = acc[j] * x[(long)k * rows + i] + c[j];
    double sum = 0;
    for (int j = 0; j < 32; ++j)
      sum += acc[j];
    y[i] = sum;
  }
}

int main(void) { return 0; }
