//===- Remarks.cpp - How our passes explain what they did -----------------===//
#include "ompgpu/Transforms/Remarks.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/InstIterator.h"

using namespace llvm;

namespace ompgpu {

std::string describeFunction(StringRef Name) {
  StringRef Rest = Name;
  if (!Rest.consume_front("__omp_offloading_"))
    return ("function '" + Name + "'").str();
  Rest = Rest.split('_').second.split('_').second; // device and file ids
  size_t LinePos = Rest.rfind("_l");
  if (LinePos == StringRef::npos)
    return ("function '" + Name + "'").str();
  StringRef Function = Rest.take_front(LinePos);
  StringRef Line = Rest.drop_front(LinePos + 2).take_while(isDigit);
  return ("the target region in '" + Function + "' at line " + Line).str();
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
