// The link step revises the launch bounds its passes guessed once ptxas has
// compiled the kernels (LaunchBoundsPolicy.h): a .minnctapersm hint under
// which ptxas spills is lowered or dropped, teams of 256 become smaller
// where a kernel's registers put more warps on a multiprocessor that way,
// a kernel a few registers short of one more block a multiprocessor gets
// the hint for it where ptxas fits it without spilling, or spilling at most
// 8 bytes where a loop of the kernel loads from memory, and bounds the
// program set stay. -v, the remarks and the report say so.
// RUN: rm -rf %t.dir && mkdir %t.dir && cd %t.dir
// RUN: %clang -O2 %offload --offload-arch=sm_90 -fopenmp-offload-report -v -save-temps %s -o prog -lm 2>&1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=PTX < prog.sm_90.ptx
// RUN: %clang -O2 %offload --offload-arch=sm_90 -Rpass=ompgpu -Rpass-analysis=ompgpu %s -o prog -lm 2>&1 | FileCheck %s --check-prefix=REMARK

// Each ptxas compile of the program shows under -v: one per revision.
// CHECK-COUNT-3: ptxas" "-m64" "-O2" "--gpu-name" "sm_90"
// CHECK-NOT: ptxas" "-m64"
// CHECK-DAG: clang-linker-wrapper: sm_90 __omp_offloading_{{.*}}_lowered_l{{[0-9]+}}: ptxas spilled {{[0-9]+}} bytes of registers under .minnctapersm 4 (64 registers): compiled with .minnctapersm {{[23]}}: {{[0-9]+}} registers, no spills
// CHECK-DAG: clang-linker-wrapper: sm_90 __omp_offloading_{{.*}}_dropped_l{{[0-9]+}}: ptxas spilled {{[0-9]+}} bytes of registers under .minnctapersm 4 (64 registers): compiled without a hint: {{[0-9]+}} registers, no spills
// CHECK-DAG: clang-linker-wrapper: sm_90 __omp_offloading_{{.*}}_kept_l{{[0-9]+}}: ptxas fitted it under .minnctapersm 4 without spilling: {{[0-9]+}} registers, no spills: the hint stays
// CHECK-DAG: clang-linker-wrapper: sm_90 __omp_offloading_{{.*}}_smaller_teams_l{{[0-9]+}}: {{[0-9]+}} registers per thread fit 8 warps on a multiprocessor in teams of 256 threads and 12 in teams of 192: teams of 192: {{[0-9]+}} registers, no spills
// CHECK-DAG: clang-linker-wrapper: sm_90 __omp_offloading_{{.*}}_raised_l{{[0-9]+}}: {{[0-9]+}} registers per thread fit 3 blocks on a multiprocessor: ptxas fitted it under .minnctapersm 4 without spilling: {{[0-9]+}} registers, no spills
// CHECK-DAG: clang-linker-wrapper: sm_90 __omp_offloading_{{.*}}_own_limit_l{{[0-9]+}}: {{[0-9]+}} registers per thread fit 1 block on a multiprocessor: ptxas spilled {{[0-9]+}} bytes of registers under .minnctapersm 2 ({{[0-9]+}} registers): compiled without a hint: {{[0-9]+}} registers, no spills
// CHECK-DAG: clang-linker-wrapper: sm_90 __omp_offloading_{{.*}}_raised_spilling_little_l{{[0-9]+}}: {{[0-9]+}} registers per thread fit 5 blocks on a multiprocessor: ptxas fitted it under .minnctapersm 6 spilling {{[1-8]}} bytes, few enough to keep the hint: 40 registers, {{[1-8]}} bytes spilled
// CHECK: offload report for sm_90: 7 kernels
// CHECK: {{^}}SPMD {{.*}} 0 0 {{[0-9]+}} 0 0 {{[0-9]+}} - {{.*}} target region in dropped() at line
// CHECK-NEXT: {{^}}SPMD {{.*}} 0 0 {{[0-9]+}} 0 0 256 4 4 32/64 registers target region in kept() at line
// CHECK-NEXT: {{^}}SPMD {{.*}} 0 0 {{[0-9]+}} 0 0 256 {{[23]}} {{.*}} target region in lowered() at line
// CHECK-NEXT: {{^}}SPMD {{.*}} 256 - 1 8/64 registers target region in own_limit() at line
// CHECK-NEXT: {{^}}SPMD {{.*}} 256 4 4 32/64 registers target region in raised() at line
// CHECK-NEXT: {{^}}generic-SPMD {{.*}} 256 6 6 48/64 registers target region in raised_spilling_little() at line
// CHECK-NEXT: {{^}}SPMD {{.*}} 192 - 2 12/64 registers target region in smaller_teams() at line
// CHECK-DAG: revised: target region in lowered() at line {{[0-9]+}}: ptxas spilled {{.*}}: compiled with .minnctapersm {{[23]}}
// CHECK-DAG: revised: target region in dropped() at line {{[0-9]+}}: ptxas spilled {{.*}}: compiled without a hint
// CHECK-DAG: revised: target region in smaller_teams() at line {{[0-9]+}}: {{.*}}: teams of 192
// CHECK-DAG: revised: target region in raised() at line {{[0-9]+}}: {{.*}}: ptxas fitted it under .minnctapersm 4 without spilling
// CHECK-DAG: revised: target region in raised_spilling_little() at line {{[0-9]+}}: {{.*}}: ptxas fitted it under .minnctapersm 6 spilling {{[1-8]}} bytes, few enough to keep the hint
// CHECK-DAG: revised: target region in own_limit() at line {{[0-9]+}}: {{.*}}: ptxas spilled {{.*}}: compiled without a hint

