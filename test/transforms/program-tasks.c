// The link step's ProgramTasks pass: whether the device program creates a
// task decides how its barriers wait. With a task, the remark says that team
// barriers and region ends run tasks, and the kernel keeps the team's task
// state in shared memory and the task pool; the same program without the
// task references neither, and its explicit barrier is one hardware barrier.
// RUN: rm -rf %t.dir && mkdir %t.dir && cd %t.dir && %clang -O2 %offload -save-temps -DWITH_TASK -Rpass-analysis=ompgpu %s -o with 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s --check-prefix=WITH < %t.dir/with.%default-arch.ptx
// RUN: cd %t.dir && %clang -O2 %offload -save-temps %s -o without 2>&1 | FileCheck %s --allow-empty --check-prefix=QUIET
// RUN: FileCheck %s --check-prefix=WITHOUT < %t.dir/without.%default-arch.ptx
// REMARK: {{.*}}program-tasks.c:[[@LINE+17]]:1: remark: the target region in 'work' at line [[@LINE+13]] creates tasks at line [[@LINE+17]]: the program's team barriers and parallel regions run tasks while their threads wait
// QUIET-NOT: creates tasks
// WITH-DAG: .shared {{.*}}TeamTasks
// WITH-DAG: .global {{.*}}_ZN12_GLOBAL__N_14PoolE
// WITHOUT-NOT: TeamTasks
// WITHOUT-NOT: _ZN12_GLOBAL__N_14PoolE
// WITHOUT: .entry __omp_offloading_{{.*}}_work_l[[@LINE+7]](
// WITHOUT-NOT: TeamTasks
// WITHOUT: bar.sync {{.*}}0;
// WITHOUT-NOT: TeamTasks
// WITHOUT-NOT: _ZN12_GLOBAL__N_14PoolE
int omp_get_thread_num(void);
void work(int *a, int n) {
#pragma omp target parallel map(tofrom : a[:n])
  {
    a[omp_get_thread_num() % n] = 1;
#ifdef WITH_TASK
#pragma omp task
    a[0] += 1;
#endif
#pragma omp barrier
    a[n - 1] = 2;
  }
}
int main(void) { return 0; }
