//===- LaunchBoundsPolicy.cpp - Launch bounds revised from ptxas' report --===//
#include "ompgpu/OffloadLink/LaunchBoundsPolicy.h"
#include "ompgpu/Transforms/AddressSpaces.h"
#include "ompgpu/Transforms/KernelEnvironment.h"
#include "ompgpu/Transforms/Reachability.h"
#include "ompgpu/Transforms/Remarks.h"
#include "ompgpu/Transforms/RevisableBounds.h"

#include "llvm/ADT/Twine.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Instructions.h"

#include <algorithm>

using namespace llvm;

namespace ompgpu {
namespace {

/// The team sizes a kernel without a thread_limit may get, largest first:
/// whole warps, down to clang's own default of 128.
constexpr unsigned BlockSizeCandidates[] = {256, 224, 192, 160, 128};

/// A raise of the occupancy is tried only where the register budget of one
/// more block is at least this share of the kernel's registers, in percent:
/// ptxas fits a few registers less by scheduling, many less by spilling or
/// recomputing.
constexpr unsigned MinRaiseRegisterShare = 80;

/// The value of \p F's integer attribute \p Name, or 0.
unsigned unsignedAttribute(const Function &F, StringRef Name) {
  unsigned Value = 0;
  if (F.getFnAttribute(Name).getValueAsString().getAsInteger(10, Value))
    return 0;
  return Value;
}

const KernelResources *findKernel(ArrayRef<KernelResources> Kernels,
                                  StringRef Name) {
  for (const KernelResources &Kernel : Kernels)
    if (Kernel.Name == Name)
      return &Kernel;
  return nullptr;
}

/// Whether \p Load may read global memory: its address is global, or generic
/// and not (visibly) made from another memory's or a local variable's.
bool readsGlobalMemory(const LoadInst &Load) {
  const Value *Pointer = Load.getPointerOperand();
  if (std::optional<unsigned> Space = visibleAddressSpace(Pointer))
    return *Space == GlobalAddressSpace;
  return !isa<AllocaInst>(getUnderlyingObject(Pointer));
}

/// Whether code kernel \p K can run loads from global memory, at an address
/// that changes from one iteration to the next, in a loop.
bool loadsFromMemoryInLoop(Function &K) {
  // The link step has no analysis manager: each function's loops are found
  // when the walk reaches it.
  DominatorTree DT;
  LoopInfo LI;
  auto LoopsOf = [&](Function &F) -> const LoopInfo & {
    DT.recalculate(F);
    LI.releaseMemory();
    LI.analyze(DT);
    return LI;
  };
  return findLoadInLoop(K, LoopsOf, [](const LoadInst &Load, const Loop &L) {
    return readsGlobalMemory(Load) &&
           !L.isLoopInvariant(Load.getPointerOperand());
  });
}

uint64_t spilledBytes(const KernelResources &Kernel) {
  return Kernel.SpillStoreBytes + Kernel.SpillLoadBytes;
}

/// The most registers per thread with which \p Blocks blocks of \p Threads
/// threads fit on one multiprocessor, or 0 if none do.
unsigned registerBudget(const MultiprocessorLimits &Limits, unsigned Blocks,
                        unsigned Threads) {
  for (unsigned Registers = 255; Registers > 0; --Registers)
    if (theoreticalOccupancy(Limits, {Threads, Registers, 0})
            .BlocksByRegisters >= Blocks)
      return Registers;
  return 0;
}

std::string hintName(unsigned Blocks) {
  return Blocks ? ".minnctapersm " + std::to_string(Blocks) : "no hint";
}

/// ": 123 registers, no spills" or ": 80 registers, 24 bytes spilled".
std::string describeOutcome(const KernelResources *After) {
  if (!After)
    return "";
  std::string Text = ": " + std::to_string(After->Registers) + " registers, ";
  if (!spilledBytes(*After))
    return Text + "no spills";
  return Text + std::to_string(After->SpillStoreBytes) + " bytes spilled";
}

} // namespace

LaunchBoundsPolicy::LaunchBoundsPolicy(Module &Program, StringRef Arch)
    : Limits(multiprocessorLimits(smVersion(Arch))) {
  for (Function &F : Program) {
    if (!isKernel(F))
      continue;
    Kernel K{&F};
    K.Hint = unsignedAttribute(F, "nvvm.minctasm");
    K.HintOpen = F.hasFnAttribute(RevisableMinBlocksAttr) && K.Hint;
    K.BlockSizeOpen = F.hasFnAttribute(RevisableBlockSizeAttr) && Limits &&
                      unsignedAttribute(F, "nvvm.maxntid");
    // A hint or register cap the program set stays as it is.
    K.RaiseOpen = Limits && !K.Hint && !F.hasFnAttribute("nvvm.maxnreg") &&
                  unsignedAttribute(F, "nvvm.maxntid");
    // The policy keeps track from here on.
    F.removeFnAttr(RevisableMinBlocksAttr);
    F.removeFnAttr(RevisableBlockSizeAttr);
    if (!K.HintOpen && !K.BlockSizeOpen && !K.RaiseOpen)
      continue;
    K.Hints.Kernel = F.getName().str();
    K.Hints.From = K.Hint;
    Kernels.push_back(std::move(K));
  }
}

bool LaunchBoundsPolicy::revise(ArrayRef<KernelResources> Compiled) {
  bool Changed = false;
  ++Revisions;
  for (Kernel &K : Kernels) {
    const KernelResources *Resources = findKernel(Compiled, K.F->getName());
    if (!Resources)
      continue;
    if (K.RaiseTried) {
      Changed |= settleRaise(K, *Resources);
      continue;
    }
    if (K.HintOpen)
      Changed |= reviseHint(K, *Resources);
    else if (K.BlockSizeOpen)
      Changed |= reviseBlockSize(K, *Resources);
    // Only after the first compile, so that a raise that spills is compiled
    // without its hint again within MaxCompiles.
    if (K.RaiseOpen && Revisions == 1)
      Changed |= tryRaise(K, *Resources);
    K.RaiseOpen = false;
  }
  return Changed;
}

bool LaunchBoundsPolicy::tryRaise(Kernel &K, const KernelResources &Compiled) {
  unsigned Threads = unsignedAttribute(*K.F, "nvvm.maxntid");
  // The block size may have just changed, and the registers with it, a
  // little; the next compile shows.
  Occupancy Now = theoreticalOccupancy(
      *Limits, {Threads, Compiled.Registers, Compiled.SharedBytes});
  if (Now.Limiter != OccupancyLimiter::Registers || spilledBytes(Compiled))
    return false;
  unsigned Others =
      std::min({Now.BlocksBySharedMemory, Now.BlocksByWarps, Now.BlockSlots});
  unsigned Budget = registerBudget(*Limits, Now.Blocks + 1, Threads);
  if (Others <= Now.Blocks || !Budget ||
      Budget * 100 < Compiled.Registers * MinRaiseRegisterShare)
    return false;
  // The hint of the whole step: every block the budget allows.
  unsigned Blocks = std::min(
      Others,
      theoreticalOccupancy(*Limits, {Threads, Budget, Compiled.SharedBytes})
          .BlocksByRegisters);
  LaunchBoundsDecision &Raise = K.Hints;
  Raise.Kernel = K.F->getName().str();
  Raise.From = 0;
  Raise.To = Blocks;
  Raise.Tried.assign(1, {0, Compiled});
  Raise.BlocksBefore = Now.Blocks;
  setHint(K, Blocks);
  K.RaiseTried = true;
  return true;
}

bool LaunchBoundsPolicy::settleRaise(Kernel &K,
                                     const KernelResources &Compiled) {
  K.RaiseTried = false;
  LaunchBoundsDecision &Raise = K.Hints;
  Raise.Tried.emplace_back(K.Hint, Compiled);
  bool Kept = !spilledBytes(Compiled) ||
              (Compiled.SpillStoreBytes <= MaxRaiseSpillStoreBytes &&
               loadsFromMemoryInLoop(*K.F));
  Raise.Kind = !spilledBytes(Compiled) ? LaunchBoundsDecision::RaisedMinBlocks
               : Kept ? LaunchBoundsDecision::RaisedSpillingLittle
                      : LaunchBoundsDecision::RaiseSpilled;
  Decisions.push_back(Raise);
  if (Kept)
    return false;
  setHint(K, 0);
  return true;
}

void LaunchBoundsPolicy::setHint(Kernel &K, unsigned Blocks) {
  K.Hint = Blocks;
  if (Blocks)
    K.F->addFnAttr("nvvm.minctasm", std::to_string(Blocks));
  else
    K.F->removeFnAttr("nvvm.minctasm");
}

bool LaunchBoundsPolicy::reviseHint(Kernel &K,
                                    const KernelResources &Compiled) {
  LaunchBoundsDecision &Hints = K.Hints;
  bool Changed = false;
  const KernelResources *Settled = &Compiled;
  if (spilledBytes(Compiled)) {
    Hints.Tried.emplace_back(K.Hint, Compiled);
    unsigned Next = 0;
    bool HasNext = K.Hint != 0;
    if (K.Hint == Hints.From && Limits) {
      // Each spilled 32-bit word would have wanted a register.
      unsigned Needed =
          Compiled.Registers + unsigned((Compiled.SpillStoreBytes + 3) / 4);
      unsigned Threads = unsignedAttribute(*K.F, "nvvm.maxntid");
      for (unsigned Blocks = Hints.From; Blocks-- > 2 && !Next;)
        if (registerBudget(*Limits, Blocks, Threads) >= Needed)
          Next = Blocks;
    }
    if (HasNext) {
      setHint(K, Next);
      return true;
    }
    // Every candidate spilled: the one that spilled least, the first of
    // equals.
    auto Least = std::min_element(
        Hints.Tried.begin(), Hints.Tried.end(), [](auto &A, auto &B) {
          return spilledBytes(A.second) < spilledBytes(B.second);
        });
    Settled = &Least->second;
    if (Least->first != K.Hint) {
      setHint(K, Least->first);
      Changed = true;
    }
  }
  K.HintOpen = false;
  Hints.To = K.Hint;
  Hints.Kind = K.Hint == Hints.From ? LaunchBoundsDecision::KeptMinBlocks
               : K.Hint             ? LaunchBoundsDecision::LoweredMinBlocks
                                    : LaunchBoundsDecision::DroppedMinBlocks;
  Decisions.push_back(Hints);
  // A kernel that keeps a hint keeps the block size it was sized by.
  if (K.Hint)
    K.BlockSizeOpen = false;
  else if (K.BlockSizeOpen)
    Changed |= reviseBlockSize(K, *Settled);
  return Changed;
}

bool LaunchBoundsPolicy::reviseBlockSize(Kernel &K,
                                         const KernelResources &Compiled) {
  K.BlockSizeOpen = false;
  unsigned Current = unsignedAttribute(*K.F, "nvvm.maxntid");
  auto WarpsAt = [&](unsigned Threads) {
    return theoreticalOccupancy(
               *Limits, {Threads, Compiled.Registers, Compiled.SharedBytes})
        .Warps;
  };
  unsigned Best = Current, BestWarps = WarpsAt(Current);
  for (unsigned Threads : BlockSizeCandidates)
    if (Threads < Current && WarpsAt(Threads) > BestWarps) {
      Best = Threads;
      BestWarps = WarpsAt(Threads);
    }
  if (Best == Current)
    return false;
  // Lowering the bound after optimization is safe: what the optimizer
  // derived from the larger one still holds.
  std::string Bound = std::to_string(Best);
  K.F->addFnAttr("nvvm.maxntid", Bound);
  K.F->addFnAttr("omp_target_thread_limit", Bound);
  bool HasEnvironment = setKernelConfig(*K.F, OMPGPU_CONFIG_MAX_THREADS, Best);
  assert(HasEnvironment && "KernelBounds only marks kernels with one");
  (void)HasEnvironment;
  LaunchBoundsDecision Decision;
  Decision.Kind = LaunchBoundsDecision::ChoseBlockSize;
  Decision.Kernel = K.F->getName().str();
  Decision.From = Current;
  Decision.To = Best;
  Decision.Tried.emplace_back(Current, Compiled);
  Decision.WarpsBefore = WarpsAt(Current);
  Decision.WarpsAfter = BestWarps;
  Decisions.push_back(std::move(Decision));
  return true;
}

std::string describeDecision(const LaunchBoundsDecision &Decision,
                             ArrayRef<KernelResources> Final) {
  const KernelResources *After = findKernel(Final, Decision.Kernel);
  if (Decision.Kind == LaunchBoundsDecision::RaisedMinBlocks ||
      Decision.Kind == LaunchBoundsDecision::RaisedSpillingLittle ||
      Decision.Kind == LaunchBoundsDecision::RaiseSpilled) {
    const KernelResources &Before = Decision.Tried.front().second;
    const KernelResources &Under = Decision.Tried.back().second;
    std::string Text = std::to_string(Before.Registers) +
                       " registers per thread fit " +
                       std::to_string(Decision.BlocksBefore) +
                       (Decision.BlocksBefore == 1 ? " block" : " blocks") +
                       " on a multiprocessor: ";
    if (Decision.Kind == LaunchBoundsDecision::RaisedMinBlocks)
      return Text + "ptxas fitted it under " + hintName(Decision.To) +
             " without spilling" + describeOutcome(After);
    if (Decision.Kind == LaunchBoundsDecision::RaisedSpillingLittle)
      return Text + "ptxas fitted it under " + hintName(Decision.To) +
             " spilling " + std::to_string(Under.SpillStoreBytes) +
             " bytes, few enough to keep the hint" + describeOutcome(After);
    return Text + "ptxas spilled " + std::to_string(Under.SpillStoreBytes) +
           " bytes of registers under " + hintName(Decision.To) + " (" +
           std::to_string(Under.Registers) +
           " registers)"
           ": compiled without a hint" +
           describeOutcome(After);
  }
  if (Decision.Kind == LaunchBoundsDecision::ChoseBlockSize) {
    const KernelResources &Before = Decision.Tried.front().second;
    return (Twine(Before.Registers) + " registers per thread fit " +
            Twine(Decision.WarpsBefore) + " warps on a multiprocessor in " +
            "teams of " + Twine(Decision.From) + " threads and " +
            Twine(Decision.WarpsAfter) + " in teams of " + Twine(Decision.To) +
            ": teams of " + Twine(Decision.To) + describeOutcome(After))
        .str();
  }
  if (Decision.Tried.empty())
    return "ptxas fitted it under " + hintName(Decision.From) +
           " without spilling" + describeOutcome(After) + ": the hint stays";
  std::string Text = "ptxas spilled ";
  for (const auto &[Blocks, Resources] : Decision.Tried) {
    if (&Resources != &Decision.Tried.front().second)
      Text += ", then ";
    Text += std::to_string(Resources.SpillStoreBytes) +
            " bytes of registers under " + hintName(Blocks) + " (" +
            std::to_string(Resources.Registers) + " registers)";
  }
  switch (Decision.Kind) {
  case LaunchBoundsDecision::KeptMinBlocks:
    return Text + ": " + hintName(Decision.To) + " spills least" +
           describeOutcome(After);
  case LaunchBoundsDecision::LoweredMinBlocks:
    return Text + ": compiled with " + hintName(Decision.To) +
           describeOutcome(After);
  case LaunchBoundsDecision::DroppedMinBlocks:
    return Text + ": compiled without a hint" + describeOutcome(After);
  case LaunchBoundsDecision::ChoseBlockSize:
  case LaunchBoundsDecision::RaisedMinBlocks:
  case LaunchBoundsDecision::RaisedSpillingLittle:
  case LaunchBoundsDecision::RaiseSpilled:
    break;
  }
  llvm_unreachable("block sizes and raises are described above");
}

void remarkLaunchBounds(Module &Program,
                        ArrayRef<LaunchBoundsDecision> Decisions,
                        ArrayRef<KernelResources> Final) {
  for (const LaunchBoundsDecision &Decision : Decisions) {
    Function *K = Program.getFunction(Decision.Kernel);
    if (!K || K->isDeclaration())
      continue;
    std::string Text = describeFunction(K->getName()) + ": " +
                       describeDecision(Decision, Final);
    OptimizationRemarkEmitter ORE(K);
    bool Kept = Decision.Kind == LaunchBoundsDecision::KeptMinBlocks &&
                Decision.Tried.empty();
    if (Kept)
      ORE.emit(OptimizationRemarkAnalysis(RemarkPassName, "LaunchBounds",
                                          &remarkAnchor(*K))
               << Text);
    else
      ORE.emit(
          OptimizationRemark(RemarkPassName, "LaunchBounds", &remarkAnchor(*K))
          << Text);
  }
}

} // namespace ompgpu
