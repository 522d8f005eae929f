//===- GridStrideLoops.cpp - Combined distribute parallel for in one loop -===//
//
// The design is in GridStrideLoops.h.
//
//===----------------------------------------------------------------------===//
#include "ompgpu/Transforms/GridStrideLoops.h"
#include "ompgpu/Transforms/Preserved.h"
#include "ompgpu/Transforms/Remarks.h"
#include "ompgpu/Transforms/RuntimeCalls.h"

#include "OffloadABI.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "ompgpu-grid-stride-loops"

using namespace llvm;

STATISTIC(NumGridStride, "Combined loops run as one grid-stride loop");

namespace ompgpu {
namespace {

/// clang's schedule numbers (openmp/device/include/DeviceTypes.h).
constexpr uint64_t StaticChunked = 33, DistributeStaticChunked = 91;

/// __kmpc_parallel_60's operands: if, num_threads, the outlined function and
/// the wrapper.
enum ParallelOperand { IfExpr = 2, NumThreads = 3, Outlined = 5, Wrapper = 6 };
/// A static init's operands: the schedule, where it stores whether the caller
/// runs the last iteration, and the chunk.
enum StaticInitOperand { Schedule = 2, LastIteration = 3, Chunk = 8 };

/// The widths of clang's static init entry points: the suffixes of their
/// names.
constexpr StringLiteral Widths[] = {"4", "4u", "8", "8u"};

bool isConstant(const Value *V, int64_t Expected) {
  auto *C = dyn_cast<ConstantInt>(V);
  return C && C->getSExtValue() == Expected;
}

/// A static init call with the width of its entry point.
struct StaticInit {
  CallInst *Call;
  StringRef Width;
};

/// The calls of the static init entry points named \p Prefix and a width,
/// by the function that makes them, in module order.
MapVector<Function *, SmallVector<StaticInit, 1>>
staticInitsByFunction(Module &M, StringRef Prefix) {
  MapVector<Function *, SmallVector<StaticInit, 1>> Inits;
  for (StringRef Width : Widths)
    for (CallInst *Call : callsTo(M, (Prefix + Width).str()))
      Inits[Call->getFunction()].push_back({Call, Width});
  return Inits;
}

/// Whether \p Chunk is clang's default distribute chunk, the block size.
bool isBlockSize(Value *Chunk) {
  while (auto *Cast = dyn_cast<CastInst>(Chunk))
    Chunk = Cast->getOperand(0);
  auto *Call = dyn_cast<CallBase>(Chunk);
  return Call && Call->getCalledFunction() &&
         Call->getCalledFunction()->getName() ==
             OMPGPU_KMPC_HARDWARE_NUM_THREADS;
}

/// The parallel region's outlined function if \p Parallel is a whole-block
/// region that only it and its wrapper use, else null.
Function *wholeBlockRegion(CallBase &Parallel) {
  if (!isConstant(Parallel.getArgOperand(IfExpr), 1) ||
      !isConstant(Parallel.getArgOperand(NumThreads), -1))
    return nullptr;
  auto *Region =
      dyn_cast<Function>(Parallel.getArgOperand(Outlined)->stripPointerCasts());
  auto *RegionWrapper =
      dyn_cast<Function>(Parallel.getArgOperand(Wrapper)->stripPointerCasts());
  if (!Region || !Region->hasLocalLinkage() || Region->isDeclaration())
    return nullptr;
  for (const User *U : Region->users()) {
    if (U == &Parallel)
      continue;
    // The wrapper calls it for generic kernels' workers.
    auto *Call = dyn_cast<CallBase>(U);
    if (!Call || !RegionWrapper || Call->getFunction() != RegionWrapper ||
        Call->getCalledOperand() != Region)
      return nullptr;
  }
  return Region;
}

/// Whether anything reads what \p Init stores at its last-iteration
/// pointer, clang's local flag, seen through its address-space casts
/// (lifetime markers and the stores that initialize it aside).
bool readsLastIteration(const CallInst &Init) {
  SmallVector<const Value *, 4> Addresses{
      Init.getArgOperand(LastIteration)->stripPointerCasts()};
  while (!Addresses.empty()) {
    const Value *Address = Addresses.pop_back_val();
    for (const User *U : Address->users()) {
      if (U == &Init)
        continue;
      if (isa<AddrSpaceCastInst, BitCastInst>(U)) {
        Addresses.push_back(U);
        continue;
      }
      if (const auto *Intrinsic = dyn_cast<IntrinsicInst>(U);
          Intrinsic && Intrinsic->isLifetimeStartOrEnd())
        continue;
      if (const auto *Store = dyn_cast<StoreInst>(U);
          Store && Store->getPointerOperand() == Address)
        continue;
      return true;
    }
  }
  return false;
}

void report(CallBase &Distribute) {
  OptimizationRemarkEmitter ORE(Distribute.getFunction());
  ORE.emit([&] {
    return OptimizationRemark(RemarkPassName, "GridStrideLoops", &Distribute)
           << "the distribute parallel for of "
           << describeFunction(Distribute.getFunction()->getName())
           << " runs as one grid-stride loop";
  });
}

/// Gives the combined loop of \p Distribute's function the grid-stride entry
/// points if it has clang's shape (GridStrideLoops.h), \p Parallel being the
/// function's one parallel region and \p Fors every function's for inits;
/// returns whether it did.
bool convert(const StaticInit &Distribute, CallInst &Parallel,
             const MapVector<Function *, SmallVector<StaticInit, 1>> &Fors) {
  if (!isConstant(Distribute.Call->getArgOperand(Schedule),
                  DistributeStaticChunked) ||
      !isBlockSize(Distribute.Call->getArgOperand(Chunk)))
    return false;
  Function *Region = wholeBlockRegion(Parallel);
  auto RegionFors = Region ? Fors.find(Region) : Fors.end();
  if (RegionFors == Fors.end() || RegionFors->second.size() != 1)
    return false;
  const StaticInit &For = RegionFors->second.front();
  if (For.Width != Distribute.Width ||
      !isConstant(For.Call->getArgOperand(Schedule), StaticChunked) ||
      !isConstant(For.Call->getArgOperand(Chunk), 1))
    return false;
  Function &F = *Distribute.Call->getFunction();
  LLVM_DEBUG(dbgs() << "grid-stride loop in " << F.getName() << "\n");
  redirect(
      *Distribute.Call,
      (OMPGPU_DISTRIBUTE_GRID_STRIDE_INIT_PREFIX + Distribute.Width).str());
  redirect(*For.Call, (OMPGPU_FOR_GRID_STRIDE_INIT_PREFIX + For.Width).str());
  F.addFnAttr(GridStrideAttr);
  if (!readsLastIteration(*Distribute.Call) && !readsLastIteration(*For.Call))
    F.addFnAttr(LastIterationUnreadAttr);
  report(*Distribute.Call);
  return true;
}

} // namespace

PreservedAnalyses GridStrideLoopsPass::run(Module &M, ModuleAnalysisManager &) {
  auto Distributes =
      staticInitsByFunction(M, OMPGPU_KMPC_DISTRIBUTE_STATIC_INIT_PREFIX);
  auto Fors = staticInitsByFunction(M, OMPGPU_KMPC_FOR_STATIC_INIT_PREFIX);
  MapVector<Function *, SmallVector<CallInst *, 1>> Parallels;
  for (CallInst *Call : callsTo(M, OMPGPU_KMPC_PARALLEL))
    Parallels[Call->getFunction()].push_back(Call);
  bool Changed = false;
  // A function with exactly one distribute init and one parallel region.
  for (auto &[F, Inits] : Distributes) {
    auto FunctionParallels = Parallels.find(F);
    if (Inits.size() != 1 || FunctionParallels == Parallels.end() ||
        FunctionParallels->second.size() != 1)
      continue;
    if (convert(Inits.front(), *FunctionParallels->second.front(), Fors)) {
      ++NumGridStride;
      Changed = true;
    }
  }
  return preservedUnlessCFGChanged(Changed);
}

} // namespace ompgpu