// The final PTX has the revised bounds, and the kernel environment's MaxThreads
// (the low half of its second 64-bit word) with them.
// PTX-DAG: _smaller_teams_l{{[0-9]+}}_kernel_environment[{{[0-9]+}}] = {{[{][0-9]+}}, 192,
// PTX-DAG: _own_limit_l{{[0-9]+}}_kernel_environment[{{[0-9]+}}] = {{[{][0-9]+}}, 256,
// PTX-LABEL: .entry __omp_offloading_{{.*}}_lowered_l
// PTX: .maxntid 256
// PTX-NEXT: .minnctapersm {{[23]$}}
// PTX-LABEL: .entry __omp_offloading_{{.*}}_dropped_l
// PTX-NOT: .minnctapersm
// PTX: {
// PTX-LABEL: .entry __omp_offloading_{{.*}}_smaller_teams_l
// PTX: .maxntid 192
// PTX-LABEL: .entry __omp_offloading_{{.*}}_own_limit_l
// PTX: .maxntid 256
// PTX-NOT: .minnctapersm
// PTX: {
// PTX-LABEL: .entry __omp_offloading_{{.*}}_raised_l
// PTX: .maxntid 256
// PTX-NEXT: .minnctapersm 4
// PTX-LABEL: .entry __omp_offloading_{{.*}}_kept_l
// PTX: .maxntid 256
// PTX-NEXT: .minnctapersm 4
// PTX-LABEL: .entry __omp_offloading_{{.*}}_raised_spilling_little_l
// PTX: .maxntid 256
// PTX-NEXT: .minnctapersm 6

// REMARK-DAG: launch-bounds.c:[[LINE:[0-9]+]]:1: remark: the target region in 'lowered' at line [[LINE]]: ptxas spilled {{.*}}: compiled with .minnctapersm {{[23]}}: {{.*}} [-Rpass=ompgpu]
// REMARK-DAG: remark: the target region in 'dropped' at line {{[0-9]+}}: ptxas spilled {{.*}}: compiled without a hint: {{.*}} [-Rpass=ompgpu]
// REMARK-DAG: remark: the target region in 'smaller_teams' at line {{[0-9]+}}: {{.*}}: teams of 192: {{.*}} [-Rpass=ompgpu]
// REMARK-DAG: remark: the target region in 'raised' at line {{[0-9]+}}: {{.*}} ptxas fitted it under .minnctapersm 4 without spilling{{.*}} [-Rpass=ompgpu]
// REMARK-DAG: remark: the target region in 'raised_spilling_little' at line {{[0-9]+}}: {{.*}} spilling {{[1-8]}} bytes, few enough to keep the hint{{.*}} [-Rpass=ompgpu]
// REMARK-DAG: remark: the target region in 'kept' at line {{[0-9]+}}: ptxas fitted it under .minnctapersm 4 without spilling{{.*}} [-Rpass-analysis=ompgpu]

#include <math.h>
#include <omp.h>

// Count accumulators that the loops keep in registers, updated with v.
#define UPDATE(Count, acc, v, c)                                               \
  _Pragma("unroll") for (int j = 0; j < Count; ++j) acc[j] = acc[j] * v + c[j]

// Row i of a stream over the columns of x with Count accumulators.
#define STREAM_ROW(Count)                                                      \
  do {                                                                         \
    double acc[Count] = {0};                                                   \
    for (int k = 0; k < n; ++k)                                                \
      UPDATE(Count, acc, x[(long)k * rows + i], c);                            \
    double sum = 0;                                                            \
    for (int j = 0; j < Count; ++j)                                            \
      sum += acc[j];                                                           \
    y[i] = sum;                                                                \
  } while (0)

