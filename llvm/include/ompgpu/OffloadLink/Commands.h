//===- Commands.h - Running tools and naming files for the link step ------===//
//
// Every external program the link step runs (ptxas, the host linker) goes
// through runCommand, so that --wrapper-verbose prints each step and
// --dry-run prints without running. Intermediate files are temporaries that
// disappear at exit, or files next to the output with --save-temps.
//
//===----------------------------------------------------------------------===//
#ifndef OMPGPU_OFFLOADLINK_COMMANDS_H
#define OMPGPU_OFFLOADLINK_COMMANDS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>

namespace ompgpu {

/// Settings every step of the link consults.
struct LinkSession {
  bool Verbose = false;   ///< Print each step (clang -v).
  bool DryRun = false;    ///< Print commands, run nothing.
  bool SaveTemps = false; ///< Keep intermediate files next to the output.
  std::string Output = "a.out";
};

/// Runs \p Program with \p Args (Args[0] is not the program name).
llvm::Error runCommand(const LinkSession &Session, llvm::StringRef Program,
                       llvm::ArrayRef<std::string> Args);

/// Runs \p Program like runCommand and returns what it printed (stdout and
/// stderr together), for tools whose report we read. If the program fails,
/// its output is printed before the error returns, as if it had not been
/// captured. A dry run returns "".
llvm::Expected<std::string>
runCommandCapturingOutput(const LinkSession &Session, llvm::StringRef Program,
                          llvm::ArrayRef<std::string> Args);

/// Returns a path for an intermediate file: "<output>.<Stem>.<Extension>" with
/// --save-temps, otherwise a temporary file removed when the process exits.
llvm::Expected<std::string> intermediateFile(const LinkSession &Session,
                                             llvm::StringRef Stem,
                                             llvm::StringRef Extension);

/// Writes \p Contents to \p Path.
llvm::Error writeFile(llvm::StringRef Path, llvm::StringRef Contents);

/// Prints "clang-linker-wrapper: <Message>" when the session is verbose.
void note(const LinkSession &Session, const llvm::Twine &Message);

/// An error whose message is printed as is.
llvm::Error linkError(const llvm::Twine &Message);

} // namespace ompgpu

#endif
