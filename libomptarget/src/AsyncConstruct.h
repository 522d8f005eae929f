//===- AsyncConstruct.h - Constructs that complete later --------*- C++ -*-===//
//
// A nowait target region or data construct, or an asynchronous memory
// routine, queues its work on a lane of its own (so that independent ones
// overlap on the GPU) and returns without waiting for the GPU (its copies to
// pageable host memory land in pinned memory, Landings.h); libomp keeps the
// construct in its target task and asks __tgt_target_nowait_query whether it
// is done, and only then completes the task. Where the calling thread runs no
// task libomp can resume later, the construct completes at once, like one
// without nowait.
//
//===----------------------------------------------------------------------===//

#ifndef OMPTARGET_ASYNCCONSTRUCT_H
#define OMPTARGET_ASYNCCONSTRUCT_H

#include "CudaDriver.h"
#include "DataEnvironment.h"
#include "Landings.h"
#include "omptarget.h"

#include <functional>

namespace omptarget {

class Device;
struct Lane;

class AsyncConstruct {
public:
  /// What the construct queues, on the device's current lane; it gets where
  /// to put the host pointers to restore once the work is done, or nullptr
  /// when it must complete before it returns.
  using Work = std::function<void(DataEnvironment::Restores *Deferred)>;

  /// Where messages about the construct point: the construct at Loc (and
  /// its Kernel, for a target region), or the API routine Routine.
  struct Origin {
    const ident_t *Loc = nullptr;
    const char *Kernel = nullptr;
    const char *Routine = nullptr;
  };

  /// Runs the construct on \p D: on a lane of its own, completed later by
  /// query(), when the calling thread runs a target task libomp can resume
  /// later; else on the main lane, completed before this returns.
  static void run(Device &D, const Origin &From, const Work &Queue);

  /// __tgt_target_nowait_query: completes the construct whose handle libomp
  /// keeps at \p Handle and clears it if its work is done, or after a few
  /// questions, once it is (libomp asks again while the handle is there).
  static void query(void **Handle);

private:
  AsyncConstruct(Device &D, const Origin &From) : D(D), From(From) {}
  /// True once the work is done and the construct completed.
  bool tryToComplete();

  Device &D;
  const Origin From;
  Lane *Where = nullptr;
  CUevent Done = nullptr;
  /// Its copies to the host, to move into place once its work is done, then
  /// the host pointers those copies overwrote, to restore.
  Landings CopiesOut;
  DataEnvironment::Restores Restores;
  unsigned Questions = 0;
};

} // namespace omptarget

#endif // OMPTARGET_ASYNCCONSTRUCT_H
