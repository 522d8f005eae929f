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

std::string atLine(const Instruction &I) { return atLine(I.getDebugLoc()); }

std::string atLine(const DebugLoc &Loc) {
  if (Loc)
    return (" at line " + Twine(Loc.getLine())).str();
  return "";
}

DebugLoc programLocation(const Instruction &I) {
  auto InWrapper = [](const DILocation &L) {
    StringRef File = L.getFilename(), Folder = L.getDirectory();
    return File.contains("__clang_") || File.contains("openmp_wrappers") ||
           Folder.contains("openmp_wrappers");
  };
  DebugLoc Loc = I.getDebugLoc();
  while (Loc && Loc.getInlinedAt() && InWrapper(*Loc))
    Loc = Loc.getInlinedAt();
  return Loc;
}

} // namespace ompgpu
