//===- PragmaScan.h - The OpenMP pragmas of a source text -------*- C++ -*-===//
//
// clang-22's Sema rejects a teams construct nested in a target region before
// any AST exists for it, so the front-end step finds those pragmas in the
// text: the lines that start with `#pragma omp`, outside comments, with their
// continuation lines. It also splits a pragma's clauses, which it rewrites as
// text (the AST of a rejected construct has none).
//
//===----------------------------------------------------------------------===//
#ifndef OMPGPU_NESTEDTEAMS_PRAGMASCAN_H
#define OMPGPU_NESTEDTEAMS_PRAGMASCAN_H

#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace ompgpu {
namespace nested {

/// One `#pragma omp` line (with its continuation lines).
struct OmpPragma {
  unsigned Begin = 0;    ///< offset of the '#'
  unsigned End = 0;      ///< offset of the newline that ends it
  unsigned OmpBegin = 0; ///< offset of "omp"
  unsigned Line = 0;     ///< 1-based line of the '#'
  /// The directive's words: {"teams", "distribute", "parallel", "for"}.
  std::vector<std::string> Directive;
  /// What follows the directive, continuation lines joined.
  std::string Clauses;

  /// The directive's words joined by spaces.
  std::string directiveName() const;
};

/// Every `#pragma omp` line of \p Text, in order.
std::vector<OmpPragma> scanOmpPragmas(llvm::StringRef Text);

/// A clause: its name, and what its parentheses hold if it has some.
struct OmpClause {
  std::string Name;
  std::string Arguments;
  bool HasArguments = false;

  std::string text() const;
};

/// The clauses of a pragma's clause text, in order.
std::vector<OmpClause> splitClauses(llvm::StringRef Text);

/// The pragma that runs a teams or target teams loop \p Pragma inline, in the
/// thread that meets it: `parallel for` (`parallel for simd`) with the
/// clauses of \p Pragma that it accepts. Nested in a parallel region, as it
/// always is there, the region is serialized and keeps the clauses'
/// meaning (private copies, reductions, lastprivate).
std::string inlineLoopPragma(const OmpPragma &Pragma);

} // namespace nested
} // namespace ompgpu

#endif
