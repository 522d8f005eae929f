//===- IndirectCallLookup.h - Host addresses in device calls ---*- C++ -*-===//
//
// A program that registers `declare target indirect` functions or the
// vtables of declare target classes may call, in device code, through the
// host address of a function (passed into a target region) or through a
// host vtable (in the vtable pointer of an object mapped from the host).
// clang-22 emits a plain indirect call for both. This pass, run on the
// user's code before the device runtime is linked, makes each such call
// translate the address first with the runtime's
// OMPGPU_INDIRECT_CALL_LOOKUP (OffloadABI.h): a virtual call (its callee read
// from a constant slot of the vtable that its first argument points to)
// translates the vtable pointer, so that the slot is read from the device
// vtable; any other indirect call translates its callee. Device addresses
// pass through the lookup unchanged. Programs without indirect functions or
// vtables are left as they are.
//
//===----------------------------------------------------------------------===//
#ifndef OMPGPU_TRANSFORMS_INDIRECTCALLLOOKUP_H
#define OMPGPU_TRANSFORMS_INDIRECTCALLLOOKUP_H

#include "llvm/IR/PassManager.h"

namespace ompgpu {

/// Routes the indirect calls of user code through the host-to-device table.
struct IndirectCallLookupPass : llvm::PassInfoMixin<IndirectCallLookupPass> {
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
};

} // namespace ompgpu

#endif
