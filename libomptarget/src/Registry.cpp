//===- Registry.cpp - Programs registered by __tgt_register_lib -----------===//
//
// The list of registered programs, shared by the devices (which load their
// images) and by error messages (which name target regions by their kernel
// and its source file).
//
//===----------------------------------------------------------------------===//

#include "Registry.h"

#include <algorithm>

using namespace omptarget;

Registry &Registry::get() {
  // Never destroyed: programs unregister from exit handlers that may run after
  // static destructors.
  static Registry *Instance = new Registry();
  return *Instance;
}

void Registry::add(__tgt_bin_desc *Desc, const OffloadManifestTy *Manifest) {
  std::lock_guard<std::mutex> Lock(Mutex);
  Programs.push_back({Desc, Manifest});
  Generation.fetch_add(1, std::memory_order_release);
}

void Registry::remove(__tgt_bin_desc *Desc) {
  std::lock_guard<std::mutex> Lock(Mutex);
  Programs.erase(std::remove_if(Programs.begin(), Programs.end(),
                                [&](const RegisteredProgram &P) {
                                  return P.Desc == Desc;
                                }),
                 Programs.end());
  Generation.fetch_add(1, std::memory_order_release);
}

std::vector<RegisteredProgram> Registry::programs() {
  std::lock_guard<std::mutex> Lock(Mutex);
  return Programs;
}

const char *Registry::kernelName(const void *HostId) {
  std::lock_guard<std::mutex> Lock(Mutex);
  for (const RegisteredProgram &P : Programs) {
    const char *Name = nullptr;
    forEachOpenMPEntry(*P.Desc, [&](const __tgt_offload_entry &E) {
      if (E.Address == HostId && E.Size == 0)
        Name = E.SymbolName;
    });
    if (Name)
      return Name;
  }
  return nullptr;
}

std::vector<const char *> Registry::kernelNames() {
  std::lock_guard<std::mutex> Lock(Mutex);
  std::vector<const char *> Names;
  for (const RegisteredProgram &P : Programs)
    forEachOpenMPEntry(*P.Desc, [&](const __tgt_offload_entry &E) {
      if (E.Size == 0 && !(E.Flags & OMP_OFFLOAD_ENTRY_REQUIRES))
        Names.push_back(E.SymbolName);
    });
  return Names;
}

const char *Registry::sourceFile(uint32_t DeviceId, uint32_t FileId) {
  std::lock_guard<std::mutex> Lock(Mutex);
  for (const RegisteredProgram &P : Programs) {
    if (!P.Manifest)
      continue;
    for (uint64_t I = 0; I < P.Manifest->NumSourceFiles; ++I) {
      const OffloadSourceFileTy &File = P.Manifest->SourceFiles[I];
      if (File.DeviceId == DeviceId && File.FileId == FileId)
        return File.Path;
    }
  }
  return nullptr;
}
