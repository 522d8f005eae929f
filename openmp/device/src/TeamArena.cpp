//===- TeamArena.cpp - Allocations in a team's shared memory --------------===//
//
// The arena of TeamArena.h. Shared memory starts uninitialized and SPMD
// kernels have no point where one thread could set it up for the others, so
// the arena's header carries the block's tag (state::claimForBlock) and the
// first thread that allocates initializes it. The top offset and the number
// of live blocks share one 64-bit word, so that a free that leaves no live
// block resets the top in the same compare-and-swap that counts it.
//
//===----------------------------------------------------------------------===//

#include "TeamArena.h"
#include "Debug.h"
#include "Hardware.h"
#include "State.h"

using namespace ompgpu;

namespace {

struct ArenaTy {
  /// The block's tag once Usage is valid (state::claimForBlock).
  uint64_t Tag;
  /// Live blocks in the high 32 bits, the top offset in the low 32 bits.
  uint64_t Usage;
  alignas(arena::Alignment) char Storage[arena::Capacity];
};

[[clang::loader_uninitialized]] __attribute__((address_space(3))) ArenaTy
    Arena;

constexpr uint64_t OneLiveBlock = uint64_t(1) << 32;

/// The storage as a generic pointer, the kind the allocator hands out.
char *storage() { return (char *)Arena.Storage; }
uint32_t top(uint64_t Usage) { return uint32_t(Usage); }
uint32_t liveBlocks(uint64_t Usage) { return uint32_t(Usage >> 32); }

} // namespace

namespace ompgpu {
namespace arena {

void *allocate(uint64_t Bytes) {
  state::claimForBlock(&Arena.Tag, [] { hw::publish(&Arena.Usage, 0); });
  if (Bytes > Capacity)
    return nullptr;
  uint32_t Size = (uint32_t(Bytes) + Alignment - 1) & ~(Alignment - 1);
  uint64_t Usage = hw::loadRelaxed<hw::BlockScope>(&Arena.Usage);
  uint32_t Offset;
  do {
    Offset = top(Usage);
    if (Size > Capacity - Offset)
      return nullptr;
    // Acquires the writes of the threads that freed the space last.
  } while (!hw::casAcqRel<hw::BlockScope>(&Arena.Usage, Usage,
                                           Usage + OneLiveBlock + Size));
  return storage() + Offset;
}

void release(void *Ptr) {
  OMPGPU_CHECK(static_cast<char *>(Ptr) >= storage() &&
                   static_cast<char *>(Ptr) < storage() + Capacity,
               nullptr, "a block freed to the team's arena is not in it");
  uint64_t Usage = hw::loadRelaxed<hw::BlockScope>(&Arena.Usage);
  uint64_t Left;
  do {
    OMPGPU_CHECK(liveBlocks(Usage) > 0, nullptr,
                 "the team's arena frees more blocks than it handed out");
    Left = Usage - OneLiveBlock;
    // The last live block takes the top back to the start. Releases this
    // thread's writes to the block to whoever allocates the space next.
  } while (!hw::casAcqRel<hw::BlockScope>(&Arena.Usage, Usage,
                                           liveBlocks(Left) ? Left : 0));
}

} // namespace arena
} // namespace ompgpu
