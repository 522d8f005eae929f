//===- AddressSpaces.h - NVPTX memories, where pointers point ---*- C++ -*-===//
//
// The address-space numbers that clang-22 and the NVPTX backend give each
// memory, for every pass and link step that reads or makes accesses, and what
// can be seen of the memory a generic pointer points into.
//
//===----------------------------------------------------------------------===//
#ifndef OMPGPU_TRANSFORMS_ADDRESSSPACES_H
#define OMPGPU_TRANSFORMS_ADDRESSSPACES_H

#include <optional>

namespace llvm {
class Value;
} // namespace llvm

namespace ompgpu {

/// NVPTX's address spaces.
inline constexpr unsigned GenericAddressSpace = 0, GlobalAddressSpace = 1,
                          SharedAddressSpace = 3, ConstantAddressSpace = 4,
                          LocalAddressSpace = 5, ParamAddressSpace = 101;

/// The memory \p Pointer visibly points into: the address space its
/// underlying object was cast from, or global memory for a global variable
/// (code generation puts generic ones there too); nullopt where that is not
/// visible (an argument, a loaded pointer).
std::optional<unsigned> visibleAddressSpace(const llvm::Value *Pointer);

} // namespace ompgpu

#endif
