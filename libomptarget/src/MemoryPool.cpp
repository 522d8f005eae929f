//===- MemoryPool.cpp - Reuse of small device allocations -----------------===//
//
// Free lists of device blocks by power-of-two size class (see MemoryPool.h).
//
//===----------------------------------------------------------------------===//

#include "MemoryPool.h"

using namespace omptarget;

static_assert(MemoryPool::MaxPooledBytes == (size_t(256) << 12),
              "NumClasses must cover MinBlockBytes up to MaxPooledBytes");

size_t MemoryPool::blockSize(size_t Size) {
  if (Size > MaxPooledBytes)
    return 0;
  size_t Block = MinBlockBytes;
  while (Block < Size)
    Block *= 2;
  return Block;
}

int MemoryPool::sizeClass(size_t BlockSize) {
  int Class = 0;
  for (size_t Block = MinBlockBytes; Block < BlockSize; Block *= 2)
    ++Class;
  return Class;
}

uintptr_t MemoryPool::take(size_t BlockSize) {
  std::vector<uintptr_t> &List = Free[sizeClass(BlockSize)];
  if (List.empty())
    return 0;
  uintptr_t Ptr = List.back();
  List.pop_back();
  InUse.emplace(Ptr, BlockSize);
  return Ptr;
}

void MemoryPool::track(uintptr_t Ptr, size_t BlockSize) {
  InUse.emplace(Ptr, BlockSize);
}

bool MemoryPool::giveBack(uintptr_t Ptr) {
  auto It = InUse.find(Ptr);
  if (It == InUse.end())
    return false;
  Free[sizeClass(It->second)].push_back(Ptr);
  InUse.erase(It);
  return true;
}

std::vector<uintptr_t> MemoryPool::drain() {
  std::vector<uintptr_t> Blocks;
  for (std::vector<uintptr_t> &List : Free) {
    Blocks.insert(Blocks.end(), List.begin(), List.end());
    List.clear();
  }
  return Blocks;
}
