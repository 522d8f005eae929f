//===- Parse.h - Parsing a source text with clang-22 ------------*- C++ -*-===//
//
// The front-end step parses the file it rewrites with clang-22's libraries,
// as the host compile of the user's command line would (OpenMP on, no device
// compile: the captures of a target region, which decide its kernel's
// parameters, are the same on both sides). It parses texts that are not on
// disk (the file being rewritten) under the file's own path, so that its
// includes resolve as in the real compile and clang names target regions
// after the same file.
//
//===----------------------------------------------------------------------===//
#ifndef OMPGPU_NESTEDTEAMS_PARSE_H
#define OMPGPU_NESTEDTEAMS_PARSE_H

#include "clang/Frontend/ASTUnit.h"
#include "llvm/ADT/ArrayRef.h"

#include <memory>
#include <string>
#include <vector>

namespace ompgpu {
namespace nested {

/// The options of a compile command line \p CompileArgs that decide how a
/// source file parses (macros, include paths, language, standard, target
/// features), for a host parse with OpenMP: outputs, other inputs,
/// offloading, code generation, warnings and linking are left out.
std::vector<std::string> parseOptions(llvm::ArrayRef<std::string> CompileArgs);

/// A parse of \p Text as the file \p Path with \p Options, as the driver
/// \p Compiler (clang-22 or clang++-22, which decides the language of .c
/// files) would run it, or null if clang could not parse it at all.
/// \p Errors receives the errors it reported.
std::unique_ptr<clang::ASTUnit>
parseText(llvm::StringRef Text, llvm::StringRef Path, llvm::StringRef Compiler,
          const std::vector<std::string> &Options, std::string &Errors);

} // namespace nested
} // namespace ompgpu

#endif
