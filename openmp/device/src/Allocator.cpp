//===- Allocator.cpp - OpenMP memory allocators on the device -------------===//
//
// omp_alloc and its relatives, and omp_init_allocator/omp_destroy_allocator,
// for code in target regions. An allocator gets its memory from one of two
// places:
//
// - the device heap (CUDA's malloc, sized by the host runtime: README,
//   LIBOMPTARGET_HEAP_SIZE), which every thread of the device reaches: the
//   default, large-capacity, constant, high-bandwidth and low-latency
//   allocators, omp_thread_mem_alloc and llvm_omp_target_device_mem_alloc;
// - the team's arena in shared memory (TeamArena.h): omp_pteam_mem_alloc and
//   omp_cgroup_mem_alloc, and user allocators of the low-latency memory space
//   whose access trait is pteam or cgroup.
//
// llvm_omp_target_host_mem_alloc and _shared_mem_alloc allocate host memory,
// which a kernel cannot do: they return null. A failed allocation takes the
// allocator's fallback (null_fb, abort_fb, allocator_fb, or default_mem_fb:
// the default allocator), as on the host; omp_default_mem_alloc falls back
// to nothing.
//
// Every block starts with a header just below the address the program gets:
// where the block came from, its size (for omp_realloc), the allocator the
// program asked (for omp_free and omp_realloc with omp_null_allocator) and
// the one that allocated it after fallbacks (whose pool it counts against). A
// user allocator is a record on the device heap whose address is its handle; it
// holds its traits and the bytes its blocks use, against its pool_size.
//
//===----------------------------------------------------------------------===//

#include "AllocatorHandles.h"
#include "Debug.h"
#include "Hardware.h"
#include "Interface.h"
#include "TeamArena.h"

using namespace ompgpu;

