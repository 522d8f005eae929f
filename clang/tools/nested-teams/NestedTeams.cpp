//===- NestedTeams.cpp - build/bin/ompgpu-nested-teams --------------------===//
//
//   ompgpu-nested-teams --compiler <clang-22> -o <output> <source> -- <args>
//
// The front-end step of dynamic parallelism (docs/DESIGN.md). Our driver runs
// it on each source file of an offloading compile that may hold nested teams
// regions or orphaned target teams regions (DriverOptions.h), with the
// compile's arguments. If it rewrites the file, it writes the new text to
// <output>, and the driver has clang-22 compile that text in place of the
// file's (-remap-file: the file keeps its name, include directory and
// identity, which clang's names of target regions depend on). If there is
// nothing to rewrite it writes nothing. It fails only when it cannot read
// the file or write the output, or when its own rewrite does not parse.
//
//===----------------------------------------------------------------------===//
#include "Parse.h"
#include "Remarks.h"
#include "Rewrite.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace ompgpu::nested;

namespace {

int fail(const Twine &Message) {
  errs() << "ompgpu-nested-teams: error: " << Message << "\n";
  return 1;
}

int usage() {
  return fail("usage: ompgpu-nested-teams --compiler <clang> -o <output> "
              "<source> -- <compile arguments>");
}

} // namespace

int main(int Argc, char **Argv) {
  InitLLVM X(Argc, Argv);
  std::string Compiler, Output, Source;
  std::vector<std::string> CompileArgs;
  for (int I = 1; I < Argc; ++I) {
    StringRef Arg = Argv[I];
    if (Arg == "--") {
      CompileArgs.assign(Argv + I + 1, Argv + Argc);
      break;
    }
    if (Arg == "--compiler" && I + 1 < Argc)
      Compiler = Argv[++I];
    else if (Arg == "-o" && I + 1 < Argc)
      Output = Argv[++I];
    else if (Source.empty() && !Arg.starts_with("-"))
      Source = Arg.str();
    else
      return usage();
  }
  if (Compiler.empty() || Output.empty() || Source.empty())
    return usage();

  ErrorOr<std::unique_ptr<MemoryBuffer>> Buffer = MemoryBuffer::getFile(Source);
  if (!Buffer)
    return fail("cannot read '" + Source + "': " + Buffer.getError().message());
  SmallString<256> Absolute(Source);
  sys::fs::make_absolute(Absolute);
  RemarkPrinter Remarks(CompileArgs);
  RewriteInput Input{std::string(Absolute), Source, Compiler,
                     parseOptions(CompileArgs), &Remarks};

  std::string Text = (*Buffer)->getBuffer().str();
  bool Nested = rewriteNestedTeams(Text, Input);
  std::string Error;
  bool Launches = rewriteDeviceLaunches(Text, Input, Error);
  // Phase 1's output must parse; an error in the user's own code is for the
  // compile to report.
  if (Nested && !Error.empty())
    return fail("the rewrite of nested teams regions in '" + Source +
                "' does not compile (a bug in the toolchain):\n" + Error);
  if (!Nested && !Launches)
    return 0;

  std::error_code EC;
  raw_fd_ostream OS(Output, EC, sys::fs::OF_Text);
  if (EC)
    return fail("cannot write '" + Output + "': " + EC.message());
  OS << Text;
  return 0;
}
