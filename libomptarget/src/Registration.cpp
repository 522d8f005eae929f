//===- Registration.cpp - __tgt_register_lib and __tgt_unregister_lib -----===//
//
// Records the programs (executable, shared libraries) that carry device code,
// with the link step's manifest when they have one, after checking that their
// offload entries have the layout this runtime reads. Registration runs in
// static constructors of every offloading program, GPU or not: it touches no
// GPU itself, but starts the driver and the default device on a thread of
// their own (Runtime::startEarly), which a program's unregistration waits for.
//
//===----------------------------------------------------------------------===//

#include "Diagnostics.h"
#include "Registry.h"
#include "Runtime.h"
#include "Trace.h"

using namespace omptarget;

static void registerProgram(__tgt_bin_desc *Desc,
                            const OffloadManifestTy *Manifest) {
  for (const __tgt_offload_entry *E = Desc->HostEntriesBegin;
       E != Desc->HostEntriesEnd; ++E)
    if (E->Reserved != 0 || E->Version != OMP_OFFLOAD_ENTRY_VERSION)
      fatal("the program's offload entries have an unknown layout (reserved "
            "field 0x%llx, version %u) where LLVM 22's version %u was "
            "expected: it was linked by an incompatible offloading toolchain",
            static_cast<unsigned long long>(E->Reserved), unsigned(E->Version),
            unsigned(OMP_OFFLOAD_ENTRY_VERSION));
  if (Manifest && (Manifest->Version != OMPGPU_MANIFEST_VERSION ||
                   Manifest->NumImages != uint32_t(Desc->NumDeviceImages)))
    fatal("the program's image manifest (version %u, %u images) does not "
          "match this libomptarget (version %u) and the program's %d images: "
          "it was linked by another version of this toolchain",
          unsigned(Manifest->Version), unsigned(Manifest->NumImages),
          unsigned(OMPGPU_MANIFEST_VERSION), int(Desc->NumDeviceImages));
  Registry::get().add(Desc, Manifest);
  Runtime::get().prepareHost();
  Runtime::get().startEarly();
}

/// What LLVM's and other toolchains' registration code calls.
extern "C" void __tgt_register_lib(__tgt_bin_desc *Desc) {
  registerProgram(Desc, nullptr);
}

/// What our link step's registration code calls.
extern "C" void __ompgpu_register_lib(__tgt_bin_desc *Desc,
                                      const OffloadManifestTy *Manifest) {
  registerProgram(Desc, Manifest);
}

extern "C" void __tgt_unregister_lib(__tgt_bin_desc *Desc) {
  Runtime::get().finishEarlyStart();
  Registry::get().remove(Desc);
  Runtime::get().unloadProgram(Desc);
  // The program may be a library being closed, or the executable at exit.
  if (trace::Enabled)
    trace::write();
}
