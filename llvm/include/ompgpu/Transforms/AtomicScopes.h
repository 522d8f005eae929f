//===- AtomicScopes.h - Rescoping atomics, for the scope passes -*- C++ -*-===//
//
// What SharedAtomicScope and RuntimeAtomicScope share: a walk over a module's
// atomics that gives some of them another scope, with a remark per function
// and a count.
//
//===----------------------------------------------------------------------===//
#ifndef OMPGPU_TRANSFORMS_ATOMICSCOPES_H
#define OMPGPU_TRANSFORMS_ATOMICSCOPES_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/IR/Instruction.h"
#include "llvm/IR/Module.h"

#include <optional>

namespace ompgpu {

/// How a scope pass describes what it did, in its remarks: "<N> <Singular or
/// Plural> in <function> order with the threads of the <ScopeName> only
/// (<ScopeName> scope)".
struct RescopeRemark {
  llvm::StringRef PassName, Singular, Plural, ScopeName;
};

/// Gives each atomic and fence \p I of \p M the scope NewScope(I, its scope)
/// returns, where it returns one, and remarks on each function it changed.
/// Returns how many it changed.
unsigned rescopeAtomics(llvm::Module &M,
                        llvm::function_ref<std::optional<llvm::SyncScope::ID>(
                            const llvm::Instruction &, llvm::SyncScope::ID)>
                            NewScope,
                        const RescopeRemark &Remark);

} // namespace ompgpu

#endif
