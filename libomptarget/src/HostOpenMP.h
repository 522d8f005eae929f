//===- HostOpenMP.h - What the runtime asks of libomp's tasks ---*- C++ -*-===//
//
// Asynchronous constructs are libomp tasks: clang-22 wraps `target nowait`
// and the nowait data constructs in target tasks, which libomp runs on its
// hidden helper threads, and the *_async memory routines are tasks that the
// runtime creates itself. A target task may leave its work queued on the GPU:
// libomp keeps a handle in the task, puts the task back in its queue, and
// calls __tgt_target_nowait_query until the handle is gone, and only then
// completes the task (releasing the tasks that depend on it, taskwait,
// taskgroup). libomptarget does not link libomp (programs bring their own):
// these functions look libomp's entry points up by name when first needed.
//
//===----------------------------------------------------------------------===//

#ifndef OMPTARGET_HOSTOPENMP_H
#define OMPTARGET_HOSTOPENMP_H

#include <cstddef>
#include <cstdint>

namespace omptarget {
namespace hostomp {

/// One dependence of a task (libomp's kmp_depend_info_t, which is also what
/// an omp_depend_t depend object points to).
struct Dependence {
  intptr_t Address;
  size_t Length;
  uint8_t Flags;
};

/// The slot in which libomp keeps the handle of the target task that the
/// calling thread runs, if that task may complete after its routine returns;
/// nullptr otherwise (no libomp, not in a task that libomp can put back),
/// and the construct then completes before it returns.
void **targetTaskHandle();

/// The routine of a task the runtime creates, run on the task's copy of the
/// data handed to spawnTargetTask.
using TaskRoutine = void (*)(void *Data);

/// Creates a target task that runs \p Routine on a copy of the \p Bytes at
/// \p Data once the tasks it depends on through \p Dependences are done;
/// false (and nothing happens) if libomp is not in the process.
bool spawnTargetTask(TaskRoutine Routine, const void *Data, size_t Bytes,
                     const Dependence *Dependences, int32_t NumDependences);

/// Waits until the earlier sibling tasks that \p Dependences conflict with
/// are done (nothing without libomp).
void waitForDependences(const Dependence *Dependences, int32_t NumDependences);

/// Asks libomp, which has not started yet, to run target tasks as ordinary
/// tasks of the encountering thread's team instead of on its hidden helper
/// threads, unless the program's environment sets
/// LIBOMP_USE_HIDDEN_HELPER_TASK or LIBOMP_NUM_HIDDEN_HELPER_THREADS itself.
/// For processes whose target regions all run on the host: there, the host
/// fallback of a `target teams ... nowait` region runs a teams construct on a
/// hidden helper thread, and Debian's libomp (LLVM 22) intermittently
/// corrupts its task team when it does (README, known problems).
void keepTargetTasksOffHiddenHelpers();

} // namespace hostomp
} // namespace omptarget

#endif // OMPTARGET_HOSTOPENMP_H
