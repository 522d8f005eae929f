//===- GridStrideLoops.cpp - Combined distribute parallel for in one loop -===//
//
// The design is in GridStrideLoops.h.
//
//===----------------------------------------------------------------------===//
#include "ompgpu/Transforms/GridStrideLoops.h"
#include "ompgpu/Transforms/Preserved.h"
#include "ompgpu/Transforms/Remarks.h"

#include "OffloadABI.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
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
/// A static init's operands: the schedule and the chunk.
enum StaticInitOperand { Schedule = 2, Chunk = 8 };

/// The width suffix ("4", "8u", ...) if \p CB calls an entry point whose name
/// is \p Prefix and a suffix, else "".
StringRef suffixOfCall(const CallBase &CB, StringRef Prefix) {
  const Function *Callee = CB.getCalledFunction();
  if (!Callee)
    return "";
  StringRef Name = Callee->getName();
  if (!Name.consume_front(Prefix))
    return "";
  return Name;
}

bool isConstant(const Value *V, int64_t Expected) {
  auto *C = dyn_cast<ConstantInt>(V);
  return C && C->getSExtValue() == Expected;
}

/// The calls in \p F of entry points named \p Prefix plus a suffix.
SmallVector<CallBase *, 2> callsOf(Function &F, StringRef Prefix) {
  SmallVector<CallBase *, 2> Calls;
  for (Instruction &I : instructions(F))
    if (auto *CB = dyn_cast<CallBase>(&I);
        CB && !suffixOfCall(*CB, Prefix).empty())
      Calls.push_back(CB);
  return Calls;
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

/// Redirects \p Call to the entry point \p Prefix + \p Suffix.
void redirect(CallBase &Call, StringRef Prefix, StringRef Suffix) {
  Module &M = *Call.getModule();
  FunctionCallee Replacement =
      M.getOrInsertFunction((Prefix + Suffix).str(), Call.getFunctionType());
  Call.setCalledFunction(Replacement);
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

/// Gives \p F's combined loop the grid-stride entry points if it has clang's
/// shape (GridStrideLoops.h); returns whether it did.
bool convert(Function &F) {
  SmallVector<CallBase *, 2> Distributes =
      callsOf(F, OMPGPU_KMPC_DISTRIBUTE_STATIC_INIT_PREFIX);
  SmallVector<CallBase *, 2> Parallels;
  for (Instruction &I : instructions(F))
    if (auto *CB = dyn_cast<CallBase>(&I);
        CB && CB->getCalledFunction() &&
        CB->getCalledFunction()->getName() == OMPGPU_KMPC_PARALLEL)
      Parallels.push_back(CB);
  if (Distributes.size() != 1 || Parallels.size() != 1)
    return false;
  CallBase &Distribute = *Distributes.front();
  StringRef Suffix =
      suffixOfCall(Distribute, OMPGPU_KMPC_DISTRIBUTE_STATIC_INIT_PREFIX);
  if (!isConstant(Distribute.getArgOperand(Schedule),
                  DistributeStaticChunked) ||
      !isBlockSize(Distribute.getArgOperand(Chunk)))
    return false;
  Function *Region = wholeBlockRegion(*Parallels.front());
  if (!Region)
    return false;
  SmallVector<CallBase *, 2> Fors =
      callsOf(*Region, OMPGPU_KMPC_FOR_STATIC_INIT_PREFIX);
  if (Fors.size() != 1)
    return false;
  CallBase &For = *Fors.front();
  if (suffixOfCall(For, OMPGPU_KMPC_FOR_STATIC_INIT_PREFIX) != Suffix ||
      !isConstant(For.getArgOperand(Schedule), StaticChunked) ||
      !isConstant(For.getArgOperand(Chunk), 1))
    return false;
  LLVM_DEBUG(dbgs() << "grid-stride loop in " << F.getName() << "\n");
  redirect(Distribute, OMPGPU_DISTRIBUTE_GRID_STRIDE_INIT_PREFIX, Suffix);
  redirect(For, OMPGPU_FOR_GRID_STRIDE_INIT_PREFIX, Suffix);
  F.addFnAttr(GridStrideAttr);
  report(Distribute);
  return true;
}

} // namespace

PreservedAnalyses GridStrideLoopsPass::run(Module &M, ModuleAnalysisManager &) {
  bool Changed = false;
  for (Function &F : M)
    if (!F.isDeclaration() && convert(F)) {
      ++NumGridStride;
      Changed = true;
    }
  return preservedUnlessCFGChanged(Changed);
}

} // namespace ompgpu
