//===- NestedTeamsStep.h - Running the nested-teams rewrite from the driver
//===//
//
// Dynamic parallelism (docs/DESIGN.md) needs a source rewrite before
// clang-22 compiles a file: build/bin/ompgpu-nested-teams turns nested teams
// regions and orphaned target teams regions into launches from the device.
// The driver runs it on the source files of an offloading compile that may
// hold such regions, and has clang-22 compile the rewritten text in place of
// the file's (-remap-file keeps the file's name, which clang's kernel names
// and diagnostics depend on). Files without them are never touched.
//
//===----------------------------------------------------------------------===//
#ifndef OMPGPU_DRIVER_NESTEDTEAMSSTEP_H
#define OMPGPU_DRIVER_NESTEDTEAMSSTEP_H

#include <string>
#include <vector>

namespace ompgpu {

/// Whether the source text \p Text may hold a nested teams region (a
/// `#pragma omp teams` line) or an orphaned target teams region (a `target
/// teams` pragma in a file with `declare target`). A cheap look at the text
/// that spares files without them the rewrite tool's parse; the tool
/// decides.
bool mayNestTeams(const std::string &Text);

/// What the rewrite gives the compile.
struct NestedTeamsRewrite {
  /// -Xclang -remap-file pairs for clang-22.
  std::vector<std::string> Arguments;
  /// The rewritten texts, which the driver removes after the compile.
  std::vector<std::string> Files;
  /// The tool failed; it said why on stderr.
  bool Failed = false;
};

/// Runs \p Tool on each of \p Sources that may nest teams, with the compile's
/// arguments \p Args and its clang-22 \p Compiler.
NestedTeamsRewrite rewriteNestedTeams(const std::vector<std::string> &Sources,
                                      const std::vector<std::string> &Args,
                                      const std::string &Compiler,
                                      const std::string &Tool);

/// Runs the program \p Argv[0] with \p Argv and returns its exit status
/// (128 + the signal that ended it).
int runAndWait(const std::vector<std::string> &Argv);

} // namespace ompgpu

#endif
