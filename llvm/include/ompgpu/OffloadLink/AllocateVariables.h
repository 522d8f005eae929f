//===- AllocateVariables.h - Variables of allocate that threads share -----===//
//
// clang-22 lowers the allocate directive and clause in device code without
// any runtime call: it gives a variable of omp_pteam_mem_alloc a static
// variable in shared memory (one per team), a variable of
// omp_thread_mem_alloc or of a user-defined allocator the thread's stack,
// and a variable of any other allocator (the default, large-capacity,
// constant, high-bandwidth, low-latency and cgroup ones, and none) one
// static variable of the whole device program: internal, not constant,
// uninitialized (poison) and in global memory. Unless the optimizer keeps
// it in registers, every thread and team that runs the code shares that
// one variable, where the program expects its own. No link step can tell
// afterwards which threads were meant to share it, so the link step names
// each such variable that is left after optimization, with what to use
// instead.
//
//===----------------------------------------------------------------------===//
#ifndef OMPGPU_OFFLOADLINK_ALLOCATEVARIABLES_H
#define OMPGPU_OFFLOADLINK_ALLOCATEVARIABLES_H

#include "llvm/ADT/StringRef.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/raw_ostream.h"

namespace ompgpu {

/// Warns on \p OS about each variable of an allocate directive or clause
/// that clang-22 made one static variable of the optimized device program
/// \p Program for \p Arch.
void warnAboutSharedAllocateVariables(const llvm::Module &Program,
                                      llvm::StringRef Arch,
                                      llvm::raw_ostream &OS);

} // namespace ompgpu

#endif
