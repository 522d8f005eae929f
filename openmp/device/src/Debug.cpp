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

using namespace ompgpu;

namespace {

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

[[gnu::noinline, gnu::cold]] void fatal(const ident_t *Loc, const char *Msg) {
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
