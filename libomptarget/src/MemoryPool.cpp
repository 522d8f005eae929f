//===- MemoryPool.cpp - Reuse of device allocations -----------------------===//
//
// Free lists of device blocks by power-of-two size class, and of large blocks
// by size (see MemoryPool.h).
// A free block records the stream whose queued work may still use it; the
// lists are short, so taking a block scans its list for one the asking
// stream may use.
//
//===----------------------------------------------------------------------===//

#include "MemoryPool.h"

using namespace omptarget;

static_assert(MemoryPool::MaxPooledBytes == (size_t(256) << 12),
              "NumClasses must cover MinBlockBytes up to MaxPooledBytes");

size_t MemoryPool::blockSize(size_t Size) {
  if (Size > MaxPooledBytes)
    return (Size + LargeGranuleBytes - 1) / LargeGranuleBytes *
           LargeGranuleBytes;
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

std::vector<uintptr_t> &MemoryPool::freeList(size_t BlockSize) {
  return BlockSize > MaxPooledBytes ? LargeFree[BlockSize]
                                    : Free[sizeClass(BlockSize)];
}

uintptr_t MemoryPool::take(size_t BlockSize, const void *Owner) {
  // A large size no block of was ever given back has no list to make.
  if (BlockSize > MaxPooledBytes && !LargeFree.count(BlockSize))
    return 0;
  std::vector<uintptr_t> &List = freeList(BlockSize);
  for (size_t I = List.size(); I-- > 0;) {
    uintptr_t Ptr = List[I];
    Block &B = Blocks[Ptr];
    if (B.Owner && B.Owner != Owner)
      continue;
    List[I] = List.back();
    List.pop_back();
    B.Free = false;
    B.Owner = nullptr;
    if (BlockSize > MaxPooledBytes)
      LargeFreeBytes -= BlockSize;
    return Ptr;
  }
  return 0;
}

void MemoryPool::track(uintptr_t Ptr, size_t BlockSize) {
  Blocks[Ptr] = {BlockSize, false, nullptr, 0};
}

uint64_t MemoryPool::giveBack(uintptr_t Ptr, const void *Owner) {
  auto It = Blocks.find(Ptr);
  if (It == Blocks.end())
    return 0;
  Block &B = It->second;
  if (B.Size > MaxPooledBytes) {
    if (LargeFreeBytes + B.Size > LargeCap) {
      Blocks.erase(It);
      return 0;
    }
    LargeFreeBytes += B.Size;
  }
  B.Free = true;
  B.Owner = Owner;
  B.Token = ++LastToken;
  freeList(B.Size).push_back(Ptr);
  return B.Token;
}

void MemoryPool::settle(uintptr_t Ptr, uint64_t Token) {
  auto It = Blocks.find(Ptr);
  if (It != Blocks.end() && It->second.Free && It->second.Token == Token)
    It->second.Owner = nullptr;
}

std::vector<uintptr_t> MemoryPool::drain() {
  std::vector<uintptr_t> Drained;
  auto DrainList = [&](std::vector<uintptr_t> &List) {
    for (uintptr_t Ptr : List)
      Blocks.erase(Ptr);
    Drained.insert(Drained.end(), List.begin(), List.end());
    List.clear();
  };
  for (std::vector<uintptr_t> &List : Free)
    DrainList(List);
  for (auto &[Size, List] : LargeFree)
    DrainList(List);
  LargeFree.clear();
  LargeFreeBytes = 0;
  return Drained;
}
