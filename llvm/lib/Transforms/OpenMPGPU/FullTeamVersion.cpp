//===- FullTeamVersion.cpp - Kernels specialized for whole teams ----------===//
//
// The design is in FullTeamVersion.h.
//
//===----------------------------------------------------------------------===//
#include "ompgpu/Transforms/FullTeamVersion.h"
#include "ompgpu/Transforms/GridStrideLoops.h"
#include "ompgpu/Transforms/KernelEnvironment.h"
#include "ompgpu/Transforms/Remarks.h"
#include "ompgpu/Transforms/RevisableBounds.h"

#include "OffloadABI.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/IR/ConstantRange.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/Support/Debug.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

#include <optional>

#define DEBUG_TYPE "ompgpu-full-team-version"

using namespace llvm;

STATISTIC(NumVersioned, "Kernels given a copy for teams of their full size");

namespace ompgpu {
namespace {

/// The attribute of a kernel this pass changed: it changes a kernel once.
constexpr char FullTeamVersionAttr[] = "ompgpu-full-team-version";

/// The block bound the program gave kernel \p K (its thread_limit, clang's
/// nvvm.maxntid), where the link step will not revise it.
std::optional<uint32_t> programBlockBound(const Function &K) {
  if (K.hasFnAttribute(RevisableBlockSizeAttr) ||
      !K.hasFnAttribute("nvvm.maxntid"))
    return std::nullopt;
  uint32_t Bound = 0;
  if (K.getFnAttribute("nvvm.maxntid")
          .getValueAsString()
          .getAsInteger(10, Bound) ||
      Bound < 2 || Bound > OMPGPU_MAX_THREADS_PER_BLOCK)
    return std::nullopt;
  return Bound;
}

bool isIntrinsicCall(const Instruction &I, Intrinsic::ID ID) {
  auto *Call = dyn_cast<IntrinsicInst>(&I);
  return Call && Call->getIntrinsicID() == ID;
}

/// Whether a value computed from a read of blockDim.x in \p K is used in a
/// loop: a loop the team's size steps or bounds.
bool teamSizeReachesLoop(Function &K, LoopInfo &LI) {
  SmallVector<const Instruction *, 16> Work;
  for (Instruction &I : instructions(K))
    if (isIntrinsicCall(I, Intrinsic::nvvm_read_ptx_sreg_ntid_x))
      Work.push_back(&I);
  SmallPtrSet<const Instruction *, 32> Seen(Work.begin(), Work.end());
  while (!Work.empty() && Seen.size() < 256) {
    const Instruction *I = Work.pop_back_val();
    if (LI.getLoopFor(I->getParent()))
      return true;
    for (const User *U : I->users())
      if (auto *UserInst = dyn_cast<Instruction>(U);
          UserInst && Seen.insert(UserInst).second)
        Work.push_back(UserInst);
  }
  return false;
}

/// Gives \p K a copy of its body for teams of \p Size threads, chosen at its
/// entry, in which blockDim.x is \p Size and threadIdx.x below it.
void addFullTeamVersion(Function &K, uint32_t Size) {
  BasicBlock &Entry = K.getEntryBlock();
  BasicBlock *AnySize = SplitBlock(&Entry, Entry.getFirstNonPHIOrDbgOrAlloca(),
                                   static_cast<DominatorTree *>(nullptr),
                                   nullptr, nullptr, "team.any.size");
  SmallVector<BasicBlock *, 32> Body;
  for (BasicBlock &Block : K)
    if (&Block != &Entry)
      Body.push_back(&Block);
  ValueToValueMapTy Map;
  SmallVector<BasicBlock *, 32> Copies;
  for (BasicBlock *Block : Body) {
    BasicBlock *Copy = CloneBasicBlock(Block, Map, ".full", &K);
    Map[Block] = Copy;
    Copies.push_back(Copy);
  }
  remapInstructionsInBlocks(Copies, Map);

  IRBuilder<> B(Entry.getTerminator());
  Value *Threads =
      B.CreateIntrinsic(B.getInt32Ty(), Intrinsic::nvvm_read_ptx_sreg_ntid_x,
                        ArrayRef<Value *>());
  Value *Full = B.CreateICmpEQ(Threads, B.getInt32(Size), "team.is.full");
  Entry.getTerminator()->eraseFromParent();
  BranchInst::Create(cast<BasicBlock>(Map[AnySize]), AnySize, Full, &Entry);

  // In the copy, the team's size is Size and every thread number below it.
  ConstantRange Numbers(APInt(32, 0), APInt(32, Size));
  for (BasicBlock *Copy : Copies)
    for (Instruction &I : make_early_inc_range(*Copy)) {
      if (isIntrinsicCall(I, Intrinsic::nvvm_read_ptx_sreg_ntid_x)) {
        I.replaceAllUsesWith(B.getInt32(Size));
        I.eraseFromParent();
      } else if (isIntrinsicCall(I, Intrinsic::nvvm_read_ptx_sreg_tid_x)) {
        auto *Call = cast<CallInst>(&I);
        Call->removeRetAttr(Attribute::Range);
        Call->addRetAttr(
            Attribute::get(K.getContext(), Attribute::Range, Numbers));
      }
    }
}

void report(const Function &K, uint32_t Size) {
  OptimizationRemarkEmitter ORE(&K);
  ORE.emit([&] {
    return OptimizationRemark(RemarkPassName, "FullTeamVersion",
                              &remarkAnchor(K))
           << describeFunction(K.getName())
           << " runs a copy of its code where its team has the "
           << ore::NV("Threads", Size)
           << " threads its thread_limit asks for, in which the team's size "
              "is that constant";
  });
}

} // namespace

PreservedAnalyses FullTeamVersionPass::run(Function &F,
                                           FunctionAnalysisManager &FAM) {
  // SPMD kernels, as clang made them or as SPMDization made generic ones:
  // their teams are their blocks (a generic kernel's has a master warp more).
  std::optional<int64_t> Mode = kernelConfig(F, OMPGPU_CONFIG_EXEC_MODE);
  if (!isKernel(F) || F.hasFnAttribute(GridStrideAttr) ||
      F.hasFnAttribute(FullTeamVersionAttr) ||
      (Mode != OMP_TGT_EXEC_MODE_SPMD &&
       Mode != OMP_TGT_EXEC_MODE_GENERIC_SPMD))
    return PreservedAnalyses::all();
  std::optional<uint32_t> Size = programBlockBound(F);
  if (!Size || !teamSizeReachesLoop(F, FAM.getResult<LoopAnalysis>(F)))
    return PreservedAnalyses::all();
  LLVM_DEBUG(dbgs() << DEBUG_TYPE ": " << F.getName() << " for " << *Size
                    << " threads\n");
  report(F, *Size);
  addFullTeamVersion(F, *Size);
  F.addFnAttr(FullTeamVersionAttr);
  ++NumVersioned;
  return PreservedAnalyses::none();
}

} // namespace ompgpu