namespace {

/// Where an allocator's blocks come from.
enum class Source : uint8_t { DeviceHeap, TeamArena, Nowhere };

/// What decides how an allocator allocates.
struct Traits {
  Source From = Source::DeviceHeap;
  /// omp::DefaultMemFallback, NullFallback, AbortFallback or
  /// AllocatorFallback.
  uint64_t Fallback = omp::DefaultMemFallback;
  uint64_t FallbackAllocator = omp::NullAllocator;
  /// A power of two.
  uint64_t Alignment = 1;
  /// Bytes the allocator's blocks may use together; 0 for no limit.
  uint64_t PoolSize = 0;
};

/// The record behind the handle of a user allocator.
struct UserAllocator {
  uint32_t Magic;
  Traits Properties;
  /// Bytes its live blocks use, headers and alignment padding included.
  uint64_t PoolUsed;
};
constexpr uint32_t UserAllocatorMagic = 0x6f6d7061; // "ompa"

/// Precedes every block the program gets.
struct alignas(16) BlockHeader {
  /// What the device heap or the arena returned.
  char *Base;
  /// Bytes the program asked for.
  uint64_t Size;
  /// The allocator the program passed (omp_null_allocator replaced by the
  /// default one).
  uint64_t Requested;
  /// The allocator that allocated the block: Requested or a fallback.
  uint64_t Allocator;
  uint32_t Magic;
  Source From;
};
constexpr uint32_t BlockMagic = 0x626c6b21; // "blk!"
constexpr uint64_t HeaderSize = sizeof(BlockHeader);

/// Both the device heap (CUDA's malloc) and the arena align to 16 bytes.
constexpr uint64_t SourceAlignment = 16;
static_assert(HeaderSize % SourceAlignment == 0,
              "headers keep blocks aligned as their source does");

/// A chain of allocator_fb fallbacks longer than this is taken for a loop.
constexpr int MaxFallbacks = 8;

bool isPowerOfTwo(uint64_t X) { return X && !(X & (X - 1)); }

bool isPredefined(uint64_t Handle) {
  return Handle <= omp::ThreadMemAlloc ||
         (Handle >= omp::TargetHostMemAlloc &&
          Handle <= omp::TargetDeviceMemAlloc);
}

UserAllocator *userAllocator(uint64_t Handle) {
  auto *Record = reinterpret_cast<UserAllocator *>(Handle);
  OMPGPU_CHECK(Record->Magic == UserAllocatorMagic, nullptr,
               "an allocator handle is neither predefined nor from "
               "omp_init_allocator on the device");
  return Record;
}

/// The traits of the predefined allocators (OpenMP 5.2, table 6.3).
Traits predefinedTraits(uint64_t Handle) {
  Traits T;
  switch (Handle) {
  case omp::DefaultMemAlloc:
    T.Fallback = omp::NullFallback;
    break;
  case omp::CGroupMemAlloc:
  case omp::PTeamMemAlloc:
    T.From = Source::TeamArena;
    break;
  case omp::TargetHostMemAlloc:
  case omp::TargetSharedMemAlloc:
    T.From = Source::Nowhere;
    T.Fallback = omp::NullFallback;
    break;
  default:
    break;
  }
  return T;
}

Traits traitsOf(uint64_t Handle) {
  return isPredefined(Handle) ? predefinedTraits(Handle)
                              : userAllocator(Handle)->Properties;
}

BlockHeader *headerOf(void *Ptr) {
  auto *Header = reinterpret_cast<BlockHeader *>(static_cast<char *>(Ptr) -
                                                 HeaderSize);
  OMPGPU_CHECK(Header->Magic == BlockMagic, nullptr,
               "omp_free or omp_realloc of memory that omp_alloc did not "
               "allocate on the device");
  return Header;
}

/// Charges Bytes to the pool of a user allocator; false if they do not fit.
bool chargePool(uint64_t Handle, const Traits &T, uint64_t Bytes) {
  if (!T.PoolSize)
    return true;
  UserAllocator *Record = userAllocator(Handle);
  if (Bytes > T.PoolSize)
    return false;
  uint64_t Before = hw::fetchAddAcqRel(&Record->PoolUsed, Bytes);
  if (Before <= T.PoolSize - Bytes)
    return true;
  hw::fetchAddAcqRel(&Record->PoolUsed, -Bytes);
  return false;
}

void refundPool(uint64_t Handle, uint64_t Bytes) {
  if (isPredefined(Handle))
    return;
  UserAllocator *Record = userAllocator(Handle);
  if (Record->Properties.PoolSize)
    hw::fetchAddAcqRel(&Record->PoolUsed, -Bytes);
}

/// One try with one allocator: a block of Size bytes aligned to Alignment
/// (a power of two), or null.
void *tryAllocate(uint64_t Requested, uint64_t Handle, const Traits &T,
                  uint64_t Size, uint64_t Alignment) {
  if (T.From == Source::Nowhere)
    return nullptr;
  uint64_t Padding = Alignment > SourceAlignment ? Alignment - SourceAlignment
                                                 : 0;
  // Sizes near 2^64 would wrap around below.
  if (Size > ~uint64_t(0) / 2 || Padding > ~uint64_t(0) / 4)
    return nullptr;
  uint64_t Footprint = HeaderSize + Padding + Size;
  if (!chargePool(Handle, T, Footprint))
    return nullptr;
  char *Base = static_cast<char *>(T.From == Source::TeamArena
                                       ? arena::allocate(Footprint)
                                       : malloc(Footprint));
  if (!Base) {
    refundPool(Handle, Footprint);
    return nullptr;
  }
  uintptr_t First = reinterpret_cast<uintptr_t>(Base) + HeaderSize;
  char *Block = reinterpret_cast<char *>((First + Alignment - 1) &
                                         ~(Alignment - 1));
  auto *Header = reinterpret_cast<BlockHeader *>(Block - HeaderSize);
  *Header = {Base, Size, Requested, Handle, BlockMagic, T.From};
  return Block;
}

/// Allocates with Handle, then along its fallbacks.
void *allocate(uint64_t Size, uint64_t Alignment, uint64_t Handle) {
  if (!isPowerOfTwo(Alignment))
    return nullptr;
  if (!Size)
    return nullptr;
  // def-allocator-var, which the device runtime does not let programs
  // change.
  if (Handle == omp::NullAllocator)
    Handle = omp::DefaultMemAlloc;
  uint64_t Requested = Handle;
  for (int Try = 0; Try <= MaxFallbacks; ++Try) {
    Traits T = traitsOf(Handle);
    uint64_t Align = T.Alignment > Alignment ? T.Alignment : Alignment;
    if (Align < SourceAlignment)
      Align = SourceAlignment;
    if (void *Block = tryAllocate(Requested, Handle, T, Size, Align))
      return Block;
    switch (T.Fallback) {
    case omp::NullFallback:
      return nullptr;
    case omp::AbortFallback:
      fatal(nullptr, "omp_alloc: the allocator cannot provide the memory "
                     "and its fallback trait is abort_fb");
    case omp::AllocatorFallback:
      Handle = T.FallbackAllocator;
      break;
    default:
      Handle = omp::DefaultMemAlloc;
      break;
    }
  }
  return nullptr;
}

/// Reads a trait into T; false if the device cannot honour it.
bool applyTrait(const omp::AllocTrait &Trait, Traits &T, uint64_t &Access) {
  uint64_t V = Trait.Value;
  bool Default = V == omp::DefaultValue;
  switch (Trait.Key) {
  case omp::SyncHintKey:
    return Default || (V >= omp::Contended && V <= omp::Private);
  case omp::AlignmentKey:
    if (Default)
      return true;
    T.Alignment = V;
    return isPowerOfTwo(V);
  case omp::AccessKey:
    if (!Default)
      Access = V;
    return Default || V == omp::AllOfLLVM19OrDevice || V == omp::All ||
           V == omp::Thread || V == omp::PTeam || V == omp::CGroup;
  case omp::PoolSizeKey:
    T.PoolSize = Default ? 0 : V;
    return true;
  case omp::FallbackKey:
    if (Default)
      return true;
    T.Fallback = V;
    return V >= omp::DefaultMemFallback && V <= omp::AllocatorFallback;
  case omp::FallbackDataKey:
    T.FallbackAllocator = V;
    return true;
  case omp::PinnedKey:
    // Device memory stays resident: it is pinned either way.
    return Default || V == omp::False || V == omp::True;
  case omp::PartitionKey:
    // One GPU has one memory partition: every partitioning is the same.
    return Default || (V >= omp::Environment && V <= omp::Interleaved);
  default:
    return false;
  }
}

} // namespace

