//===- AllocateVariables.h - Variables of allocate that threads share -----===//
//
// clang-22 gives a variable of an allocate directive or clause in device code
// one static variable of the whole device program unless its allocator is
// omp_pteam_mem_alloc, omp_thread_mem_alloc or a user-defined one. The link
// step's AllocateStorage pass (ompgpu/Transforms/AllocateStorage.h) gives
// such a variable per-team or per-thread storage where it can tell which the
// program needs; one it leaves is shared by every thread and team that runs
// the code, where the program expects its own. The link step names each such
// variable left after optimization, with what to use instead.
//
//===----------------------------------------------------------------------===//
#ifndef OMPGPU_OFFLOADLINK_ALLOCATEVARIABLES_H
#define OMPGPU_OFFLOADLINK_ALLOCATEVARIABLES_H

#include "llvm/ADT/StringRef.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/raw_ostream.h"

namespace ompgpu {

/// Warns on \p OS about each variable of an allocate directive or clause
/// that is still one static variable of the device program \p Program for
/// \p Arch, once optimized (and perhaps compiled).
void warnAboutSharedAllocateVariables(const llvm::Module &Program,
                                      llvm::StringRef Arch,
                                      llvm::raw_ostream &OS);

} // namespace ompgpu

#endif
