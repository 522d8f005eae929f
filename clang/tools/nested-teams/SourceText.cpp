//===- SourceText.cpp - Editing the text of a source file -----------------===//
#include "SourceText.h"

#include "clang/AST/StmtOpenMP.h"

#include "clang/AST/Expr.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

#include <algorithm>

using namespace clang;
using namespace llvm;

namespace ompgpu {
namespace nested {

std::string applyEdits(StringRef Text, std::vector<Edit> Edits) {
  std::stable_sort(
      Edits.begin(), Edits.end(),
      [](const Edit &A, const Edit &B) { return A.Begin < B.Begin; });
  std::string Result;
  unsigned Done = 0;
  for (const Edit &E : Edits) {
    assert(E.Begin >= Done && E.Begin <= E.End && E.End <= Text.size() &&
           "overlapping edits");
    Result += Text.slice(Done, E.Begin);
    Result += E.Text;
    Done = E.End;
  }
  Result += Text.substr(Done);
  return Result;
}

unsigned offsetOf(const SourceManager &SM, SourceLocation Loc) {
  return SM.getFileOffset(SM.getExpansionLoc(Loc));
}

unsigned lineOf(const SourceManager &SM, SourceLocation Loc) {
  return SM.getPresumedLoc(SM.getExpansionLoc(Loc)).getLine();
}

namespace {

/// The last token of statement \p S, and whether it ends with a
/// semicolon that is not part of the statement's source range.
std::pair<SourceLocation, bool> lastToken(const Stmt *S) {
  if (const auto *Block = dyn_cast<CompoundStmt>(S))
    return {Block->getRBracLoc(), false};
  if (const auto *For = dyn_cast<ForStmt>(S))
    return lastToken(For->getBody());
  if (const auto *While = dyn_cast<WhileStmt>(S))
    return lastToken(While->getBody());
  if (const auto *Range = dyn_cast<CXXForRangeStmt>(S))
    return lastToken(Range->getBody());
  if (const auto *If = dyn_cast<IfStmt>(S))
    return lastToken(If->getElse() ? If->getElse() : If->getThen());
  if (const auto *Switch = dyn_cast<SwitchStmt>(S))
    return lastToken(Switch->getBody());
  if (const auto *Label = dyn_cast<LabelStmt>(S))
    return lastToken(Label->getSubStmt());
  if (const auto *Attributed = dyn_cast<AttributedStmt>(S))
    return lastToken(Attributed->getSubStmt());
  if (const auto *Captured = dyn_cast<CapturedStmt>(S))
    return lastToken(Captured->getCapturedStmt());
  if (const auto *Directive = dyn_cast<OMPExecutableDirective>(S))
    if (Directive->hasAssociatedStmt())
      return lastToken(Directive->getAssociatedStmt());
  if (isa<NullStmt, DeclStmt>(S)) // a declaration's range has its semicolon
    return {S->getEndLoc(), false};
  return {S->getEndLoc(), true};
}

} // namespace

std::pair<unsigned, unsigned> statementRange(const Stmt *S,
                                             const ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  const LangOptions &LO = Ctx.getLangOpts();
  auto [Last, NeedsSemicolon] = lastToken(S);
  Last = SM.getExpansionRange(Last).getEnd();
  SourceLocation End = Lexer::getLocForEndOfToken(Last, 0, SM, LO);
  if (NeedsSemicolon) {
    std::optional<Token> Next = Lexer::findNextToken(Last, SM, LO);
    if (Next && Next->is(tok::semi))
      End = Next->getEndLoc();
  }
  return {offsetOf(SM, S->getBeginLoc()), offsetOf(SM, End)};
}

StringRef textOf(const ASTContext &Ctx, std::pair<unsigned, unsigned> Range) {
  const SourceManager &SM = Ctx.getSourceManager();
  StringRef Buffer = SM.getBufferData(SM.getMainFileID());
  return Buffer.slice(Range.first, Range.second);
}

std::string tokensOf(const ASTContext &Ctx, SourceRange Range) {
  const SourceManager &SM = Ctx.getSourceManager();
  CharSourceRange Chars = CharSourceRange::getTokenRange(
      SM.getExpansionLoc(Range.getBegin()),
      SM.getExpansionRange(Range.getEnd()).getEnd());
  return Lexer::getSourceText(Chars, SM, Ctx.getLangOpts()).str();
}

unsigned lineBefore(const SourceManager &SM, unsigned End) {
  SourceLocation Loc =
      SM.getComposedLoc(SM.getMainFileID(), End > 0 ? End - 1 : 0);
  return SM.getPresumedLoc(Loc).getLine();
}

std::string lineDirective(unsigned Line) {
  return "#line " + std::to_string(Line) + "\n";
}

std::string newlines(unsigned Count) { return std::string(Count, '\n'); }

bool contains(std::pair<unsigned, unsigned> Range, unsigned Offset) {
  return Offset >= Range.first && Offset < Range.second;
}

} // namespace nested
} // namespace ompgpu