extern "C" {

void *omp_alloc(size_t Size, uint64_t Allocator) {
  return allocate(Size, 1, Allocator);
}

void *omp_aligned_alloc(size_t Alignment, size_t Size, uint64_t Allocator) {
  return allocate(Size, Alignment, Allocator);
}

void *omp_calloc(size_t N, size_t Size, uint64_t Allocator) {
  return omp_aligned_calloc(1, N, Size, Allocator);
}

void *omp_aligned_calloc(size_t Alignment, size_t N, size_t Size,
                         uint64_t Allocator) {
  uint64_t Bytes;
  if (__builtin_mul_overflow(N, Size, &Bytes))
    return nullptr;
  void *Block = allocate(Bytes, Alignment, Allocator);
  if (Block)
    __builtin_memset(Block, 0, Bytes);
  return Block;
}

void omp_free(void *Ptr, uint64_t Allocator) {
  if (!Ptr)
    return;
  BlockHeader *Header = headerOf(Ptr);
  OMPGPU_CHECK(Allocator == omp::NullAllocator ||
                   Allocator == Header->Requested,
               nullptr,
               "omp_free names another allocator than the one that "
               "allocated the memory");
  refundPool(Header->Allocator,
             uint64_t(static_cast<char *>(Ptr) - Header->Base) +
                 Header->Size);
  if (Header->From == Source::TeamArena)
    arena::release(Header->Base);
  else
    free(Header->Base);
}

void *omp_realloc(void *Ptr, size_t Size, uint64_t Allocator,
                  uint64_t FreeAllocator) {
  if (!Ptr)
    return allocate(Size, 1, Allocator);
  if (!Size) {
    omp_free(Ptr, FreeAllocator);
    return nullptr;
  }
  BlockHeader *Header = headerOf(Ptr);
  uint64_t Old = Header->Size;
  // omp_null_allocator: free_allocator's, which is that of Ptr when it is
  // omp_null_allocator too.
  if (Allocator == omp::NullAllocator)
    Allocator = FreeAllocator == omp::NullAllocator ? Header->Requested
                                                    : FreeAllocator;
  void *Block = allocate(Size, 1, Allocator);
  // On failure the old block stays the program's.
  if (!Block)
    return nullptr;
  __builtin_memcpy(Block, Ptr, Size < Old ? Size : Old);
  omp_free(Ptr, FreeAllocator);
  return Block;
}

uint64_t omp_init_allocator(uint64_t MemorySpace, int32_t NumTraits,
                            const omp::AllocTrait *TraitList) {
  bool LowLatency = false;
  switch (MemorySpace) {
  case omp::DefaultMemSpaceOfLLVM19:
  case omp::DefaultMemSpace:
  case omp::LargeCapMemSpace:
  case omp::ConstMemSpace:
  case omp::HighBwMemSpace:
  case omp::TargetDeviceMemSpace:
    break;
  case omp::LowLatMemSpace:
    LowLatency = true;
    break;
  default:
    // Host memory (llvm_omp_target_host_mem_space, _shared_mem_space) is
    // not the device's to allocate.
    return omp::NullAllocator;
  }
  Traits T;
  uint64_t Access = omp::All;
  for (int32_t I = 0; I < NumTraits; ++I)
    if (!applyTrait(TraitList[I], T, Access))
      return omp::NullAllocator;
  if (T.Fallback == omp::AllocatorFallback &&
      T.FallbackAllocator == omp::NullAllocator)
    return omp::NullAllocator;
  if (LowLatency && (Access == omp::PTeam || Access == omp::CGroup))
    T.From = Source::TeamArena;
  auto *Record = static_cast<UserAllocator *>(malloc(sizeof(UserAllocator)));
  if (!Record)
    return omp::NullAllocator;
  *Record = {UserAllocatorMagic, T, 0};
  return reinterpret_cast<uint64_t>(Record);
}

void omp_destroy_allocator(uint64_t Allocator) {
  if (isPredefined(Allocator))
    return;
  UserAllocator *Record = userAllocator(Allocator);
  Record->Magic = 0;
  free(Record);
}
}
