//===- IndirectCallLookup.cpp - Host function addresses in device calls ---===//
#include "ompgpu/Transforms/IndirectCallLookup.h"
#include "ompgpu/Transforms/Remarks.h"

#include "OffloadABI.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"

#define DEBUG_TYPE "ompgpu-indirect-call-lookup"

using namespace llvm;

STATISTIC(NumFunctionLookups,
          "Indirect calls that look their callee up in the host table");
STATISTIC(NumVTableLookups,
          "Vtable pointers of virtual calls looked up in the host table");

namespace ompgpu {
namespace {

/// Whether the program registers indirect functions or vtables with the
/// host: records of kind 1 (declare target globals) in clang's
/// omp_offload.info whose flags say so.
bool registersIndirectTargets(const Module &M) {
  constexpr uint64_t DeclareTargetGlobal = 1;
  const NamedMDNode *Info = M.getNamedMetadata("omp_offload.info");
  if (!Info)
    return false;
  for (const MDNode *Record : Info->operands()) {
    if (Record->getNumOperands() < 3)
      continue;
    auto *Kind = mdconst::dyn_extract<ConstantInt>(Record->getOperand(0));
    auto *Flags = mdconst::dyn_extract<ConstantInt>(Record->getOperand(2));
    if (Kind && Flags && Kind->getZExtValue() == DeclareTargetGlobal &&
        (Flags->getZExtValue() &
         (OMP_OFFLOAD_ENTRY_INDIRECT | OMP_OFFLOAD_ENTRY_INDIRECT_VTABLE)))
      return true;
  }
  return false;
}

/// The load of the vtable pointer that the virtual call \p Call reads its
/// callee through, or nullptr if \p Call is not shaped as clang emits
/// virtual calls: the callee loaded from a constant slot of a vtable, the
/// vtable pointer loaded from the object the call gets as `this` (its first
/// argument, or its second after a returned structure's).
LoadInst *vtablePointerOf(const CallBase &Call) {
  unsigned ThisArgument = Call.paramHasAttr(0, Attribute::StructRet) ? 1 : 0;
  if (Call.arg_size() <= ThisArgument)
    return nullptr;
  auto *Callee =
      dyn_cast<LoadInst>(Call.getCalledOperand()->stripPointerCasts());
  if (!Callee)
    return nullptr;
  Value *Slot = Callee->getPointerOperand()->stripPointerCasts();
  if (auto *GEP = dyn_cast<GEPOperator>(Slot))
    if (GEP->hasAllConstantIndices())
      Slot = GEP->getPointerOperand()->stripPointerCasts();
  auto *VTable = dyn_cast<LoadInst>(Slot);
  if (!VTable || !VTable->getType()->isPointerTy())
    return nullptr;
  const Value *This = Call.getArgOperand(ThisArgument)->stripPointerCasts();
  return VTable->getPointerOperand()->stripPointerCasts() == This ? VTable
                                                                  : nullptr;
}

/// Whether \p Address is a generic pointer, which the lookup takes: what
/// clang-22 emits for function and vtable pointers.
bool isGeneric(const Value *Address) {
  return Address->getType() == PointerType::get(Address->getContext(), 0);
}

/// A call of the lookup on \p Address, inserted before \p Before.
CallInst *lookUp(FunctionCallee Lookup, Value *Address, Instruction *Before) {
  return CallInst::Create(Lookup, {Address}, Address->getName() + ".device",
                          Before->getIterator());
}

void report(const CallBase &Call, bool Virtual) {
  OptimizationRemarkEmitter(Call.getFunction()).emit([&] {
    return OptimizationRemark(RemarkPassName, "IndirectCallLookup", &Call)
           << (Virtual ? "the virtual call in " : "the indirect call in ")
           << describeFunction(Call.getFunction()->getName()) << atLine(Call)
           << (Virtual ? " looks the object's vtable up in the table of host "
                         "vtables (objects mapped from the host hold one; a "
                         "device vtable passes unchanged)"
                       : " looks its callee up in the table of host functions "
                         "(a device function passes unchanged)");
  });
}

} // namespace

PreservedAnalyses IndirectCallLookupPass::run(Module &M,
                                              ModuleAnalysisManager &) {
  if (!registersIndirectTargets(M))
    return PreservedAnalyses::all();
  // Each indirect call with its vtable pointer load if it is a virtual call,
  // all found before any is rewritten: calls may share a vtable pointer.
  SmallVector<std::pair<CallBase *, LoadInst *>, 16> Calls;
  for (Function &F : M)
    for (BasicBlock &BB : F)
      for (Instruction &I : BB)
        if (auto *Call = dyn_cast<CallBase>(&I))
          if (Call->isIndirectCall())
            Calls.emplace_back(Call, vtablePointerOf(*Call));
  if (Calls.empty())
    return PreservedAnalyses::all();

  LLVMContext &Context = M.getContext();
  auto *Generic = PointerType::get(Context, 0);
  FunctionCallee Lookup =
      M.getOrInsertFunction(OMPGPU_INDIRECT_CALL_LOOKUP,
                            FunctionType::get(Generic, {Generic}, false));
  if (auto *F = dyn_cast<Function>(Lookup.getCallee())) {
    // It only reads the table, so that the optimizer may hoist it out of
    // loops and share it between calls through one address.
    F->setOnlyReadsMemory();
    F->setDoesNotThrow();
    F->setWillReturn();
  }
  // A vtable pointer that several calls read their callees through is
  // translated once.
  SmallPtrSet<LoadInst *, 16> Translated;
  for (auto [Call, VTable] : Calls) {
    if (VTable && isGeneric(VTable)) {
      report(*Call, /*Virtual=*/true);
      if (!Translated.insert(VTable).second)
        continue;
      ++NumVTableLookups;
      CallInst *Device = lookUp(Lookup, VTable, VTable->getNextNode());
      VTable->replaceUsesWithIf(Device,
                                [&](Use &U) { return U.getUser() != Device; });
      continue;
    }
    if (!isGeneric(Call->getCalledOperand()))
      continue;
    report(*Call, /*Virtual=*/false);
    ++NumFunctionLookups;
    Call->setCalledOperand(lookUp(Lookup, Call->getCalledOperand(), Call));
  }
  return PreservedAnalyses::none();
}

} // namespace ompgpu
