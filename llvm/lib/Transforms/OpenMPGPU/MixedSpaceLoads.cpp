//===- MixedSpaceLoads.cpp - Loads of one address space each --------------===//
//
// The design is in MixedSpaceLoads.h.
//
//===----------------------------------------------------------------------===//
#include "ompgpu/Transforms/MixedSpaceLoads.h"
#include "ompgpu/Transforms/AddressSpaces.h"
#include "ompgpu/Transforms/Preserved.h"
#include "ompgpu/Transforms/Remarks.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

#include <optional>

#define DEBUG_TYPE "ompgpu-mixed-space-loads"

using namespace llvm;

STATISTIC(NumSplit, "Generic loads of mixed address spaces split");

namespace ompgpu {
namespace {

/// The phi \p Load's address comes from, directly or through a getelementptr
/// with constant indices in the same block, if the phi's pointers come from
/// more than one address space; else null.
PHINode *mixedPhi(LoadInst &Load, GetElementPtrInst *&Offset) {
  Value *Pointer = Load.getPointerOperand();
  Offset = dyn_cast<GetElementPtrInst>(Pointer);
  if (Offset) {
    if (!Offset->hasAllConstantIndices() ||
        Offset->getParent() != Load.getParent())
      return nullptr;
    Pointer = Offset->getPointerOperand();
  }
  auto *Phi = dyn_cast<PHINode>(Pointer);
  if (!Phi || Phi->getParent() != Load.getParent())
    return nullptr;
  std::optional<std::optional<unsigned>> First;
  for (const Value *Incoming : Phi->incoming_values()) {
    std::optional<unsigned> Space = visibleAddressSpace(Incoming);
    if (!First)
      First = Space;
    else if (*First != Space)
      return Phi;
  }
  return nullptr;
}

/// Whether \p Load can move to the ends of its block's predecessors: it is a
/// simple generic load, nothing before it in its block writes memory, and
/// every predecessor branches only there.
bool canMoveUp(LoadInst &Load) {
  if (!Load.isSimple() || Load.getPointerAddressSpace() != GenericAddressSpace)
    return false;
  BasicBlock *Block = Load.getParent();
  for (Instruction &I : *Block) {
    if (&I == &Load)
      break;
    if (I.mayWriteToMemory() || I.mayThrow() || !I.willReturn())
      return false;
  }
  for (BasicBlock *Predecessor : predecessors(Block))
    if (Predecessor->getSingleSuccessor() != Block)
      return false;
  return !pred_empty(Block);
}

/// Loads \p Load's value at the end of each predecessor, from that
/// predecessor's pointer, and merges the values in a phi.
void split(LoadInst &Load, PHINode &Phi, GetElementPtrInst *Offset) {
  BasicBlock *Block = Load.getParent();
  PHINode *Values = PHINode::Create(Load.getType(), Phi.getNumIncomingValues(),
                                    Load.getName() + ".split");
  Values->insertBefore(Block->begin());
  for (unsigned I = 0; I < Phi.getNumIncomingValues(); ++I) {
    BasicBlock *Predecessor = Phi.getIncomingBlock(I);
    IRBuilder<> Builder(Predecessor->getTerminator());
    Value *Pointer = Phi.getIncomingValue(I);
    if (Offset) {
      auto *Clone = cast<GetElementPtrInst>(Offset->clone());
      Clone->setOperand(0, Pointer);
      Pointer = Builder.Insert(Clone, Offset->getName());
    }
    auto *Copy = cast<LoadInst>(Load.clone());
    Copy->setOperand(0, Pointer);
    Builder.Insert(Copy, Load.getName());
    Values->addIncoming(Copy, Predecessor);
  }
  Load.replaceAllUsesWith(Values);
  Load.eraseFromParent();
  if (Offset && Offset->use_empty())
    Offset->eraseFromParent();
  if (Phi.use_empty())
    Phi.eraseFromParent();
}

void report(LoadInst &Load) {
  OptimizationRemarkEmitter(Load.getFunction()).emit([&] {
    return OptimizationRemark(RemarkPassName, "MixedSpaceLoads", &Load)
           << "a load from pointers into different memories in "
           << describeFunction(Load.getFunction()->getName())
           << " is made in each branch that reaches it, so that each has "
              "its memory's load";
  });
}

} // namespace

PreservedAnalyses MixedSpaceLoadsPass::run(Module &M, ModuleAnalysisManager &) {
  bool Changed = false;
  for (Function &F : M) {
    SmallVector<LoadInst *> Candidates;
    for (Instruction &I : instructions(F))
      if (auto *Load = dyn_cast<LoadInst>(&I))
        Candidates.push_back(Load);
    for (LoadInst *Load : Candidates) {
      GetElementPtrInst *Offset = nullptr;
      PHINode *Phi = mixedPhi(*Load, Offset);
      if (!Phi || !canMoveUp(*Load))
        continue;
      report(*Load);
      split(*Load, *Phi, Offset);
      ++NumSplit;
      Changed = true;
    }
  }
  return preservedUnlessCFGChanged(Changed);
}

} // namespace ompgpu
