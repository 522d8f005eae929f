//===- Parse.cpp - Parsing a source text with clang-22 --------------------===//
#include "Parse.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang;
using namespace llvm;

namespace ompgpu {
namespace nested {
namespace {

bool startsWithAny(StringRef Arg, ArrayRef<StringRef> Prefixes) {
  return any_of(Prefixes, [&](StringRef P) { return Arg.starts_with(P); });
}

/// Options that shape the parse and take their value in the next argument.
bool keepsSeparateValue(StringRef Arg) {
  static const StringRef Options[] = {
      "-I",       "-D",      "-U",         "-include",    "-imacros",
      "-isystem", "-iquote", "-idirafter", "-isysroot",   "--sysroot",
      "-x",       "-std",    "-iprefix",   "-iwithprefix"};
  return is_contained(Options, Arg);
}

/// Options whose value is the next argument and that do not shape it.
bool dropsSeparateValue(StringRef Arg) {
  static const StringRef Options[] = {"-o",
                                      "-MF",
                                      "-MT",
                                      "-MQ",
                                      "-Xlinker",
                                      "-Xclang",
                                      "-mllvm",
                                      "-Xopenmp-target",
                                      "-Xoffload-linker",
                                      "-L",
                                      "-l",
                                      "-T",
                                      "-u",
                                      "-e",
                                      "-z",
                                      "-Xassembler",
                                      "-Xpreprocessor",
                                      "-fopenmp-targets",
                                      "--offload-arch",
                                      "--cuda-gpu-arch",
                                      "-target",
                                      "--target"};
  return is_contained(Options, Arg);
}

/// Single-argument options that shape the parse.
bool shapesParse(StringRef Arg) {
  if (startsWithAny(Arg, {"-fopenmp-targets",
                          "-fopenmp-offload",
                          "-foffload",
                          "-fno-offload",
                          "-fsave-optimization",
                          "-fdiagnostics",
                          "-fcolor",
                          "-fno-color",
                          "-fmessage-length",
                          "-fdebug",
                          "-fprofile",
                          "-fcoverage",
                          "-fsanitize",
                          "-fuse-ld",
                          "-fopenmp-target-debug",
                          "-fopenmp-offload-report",
                          "-fno-openmp-offload-report",
                          "-fsyntax-only",
                          "-fpass-plugin",
                          "-fplugin"}))
    return false;
  return startsWithAny(
      Arg, {"-I",        "-D",        "-U",           "-include",  "-imacros",
            "-isystem",  "-iquote",   "-idirafter",   "-isysroot", "--sysroot",
            "-std=",     "-x",        "-f",           "-m",        "-O",
            "-ansi",     "-nostdinc", "-nostdlibinc", "--std=",    "-pthread",
            "-trigraphs"});
}

/// Counts the errors clang reports and keeps their text.
class ErrorCollector : public TextDiagnosticPrinter {
public:
  ErrorCollector(raw_ostream &OS, DiagnosticOptions &Options)
      : TextDiagnosticPrinter(OS, Options) {}
  void HandleDiagnostic(DiagnosticsEngine::Level Level,
                        const Diagnostic &Info) override {
    if (Level >= DiagnosticsEngine::Error)
      TextDiagnosticPrinter::HandleDiagnostic(Level, Info);
  }
};

} // namespace

std::vector<std::string> parseOptions(ArrayRef<std::string> CompileArgs) {
  std::vector<std::string> Options;
  for (size_t I = 0; I < CompileArgs.size(); ++I) {
    StringRef Arg = CompileArgs[I];
    if (keepsSeparateValue(Arg) && I + 1 < CompileArgs.size()) {
      Options.push_back(Arg.str());
      Options.push_back(CompileArgs[++I]);
    } else if (dropsSeparateValue(Arg)) {
      ++I;
    } else if (Arg.starts_with("-") && shapesParse(Arg)) {
      Options.push_back(Arg.str());
    }
  }
  // Warnings off (the compile reports them), and OpenMP for a line that
  // offloads without naming it.
  Options.push_back("-w");
  if (!is_contained(Options, "-fopenmp"))
    Options.push_back("-fopenmp");
  return Options;
}

std::unique_ptr<ASTUnit> parseText(StringRef Text, StringRef Path,
                                   StringRef Compiler,
                                   const std::vector<std::string> &Options,
                                   std::string &Errors) {
  raw_string_ostream ErrorStream(Errors);
  DiagnosticOptions DiagOptions;
  ErrorCollector Collector(ErrorStream, DiagOptions);
  return tooling::buildASTFromCodeWithArgs(
      Text, Options, Path, Compiler, std::make_shared<PCHContainerOperations>(),
      tooling::getClangStripDependencyFileAdjuster(),
      tooling::FileContentMappings(), &Collector);
}

} // namespace nested
} // namespace ompgpu
