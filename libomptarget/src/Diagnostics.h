//===- Diagnostics.h - Fatal errors and LIBOMPTARGET_INFO lines -*- C++ -*-===//
//
// Every message the runtime prints goes through here, so that a fatal error
// always names the user's source location and info lines share one format.
//
//===----------------------------------------------------------------------===//

#ifndef OMPTARGET_DIAGNOSTICS_H
#define OMPTARGET_DIAGNOSTICS_H

#include "omptarget.h"

#include <cstdint>
#include <optional>
#include <string>

namespace omptarget {

/// The construct or API call the current thread is executing. Entry points
/// open one for the duration of a call; errors raised anywhere below name it.
class ConstructScope {
public:
  /// A construct compiled by clang, located by its ident_t.
  explicit ConstructScope(const ident_t *Loc);
  /// An omp_* API routine, named in messages instead of a source location.
  explicit ConstructScope(const char *ApiName);
  ~ConstructScope();
  ConstructScope(const ConstructScope &) = delete;
  ConstructScope &operator=(const ConstructScope &) = delete;

  /// The kernel of a target region: names the region when the program was
  /// compiled without -g.
  void setKernel(const char *Name) {
    KernelName = Name;
    Where.clear();
  }
  /// The target region by its host region id, when its kernel is not known
  /// yet (looked up only if a message needs it).
  void setRegion(const void *HostId) { RegionId = HostId; }

  /// "at k.c:5 (function main)", "in omp_target_memcpy, called from
  /// function main in k.c", ... for the innermost scope of this thread.
  static std::string describeCurrent();
  /// The same without the preposition: "k.c:5 (function main)"; empty
  /// outside any scope.
  static const std::string &where();

private:
  const ident_t *Loc = nullptr;
  const char *ApiName = nullptr;
  const char *KernelName = nullptr;
  const void *RegionId = nullptr;
  /// where(), once asked for (the trace asks several times per construct).
  std::string Where;
  ConstructScope *Outer;
};

/// Describes where a construct is, from its ident_t and, when the ident_t
/// carries no source information (no -g), from the name of its kernel and the
/// source files the link step registered: "app.c:42 (function main)". A
/// construct without a kernel is named by the program function that called
/// the runtime, and that function's file where a kernel of it says:
/// "app.c (function main; compile with -g for the line)".
std::string describeLocation(const ident_t *Loc, const char *KernelName);

/// The program function that called the runtime's entry point (HostCaller.h),
/// demangled, and its source file: the path as compiled where a kernel of
/// the function says, else, for a file-local function, the file's name from
/// the symbol table; empty if neither.
struct Caller {
  std::string Function;
  std::string File;
};
std::optional<Caller> findCaller();

/// Where a target region is in the source, read from its kernel's name.
struct RegionSource {
  std::string Function;        ///< Demangled: "axpy(int, double*)".
  std::string MangledFunction; ///< As in the name: "_Z4axpyiPd".
  std::string Line;
  /// The numbers of the source file (OffloadSourceFileTy).
  uint32_t DeviceId = 0, FileId = 0;
};

/// Reads the file numbers, parent function and line from a kernel named
/// __omp_offloading_<dev>_<file>_<function>_l<line>[_<count>]; false if the
/// name does not have that form.
bool parseKernelName(const char *KernelName, RegionSource &Region);

/// A kernel as its source names it, "main:4", for timelines; the kernel name
/// itself if parseKernelName fails.
std::string kernelSourceName(const char *KernelName);

/// Names a mapped variable from clang's map_var_info_t string
/// (";name;file;line;col;;"); "" when the program carries no names.
std::string describeVariable(const void *MapName);

/// printf into a std::string.
std::string format(const char *Fmt, ...) __attribute__((format(printf, 1, 2)));

/// Prints "omptarget fatal error: <message> <location>" and ends the process
/// with exit status 1.
[[noreturn]] void fatal(const char *Fmt, ...)
    __attribute__((format(printf, 1, 2)));

/// Sets the function fatal() calls with its message (location included) just
/// before the process ends: the timeline trace writes itself out there.
void setFatalHook(void (*Hook)(const std::string &Message));

/// True when LIBOMPTARGET_INFO asks for info lines.
bool infoEnabled();

/// Prints one "omptarget info: ..." line to stderr when infoEnabled().
void info(const char *Fmt, ...) __attribute__((format(printf, 1, 2)));

} // namespace omptarget

#endif // OMPTARGET_DIAGNOSTICS_H
