//===- Debug.cpp - Fatal errors and assert on the device ------------------===//
//
// Reports errors with the source location clang recorded in ident_t, and
// routes C's assert to CUDA's assert system call so that a failed assert in a
// target region prints its message and traps like it does in CUDA.
//
//===----------------------------------------------------------------------===//

#include "Debug.h"
#include "Hardware.h"
#include "Interface.h"
#include "State.h"

using namespace ompgpu;

namespace {

/// Debug runtime: the location of the block's kernel, valid where Tag holds
/// the block's tag (a block of a kernel that never called
/// __kmpc_target_init, ompx_bare, finds what another block left).
struct KernelLocationTy {
  uint64_t Tag;
  const ident_t *Loc;
};

[[clang::loader_uninitialized]] __attribute__((address_space(3)))
KernelLocationTy KernelLocation;

/// Debug runtime: the location of the calling block's kernel, if known.
const ident_t *kernelLocation() {
  if (!config::DebugRuntime ||
      hw::loadRelaxed<hw::BlockScope>(&KernelLocation.Tag) != state::blockTag())
    return nullptr;
  return hw::loadRelaxed<hw::BlockScope>(&KernelLocation.Loc);
}

/// Copies field Index of the ';'-separated PSource into Buf.
void copyField(const char *PSource, int Index, char *Buf, int Size) {
  const char *P = PSource;
  for (int Field = 0; Field < Index && *P; ++P)
    if (*P == ';')
      ++Field;
  int N = 0;
  for (; *P && *P != ';' && N < Size - 1; ++P)
    Buf[N++] = *P;
  Buf[N] = '\0';
}

} // namespace

namespace ompgpu {

void setKernelLocation(const ident_t *KernelLoc) {
  // Every thread writes the same values, before it can get to fatal().
  hw::storeRelaxed<hw::BlockScope>(&KernelLocation.Loc, KernelLoc);
  hw::storeRelaxed<hw::BlockScope>(&KernelLocation.Tag, state::blockTag());
}

[[gnu::noinline, gnu::cold]] void fatal(const ident_t *Loc, const char *Msg) {
  if (!Loc)
    Loc = kernelLocation();
  // PSource is ";file;function;line;column;;"; without -g clang writes
  // "unknown" for the file and function.
  char File[128], Function[64], Line[16];
  const char *PSource =
      Loc && Loc->PSource ? Loc->PSource : ";unknown;unknown;0";
  copyField(PSource, 1, File, sizeof(File));
  copyField(PSource, 2, Function, sizeof(Function));
  copyField(PSource, 3, Line, sizeof(Line));
  struct {
    const char *File;
    const char *Line;
    const char *Function;
    const char *Msg;
    uint32_t Team;
    uint32_t Thread;
  } Args = {File, Line, Function, Msg, hw::blockId(), hw::threadId()};
  vprintf("%s:%s: OpenMP device runtime error in %s: %s (team %u, thread %u)\n",
          &Args);
  __builtin_trap();
}

} // namespace ompgpu

extern "C" {

[[noreturn]] void __assert_fail(const char *Expr, const char *File,
                                uint32_t Line, const char *Function) {
  __assertfail(Expr, File, Line, Function, sizeof(char));
  __builtin_trap();
}
}
