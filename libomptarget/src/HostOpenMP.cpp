//===- HostOpenMP.cpp - What the runtime asks of libomp's tasks -----------===//
//
// libomp's entry points, found with dlsym in the process (LLVM 19's libomp
// exports all of them, whether or not it is built with its offloading
// support, which is what makes it ask for __tgt_target_nowait_query).
//
//===----------------------------------------------------------------------===//

#include "HostOpenMP.h"
#include "omptarget.h"

#include <cstdlib>
#include <cstring>
#include <dlfcn.h>

using namespace omptarget;
using namespace omptarget::hostomp;

namespace {

/// The head of libomp's kmp_task_t; the task's private data follows it.
struct TaskHeader {
  void *Shareds;
  int32_t (*Routine)(int32_t, void *);
  int32_t PartId;
  void *Data1;
  void *Data2;
};

/// Task flags: a tied task (libomp makes target tasks untied itself).
constexpr int32_t TiedTask = 1;
/// The device number of a target task that no device clause names.
constexpr int64_t NoDevice = -1;

struct Libomp {
  int32_t (*GlobalThreadNum)(ident_t *);
  bool (*HasTaskTeam)(int32_t);
  void **(*TargetAsyncHandle)(int32_t);
  void *(*TargetTaskAlloc)(ident_t *, int32_t, int32_t, size_t, size_t,
                           int32_t (*)(int32_t, void *), int64_t);
  int32_t (*TaskWithDeps)(ident_t *, int32_t, void *, int32_t,
                          const Dependence *, int32_t, const Dependence *);
  void (*WaitDeps)(ident_t *, int32_t, int32_t, const Dependence *, int32_t,
                   const Dependence *);

  template <typename T> static void find(T &Function, const char *Name) {
    Function = reinterpret_cast<T>(dlsym(RTLD_DEFAULT, Name));
  }

  Libomp() {
    find(GlobalThreadNum, "__kmpc_global_thread_num");
    find(HasTaskTeam, "__kmpc_omp_has_task_team");
    find(TargetAsyncHandle, "__kmpc_omp_get_target_async_handle_ptr");
    find(TargetTaskAlloc, "__kmpc_omp_target_task_alloc");
    find(TaskWithDeps, "__kmpc_omp_task_with_deps");
    find(WaitDeps, "__kmpc_omp_wait_deps");
  }
};

const Libomp &libomp() {
  static const Libomp Found;
  return Found;
}

/// A task the runtime created: the routine, then its data.
int32_t runTask(int32_t, void *Task) {
  char *Private = static_cast<char *>(Task) + sizeof(TaskHeader);
  TaskRoutine Routine;
  memcpy(&Routine, Private, sizeof(Routine));
  Routine(Private + sizeof(Routine));
  return 0;
}

} // namespace

void **hostomp::targetTaskHandle() {
  const Libomp &L = libomp();
  if (!L.GlobalThreadNum || !L.HasTaskTeam || !L.TargetAsyncHandle)
    return nullptr;
  int32_t Thread = L.GlobalThreadNum(nullptr);
  // Only a task of a task team can be put back in a queue.
  if (Thread < 0 || !L.HasTaskTeam(Thread))
    return nullptr;
  return L.TargetAsyncHandle(Thread);
}

bool hostomp::spawnTargetTask(TaskRoutine Routine, const void *Data,
                              size_t Bytes, const Dependence *Dependences,
                              int32_t NumDependences) {
  const Libomp &L = libomp();
  if (!L.GlobalThreadNum || !L.TargetTaskAlloc || !L.TaskWithDeps)
    return false;
  int32_t Thread = L.GlobalThreadNum(nullptr);
  void *Task =
      L.TargetTaskAlloc(nullptr, Thread, TiedTask,
                        sizeof(TaskHeader) + sizeof(Routine) + Bytes, 0,
                        runTask, NoDevice);
  char *Private = static_cast<char *>(Task) + sizeof(TaskHeader);
  memcpy(Private, &Routine, sizeof(Routine));
  memcpy(Private + sizeof(Routine), Data, Bytes);
  L.TaskWithDeps(nullptr, Thread, Task, NumDependences, Dependences, 0,
                 nullptr);
  return true;
}

void hostomp::waitForDependences(const Dependence *Dependences,
                                 int32_t NumDependences) {
  const Libomp &L = libomp();
  if (NumDependences == 0 || !L.GlobalThreadNum || !L.WaitDeps)
    return;
  L.WaitDeps(nullptr, L.GlobalThreadNum(nullptr), NumDependences, Dependences,
             0, nullptr);
}

void hostomp::keepTargetTasksOffHiddenHelpers() {
  // libomp reads its environment once, when it starts (its first entry
  // point); the registration that calls this runs in a static constructor.
  // Both variables, or libomp keeps the helpers' thread numbers reserved
  // and fails an assertion (new_gtid < __kmp_threads_capacity) when the
  // program's teams and parallel regions need more threads.
  const char *UseHelpers = "LIBOMP_USE_HIDDEN_HELPER_TASK",
             *NumHelpers = "LIBOMP_NUM_HIDDEN_HELPER_THREADS";
  if (getenv(UseHelpers) || getenv(NumHelpers))
    return;
  setenv(UseHelpers, "0", /*Overwrite=*/1);
  setenv(NumHelpers, "0", /*Overwrite=*/1);
}
