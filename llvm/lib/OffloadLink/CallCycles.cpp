//===- CallCycles.cpp - Whether a device program's calls may recurse ------===//
//
// A depth-first walk over the call graph of the defined functions; see
// CallCycles.h for why the link step asks.
//
//===----------------------------------------------------------------------===//
#include "ompgpu/OffloadLink/CallCycles.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;

namespace ompgpu {
namespace {

using Callees = SmallVector<const Function *, 8>;

/// The defined functions \p F calls, with \p AddressTaken standing for the
/// target of each indirect call.
Callees calleesOf(const Function &F, ArrayRef<const Function *> AddressTaken) {
  Callees Result;
  bool CallsIndirectly = false;
  for (const Instruction &I : instructions(F)) {
    const auto *Call = dyn_cast<CallBase>(&I);
    if (!Call || Call->isInlineAsm())
      continue;
    if (const Function *Callee = Call->getCalledFunction()) {
      if (!Callee->isDeclaration())
        Result.push_back(Callee);
    } else {
      CallsIndirectly = true;
    }
  }
  if (CallsIndirectly)
    Result.append(AddressTaken.begin(), AddressTaken.end());
  return Result;
}

} // namespace

bool callsMayRecurse(const Module &Program) {
  SmallVector<const Function *, 16> AddressTaken;
  for (const Function &F : Program)
    if (!F.isDeclaration() && F.hasAddressTaken())
      AddressTaken.push_back(&F);

  enum class Visit { Open, Done };
  DenseMap<const Function *, Visit> State;
  struct Frame {
    const Function *F;
    Callees Next;
    size_t Index = 0;
  };
  for (const Function &Root : Program) {
    if (Root.isDeclaration() || State.count(&Root))
      continue;
    SmallVector<Frame, 16> Stack;
    Stack.push_back({&Root, calleesOf(Root, AddressTaken)});
    State[&Root] = Visit::Open;
    while (!Stack.empty()) {
      Frame &Top = Stack.back();
      if (Top.Index == Top.Next.size()) {
        State[Top.F] = Visit::Done;
        Stack.pop_back();
        continue;
      }
      const Function *Callee = Top.Next[Top.Index++];
      auto [It, New] = State.try_emplace(Callee, Visit::Open);
      if (!New) {
        if (It->second == Visit::Open)
          return true;
        continue;
      }
      Stack.push_back({Callee, calleesOf(*Callee, AddressTaken)});
    }
  }
  return false;
}

} // namespace ompgpu
