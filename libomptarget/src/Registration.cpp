//===- Registration.cpp - __tgt_register_lib and __tgt_unregister_lib -----===//
//
// Records the programs (executable, shared libraries) that carry device code.
// Nothing touches the GPU here: registration runs in static constructors of
// every offloading program, GPU or not.
//
//===----------------------------------------------------------------------===//

#include "Registry.h"
#include "Runtime.h"

using namespace omptarget;

extern "C" void __tgt_register_lib(__tgt_bin_desc *Desc) {
  Registry::get().add(Desc);
}

extern "C" void __tgt_unregister_lib(__tgt_bin_desc *Desc) {
  Registry::get().remove(Desc);
  Runtime::get().unloadProgram(Desc);
}
