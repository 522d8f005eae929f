//===- PragmaScan.cpp - The OpenMP pragmas of a source text ---------------===//
#include "PragmaScan.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

using namespace llvm;

namespace ompgpu {
namespace nested {
namespace {

/// Words that name (part of) a directive rather than a clause.
bool isDirectiveWord(StringRef Word) {
  static const char *const Words[] = {
      "target", "teams", "distribute", "parallel", "for",     "simd",
      "loop",   "do",    "masked",     "master",   "taskloop"};
  return is_contained(Words, Word);
}

bool isIdentifierChar(char C) { return isAlnum(C) || C == '_'; }

/// The logical line that starts at \p Begin: up to the first newline not
/// escaped by a backslash. Returns its end offset and appends its text, with
/// the escaped newlines removed, to \p Joined.
unsigned logicalLineEnd(StringRef Text, unsigned Begin, std::string &Joined) {
  unsigned I = Begin;
  while (I < Text.size() && Text[I] != '\n') {
    if (Text[I] == '\\' && I + 1 < Text.size() && Text[I + 1] == '\n') {
      Joined += ' ';
      I += 2;
      continue;
    }
    Joined += Text[I++];
  }
  return I;
}

/// Parses "#  pragma  omp <words> <clauses>" in \p Line.
bool parsePragma(StringRef Line, OmpPragma &Pragma, unsigned LineBegin,
                 StringRef Text) {
  StringRef Rest = Line.ltrim();
  if (!Rest.consume_front("#"))
    return false;
  Rest = Rest.ltrim();
  if (!Rest.consume_front("pragma"))
    return false;
  if (Rest.empty() || !isSpace(Rest.front()))
    return false;
  Rest = Rest.ltrim();
  if (!Rest.starts_with("omp") ||
      (Rest.size() > 3 && isIdentifierChar(Rest[3])))
    return false;
  // The offset of "omp" in the original text: the joined line only removed
  // escaped newlines after it.
  StringRef Original = Text.substr(LineBegin);
  Pragma.OmpBegin = LineBegin + Original.find("omp");
  Rest = Rest.drop_front(3);
  while (true) {
    StringRef Trimmed = Rest.ltrim(" \t,");
    size_t Length = 0;
    while (Length < Trimmed.size() && isIdentifierChar(Trimmed[Length]))
      ++Length;
    StringRef Word = Trimmed.take_front(Length);
    if (Word.empty() || !isDirectiveWord(Word))
      break;
    // A directive word followed by parentheses would be a clause.
    if (Trimmed.drop_front(Length).ltrim().starts_with("("))
      break;
    Pragma.Directive.push_back(Word.str());
    Rest = Trimmed.drop_front(Length);
  }
  Pragma.Clauses = Rest.trim().str();
  return true;
}

} // namespace

std::string OmpPragma::directiveName() const { return join(Directive, " "); }

std::vector<OmpPragma> scanOmpPragmas(StringRef Text) {
  std::vector<OmpPragma> Pragmas;
  enum { Code, LineComment, BlockComment, String, Char } State = Code;
  bool AtLineStart = true;
  unsigned Line = 1;
  for (unsigned I = 0; I < Text.size(); ++I) {
    char C = Text[I];
    if (State == Code && AtLineStart && !isSpace(C)) {
      AtLineStart = false;
      if (C == '#') {
        std::string Joined;
        unsigned End = logicalLineEnd(Text, I, Joined);
        OmpPragma Pragma;
        if (parsePragma(Joined, Pragma, I, Text)) {
          Pragma.Begin = I;
          Pragma.End = End;
          Pragma.Line = Line;
          Pragmas.push_back(std::move(Pragma));
        }
        Line += Text.substr(I, End - I).count('\n');
        I = End - 1;
        continue;
      }
    }
    switch (State) {
    case Code:
      if (C == '/' && I + 1 < Text.size() && Text[I + 1] == '/')
        State = LineComment;
      else if (C == '/' && I + 1 < Text.size() && Text[I + 1] == '*')
        State = BlockComment, ++I;
      else if (C == '"')
        State = String;
      else if (C == '\'')
        State = Char;
      break;
    case LineComment:
      if (C == '\n' && (I == 0 || Text[I - 1] != '\\'))
        State = Code;
      break;
    case BlockComment:
      if (C == '*' && I + 1 < Text.size() && Text[I + 1] == '/')
        State = Code, ++I;
      break;
    case String:
    case Char:
      if (C == '\\')
        ++I;
      else if (C == (State == String ? '"' : '\'') || C == '\n')
        State = Code;
      break;
    }
    if (I < Text.size() && Text[I] == '\n') {
      ++Line;
      AtLineStart = true;
    }
  }
  return Pragmas;
}

std::string OmpClause::text() const {
  return HasArguments ? Name + "(" + Arguments + ")" : Name;
}

std::vector<OmpClause> splitClauses(StringRef Text) {
  std::vector<OmpClause> Clauses;
  size_t I = 0;
  while (I < Text.size()) {
    if (isSpace(Text[I]) || Text[I] == ',') {
      ++I;
      continue;
    }
    OmpClause Clause;
    while (I < Text.size() && isIdentifierChar(Text[I]))
      Clause.Name += Text[I++];
    if (Clause.Name.empty()) {
      // Not a clause name: keep the character as a clause of its own, so
      // that nothing of the text is lost.
      Clause.Name = Text[I++];
      Clauses.push_back(Clause);
      continue;
    }
    size_t Open = I;
    while (Open < Text.size() && isSpace(Text[Open]))
      ++Open;
    if (Open < Text.size() && Text[Open] == '(') {
      int Depth = 0;
      size_t Close = Open;
      for (; Close < Text.size(); ++Close) {
        if (Text[Close] == '(')
          ++Depth;
        else if (Text[Close] == ')' && --Depth == 0)
          break;
      }
      Clause.HasArguments = true;
      Clause.Arguments = Text.slice(Open + 1, Close).str();
      I = Close + 1;
    }
    Clauses.push_back(Clause);
  }
  return Clauses;
}

std::string inlineLoopPragma(const OmpPragma &Pragma) {
  static const char *const Accepted[] = {
      "private", "firstprivate", "lastprivate", "reduction",  "collapse",
      "order",   "allocate",     "shared",      "default",    "linear",
      "aligned", "safelen",      "simdlen",     "nontemporal"};
  bool Simd = is_contained(Pragma.Directive, "simd");
  std::string Text =
      Simd ? "#pragma omp parallel for simd" : "#pragma omp parallel for";
  for (const OmpClause &Clause : splitClauses(Pragma.Clauses))
    if (is_contained(Accepted, Clause.Name))
      Text += " " + Clause.text();
  return Text;
}

} // namespace nested
} // namespace ompgpu
