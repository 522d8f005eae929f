//===- AsyncConstruct.cpp - Constructs that complete later ----------------===//
//
// The construct's lane waits (on the GPU) for the work queued on the main
// lane so far, which the program sees as complete; an event after the
// construct's own work tells when it is done. The first questions of libomp
// are answered without waiting, so that a hidden helper thread goes on to
// other tasks; then the question waits for the event, which costs no CPU.
//
//===----------------------------------------------------------------------===//

#include "AsyncConstruct.h"
#include "Device.h"
#include "Diagnostics.h"
#include "HostOpenMP.h"

#include <optional>

using namespace omptarget;

namespace {
/// Questions answered without waiting before one waits.
constexpr unsigned QuestionsBeforeWaiting = 4;
} // namespace

void AsyncConstruct::run(Device &D, const Origin &From, const Work &Queue) {
  void **Handle = hostomp::targetTaskHandle();
  if (!Handle) {
    DeviceLock Lock = D.acquire();
    Queue(nullptr);
    return;
  }
  auto *Construct = new AsyncConstruct(D, From);
  {
    DeviceLock Lock = D.acquire();
    Lane &L = D.streams().take();
    Device::LaneScope OnLane(D, L, &Construct->CopiesOut);
    L.Work.retire();
    D.orderAfterMainLane();
    Queue(&Construct->Restores);
    Construct->Where = &L;
    Construct->Done = L.Work.record();
  }
  *Handle = Construct;
}

bool AsyncConstruct::tryToComplete() {
  const CudaDriver &Cu = D.driver();
  D.makeCurrent();
  CUresult Result = Cu.EventQuery(Done);
  if (Result == CUDA_ERROR_NOT_READY) {
    if (++Questions < QuestionsBeforeWaiting)
      return false;
    // Waiting also makes the driver print the kernel's printf output.
    Result = Cu.EventSynchronize(Done);
  } else if (Result == CUDA_SUCCESS) {
    // The event passed: this returns at once and prints printf output.
    Result = Cu.EventSynchronize(Done);
  }
  DeviceLock Lock = D.acquire();
  D.check(Result, "device failure");
  D.land(CopiesOut);
  DataEnvironment::restore(Restores);
  Lane &L = *Where;
  // Alone on its lane, the construct's work was the lane's last: the lane
  // is idle, and waiting for it costs nothing and releases everything.
  if (L.Users == 1)
    L.Work.synchronize();
  else
    L.Work.retire();
  D.events().giveBack(Done);
  D.streams().giveBack(L);
  return true;
}

void AsyncConstruct::query(void **Handle) {
  if (!Handle || !*Handle)
    fatal("__tgt_target_nowait_query got no asynchronous construct to "
          "complete: the host OpenMP runtime and libomptarget disagree");
  auto *Construct = static_cast<AsyncConstruct *>(*Handle);
  const Origin &From = Construct->From;
  std::optional<ConstructScope> Scope;
  if (From.Routine) {
    Scope.emplace(From.Routine);
  } else {
    Scope.emplace(From.Loc);
    if (From.Kernel)
      Scope->setKernel(From.Kernel);
  }
  if (!Construct->tryToComplete())
    return;
  delete Construct;
  *Handle = nullptr;
}
