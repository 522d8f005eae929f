//===- Debug.h - Fatal runtime errors and the runtime's checks --*- C++ -*-===//
//
// Errors a program can cause on the device (unsupported use, contract
// violations, exhausted memory) print one line naming the source location
// and the thread, then trap so the host sees a failed kernel.
//
// What the runtime relies on, it states with one of two macros, which the
// two builds of the runtime compile differently. The debug runtime
// (libompdevice-nvptx-debug.bc, compiled with OMPGPU_DEBUG, linked in place
// of the release one when any device input was compiled with
// -fopenmp-target-debug) tests each condition and stops through fatal() when
// it is false. The release runtime pays nothing for them:
//
// - OMPGPU_ASSERT(Cond, Loc, Msg): Cond holds by an invariant of the runtime
//   or by what clang's code generation or the host runtime guarantee. The
//   release runtime lets the optimizer assume it (__builtin_assume; clang
//   rejects a condition with side effects there, and -Werror makes that an
//   error).
// - OMPGPU_CHECK(Cond, Loc, Msg): a condition a program can break (a bad
//   argument, a misused lock), where the release runtime then does what the
//   OpenMP specification allows; a condition whose test has side effects
//   (atomics, state reads); or an invariant whose assumption only reshuffles
//   the kernels' code (compare their PTX before and after making one an
//   assumption). The release runtime does not evaluate it.
//
// Loc is the construct's ident_t where the entry point receives one, else
// null; for null, the debug runtime names the target region of the kernel.
// Msg is a string literal.
//
//===----------------------------------------------------------------------===//

#ifndef OMPGPU_DEVICE_DEBUG_H
#define OMPGPU_DEVICE_DEBUG_H

#include "DeviceTypes.h"

namespace ompgpu {

namespace config {
#ifdef OMPGPU_DEBUG
/// This is the debug runtime.
constexpr bool DebugRuntime = true;
#else
constexpr bool DebugRuntime = false;
#endif
} // namespace config

[[noreturn]] void fatal(const ident_t *Loc, const char *Msg);

/// Debug runtime: every thread calls this when its kernel starts, with the
/// kernel's location (its target region), which fatal() then reports for
/// errors whose entry point received no location.
void setKernelLocation(const ident_t *KernelLoc);

} // namespace ompgpu

#ifdef OMPGPU_DEBUG
#define OMPGPU_ASSERT(Cond, Loc, Msg)                                          \
  ((Cond) ? (void)0 : ::ompgpu::fatal(Loc, Msg " (" #Cond " is false)"))
#define OMPGPU_CHECK(Cond, Loc, Msg)                                           \
  ((Cond) ? (void)0 : ::ompgpu::fatal(Loc, Msg))
#else
// Loc and Cond stay named, unevaluated, so that what only they use counts as
// used.
#define OMPGPU_ASSERT(Cond, Loc, Msg)                                          \
  ((void)sizeof(Loc), __builtin_assume(Cond))
#define OMPGPU_CHECK(Cond, Loc, Msg) ((void)sizeof(Loc), (void)sizeof(Cond))
#endif

#endif // OMPGPU_DEVICE_DEBUG_H
