//===- Registration.cpp - __tgt_register_lib and __tgt_unregister_lib -----===//
//
// Records the programs (executable, shared libraries) that carry device code,
// after checking that their offload entries have the layout this runtime
// reads. Nothing touches the GPU here: registration runs in static
// constructors of every offloading program, GPU or not.
//
//===----------------------------------------------------------------------===//

#include "Diagnostics.h"
#include "Registry.h"
#include "Runtime.h"
#include "Trace.h"

using namespace omptarget;

extern "C" void __tgt_register_lib(__tgt_bin_desc *Desc) {
  for (const __tgt_offload_entry *E = Desc->HostEntriesBegin;
       E != Desc->HostEntriesEnd; ++E)
    if (E->Reserved != 0 || E->Version != OMP_OFFLOAD_ENTRY_VERSION)
      fatal("the program's offload entries have an unknown layout (reserved "
            "field 0x%llx, version %u) where LLVM 22's version %u was "
            "expected: it was linked by an incompatible offloading toolchain",
            static_cast<unsigned long long>(E->Reserved), unsigned(E->Version),
            unsigned(OMP_OFFLOAD_ENTRY_VERSION));
  Registry::get().add(Desc);
}

extern "C" void __tgt_unregister_lib(__tgt_bin_desc *Desc) {
  Registry::get().remove(Desc);
  Runtime::get().unloadProgram(Desc);
  // The program may be a library being closed, or the executable at exit.
  if (trace::Enabled)
    trace::write();
}
