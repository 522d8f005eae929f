//===- MemoryParallelism.cpp - Registers for loads in flight --------------===//
//
// A kernel gathers if some function it can run has, inside a loop, a load
// whose address is computed (through address arithmetic and conversions)
// from a load in the same loop (see MemoryParallelism.h).
//
//===----------------------------------------------------------------------===//
#include "ompgpu/Transforms/MemoryParallelism.h"
#include "ompgpu/Transforms/KernelEnvironment.h"
#include "ompgpu/Transforms/Reachability.h"
#include "ompgpu/Transforms/Remarks.h"
#include "ompgpu/Transforms/RevisableBounds.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Debug.h"

#include <algorithm>
#include <string>

#define DEBUG_TYPE "ompgpu-memory-parallelism"

using namespace llvm;

STATISTIC(NumKernelsMarked,
          "Kernels that gather in a loop given .minnctapersm");

namespace ompgpu {
namespace {

/// Whether the address of \p Load depends on another load of loop \p L that
/// reads a different place each iteration, looking through the integer and
/// pointer arithmetic that forms addresses. A load from the same place every
/// iteration (a pointer a generic-SPMD kernel broadcasts through shared
/// memory, reloaded after each barrier) does not make a gather.
bool addressComesFromLoad(const LoadInst &Load, const Loop &L) {
  SmallVector<const Value *> Work{Load.getPointerOperand()};
  SmallPtrSet<const Value *, 16> Seen;
  while (!Work.empty()) {
    const auto *I = dyn_cast<Instruction>(Work.pop_back_val());
    if (!I || !L.contains(I) || !Seen.insert(I).second)
      continue;
    if (const auto *Index = dyn_cast<LoadInst>(I)) {
      if (!L.isLoopInvariant(Index->getPointerOperand()))
        return true;
      continue;
    }
    if (isa<GetElementPtrInst>(I) || isa<CastInst>(I) || isa<BinaryOperator>(I))
      Work.append(I->op_begin(), I->op_end());
  }
  return false;
}

/// The first gathering load in code kernel \p K can run, or null.
const LoadInst *gatheringLoadOf(Function &K, FunctionAnalysisManager &FAM) {
  return findLoadInLoop(
      K,
      [&](Function &F) -> const LoopInfo & {
        return FAM.getResult<LoopAnalysis>(F);
      },
      addressComesFromLoad);
}

} // namespace

PreservedAnalyses MemoryParallelismPass::run(Module &M,
                                             ModuleAnalysisManager &MAM) {
  FunctionAnalysisManager &FAM =
      MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  bool Changed = false;
  for (Function &K : M) {
    if (!isKernel(K))
      continue;
    OptimizationRemarkEmitter ORE(&K);
    if (K.hasFnAttribute("nvvm.minctasm")) {
      ORE.emit([&] {
        return OptimizationRemarkAnalysis(RemarkPassName, "MemoryParallelism",
                                          &remarkAnchor(K))
               << describeFunction(K.getName())
               << " keeps the .minnctapersm it was given";
      });
      continue;
    }
    const LoadInst *Gather = gatheringLoadOf(K, FAM);
    if (!Gather) {
      ORE.emit([&] {
        return OptimizationRemarkAnalysis(RemarkPassName, "MemoryParallelism",
                                          &remarkAnchor(K))
               << describeFunction(K.getName())
               << " does not gather in a loop: ptxas sizes its registers "
                  "for the most blocks per multiprocessor";
      });
      continue;
    }
    unsigned BlockSize = 0;
    if (K.getFnAttribute("nvvm.maxntid")
            .getValueAsString()
            .getAsInteger(10, BlockSize) ||
        BlockSize == 0) {
      // Without a block bound the hint means nothing to ptxas.
      ORE.emit([&] {
        return OptimizationRemarkMissed(RemarkPassName, "MemoryParallelism",
                                        Gather)
               << describeFunction(K.getName())
               << " gathers in a loop here, but has no block-size bound "
                  "(nvvm.maxntid) to size a .minnctapersm by";
      });
      continue;
    }
    // ptxas rejects a .minnctapersm above what a multiprocessor holds (a
    // warning, and the hint is lost) when blocks are small.
    unsigned Blocks =
        std::clamp(MinResidentThreads / BlockSize, 1u, MaxHintedBlocks);
    K.addFnAttr("nvvm.minctasm", std::to_string(Blocks));
    // A guess: the link step drops or lowers it if ptxas then spills.
    K.addFnAttr(RevisableMinBlocksAttr);
    ++NumKernelsMarked;
    Changed = true;
    LLVM_DEBUG(dbgs() << DEBUG_TYPE ": " << K.getName() << " gathers at "
                      << *Gather << ": " << Blocks << " blocks of " << BlockSize
                      << "\n");
    ORE.emit([&] {
      return OptimizationRemark(RemarkPassName, "MemoryParallelism", Gather)
             << describeFunction(K.getName())
             << " gathers in a loop here (the load's address comes from "
                "another load of the loop): ptxas is asked to fit only "
             << ore::NV("Blocks", Blocks) << " blocks of "
             << ore::NV("BlockSize", BlockSize)
             << " threads per multiprocessor (.minnctapersm), so that it may "
                "give each thread more registers for loads in flight";
    });
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace ompgpu
