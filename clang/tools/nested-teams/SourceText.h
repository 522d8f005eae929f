//===- SourceText.h - Editing the text of a source file ---------*- C++ -*-===//
//
// The front-end step writes C and C++ source, not an AST: edits are replaced
// ranges of the main file's text, and the code it moves or adds carries #line
// directives, so that clang-22's diagnostics, debug information and names of
// target regions (which contain the line) still point to the user's lines.
//
//===----------------------------------------------------------------------===//
#ifndef OMPGPU_NESTEDTEAMS_SOURCETEXT_H
#define OMPGPU_NESTEDTEAMS_SOURCETEXT_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Stmt.h"

#include <string>
#include <vector>

namespace ompgpu {
namespace nested {

/// Replaces the text [Begin, End) by Text; Begin == End inserts.
struct Edit {
  unsigned Begin;
  unsigned End;
  std::string Text;
};

/// \p Text with \p Edits applied. Edits must not overlap; insertions at one
/// offset keep their order.
std::string applyEdits(llvm::StringRef Text, std::vector<Edit> Edits);

/// Offset in the main file of \p Loc (of its expansion, for macros).
unsigned offsetOf(const clang::SourceManager &SM, clang::SourceLocation Loc);

/// The line clang reports for \p Loc (#line directives apply).
unsigned lineOf(const clang::SourceManager &SM, clang::SourceLocation Loc);

/// The main-file range [Begin, End) of statement \p S, with the semicolon
/// that ends it when the statement itself does not contain it (expressions,
/// declarations, jumps, do-while loops).
std::pair<unsigned, unsigned> statementRange(const clang::Stmt *S,
                                             const clang::ASTContext &Ctx);

/// The main-file text of \p Range.
llvm::StringRef textOf(const clang::ASTContext &Ctx,
                       std::pair<unsigned, unsigned> Range);

/// The main-file text of the tokens of \p Range (an expression, a clause).
std::string tokensOf(const clang::ASTContext &Ctx, clang::SourceRange Range);

/// The line clang reports for the character before offset \p End (the last
/// character of a range that ends there).
unsigned lineBefore(const clang::SourceManager &SM, unsigned End);

/// "#line N\n", which a line of its own must precede.
std::string lineDirective(unsigned Line);

/// \p Count newlines, so that replaced text keeps the lines that follow it
/// where they were.
std::string newlines(unsigned Count);

/// Whether \p Loc lies in \p Range of the main file.
bool contains(std::pair<unsigned, unsigned> Range, unsigned Offset);

} // namespace nested
} // namespace ompgpu

#endif