// Gathers with about 100 values live: 64 registers are too few, 128 enough.
void lowered(const int *start, const int *col, const double *x,
             const double *c, double *y, int rows) {
#pragma omp target teams distribute parallel for
  for (int i = 0; i < rows; ++i) {
    double acc[12] = {0};
    for (int k = start[i]; k < start[i + 1]; ++k)
      UPDATE(12, acc, x[col[k]], c);
    double sum = 0;
    for (int j = 0; j < 12; ++j)
      sum += acc[j];
    y[i] = sum;
  }
}

// Gathers with more values live than two blocks of 256 threads have
// registers for: no hint at all.
void dropped(const int *start, const int *col, const double *x,
             const double *c, double *y, int rows) {
#pragma omp target teams distribute parallel for
  for (int i = 0; i < rows; ++i) {
    double acc[16] = {0};
    for (int k = start[i]; k < start[i + 1]; ++k)
      UPDATE(16, acc, x[col[k]], c);
    double sum = 0;
    for (int j = 0; j < 16; ++j)
      sum += acc[j];
    y[i] = sum;
  }
}

// Streams with about 150 registers: one team of 256 threads per
// multiprocessor (8 warps), two of 192 (12 warps).
void smaller_teams(const double *x, const double *c, double *y, int rows,
                   int n) {
#pragma omp target teams distribute parallel for
  for (int i = 0; i < rows; ++i)
    STREAM_ROW(32);
}

// About the same with a thread_limit of the program's own: it stays, and the
// hint for a second team a multiprocessor (128 registers, at least 80% of
// what it uses) spills: none.
void own_limit(const double *x, const double *c, double *y, int rows, int n) {
#pragma omp target teams distribute parallel for thread_limit(256)
  for (int i = 0; i < rows; ++i)
    STREAM_ROW(30);
}

// Streams with about 70 registers: three teams of 256 threads per
// multiprocessor, and ptxas fits it in the 64 that four need.
void raised(const double *x, const double *c, double *y, int rows, int n) {
#pragma omp target teams distribute parallel for thread_limit(256)
  for (int i = 0; i < rows; ++i)
    STREAM_ROW(12);
}

// Gathers with few values live: ptxas fits the hint.
void kept(const int *start, const int *col, const double *val,
          const double *x, double *y, int rows) {
#pragma omp target teams distribute parallel for
  for (int i = 0; i < rows; ++i) {
    double sum = 0;
    for (int k = start[i]; k < start[i + 1]; ++k)
      sum += val[k] * x[col[k]];
    y[i] = sum;
  }
}

// A team's threads sum columns into team-local arrays (a CUDA-style column
// statistic, with six weighted moments besides, and FullTeamVersion's copy
// for teams of 256): 48 registers fit 5 teams of 256 a multiprocessor, and
// under the hint for 6 ptxas spills 8 bytes, few enough to keep it in a
// kernel whose loop waits on loads from memory.
void raised_spilling_little(const double *m, double *sums, int rows,
                            int columns) {
  const int tiles = columns / 32;
#pragma omp target teams num_teams(tiles) thread_limit(256)
  {
    double sum[32], squares[32];
#pragma omp parallel
    {
      const int t = omp_get_thread_num(), threads = omp_get_num_threads();
      const int groups = threads >= 32 ? threads / 32 : 1;
      for (int tile = omp_get_team_num(); tile < tiles;
           tile += omp_get_num_teams()) {
        for (int c = t; c < 32; c += threads)
          sum[c] = squares[c] = 0.0;
#pragma omp barrier
        for (int item = t; item < 32 * groups; item += threads) {
          const int c = item % 32;
          const double *column = m + (long)tile * 32 + c;
          double s = 0.0, s2 = 0.0, moments[6] = {0};
          for (int r = item / 32; r < rows; r += groups) {
            const double x = column[(long)r * columns];
            s += x;
            s2 += x * x;
            _Pragma("unroll") for (int j = 0; j < 6; ++j) moments[j] =
                moments[j] * x + j;
          }
          for (int j = 0; j < 6; ++j)
            s += moments[j];
#pragma omp atomic update
          sum[c] += s;
#pragma omp atomic update
          squares[c] += s2;
        }
#pragma omp barrier
        for (int c = t; c < 32; c += threads) {
          const double mean = sum[c] / rows;
          sums[(long)tile * 32 + c] = sqrt(squares[c] / rows - mean * mean);
        }
#pragma omp barrier
      }
    }
  }
}

int main(void) { return 0; }
