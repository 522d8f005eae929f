//===- MemoryParallelism.h - Registers for loads in flight ------*- C++ -*-===//
//
// ptxas gives a kernel only as many registers as let the most blocks of its
// .maxntid size fit on a multiprocessor, and it keeps within them by issuing
// each load of an unrolled loop right before the arithmetic that uses it. For
// loops that stream through arrays that is right: other warps hide the
// latency. For loops that gather (a load whose address comes from another
// load of the same loop, as in CSR SpMV: x[col[k]]) every iteration waits for
// two memory round trips, and a thread that issues all the loads of its
// unrolled body together needs half the trips: SpMV runs in 500 instead of
// 880 us on an H100 with 50 registers and 5 blocks per multiprocessor
// instead of 32 and 8. So kernels that gather in a loop ask ptxas only for
// enough blocks of their size to keep MinResidentThreads threads on a
// multiprocessor (PTX .minnctapersm; 4 blocks of 256), which lets it use the
// registers. The hint is a guess: a kernel that needs more registers than it
// allows spills, and loses far more than the loads in flight gain, so the
// link step lowers or drops it where ptxas reports spills (RevisableBounds.h).
//
//===----------------------------------------------------------------------===//
#ifndef OMPGPU_TRANSFORMS_MEMORYPARALLELISM_H
#define OMPGPU_TRANSFORMS_MEMORYPARALLELISM_H

#include "llvm/IR/PassManager.h"

namespace ompgpu {

/// Threads per multiprocessor a gathering kernel asks ptxas to fit: half of
/// what an sm_70 to sm_90 multiprocessor holds.
constexpr unsigned MinResidentThreads = 1024;
/// The most blocks a hint asks for: the fewest blocks a multiprocessor of any
/// architecture we compile for holds (16 on sm_75, sm_86 and sm_89).
constexpr unsigned MaxHintedBlocks = 16;

/// Marks the kernels of a module that gather in a loop (see above).
struct MemoryParallelismPass : llvm::PassInfoMixin<MemoryParallelismPass> {
  llvm::PreservedAnalyses run(llvm::Module &M,
                              llvm::ModuleAnalysisManager &MAM);
};

} // namespace ompgpu

#endif
