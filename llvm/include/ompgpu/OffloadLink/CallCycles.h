//===- CallCycles.h - Whether a device program's calls may recurse -*- C++ -*-===//
//
// ptxas sizes each kernel's stack from the calls it can see; calls that may
// recurse have no bound, and CUDA gives a thread 1 KiB of stack unless the
// host asks for more. The link step tells the host (OffloadImageUses) when
// an image's calls may recurse: a task that waits for other tasks runs them
// from inside its own frame through their entry points, so a recursive task
// tree nests frames as deep as the tree.
//
//===----------------------------------------------------------------------===//
#ifndef OMPGPU_OFFLOADLINK_CALLCYCLES_H
#define OMPGPU_OFFLOADLINK_CALLCYCLES_H

#include "llvm/IR/Module.h"

namespace ompgpu {

/// Whether the call graph of \p Program's defined functions has a cycle,
/// counting an indirect call as a call of every function whose address is
/// taken.
bool callsMayRecurse(const llvm::Module &Program);

} // namespace ompgpu

#endif // OMPGPU_OFFLOADLINK_CALLCYCLES_H
