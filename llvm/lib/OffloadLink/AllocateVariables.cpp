//===- AllocateVariables.cpp - Variables of allocate that threads share ---===//
#include "ompgpu/OffloadLink/AllocateVariables.h"
#include "ompgpu/Transforms/AllocateStorage.h"
#include "ompgpu/Transforms/Remarks.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Instruction.h"

using namespace llvm;

namespace ompgpu {
namespace {

/// "app.c:12" for the first use of \p G (directly or through constant
/// expressions) with a source location, else the function of its first use
/// in source terms, else "".
std::string whereUsed(const GlobalVariable &G) {
  std::string Function;
  SmallVector<const Value *, 8> Work{&G};
  while (!Work.empty()) {
    for (const User *U : Work.pop_back_val()->users()) {
      if (isa<ConstantExpr>(U))
        Work.push_back(U);
      const auto *I = dyn_cast<Instruction>(U);
      if (!I)
        continue;
      if (const DebugLoc &Loc = I->getDebugLoc())
        return (Loc->getFilename() + ":" + Twine(Loc.getLine())).str();
      if (Function.empty())
        Function = describeFunction(I->getFunction()->getName());
    }
  }
  return Function;
}

} // namespace

void warnAboutSharedAllocateVariables(const Module &Program, StringRef Arch,
                                      raw_ostream &OS) {
  for (const GlobalVariable &G : Program.globals()) {
    // NVPTX code generation may have moved it to the global address space.
    if (G.use_empty() || !(isStaticAllocateVariable(G, GenericAddressSpace) ||
                           isStaticAllocateVariable(G, GlobalAddressSpace)))
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
          "omp_thread_mem_alloc (one per thread), and the link step could "
          "not give it storage of its own (its address leaves the thread, "
          "team-level code and parallel regions both use it, or its kernel's "
          "16 KiB of shared memory for such variables are spent); use one of "
          "those allocators, or "
          "omp_alloc, where several threads or teams run the code\n";
  }
}

} // namespace ompgpu
