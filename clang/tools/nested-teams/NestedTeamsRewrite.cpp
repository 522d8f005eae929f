//===- NestedTeamsRewrite.cpp - Nested teams regions as orphaned ones -----===//
//
// Phase 1 of the front-end step. clang-22 rejects a teams construct nested in
// a target region, so the region moves, with the code after it that must
// wait for it (its continuation), into a declare target function of its own,
// where it is an orphaned target teams construct, which clang-22 accepts:
//
//   for (row...) {                      for (row...) {
//     double dot = 0; ...                 double dot = 0; ...
//     #pragma omp teams distribute \  =>   __ompgpu_nested_spmv_l14(dot, ...);
//       parallel for reduction(+:dot) \  }
//       if(end - start > T)             ...
//     for (e...) dot += ...;            static void __ompgpu_nested_spmv_l14(
//     y[row] = dot;                         double dot, ...) {
//   }                                     #pragma omp target teams distribute \
//                                           parallel for reduction(+:dot) \
//                                           if(target: end - start > T)
//                                         for (e...) dot += ...;
//                                         y[row] = dot;
//                                       }
//
// The function takes the variables the region and its continuation use by
// value; phase 2 (DeviceLaunchRewrite) then makes it launch the region from
// the device. A region whose continuation cannot move (it is not the rest of
// its iteration, or it changes variables that outlive the iteration) or that
// uses what cannot be passed by value runs inline instead: its pragma becomes
// `parallel for`, which in a parallel region is serialized. The AST of a
// rejected construct does not exist, so the file is parsed with the nested
// teams pragmas disabled (their "omp" spelled "OMP", which clang ignores),
// and the loop after each is the region.
//
//===----------------------------------------------------------------------===//
#include "Parse.h"
#include "PragmaScan.h"
#include "RegionAnalysis.h"
#include "Rewrite.h"
#include "SourceText.h"

#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtOpenMP.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

using namespace clang;
using namespace llvm;

namespace ompgpu {
namespace nested {
namespace {

/// Nested regions inside nested regions, and nested regions in the
/// continuation of others, take a round each (innermost and last first).
constexpr unsigned MaxRounds = 8;

bool isNestedTeamsPragma(const OmpPragma &Pragma) {
  return !Pragma.Directive.empty() && Pragma.Directive.front() == "teams";
}

/// The loop constructs a nested teams region may be.
bool isSupportedDirective(const OmpPragma &Pragma) {
  std::string Name = Pragma.directiveName();
  return Name == "teams distribute parallel for" ||
         Name == "teams distribute parallel for simd" ||
         Name == "teams distribute" || Name == "teams distribute simd" ||
         Name == "teams loop";
}

/// Whether \p Text holds only blanks and comments.
bool isBlank(StringRef Text) {
  while (true) {
    Text = Text.ltrim();
    if (Text.consume_front("//"))
      Text = Text.drop_until([](char C) { return C == '\n'; });
    else if (Text.consume_front("/*"))
      Text = Text.drop_front(std::min(Text.find("*/"), Text.size()) + 2);
    else
      return Text.empty();
  }
}

class LoopCollector : public RecursiveASTVisitor<LoopCollector> {
public:
  explicit LoopCollector(const SourceManager &SM) : SM(SM) {}
  bool VisitForStmt(ForStmt *S) {
    if (SM.isInMainFile(SM.getExpansionLoc(S->getBeginLoc())))
      Loops.push_back(S);
    return true;
  }
  std::vector<const ForStmt *> Loops;

private:
  const SourceManager &SM;
};

/// The variables of \p F declared before \p Offset whose scope holds it, by
/// name; of two with one name, the inner one.
StringMap<const VarDecl *> visibleLocals(ASTContext &Ctx, const FunctionDecl *F,
                                         unsigned Offset) {
  const SourceManager &SM = Ctx.getSourceManager();
  StringMap<const VarDecl *> Visible;
  for (const ParmVarDecl *Param : F->parameters())
    Visible[Param->getName()] = Param;
  struct Collector : RecursiveASTVisitor<Collector> {
    std::vector<const VarDecl *> Vars;
    bool VisitVarDecl(VarDecl *V) {
      if (V->isLocalVarDecl())
        Vars.push_back(V);
      return true;
    }
  } C;
  C.TraverseStmt(F->getBody());
  for (const VarDecl *V : C.Vars) {
    if (offsetOf(SM, V->getLocation()) >= Offset)
      continue;
    DynTypedNodeList Parents = Ctx.getParents(*V);
    const auto *Decl = Parents.empty() ? nullptr : Parents[0].get<DeclStmt>();
    const Stmt *Scope = Decl ? parentStmt(Ctx, Decl) : nullptr;
    if (Scope && contains(statementRange(Scope, Ctx), Offset))
      Visible[V->getName()] = V;
  }
  return Visible;
}

/// The identifiers of \p Text and of the macros it names, transitively.
void identifiersOf(StringRef Text, Preprocessor &PP, StringSet<> &Names,
                   unsigned Depth = 0) {
  auto IsIdentifierChar = [](char C) { return isAlnum(C) || C == '_'; };
  for (size_t I = 0; I < Text.size();) {
    if (!isAlpha(Text[I]) && Text[I] != '_') {
      ++I;
      continue;
    }
    size_t Begin = I;
    while (I < Text.size() && IsIdentifierChar(Text[I]))
      ++I;
    StringRef Name = Text.slice(Begin, I);
    if (!Names.insert(Name).second || Depth > 8)
      continue;
    if (const MacroInfo *Macro = PP.getMacroInfo(PP.getIdentifierInfo(Name)))
      for (const Token &T : Macro->tokens())
        if (const IdentifierInfo *II = T.getIdentifierInfo())
          identifiersOf(II->getName(), PP, Names, Depth + 1);
  }
}

/// A function name made of identifier characters.
std::string identifierOf(StringRef Name) {
  std::string Result;
  for (char C : Name)
    Result += isAlnum(C) || C == '_' ? C : '_';
  return Result;
}

/// One nested region and what the rewrite does with it.
class NestedRegion {
public:
  NestedRegion(ASTContext &Ctx, Preprocessor &PP, StringRef Text,
               const OmpPragma &Pragma, const ForStmt *Loop,
               const FunctionDecl *Function)
      : Ctx(Ctx), PP(PP), Text(Text), Pragma(Pragma), Loop(Loop),
        Function(Function) {}

