//===- Registry.h - Programs registered by __tgt_register_lib ---*- C++ -*-===//
//
// The executable and each shared library with offloading code register their
// device images and offload entries at start-up (or dlopen). Registration only
// records them: devices load images lazily, at their first target construct.
//
//===----------------------------------------------------------------------===//

#ifndef OMPTARGET_REGISTRY_H
#define OMPTARGET_REGISTRY_H

#include "omptarget.h"

#include <atomic>
#include <cstdint>
#include <mutex>
#include <vector>

namespace omptarget {

class Registry {
public:
  static Registry &get();

  void add(__tgt_bin_desc *Desc);
  void remove(__tgt_bin_desc *Desc);

  /// The programs registered now.
  std::vector<__tgt_bin_desc *> programs();
  /// Changes whenever a program is added or removed, so that devices can tell
  /// cheaply whether they have images to load.
  uint64_t generation() const {
    return Generation.load(std::memory_order_acquire);
  }

  /// The kernel name of a target region, by its host region id, for messages
  /// about regions that no device has loaded; nullptr if unknown.
  const char *kernelName(const void *HostId);

private:
  std::mutex Mutex;
  std::vector<__tgt_bin_desc *> Programs;
  std::atomic<uint64_t> Generation{0};
};

/// The OpenMP entries of a program (other languages share the section).
template <typename Fn>
void forEachOpenMPEntry(const __tgt_bin_desc &Desc, Fn F) {
  for (const __tgt_offload_entry *E = Desc.HostEntriesBegin;
       E != Desc.HostEntriesEnd; ++E)
    if (E->Kind == OMP_OFFLOAD_ENTRY_KIND_OPENMP)
      F(*E);
}

} // namespace omptarget

#endif // OMPTARGET_REGISTRY_H
