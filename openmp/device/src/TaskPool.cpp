//===- TaskPool.cpp - Memory for task records -----------------------------===//
//
// The pool of TaskPool.h. A block is a 16-byte header and the caller's bytes;
// the header says which size class the block belongs to (or that it came from
// the device heap) and, while the block is free, the next free block of its
// class. Blocks are named by their offset in the pool in units of 16 bytes,
// plus one (0 is the end of a list), so that a list head fits in 32 bits
// beside a 32-bit tag that makes each change of the head unique: a thread
// that read a head, was overtaken by others who popped and pushed the same
// block again, then tries to swap the head, fails on the tag (ABA).
//
//===----------------------------------------------------------------------===//

#include "TaskPool.h"
#include "Debug.h"
#include "Hardware.h"
#include "Interface.h"

using namespace ompgpu;
using namespace ompgpu::tasks;

namespace {

constexpr uint32_t NumClasses = 8;
constexpr uint32_t SmallestBlock = 64;
constexpr uint32_t FromHeap = 0xff;

/// Bytes of the device-wide pool; requests beyond it go to the device heap.
constexpr uint64_t PoolBytes = uint64_t(64) << 20;
constexpr uint32_t PoolUnits = uint32_t(PoolBytes / pool::Alignment);

struct alignas(pool::Alignment) BlockHeaderTy {
  /// While the block is free: the next free block of its class, or 0.
  uint32_t NextFree;
  uint8_t Class;
};
static_assert(sizeof(BlockHeaderTy) == pool::Alignment,
              "the header keeps blocks aligned");

[[clang::loader_uninitialized]] __attribute__((address_space(1)))
__attribute__((aligned(pool::Alignment))) char Pool[PoolBytes];

/// The teams using the pool (high half) and the units it has handed out (low
/// half), changed together.
__attribute__((address_space(1))) uint64_t PoolTop = 0;

uint32_t usersOf(uint64_t Top) { return uint32_t(Top >> 32); }
uint32_t unitsOf(uint64_t Top) { return uint32_t(Top); }
uint64_t poolTop(uint32_t Users, uint32_t Units) {
  return uint64_t(Users) << 32 | Units;
}

/// The calling team's free lists: a tag in the high half, the first block in
/// the low half.
[[clang::loader_uninitialized]] __attribute__((address_space(3)))
uint64_t FreeLists[NumClasses];

char *poolBase() { return reinterpret_cast<char *>(&Pool[0]); }

BlockHeaderTy *blockAt(uint32_t Name) {
  return reinterpret_cast<BlockHeaderTy *>(poolBase() + uint64_t(Name - 1) *
                                                            pool::Alignment);
}

uint32_t nameOf(BlockHeaderTy *Block) {
  return uint32_t((reinterpret_cast<char *>(Block) - poolBase()) /
                  pool::Alignment) +
         1;
}

uint32_t classOf(uint64_t Bytes) {
  uint32_t Class = 0;
  while (Class < NumClasses && (uint64_t(SmallestBlock) << Class) < Bytes)
    ++Class;
  return Class;
}

BlockHeaderTy *popFree(uint32_t Class) {
  uint64_t Head = hw::loadAcquire<hw::BlockScope>(&FreeLists[Class]);
  while (uint32_t First = uint32_t(Head)) {
    // Another thread may pop this block and hand it out meanwhile; then
    // the tag has changed and the swap below fails, whatever this reads.
    uint32_t Next = hw::loadRelaxed<hw::BlockScope>(&blockAt(First)->NextFree);
    uint64_t Popped = ((Head >> 32) + 1) << 32 | Next;
    if (hw::casRelaxedOrLoadAcquire<hw::BlockScope>(&FreeLists[Class], Head,
                                                    Popped))
      return blockAt(First);
  }
  return nullptr;
}

void pushFree(BlockHeaderTy *Block) {
  uint64_t Head = hw::loadRelaxed<hw::BlockScope>(&FreeLists[Block->Class]);
  uint64_t Pushed;
  do {
    hw::storeRelaxed<hw::BlockScope>(&Block->NextFree, uint32_t(Head));
    Pushed = ((Head >> 32) + 1) << 32 | nameOf(Block);
  } while (
      !hw::casAcqRel<hw::BlockScope>(&FreeLists[Block->Class], Head, Pushed));
}

/// A fresh block of the pool, or null when the pool is used up.
BlockHeaderTy *bumpPool(uint32_t Class) {
  uint32_t Units = (SmallestBlock << Class) / pool::Alignment;
  uint64_t Top = hw::loadRelaxed(&PoolTop);
  for (;;) {
    uint32_t Used = unitsOf(Top);
    if (Used + Units > PoolUnits)
      return nullptr;
    if (hw::casRelaxedOrLoadAcquire(&PoolTop, Top,
                                    poolTop(usersOf(Top), Used + Units)))
      return reinterpret_cast<BlockHeaderTy *>(
          poolBase() + uint64_t(Used) * pool::Alignment);
  }
}

BlockHeaderTy *allocateFromHeap(uint64_t Bytes) {
  auto *Block = static_cast<BlockHeaderTy *>(malloc(Bytes));
  if (!Block)
    fatal(nullptr, "out of device memory for tasks: the task pool and the "
                   "device heap are exhausted");
  Block->Class = FromHeap;
  return Block;
}

} // namespace

namespace ompgpu {
namespace tasks {
namespace pool {

void initTeam() {
  uint64_t Top = hw::loadRelaxed(&PoolTop);
  // The first user after a time without any finds every block free.
  while (!hw::casAcqRel(
      &PoolTop, Top,
      poolTop(usersOf(Top) + 1, usersOf(Top) ? unitsOf(Top) : 0)))
    ;
  for (uint32_t Class = 0; Class < NumClasses; ++Class)
    FreeLists[Class] = 0;
}

void finishTeam() {
  // Whatever this team wrote to the pool is done before another team may
  // start the pool over.
  hw::fetchAddAcqRel(&PoolTop, uint64_t(0) - poolTop(1, 0));
}

void *allocate(uint64_t Bytes) {
  uint64_t Total = sizeof(BlockHeaderTy) + Bytes;
  uint32_t Class = classOf(Total);
  BlockHeaderTy *Block = nullptr;
  if (Class < NumClasses) {
    Block = popFree(Class);
    if (!Block)
      Block = bumpPool(Class);
    if (Block)
      Block->Class = uint8_t(Class);
  }
  if (!Block)
    Block = allocateFromHeap(Total);
  void *Ptr = Block + 1;
  __builtin_memset(Ptr, 0, Bytes);
  return Ptr;
}

void release(void *Ptr) {
  BlockHeaderTy *Block = static_cast<BlockHeaderTy *>(Ptr) - 1;
  OMPGPU_ASSERT(Block->Class < NumClasses || Block->Class == FromHeap, nullptr,
                "a task record's memory has a corrupt header");
  if (Block->Class == FromHeap)
    return free(Block);
  pushFree(Block);
}

} // namespace pool
} // namespace tasks
} // namespace ompgpu
