//===- PtxasResources.cpp - What ptxas says each kernel uses --------------===//
//
// The lines read, as CUDA 12 and 13 print them (older versions leave out some
// items, newer ones add items that are skipped):
//   ptxas info    : Compiling entry function 'K' for 'sm_90'
//   ptxas info    : Function properties for K
//       8 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
//   ptxas info    : Used 30 registers, used 2 barriers, 8 bytes cumulative
//                   stack size, 56 bytes smem, 368 bytes cmem[0]
// "Function properties" may come before or after the kernel's "Compiling"
// line, and for functions that are not kernels too.
//
//===----------------------------------------------------------------------===//
#include "ompgpu/OffloadLink/PtxasResources.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"

using namespace llvm;

namespace ompgpu {
namespace {

/// Stack and spills of one function, from its "Function properties" lines.
struct FrameProperties {
  uint64_t StackFrameBytes = 0;
  uint64_t SpillStoreBytes = 0;
  uint64_t SpillLoadBytes = 0;
};

/// Calls \p Use(Count, What) for each "<count> <what>" item of a
/// comma-separated list such as "Used 30 registers, used 2 barriers, 56 bytes
/// smem"; the leading "used" of an item is dropped.
template <typename Callback> void forEachCount(StringRef List, Callback Use) {
  SmallVector<StringRef, 8> Items;
  List.split(Items, ',');
  for (StringRef Item : Items) {
    Item = Item.trim();
    if (!Item.consume_front("Used "))
      Item.consume_front("used ");
    uint64_t Count = 0;
    if (Item.consumeInteger(10, Count))
      continue;
    Use(Count, Item.trim());
  }
}

FrameProperties parseFrameLine(StringRef Line) {
  FrameProperties Frame;
  forEachCount(Line, [&](uint64_t Count, StringRef What) {
    if (What == "bytes stack frame")
      Frame.StackFrameBytes = Count;
    else if (What == "bytes spill stores")
      Frame.SpillStoreBytes = Count;
    else if (What == "bytes spill loads")
      Frame.SpillLoadBytes = Count;
  });
  return Frame;
}

void parseUsageLine(StringRef Line, KernelResources &Kernel) {
  forEachCount(Line, [&](uint64_t Count, StringRef What) {
    if (What == "registers")
      Kernel.Registers = static_cast<unsigned>(Count);
    else if (What == "barriers")
      Kernel.Barriers = static_cast<unsigned>(Count);
    else if (What == "bytes smem")
      Kernel.SharedBytes = Count;
    else if (What == "bytes cumulative stack size")
      Kernel.CumulativeStackBytes = Count;
  });
}

/// The text between the first pair of single quotes after \p Prefix.
StringRef quotedAfter(StringRef Line, StringRef Prefix) {
  return Line.drop_front(Prefix.size()).split('\'').second.split('\'').first;
}

} // namespace

std::vector<KernelResources> parsePtxasResources(StringRef Output) {
  std::vector<KernelResources> Kernels;
  StringMap<FrameProperties> Frames;
  KernelResources *Current = nullptr;
  std::string PropertiesOf; // the function the next frame line describes
  SmallVector<StringRef, 64> Lines;
  Output.split(Lines, '\n');
  for (StringRef Line : Lines) {
    Line = Line.trim();
    if (!PropertiesOf.empty() && Line.contains("stack frame")) {
      Frames[PropertiesOf] = parseFrameLine(Line);
      PropertiesOf.clear();
      continue;
    }
    PropertiesOf.clear();
    if (!Line.consume_front("ptxas info"))
      continue;
    Line = Line.ltrim().drop_while([](char C) { return C == ':'; }).ltrim();
    constexpr StringRef Compiling = "Compiling entry function ";
    constexpr StringRef Properties = "Function properties for ";
    if (Line.starts_with(Compiling)) {
      Kernels.emplace_back();
      Current = &Kernels.back(); // the previous kernel is complete
      Current->Name = quotedAfter(Line, Compiling).str();
      Current->Arch = Line.rsplit(" for ").second.trim('\'').str();
    } else if (Line.consume_front(Properties)) {
      PropertiesOf = Line.trim().str();
    } else if (Line.starts_with("Used ") && Current) {
      parseUsageLine(Line, *Current);
    }
  }
  for (KernelResources &Kernel : Kernels) {
    auto Frame = Frames.find(Kernel.Name);
    if (Frame == Frames.end())
      continue;
    Kernel.StackFrameBytes = Frame->second.StackFrameBytes;
    Kernel.SpillStoreBytes = Frame->second.SpillStoreBytes;
    Kernel.SpillLoadBytes = Frame->second.SpillLoadBytes;
  }
  return Kernels;
}

} // namespace ompgpu
