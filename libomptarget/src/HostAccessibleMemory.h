//===- HostAccessibleMemory.h - Host memory used in place -------*- C++ -*-===//
//
// Where a GPU cannot access all host memory (no HMM, not a hardware-coherent
// system), kernels still reach some host memory in place: managed memory
// (llvm_omp_target_alloc_shared), pinned host allocations
// (llvm_omp_target_alloc_host) and host memory pinned with
// llvm_omp_target_lock_mem. This process-wide record of those ranges answers
// omp_target_is_accessible, lets maps use such memory in place under
// `requires unified_shared_memory`, and tells how to free each allocation.
// The driver can answer some of this too, but only by failing on every other
// pointer, and a failing driver call must never serve as a probe.
//
//===----------------------------------------------------------------------===//

#ifndef OMPTARGET_HOSTACCESSIBLEMEMORY_H
#define OMPTARGET_HOSTACCESSIBLEMEMORY_H

#include <cstdint>
#include <map>
#include <mutex>

namespace omptarget {

class HostAccessibleMemory {
public:
  enum class Kind {
    Managed, ///< cuMemAllocManaged: migrates between host and devices.
    Pinned,  ///< cuMemHostAlloc: page-locked, mapped for every device.
    Locked,  ///< cuMemHostRegister on the program's own memory.
  };
  struct Range {
    uint64_t Size = 0;
    Kind What = Kind::Managed;
    /// How many llvm_omp_target_lock_mem calls hold a Locked range.
    unsigned Locks = 1;
  };

  static HostAccessibleMemory &get();

  void add(uintptr_t Begin, uint64_t Size, Kind What);
  /// The range that begins at \p Begin; false if there is none.
  bool find(uintptr_t Begin, Range &Found);
  /// Counts one more lock of the Locked range at \p Begin of \p Size bytes;
  /// false if there is none.
  bool lockAgain(uintptr_t Begin, uint64_t Size);
  /// Drops one lock of the Locked range at \p Begin, or the Managed or Pinned
  /// range there; true when the memory is to be freed or unregistered now.
  bool release(uintptr_t Begin);
  /// Whether [Begin, Begin + Size) lies inside one range.
  bool contains(uintptr_t Begin, uint64_t Size);

private:
  std::mutex Mutex;
  std::map<uintptr_t, Range> Ranges; ///< Keyed by begin; never overlapping.
};

} // namespace omptarget

#endif // OMPTARGET_HOSTACCESSIBLEMEMORY_H
