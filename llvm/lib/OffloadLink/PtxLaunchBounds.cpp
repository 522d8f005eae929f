//===- PtxLaunchBounds.cpp - The launch bounds each kernel's PTX declares -===//
#include "ompgpu/OffloadLink/PtxLaunchBounds.h"

#include "llvm/ADT/SmallVector.h"

using namespace llvm;

namespace ompgpu {
namespace {

/// The product of a directive's comma-separated dimensions ("256, 1, 1").
unsigned dimensionProduct(StringRef List) {
  SmallVector<StringRef, 3> Dims;
  List.split(Dims, ',');
  unsigned Product = 1;
  for (StringRef Dim : Dims) {
    unsigned Value = 0;
    if (Dim.trim().getAsInteger(10, Value))
      return 0;
    Product *= Value;
  }
  return Product;
}

unsigned number(StringRef Text) {
  unsigned Value = 0;
  return Text.trim().getAsInteger(10, Value) ? 0 : Value;
}

} // namespace

StringMap<PtxLaunchBounds> parsePtxLaunchBounds(StringRef PTX) {
  StringMap<PtxLaunchBounds> Kernels;
  PtxLaunchBounds *Current = nullptr; // inside a kernel's header
  SmallVector<StringRef, 0> Lines;
  PTX.split(Lines, '\n');
  for (StringRef Line : Lines) {
    Line = Line.trim();
    // ".visible .entry K(", ".weak .entry K(" or ".entry K(".
    size_t Entry = Line.find(".entry ");
    if (Entry != StringRef::npos && !Line.starts_with("//")) {
      StringRef Name =
          Line.drop_front(Entry + strlen(".entry ")).split('(').first.trim();
      Current = &Kernels[Name];
      continue;
    }
    if (!Current)
      continue;
    if (Line.starts_with("{")) {
      Current = nullptr; // the body: directives come before it
    } else if (Line.consume_front(".maxntid") ||
               Line.consume_front(".reqntid")) {
      Current->MaxThreads = dimensionProduct(Line);
    } else if (Line.consume_front(".minnctapersm")) {
      Current->MinBlocksPerSM = number(Line);
    } else if (Line.consume_front(".maxnreg")) {
      Current->MaxRegisters = number(Line);
    }
  }
  return Kernels;
}

} // namespace ompgpu