  /// Edits that make the region a call of a function of its own, or, with
  /// the reason in \p Why, that make it run inline.
  std::vector<Edit> plan(std::string &Why);

  /// The statements that move with the region: its loop, its continuation.
  std::vector<const Stmt *> moved() const;

  const OmpPragma &pragma() const { return Pragma; }

  /// The line clang reports for the pragma (#line directives of earlier
  /// rounds apply), which names the region's function and kernel.
  unsigned line() const {
    return lineBefore(Ctx.getSourceManager(), Pragma.Begin + 1);
  }

private:
  std::string whyNotOutlined();
  std::vector<Edit> outline();
  std::vector<Edit> runInline() const;
  std::string targetPragma() const;

  ASTContext &Ctx;
  Preprocessor &PP;
  StringRef Text;
  const OmpPragma &Pragma;
  const ForStmt *Loop;
  const FunctionDecl *Function;
  bool NoWait = false;
  RegionTail Tail;
  std::vector<const VarDecl *> Params;
};

std::vector<const Stmt *> NestedRegion::moved() const {
  std::vector<const Stmt *> Stmts = {Loop};
  if (!NoWait)
    Stmts.insert(Stmts.end(), Tail.Continuation.begin(),
                 Tail.Continuation.end());
  return Stmts;
}

/// The statement whose scope bounds what the rewrite may change: variables
/// declared inside it die with the iteration, region or function, so a
/// moved copy may change them.
const Stmt *boundaryScope(ASTContext &Ctx, const Stmt *Region, Boundary Kind) {
  const Stmt *Node = Region;
  while (const Stmt *Parent = parentStmt(Ctx, Node)) {
    if (Kind == Boundary::Iteration && isa<ForStmt>(Parent) &&
        cast<ForStmt>(Parent)->getBody() == Node)
      return Node;
    if (Kind == Boundary::Region && isa<CapturedStmt>(Parent))
      return Node;
    Node = Parent;
  }
  return Node;
}

std::string NestedRegion::whyNotOutlined() {
  if (!Function->getDeclContext()->isFileContext() || Function->isTemplated())
    return "its function is a member or a template, where the region's own "
           "function cannot go";
  for (const OmpClause &Clause : splitClauses(Pragma.Clauses))
    NoWait |= Clause.Name == "nowait";
  Tail = tailOf(Ctx, Loop);
  std::vector<const Stmt *> Moved = moved();
  if (!NoWait) {
    if (!Tail.Why.empty())
      return "the code after it cannot wait for a child grid, which nothing "
             "waits for on the device: " +
             Tail.Why;
    if (Tail.Kind == Boundary::Function &&
        !Function->hasAttr<OMPDeclareTargetDeclAttr>())
      return "it is not in a target region or a declare target function";
    if (std::string Why =
            whyNotMovable(Tail.Continuation, Tail.Kind == Boundary::Function);
        !Why.empty())
      return "the code after it, which the child grid's last team would run, "
             "cannot move: " +
             Why;
  }
  if (const VarDecl *Global = firstHostGlobal(Moved))
    return "it uses the global variable '" + Global->getName().str() +
           "', which is not declare target: the region's own function, in "
           "device code, cannot reach it";
  // The variables the region and its continuation use: in their statements,
  // and in the clauses, which are text.
  std::vector<const VarDecl *> Used = outsideVariables(Ctx, Moved);
  StringSet<> Names;
  identifiersOf(Pragma.Clauses, PP, Names);
  StringMap<const VarDecl *> Visible =
      visibleLocals(Ctx, Function, Pragma.Begin);
  for (const auto &Name : Names)
    if (const VarDecl *V = Visible.lookup(Name.getKey()))
      if (!is_contained(Used, V))
        Used.push_back(V);
  const SourceManager &SM = Ctx.getSourceManager();
  const Stmt *Scope = boundaryScope(Ctx, Loop, Tail.Kind);
  auto DiesWithScope = [&](const VarDecl *V) {
    if (Tail.Kind == Boundary::Function)
      return true;
    return SM.isPointWithin(V->getLocation(), Scope->getBeginLoc(),
                            Scope->getEndLoc());
  };
  for (const VarDecl *V : Used) {
    if (std::string Why = whyNotRedeclarable(Ctx, V); !Why.empty())
      return "it uses '" + V->getName().str() + "': " + Why;
    if (V->getType()->isArrayType())
      return "it uses the array '" + V->getName().str() +
             "', which a function cannot take by value";
    // The function gets copies: what the region or its continuation write
    // into variables that outlive them would be lost.
    if ((NoWait || !DiesWithScope(V)) && mayModify(Ctx, Moved, V))
      return "it changes '" + V->getName().str() +
             "', which lives on after it" +
             (NoWait ? " (nowait: the parent does not wait for the value)"
                     : "");
  }
  llvm::sort(Used, [&](const VarDecl *A, const VarDecl *B) {
    return SM.isBeforeInTranslationUnit(A->getLocation(), B->getLocation());
  });
  Params = std::move(Used);
  return "";
}

std::string NestedRegion::targetPragma() const {
  std::string Clauses;
  for (const OmpClause &Clause : splitClauses(Pragma.Clauses)) {
    if (Clause.Name == "nowait")
      continue;
    std::string Text = Clause.text();
    // An if clause without a modifier decides whether the region launches:
    // target's. The child kernel's parallel level always runs its team.
    if (Clause.Name == "if" && !StringRef(Clause.Arguments).contains(':'))
      Text = "if(target: " + Clause.Arguments + ")";
    Clauses += " " + Text;
  }
  return "#pragma omp target " + Pragma.directiveName() + Clauses;
}

std::vector<Edit> NestedRegion::outline() {
  const SourceManager &SM = Ctx.getSourceManager();
  unsigned Line = line();
  std::string Name = NestedFunctionPrefix +
                     identifierOf(Function->getNameAsString()) + "_l" +
                     std::to_string(Line);
  std::string Declarations, Arguments;
  for (const VarDecl *V : Params) {
    if (!Declarations.empty()) {
      Declarations += ", ";
      Arguments += ", ";
    }
    Declarations += declarationOf(Ctx, V, V->getName());
    Arguments += V->getName().str();
  }
  if (Declarations.empty())
    Declarations = "void";
  std::string Signature = "static void " + Name + "(" + Declarations + ")";

  std::vector<const Stmt *> Moved = moved();
  std::pair<unsigned, unsigned> LoopRange = statementRange(Loop, Ctx);
  unsigned End = statementRange(Moved.back(), Ctx).second;

  std::string Body = lineDirective(Line) + targetPragma() + "\n" +
                     lineDirective(lineOf(SM, Loop->getBeginLoc())) +
                     textOf(Ctx, LoopRange).str() + "\n";
  if (Moved.size() > 1) {
    std::pair<unsigned, unsigned> Rest = {statementRange(Moved[1], Ctx).first,
                                          End};
    Body += lineDirective(lineOf(SM, Moved[1]->getBeginLoc())) +
            textOf(Ctx, Rest).str() + "\n";
  }

  unsigned FunctionBegin = offsetOf(SM, Function->getOuterLocStart());
  unsigned FunctionEnd = statementRange(Function->getBody(), Ctx).second;
  std::string Replaced = Text.slice(Pragma.Begin, End).str();
  return {{FunctionBegin, FunctionBegin,
           "\n#pragma omp declare target\n" + Signature +
               ";\n#pragma omp end declare target\n" +
               lineDirective(lineOf(SM, Function->getOuterLocStart()))},
          {Pragma.Begin, End,
           Name + "(" + Arguments + ");" +
               newlines(StringRef(Replaced).count('\n'))},
          {FunctionEnd, FunctionEnd,
           "\n#pragma omp declare target\n" + Signature + " {\n" + Body +
               "}\n#pragma omp end declare target\n" +
               lineDirective(lineOf(SM, Function->getBody()->getEndLoc()))}};
}

std::vector<Edit> NestedRegion::runInline() const {
  std::string Replaced = Text.slice(Pragma.Begin, Pragma.End).str();
  return {
      {Pragma.Begin, Pragma.End,
       inlineLoopPragma(Pragma) + newlines(StringRef(Replaced).count('\n'))}};
}

std::vector<Edit> NestedRegion::plan(std::string &Why) {
  Why = whyNotOutlined();
  return Why.empty() ? outline() : runInline();
}

} // namespace

bool rewriteNestedTeams(std::string &Text, const RewriteInput &Input) {
  bool Changed = false;
  for (unsigned Round = 0; Round < MaxRounds; ++Round) {
    std::vector<OmpPragma> Pragmas;
    for (OmpPragma &Pragma : scanOmpPragmas(Text))
      if (isNestedTeamsPragma(Pragma))
        Pragmas.push_back(std::move(Pragma));
    if (Pragmas.empty())
      return Changed;
    std::string Disabled = Text;
    for (const OmpPragma &Pragma : Pragmas)
      Disabled.replace(Pragma.OmpBegin, 3, "OMP");
    std::string Errors;
    std::unique_ptr<ASTUnit> AST =
        parseText(Disabled, Input.Path, Input.Compiler, Input.Options, Errors);
    if (!AST)
      return Changed;
    ASTContext &Ctx = AST->getASTContext();
    const SourceManager &SM = Ctx.getSourceManager();
    LoopCollector Collector(SM);
    Collector.TraverseAST(Ctx);
    llvm::sort(Collector.Loops, [&](const ForStmt *A, const ForStmt *B) {
      return offsetOf(SM, A->getBeginLoc()) < offsetOf(SM, B->getBeginLoc());
    });

    // Each pragma's region, where it is nested in device code.
    std::vector<NestedRegion> Regions;
    for (const OmpPragma &Pragma : Pragmas) {
      const ForStmt *Loop = nullptr;
      for (const ForStmt *For : Collector.Loops) {
        unsigned Begin = offsetOf(SM, For->getBeginLoc());
        if (Begin < Pragma.End)
          continue;
        if (isBlank(StringRef(Text).slice(Pragma.End, Begin)))
          Loop = For;
        break;
      }
      const FunctionDecl *Function =
          Loop ? enclosingFunction(Ctx, Loop) : nullptr;
      if (!Function)
        continue;
      bool InDeviceCode = Function->hasAttr<OMPDeclareTargetDeclAttr>();
      for (const OMPExecutableDirective *Around = enclosingDirective(Ctx, Loop);
           Around; Around = enclosingDirective(Ctx, Around))
        InDeviceCode |=
            isOpenMPTargetExecutionDirective(Around->getDirectiveKind());
      if (!InDeviceCode)
        continue; // a host teams construct
      if (!isSupportedDirective(Pragma)) {
        Input.Remarks->missed(Input.DisplayPath,
                              lineBefore(SM, Pragma.Begin + 1), 1,
                              "the nested '" + Pragma.directiveName() +
                                  "' region is not a teams distribute "
                                  "[parallel for] [simd] or teams loop "
                                  "construct: clang-22 rejects it");
        continue;
      }
      Regions.emplace_back(Ctx, AST->getPreprocessor(), Text, Pragma, Loop,
                           Function);
    }

    // Innermost and last first: a region whose statements hold another
    // waits for a later round, in which that one is a call.
    std::vector<Edit> Edits;
    for (NestedRegion &Region : Regions) {
      std::string Why;
      std::vector<Edit> Planned = Region.plan(Why);
      std::vector<const Stmt *> Moved = Region.moved();
      std::pair<unsigned, unsigned> Span = {
          statementRange(Moved.front(), Ctx).first,
          statementRange(Moved.back(), Ctx).second};
      bool HoldsAnother = any_of(Regions, [&](const NestedRegion &Other) {
        return contains(Span, Other.pragma().Begin);
      });
      if (HoldsAnother && Why.empty())
        continue;
      if (!Why.empty())
        Input.Remarks->missed(Input.DisplayPath, Region.line(), 1,
                              "the nested teams region runs inline in the "
                              "thread that meets it: " +
                                  Why);
      Edits.insert(Edits.end(), Planned.begin(), Planned.end());
    }
    if (Edits.empty())
      return Changed;
    Text = applyEdits(Text, std::move(Edits));
    Changed = true;
  }
  return Changed;
}

} // namespace nested
} // namespace ompgpu
