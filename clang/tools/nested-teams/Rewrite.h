//===- Rewrite.h - What the two rewrites share ------------------*- C++ -*-===//
//
// The front-end step rewrites a file in two phases, each on the text the
// previous one left (NestedTeams.cpp): nested teams regions become orphaned
// target teams regions in declare target functions of their own
// (NestedTeamsRewrite), then every orphaned target teams region gets the code
// that launches it from the device (DeviceLaunchRewrite).
//
//===----------------------------------------------------------------------===//
#ifndef OMPGPU_NESTEDTEAMS_REWRITE_H
#define OMPGPU_NESTEDTEAMS_REWRITE_H

#include "Remarks.h"

#include <string>
#include <vector>

namespace ompgpu {
namespace nested {

/// The file being rewritten and how to parse it.
struct RewriteInput {
  std::string Path;        ///< absolute, for the parse
  std::string DisplayPath; ///< as the compile line names it, for remarks
  std::string Compiler;    ///< the clang-22 driver the compile runs
  std::vector<std::string> Options; ///< Parse.h's parseOptions
  const RemarkPrinter *Remarks = nullptr;
};

/// Prefix of the declare target functions NestedTeamsRewrite writes; the
/// host never runs their regions as target regions.
constexpr const char *NestedFunctionPrefix = "__ompgpu_nested_";

/// Phase 1: returns true if it changed \p Text.
bool rewriteNestedTeams(std::string &Text, const RewriteInput &Input);

/// Phase 2: returns true if it changed \p Text. Fails (false, with
/// \p Error set) only if the text does not parse.
bool rewriteDeviceLaunches(std::string &Text, const RewriteInput &Input,
                           std::string &Error);

} // namespace nested
} // namespace ompgpu

#endif
