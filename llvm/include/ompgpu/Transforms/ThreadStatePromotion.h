//===- ThreadStatePromotion.h - A kernel's thread state in a register -----===//
//
// The device runtime keeps one state byte per thread in shared memory
// (__ompgpu_thread_states[threadIdx.x]): execution mode, nesting level, team
// membership, whether the thread holds ICV records. Nearly every runtime entry
// point tests it (team barriers, reductions, worksharing, thread queries), and
// a load of shared memory per test sits on the fork/join critical path. Each
// thread only ever accesses its own byte, and it lives in memory only so that
// it outlives calls. So once the optimizer has inlined the runtime into a
// kernel, this pass gives the kernel a private copy of the byte for its own
// accesses, written back before calls to code that may access the byte and
// reloaded after them. SSA promotion then turns the copy into values, and the
// optimizer folds the tests wherever the state is known: in the regions a
// generic kernel's workers run, in SPMD regions, after the kernel's entry.
// Runs in the link step's optimization pipeline after inlining, followed by a
// cleanup of the kernels it changed (the passes Pipeline.cpp gives it).
//
//===----------------------------------------------------------------------===//
#ifndef OMPGPU_TRANSFORMS_THREADSTATEPROMOTION_H
#define OMPGPU_TRANSFORMS_THREADSTATEPROMOTION_H

#include "llvm/IR/PassManager.h"

namespace ompgpu {

/// Gives the kernels of a module private copies of their threads' state
/// bytes, then runs \p Cleanup on the kernels it changed, to fold the tests.
class ThreadStatePromotionPass
    : public llvm::PassInfoMixin<ThreadStatePromotionPass> {
public:
  explicit ThreadStatePromotionPass(llvm::FunctionPassManager Cleanup)
      : Cleanup(std::move(Cleanup)) {}
  llvm::PreservedAnalyses run(llvm::Module &M,
                              llvm::ModuleAnalysisManager &MAM);

private:
  llvm::FunctionPassManager Cleanup;
};

} // namespace ompgpu

#endif
