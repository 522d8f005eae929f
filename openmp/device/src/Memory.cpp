//===- Memory.cpp - Memory for globalized variables -----------------------===//
//
// Clang moves locals that a parallel region may use out of the stack with
// __kmpc_alloc_shared: other threads cannot see a thread's local memory. The
// main thread of a generic kernel allocates them on the data-sharing stack in
// shared memory; SPMD teams allocate one copy for the team; every other
// thread (whose nested regions run on itself) and any overflow use the device
// heap, which the host runtime sizes for every thread the device holds at
// once (README, LIBOMPTARGET_HEAP_SIZE). The OpenMP allocators are in
// Allocator.cpp.
//
//===----------------------------------------------------------------------===//

#include "Memory.h"
#include "Debug.h"
#include "Hardware.h"
#include "Interface.h"
#include "State.h"

using namespace ompgpu;

namespace {

/// In SPMD kernels every thread runs the code outside parallel regions,
/// standing for the team's initial thread, so a variable that code shares
/// with a region (a lastprivate of a combined construct, a master local of a
/// kernel the optimizer made SPMD) must be one for the whole team. Kernels the
/// optimizer made SPMD call the allocation from every thread too (it guards
/// only the stores to the variable, to thread 0) whenever it could not place
/// the variable in static shared memory itself.
bool isTeamVariable(uint8_t State) {
  return state::isSPMD(State) && state::level(State) == 0;
}

void *allocGlobal(uint64_t Bytes) {
  void *Ptr = malloc(Bytes);
  if (!Ptr)
    fatal(nullptr, "out of device heap memory for variables shared with a "
                   "parallel region (LIBOMPTARGET_HEAP_SIZE sets the heap's "
                   "size)");
  return Ptr;
}

} // namespace

void *ompgpu::checkedMalloc(size_t Bytes) {
  // No heap comes near 2^63 bytes; CUDA's malloc would round such a request
  // up past 2^64 and hand out a small block.
  if (Bytes > ~size_t(0) / 2)
    return nullptr;
  return malloc(Bytes);
}

extern "C" {

void *__kmpc_alloc_shared(uint64_t Bytes) {
  uint32_t Tid = hw::threadId();
  uint8_t State = state::get();
  if (isTeamVariable(State)) {
    // Every thread of the block comes here; the first barrier makes sure all
    // have read the previous team variable before thread 0 replaces it. The
    // regions that write the variable (one per distribute chunk, for a
    // lastprivate) must now be joined so that the last one's value wins.
    hw::barrier(0);
    if (Tid == 0)
      state::TeamState.SPMDTeamVariable = allocGlobal(Bytes);
    hw::barrier(0);
    state::set(State | state::JoinRegionsBit);
    return state::TeamState.SPMDTeamVariable;
  }
  if (state::isGenericMain(Tid, State))
    if (void *Ptr = memory::pushStack(Bytes))
      return Ptr;
  return allocGlobal(Bytes);
}

void __kmpc_free_shared(void *Ptr, uint64_t Bytes) {
  uint32_t Tid = hw::threadId();
  if (isTeamVariable(state::get())) {
    // Nobody may still be reading it.
    hw::barrier(0);
    if (Tid == 0)
      free(Ptr);
    return;
  }
  if (!memory::onStack(Ptr))
    return free(Ptr);
  OMPGPU_CHECK(state::isGenericMain(Tid, state::get()), nullptr,
               "__kmpc_free_shared: a thread other than the main thread frees "
               "a variable of the data-sharing stack");
  // Clang frees in the reverse order of allocation.
  if (!memory::popStack(Ptr, Bytes))
    fatal(nullptr, "__kmpc_free_shared out of allocation order");
}
}
