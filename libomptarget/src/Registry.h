//===- Registry.h - Programs registered by __tgt_register_lib ---*- C++ -*-===//
//
// The executable and each shared library with offloading code register their
// device images and offload entries at start-up (or dlopen), with the link
// step's manifest of them (OffloadManifestTy: the symbols of each image, the
// source files of the target regions). Registration only records them:
// devices load images lazily, at their first target construct.
//
//===----------------------------------------------------------------------===//

#ifndef OMPTARGET_REGISTRY_H
#define OMPTARGET_REGISTRY_H

#include "OffloadABI.h"
#include "omptarget.h"

#include <atomic>
#include <cstdint>
#include <mutex>
#include <vector>

namespace omptarget {

/// A registered program: its descriptor and, when its registration came from
/// our link step, the manifest (nullptr for programs registered through
/// __tgt_register_lib alone).
struct RegisteredProgram {
  __tgt_bin_desc *Desc = nullptr;
  const OffloadManifestTy *Manifest = nullptr;
};

class Registry {
public:
  static Registry &get();

  void add(__tgt_bin_desc *Desc, const OffloadManifestTy *Manifest);
  void remove(__tgt_bin_desc *Desc);

  /// The programs registered now.
  std::vector<RegisteredProgram> programs();
  /// Changes whenever a program is added or removed, so that devices can tell
  /// cheaply whether they have images to load.
  uint64_t generation() const {
    return Generation.load(std::memory_order_acquire);
  }

  /// The kernel name of a target region, by its host region id, for messages
  /// about regions that no device has loaded; nullptr if unknown.
  const char *kernelName(const void *HostId);

  /// The kernel names of all registered programs' target regions (valid
  /// while the programs stay registered).
  std::vector<const char *> kernelNames();

  /// The path of the source file that target region names number (\p
  /// DeviceId, \p FileId), from the manifests; nullptr if none says.
  const char *sourceFile(uint32_t DeviceId, uint32_t FileId);

private:
  std::mutex Mutex;
  std::vector<RegisteredProgram> Programs;
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
