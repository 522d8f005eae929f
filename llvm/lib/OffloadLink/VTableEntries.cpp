//===- VTableEntries.cpp - Vtables the host registers for the device ------===//
#include "ompgpu/OffloadLink/VTableEntries.h"

#include "OffloadABI.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Frontend/Offloading/Utility.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/Object/OffloadBinary.h"

using namespace llvm;

namespace ompgpu {
namespace {

/// Drops a hexadecimal number and the '_' after it from the front of \p S.
bool consumeHexField(StringRef &S) {
  size_t Digits = S.find('_');
  if (Digits == 0 || Digits == StringRef::npos ||
      !all_of(S.take_front(Digits), isHexDigit))
    return false;
  S = S.drop_front(Digits + 1);
  return true;
}

} // namespace

std::optional<StringRef> vtableOfHolder(StringRef Symbol) {
  if (!Symbol.consume_front("__omp_offloading_") || !consumeHexField(Symbol) ||
      !consumeHexField(Symbol) || !Symbol.consume_back("addr"))
    return std::nullopt;
  size_t Line = Symbol.rfind("_l");
  if (Line == StringRef::npos || Line + 2 == Symbol.size() ||
      !all_of(Symbol.drop_front(Line + 2), isDigit))
    return std::nullopt;
  StringRef VTable = Symbol.take_front(Line);
  if (!VTable.starts_with("_ZTV"))
    return std::nullopt;
  return VTable;
}

void emitVTableEntries(Module &M, ArrayRef<std::string> Symbols) {
  LLVMContext &Context = M.getContext();
  // The images of several architectures hold the same holders.
  StringSet<> Emitted;
  for (const std::string &Holder : Symbols) {
    std::optional<StringRef> VTable = vtableOfHolder(Holder);
    if (!VTable || !Emitted.insert(Holder).second)
      continue;
    GlobalVariable *Host = M.getGlobalVariable(*VTable);
    if (!Host)
      Host = new GlobalVariable(M, Type::getInt8Ty(Context),
                                /*isConstant=*/true,
                                GlobalValue::ExternalWeakLinkage, nullptr,
                                *VTable);
    Constant *Name = ConstantDataArray::getString(Context, *VTable);
    auto *NameGlobal =
        new GlobalVariable(M, Name->getType(),
                           /*isConstant=*/true, GlobalValue::PrivateLinkage,
                           Name, ".omp_offloading.vtable_name");
    offloading::emitOffloadingEntry(M, object::OFK_OpenMP, Host, Holder,
                                    /*Size=*/0,
                                    OMP_OFFLOAD_ENTRY_INDIRECT_VTABLE,
                                    /*Data=*/0, NameGlobal);
  }
}

} // namespace ompgpu
