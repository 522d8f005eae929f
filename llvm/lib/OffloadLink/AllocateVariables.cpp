//===- AllocateVariables.cpp - Variables of allocate that threads share ---===//
#include "ompgpu/OffloadLink/AllocateVariables.h"
#include "ompgpu/Transforms/Remarks.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Instruction.h"

using namespace llvm;

namespace ompgpu {
namespace {

/// The shape clang-22 gives a variable of an allocate directive or clause
/// whose allocator has no memory of its own on the GPU: an internal,
/// writable, uninitialized variable in the generic address space.
bool isStaticAllocateVariable(const GlobalVariable &G) {
  constexpr unsigned Generic = 0;
  return G.hasLocalLinkage() && !G.isConstant() &&
         G.getAddressSpace() == Generic && G.hasInitializer() &&
         isa<PoisonValue>(G.getInitializer());
}

/// "app.c:12" for the first use of \p G with a source location, else the
/// function of its first use in source terms, else "".
std::string whereUsed(const GlobalVariable &G) {
  std::string Function;
  for (const User *U : G.users()) {
    const auto *I = dyn_cast<Instruction>(U);
    if (!I)
      continue;
    if (const DebugLoc &Loc = I->getDebugLoc())
      return (Loc->getFilename() + ":" + Twine(Loc.getLine())).str();
    if (Function.empty())
      Function = describeFunction(I->getFunction()->getName());
  }
  return Function;
}

} // namespace

void warnAboutSharedAllocateVariables(const Module &Program, StringRef Arch,
                                      raw_ostream &OS) {
  for (const GlobalVariable &G : Program.globals()) {
    if (!isStaticAllocateVariable(G) || G.use_empty())
      continue;
    OS << "clang-linker-wrapper: warning: the variable '" << G.getName()
       << "' of an 'allocate' directive or clause";
    std::string Where = whereUsed(G);
    if (!Where.empty())
      OS << " (used in " << Where << ")";
    OS << " is one variable of the device code for " << Arch
       << ", which every thread and team that runs the code shares: clang-22 "
          "gives such variables static storage on the GPU unless their "
          "allocator is omp_pteam_mem_alloc (one per team) or "
          "omp_thread_mem_alloc (one per thread); use one of those, or "
          "omp_alloc, where several threads or teams run the code\n";
  }
}

} // namespace ompgpu
