//===- Landings.cpp - Copies to the host that land at completion ----------===//
//
// A block's class follows from its landing's size, so a landing needs no
// record of its block. Blocks are never freed: freeing pinned memory may wait
// for the device, and a program that copies back asynchronously once does so
// again.
//
//===----------------------------------------------------------------------===//

#include "Landings.h"
#include "ParallelCopy.h"

using namespace omptarget;

int LandingPool::sizeClass(size_t Size) {
  int Class = 0;
  while ((size_t(1) << (MinClassLog2 + Class)) < Size)
    ++Class;
  return Class;
}

char *LandingPool::take(size_t Size) {
  std::vector<char *> &Blocks = Free[sizeClass(Size)];
  if (!Blocks.empty()) {
    char *Block = Blocks.back();
    Blocks.pop_back();
    return Block;
  }
  void *Block = nullptr;
  Cu.check(
      Cu.MemHostAlloc(&Block, size_t(1) << (MinClassLog2 + sizeClass(Size)), 0),
      Device, "cannot allocate pinned memory for copies to the host");
  return static_cast<char *>(Block);
}

void LandingPool::land(Landings &Done, HostThreads &Threads) {
  for (const Landing &L : Done) {
    const CopyBox &Box = L.Box;
    const char *From = L.Pinned;
    for (size_t Z = 0; Z < Box.Depth; ++Z)
      for (size_t Y = 0; Y < Box.Height; ++Y, From += Box.Width)
        parallelCopy(Threads, L.Host + Z * Box.DstSlicePitch + Y * Box.DstPitch,
                     From, Box.Width);
    Free[sizeClass(Box.Width * Box.Height * Box.Depth)].push_back(L.Pinned);
  }
  Done.clear();
}
