//===- Remarks.cpp - How our passes explain what they did -----------------===//
#include "ompgpu/Transforms/Remarks.h"
#include "ompgpu/Transforms/TargetRegionName.h"

#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/InstIterator.h"

using namespace llvm;

namespace ompgpu {

std::string describeFunction(StringRef Name) {
  std::optional<TargetRegionName> Region = parseTargetRegionName(Name);
  if (!Region)
    return ("function '" + Name + "'").str();
  return ("the target region in '" + Region->Function + "' at line " +
          Twine(Region->Line))
      .str();
}

const Instruction &remarkAnchor(const Function &F) {
  assert(!F.isDeclaration() && "remarks about a function need its body");
  for (const Instruction &I : instructions(F))
    if (I.getDebugLoc())
      return I;
  return F.getEntryBlock().front();
}

std::string atLine(const Instruction &I) {
  if (const DebugLoc &Loc = I.getDebugLoc())
    return (" at line " + Twine(Loc.getLine())).str();
  return "";
}

} // namespace ompgpu
