// The link step's AllocateStorage pass on a whole program: a target region's
// own variable of omp_default_mem_alloc becomes one copy per team, a parallel
// region's variable of omp_large_cap_mem_alloc a local of each thread (both
// say so under -Rpass=ompgpu), and a variable of a declare target function
// whose address the function keeps (where another thread may read it) stays
// one variable of the program, which the link step names in a warning.
// RUN: rm -rf %t.dir && mkdir %t.dir && cd %t.dir
// RUN: %clang -O2 %offload -save-temps %s -o prog -Rpass=ompgpu 2>&1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=PTX < prog.%default-arch.ptx
// CHECK-DAG: remark: {{.*}}the variable 'Team' of an 'allocate' directive or clause in the target region in 'main' at line {{[0-9]+}} gets one copy per team, in shared memory
// CHECK-DAG: remark: {{.*}}the variable 'Mine' of an 'allocate' directive or clause in {{.*}} gets one copy per call, on the thread's stack
// CHECK-DAG: clang-linker-wrapper: warning: the variable 'Kept' of an 'allocate' directive or clause (used in {{.*}}) is one variable of the device code for sm_{{[0-9]+}}, which every thread and team that runs the code shares
// PTX: .shared .align 4 .b8 Team[1024];
// PTX-NOT: .global {{.*}} Team
// PTX-NOT: Mine
#include <omp.h>

#pragma omp declare target
int *Last;
void keep(int Value) {
  int Kept[4];
#pragma omp allocate(Kept) allocator(omp_high_bw_mem_alloc)
  Kept[0] = Value;
  Last = Kept;
}
#pragma omp end declare target

int main(void) {
  int Out[64] = {0};
#pragma omp target teams num_teams(4) map(tofrom : Out)
  {
    int Team[256];
#pragma omp allocate(Team) allocator(omp_default_mem_alloc)
#pragma omp parallel for
    for (int I = 0; I < 256; ++I) {
      int Mine[8];
#pragma omp allocate(Mine) allocator(omp_large_cap_mem_alloc)
      for (int J = 0; J < 8; ++J)
        Mine[J] = I + J;
      Team[I] = Mine[I % 8];
      keep(I);
    }
    Out[omp_get_team_num()] = Team[17];
  }
  return Out[0] != 18;
}
