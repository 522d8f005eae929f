//===- Commands.cpp - Running tools and naming files for the link step ----===//
#include "ompgpu/OffloadLink/Commands.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/Signals.h"
#include "llvm/Support/raw_ostream.h"

#include <mutex>
#include <vector>

using namespace llvm;

namespace ompgpu {
namespace {

/// Temporaries are removed at normal exit as well as on a fatal signal.
class TemporaryFiles {
public:
  ~TemporaryFiles() {
    for (const std::string &Path : Paths)
      sys::fs::remove(Path);
  }
  void add(const std::string &Path) {
    std::lock_guard<std::mutex> Lock(Mutex);
    Paths.push_back(Path);
    sys::RemoveFileOnSignal(Path);
  }

private:
  std::mutex Mutex;
  std::vector<std::string> Paths;
};

TemporaryFiles &temporaries() {
  static TemporaryFiles Files;
  return Files;
}

void printCommand(StringRef Program, ArrayRef<std::string> Args) {
  errs() << " \"" << Program << "\"";
  for (const std::string &A : Args)
    errs() << " \"" << A << "\"";
  errs() << "\n";
}

/// Runs \p Program with its stdout and stderr going to \p OutputFile, or
/// where ours go if it is empty.
Error execute(StringRef Program, ArrayRef<std::string> Args,
              StringRef OutputFile) {
  SmallVector<StringRef, 32> Argv = {Program};
  Argv.append(Args.begin(), Args.end());
  std::optional<StringRef> Redirects[] = {std::nullopt, OutputFile, OutputFile};
  std::string Message;
  int Status = sys::ExecuteAndWait(
      Program, Argv, /*Env=*/std::nullopt,
      OutputFile.empty() ? ArrayRef<std::optional<StringRef>>()
                         : ArrayRef<std::optional<StringRef>>(Redirects),
      /*SecondsToWait=*/0, /*MemoryLimit=*/0, &Message);
  if (Status < 0)
    return linkError("cannot run '" + Program + "': " + Message);
  if (Status > 0)
    return linkError("'" + sys::path::filename(Program) +
                     "' failed with exit code " + Twine(Status));
  return Error::success();
}

} // namespace

Error linkError(const Twine &Message) {
  return createStringError(inconvertibleErrorCode(), Message);
}

void note(const LinkSession &Session, const Twine &Message) {
  if (Session.Verbose)
    errs() << "clang-linker-wrapper: " << Message << "\n";
}

Error runCommand(const LinkSession &Session, StringRef Program,
                 ArrayRef<std::string> Args) {
  if (Session.Verbose || Session.DryRun)
    printCommand(Program, Args);
  if (Session.DryRun)
    return Error::success();
  return execute(Program, Args, "");
}

Expected<std::string> runCommandCapturingOutput(const LinkSession &Session,
                                                StringRef Program,
                                                ArrayRef<std::string> Args) {
  if (Session.Verbose || Session.DryRun)
    printCommand(Program, Args);
  if (Session.DryRun)
    return "";
  SmallString<128> OutputFile;
  if (std::error_code EC = sys::fs::createTemporaryFile(
          "ompgpu-" + sys::path::filename(Program), "txt", OutputFile))
    return linkError("cannot create a temporary file: " + EC.message());
  temporaries().add(std::string(OutputFile));
  Error Run = execute(Program, Args, OutputFile);
  ErrorOr<std::unique_ptr<MemoryBuffer>> Output =
      MemoryBuffer::getFile(OutputFile);
  std::string Text = Output ? (*Output)->getBuffer().str() : "";
  if (Run) {
    errs() << Text;
    return std::move(Run);
  }
  if (!Output)
    return linkError("cannot read the output of '" + Program +
                     "': " + Output.getError().message());
  return Text;
}

Expected<std::string> intermediateFile(const LinkSession &Session,
                                       StringRef Stem, StringRef Extension) {
  if (Session.SaveTemps)
    return (Session.Output + "." + Stem + "." + Extension).str();
  SmallString<128> Path;
  if (std::error_code EC = sys::fs::createTemporaryFile(
          "ompgpu-" + sys::path::filename(Session.Output) + "-" + Stem,
          Extension, Path))
    return linkError("cannot create a temporary file: " + EC.message());
  temporaries().add(std::string(Path));
  return std::string(Path);
}

Error writeFile(StringRef Path, StringRef Contents) {
  std::error_code EC;
  raw_fd_ostream OS(Path, EC, sys::fs::OF_None);
  if (EC)
    return linkError("cannot write '" + Path + "': " + EC.message());
  OS << Contents;
  return Error::success();
}

} // namespace ompgpu
