//===- AddressSpaces.cpp - NVPTX's memories, and where pointers point -----===//
#include "ompgpu/Transforms/AddressSpaces.h"

#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Operator.h"

using namespace llvm;

namespace ompgpu {

std::optional<unsigned> visibleAddressSpace(const Value *Pointer) {
  unsigned Space = Pointer->getType()->getPointerAddressSpace();
  if (Space != GenericAddressSpace)
    return Space;
  const Value *Base = getUnderlyingObject(Pointer);
  if (const auto *Cast = dyn_cast<AddrSpaceCastOperator>(Base))
    return Cast->getSrcAddressSpace();
  if (const auto *Variable = dyn_cast<GlobalVariable>(Base))
    return Variable->getAddressSpace() == GenericAddressSpace
               ? GlobalAddressSpace
               : Variable->getAddressSpace();
  return std::nullopt;
}

} // namespace ompgpu
