//===- TripCount.cpp - The iteration count of a loop directive ------------===//
#include "TripCount.h"
#include "SourceText.h"

#include "clang/AST/Expr.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/STLExtras.h"

#include <optional>

using namespace clang;
using namespace llvm;

namespace ompgpu {
namespace nested {
namespace {

/// How the loop compares its variable with the bound, as the helper takes
/// it.
enum Comparison {
  Less = 0,
  LessEqual = 1,
  Greater = 2,
  GreaterEqual = 3,
  NotEqual = 4
};

struct CountedLoop {
  const VarDecl *Var = nullptr;
  const Expr *Lower = nullptr;
  const Expr *Bound = nullptr;
  Comparison Compare = Less;
  std::string Step; ///< "1", "-1", "(e)" or "-(e)"
  const Expr *StepExpr = nullptr;
};

const VarDecl *varOf(const Expr *E) {
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
    return dyn_cast<VarDecl>(Ref->getDecl());
  return nullptr;
}

std::optional<Comparison> comparisonOf(BinaryOperatorKind Op, bool Flipped) {
  switch (Op) {
  case BO_LT:
    return Flipped ? Greater : Less;
  case BO_LE:
    return Flipped ? GreaterEqual : LessEqual;
  case BO_GT:
    return Flipped ? Less : Greater;
  case BO_GE:
    return Flipped ? LessEqual : GreaterEqual;
  case BO_NE:
    return NotEqual;
  default:
    return std::nullopt;
  }
}

/// Reads "for (V = Lower; V < Bound; V += Step)" and its variants.
std::optional<CountedLoop> readLoop(ASTContext &Ctx, const ForStmt *For) {
  CountedLoop Loop;
  if (const auto *Decl = dyn_cast_or_null<DeclStmt>(For->getInit())) {
    if (!Decl->isSingleDecl())
      return std::nullopt;
    Loop.Var = dyn_cast<VarDecl>(Decl->getSingleDecl());
    Loop.Lower = Loop.Var ? Loop.Var->getInit() : nullptr;
  } else if (const auto *Assign =
                 dyn_cast_or_null<BinaryOperator>(For->getInit())) {
    if (Assign->getOpcode() != BO_Assign)
      return std::nullopt;
    Loop.Var = varOf(Assign->getLHS());
    Loop.Lower = Assign->getRHS();
  }
  if (!Loop.Var || !Loop.Lower || !Loop.Var->getType()->isIntegerType())
    return std::nullopt;
  const auto *Cond =
      dyn_cast_or_null<BinaryOperator>(For->getCond()->IgnoreParenImpCasts());
  if (!Cond)
    return std::nullopt;
  bool Flipped = varOf(Cond->getRHS()) == Loop.Var;
  if (!Flipped && varOf(Cond->getLHS()) != Loop.Var)
    return std::nullopt;
  std::optional<Comparison> Compare = comparisonOf(Cond->getOpcode(), Flipped);
  if (!Compare)
    return std::nullopt;
  Loop.Compare = *Compare;
  Loop.Bound = Flipped ? Cond->getLHS() : Cond->getRHS();
  const Expr *Inc = For->getInc() ? For->getInc()->IgnoreParens() : nullptr;
  if (const auto *Unary = dyn_cast_or_null<UnaryOperator>(Inc)) {
    if (varOf(Unary->getSubExpr()) != Loop.Var ||
        !Unary->isIncrementDecrementOp())
      return std::nullopt;
    Loop.Step = Unary->isIncrementOp() ? "1" : "-1";
  } else if (const auto *Compound =
                 dyn_cast_or_null<CompoundAssignOperator>(Inc)) {
    if (varOf(Compound->getLHS()) != Loop.Var ||
        (Compound->getOpcode() != BO_AddAssign &&
         Compound->getOpcode() != BO_SubAssign))
      return std::nullopt;
    Loop.StepExpr = Compound->getRHS();
    std::string Text =
        "(" + tokensOf(Ctx, Loop.StepExpr->getSourceRange()) + ")";
    Loop.Step = Compound->getOpcode() == BO_AddAssign ? Text : "-" + Text;
  } else if (const auto *Assign = dyn_cast_or_null<BinaryOperator>(Inc)) {
    const auto *Sum =
        Assign && Assign->getOpcode() == BO_Assign
            ? dyn_cast<BinaryOperator>(Assign->getRHS()->IgnoreParenImpCasts())
            : nullptr;
    if (!Sum || varOf(Assign->getLHS()) != Loop.Var ||
        varOf(Sum->getLHS()) != Loop.Var ||
        (Sum->getOpcode() != BO_Add && Sum->getOpcode() != BO_Sub))
      return std::nullopt;
    Loop.StepExpr = Sum->getRHS();
    std::string Text =
        "(" + tokensOf(Ctx, Loop.StepExpr->getSourceRange()) + ")";
    Loop.Step = Sum->getOpcode() == BO_Add ? Text : "-" + Text;
  } else {
    return std::nullopt;
  }
  return Loop;
}

/// Whether \p E uses one of \p Vars.
bool uses(const Expr *E, ArrayRef<const VarDecl *> Vars) {
  struct Finder : RecursiveASTVisitor<Finder> {
    ArrayRef<const VarDecl *> Vars;
    bool Found = false;
    bool VisitDeclRefExpr(DeclRefExpr *Ref) {
      Found |= is_contained(Vars, Ref->getDecl());
      return !Found;
    }
  } F;
  F.Vars = Vars;
  F.TraverseStmt(const_cast<Expr *>(E));
  return F.Found;
}

/// The next loop of a collapsed nest: the body, or the one statement of it.
const ForStmt *innerLoop(const Stmt *Body) {
  if (const auto *Block = dyn_cast<CompoundStmt>(Body))
    return Block->size() == 1 ? dyn_cast<ForStmt>(Block->body_front())
                              : nullptr;
  return dyn_cast<ForStmt>(Body);
}

} // namespace

std::string tripCountText(ASTContext &Ctx, const OMPLoopDirective &Directive) {
  const Stmt *Body = Directive.getInnermostCapturedStmt()->getCapturedStmt();
  const ForStmt *For = dyn_cast<ForStmt>(Body);
  std::vector<CountedLoop> Loops;
  for (unsigned I = 0; I < Directive.getLoopsNumber(); ++I) {
    if (!For)
      return "0";
    std::optional<CountedLoop> Loop = readLoop(Ctx, For);
    if (!Loop)
      return "0";
    Loops.push_back(*Loop);
    For = I + 1 < Directive.getLoopsNumber() ? innerLoop(For->getBody())
                                             : nullptr;
  }
  std::vector<const VarDecl *> Vars;
  for (const CountedLoop &Loop : Loops)
    Vars.push_back(Loop.Var);
  std::string Product;
  for (const CountedLoop &Loop : Loops) {
    for (const Expr *E : {Loop.Lower, Loop.Bound, Loop.StepExpr})
      if (E && (E->HasSideEffects(Ctx) || uses(E, Vars)))
        return "0";
    if (!Product.empty())
      Product += " * ";
    Product += "__ompgpu_trip_count((long long)(" +
               tokensOf(Ctx, Loop.Lower->getSourceRange()) + "), (long long)(" +
               tokensOf(Ctx, Loop.Bound->getSourceRange()) + "), (long long)(" +
               Loop.Step + "), " + std::to_string(Loop.Compare) + ")";
  }
  return Product;
}

const char *tripCountHelper() {
  return "__attribute__((unused)) static inline long long "
         "__ompgpu_trip_count(long long Lower, "
         "long long Bound, long long Step, int Compare) {\n"
         "  /* Compare: 0 <, 1 <=, 2 >, 3 >=, 4 != */\n"
         "  if (Compare == 4) Compare = Step > 0 ? 0 : 2;\n"
         "  if (Compare == 1) Bound += 1, Compare = 0;\n"
         "  if (Compare == 3) Bound -= 1, Compare = 2;\n"
         "  if (Compare == 0)\n"
         "    return Step > 0 && Bound > Lower ? (Bound - Lower + Step - 1) / "
         "Step : 0;\n"
         "  return Step < 0 && Lower > Bound ? (Lower - Bound - Step - 1) / "
         "-Step : 0;\n"
         "}\n";
}

} // namespace nested
} // namespace ompgpu
