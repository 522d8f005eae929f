//===- DebugRuntime.cpp - Which device runtime a device link takes --------===//
#include "DebugRuntime.h"

#include "ompgpu/OffloadLink/Commands.h"

#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace ompgpu {
namespace {

/// The constant clang-22 emits; of our components only the link step reads
/// it.
constexpr char DebugKindSymbol[] = "__omp_rtl_debug_kind";

/// Whether \p Input defines a non-zero debug kind. Function bodies stay
/// unread: the lazy reader materializes only what is asked for.
Expected<bool> requestsDebugRuntime(const DeviceInput &Input) {
  LLVMContext Context;
  Expected<std::unique_ptr<Module>> M =
      getLazyBitcodeModule(Input.Bitcode->getMemBufferRef(), Context);
  if (!M)
    return linkError("cannot read the device bitcode of '" + Input.Origin +
                     "': " + toString(M.takeError()));
  const GlobalVariable *Kind = (*M)->getNamedGlobal(DebugKindSymbol);
  if (!Kind || !Kind->hasInitializer())
    return false;
  const auto *Value = dyn_cast<ConstantInt>(Kind->getInitializer());
  return Value && !Value->isZero();
}

} // namespace

Expected<const DeviceInput *>
findDebugRuntimeRequest(ArrayRef<DeviceInput> Inputs) {
  for (const DeviceInput &Input : Inputs) {
    Expected<bool> Requests = requestsDebugRuntime(Input);
    if (!Requests)
      return Requests.takeError();
    if (*Requests)
      return &Input;
  }
  return nullptr;
}

} // namespace ompgpu
