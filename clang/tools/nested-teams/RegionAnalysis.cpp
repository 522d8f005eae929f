//===- RegionAnalysis.cpp - What moves with a region, and whether it may --===//
#include "RegionAnalysis.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/AST/StmtOpenMP.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang;
using namespace llvm;

namespace ompgpu {
namespace nested {
namespace {

/// The first parent of \p Node, through declarations that hold statements
/// (the CapturedDecl of an OpenMP region, a variable's initializer).
DynTypedNode parentNode(ASTContext &Ctx, const DynTypedNode &Node) {
  DynTypedNodeList Parents = Ctx.getParents(Node);
  if (Parents.empty())
    return DynTypedNode();
  return Parents[0];
}

/// Whether \p Loop is the loop (or one loop of the collapsed nest) of an
/// OpenMP loop directive.
bool isDirectiveLoop(ASTContext &Ctx, const Stmt *Loop) {
  const Stmt *Node = Loop;
  while (const Stmt *Parent = parentStmt(Ctx, Node)) {
    if (isa<OMPLoopDirective>(Parent))
      return true;
    bool Wraps =
        isa<CapturedStmt>(Parent) ||
        (isa<ForStmt>(Parent) && cast<ForStmt>(Parent)->getBody() == Node) ||
        (isa<CompoundStmt>(Parent) && cast<CompoundStmt>(Parent)->size() == 1);
    if (!Wraps)
      return false;
    Node = Parent;
  }
  return false;
}

/// Finds what a set of statements does that keeps it from moving.
class MoveChecker : public RecursiveASTVisitor<MoveChecker> {
public:
  explicit MoveChecker(bool AllowPlainReturn)
      : AllowPlainReturn(AllowPlainReturn) {}

  std::string Why;

  bool TraverseForStmt(ForStmt *S) {
    return inLoop([&] { return Base::TraverseForStmt(S); });
  }
  bool TraverseWhileStmt(WhileStmt *S) {
    return inLoop([&] { return Base::TraverseWhileStmt(S); });
  }
  bool TraverseDoStmt(DoStmt *S) {
    return inLoop([&] { return Base::TraverseDoStmt(S); });
  }
  bool TraverseCXXForRangeStmt(CXXForRangeStmt *S) {
    return inLoop([&] { return Base::TraverseCXXForRangeStmt(S); });
  }
  bool TraverseSwitchStmt(SwitchStmt *S) {
    ++Switches;
    bool Result = Base::TraverseSwitchStmt(S);
    --Switches;
    return Result;
  }

  bool VisitBreakStmt(BreakStmt *) {
    return Loops || Switches || fail("it leaves its loop with break");
  }
  bool VisitContinueStmt(ContinueStmt *) {
    return Loops || fail("it goes on to the next iteration with continue");
  }
  bool VisitGotoStmt(GotoStmt *) { return fail("it contains a goto"); }
  bool VisitIndirectGotoStmt(IndirectGotoStmt *) {
    return fail("it contains a goto");
  }
  bool VisitLabelStmt(LabelStmt *) { return fail("it contains a label"); }
  bool VisitReturnStmt(ReturnStmt *S) {
    if (AllowPlainReturn && !S->getRetValue())
      return true;
    return fail("it returns from the function");
  }
  bool VisitOMPExecutableDirective(OMPExecutableDirective *) {
    return fail("it holds an OpenMP directive, which the child's last team "
                "would run outside any parallel region");
  }
  bool VisitCXXThrowExpr(CXXThrowExpr *) { return fail("it throws"); }

private:
  using Base = RecursiveASTVisitor<MoveChecker>;

  template <typename Fn> bool inLoop(Fn Traverse) {
    ++Loops;
    bool Result = Traverse();
    --Loops;
    return Result;
  }
  bool fail(const char *Reason) {
    Why = Reason;
    return false;
  }

  bool AllowPlainReturn;
  unsigned Loops = 0;
  unsigned Switches = 0;
};

/// Collects the uses of variables.
class UseCollector : public RecursiveASTVisitor<UseCollector> {
public:
  std::vector<const DeclRefExpr *> Uses;
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (isa<VarDecl>(E->getDecl()))
      Uses.push_back(E);
    return true;
  }
};

std::vector<const DeclRefExpr *> usesIn(ArrayRef<const Stmt *> Stmts) {
  UseCollector Collector;
  for (const Stmt *S : Stmts)
    Collector.TraverseStmt(const_cast<Stmt *>(S));
  return std::move(Collector.Uses);
}

/// The expression or statement around \p E in the code. Clang's implicit
/// clauses of a directive (the map of a pointer the region uses) hold the
/// DeclRefExprs of its body, so the directive, or an array section of such
/// a clause, may be a parent too.
const Stmt *codeParent(ASTContext &Ctx, const Stmt *E) {
  const Stmt *Other = nullptr;
  bool InClause = false;
  for (const DynTypedNode &Parent : Ctx.getParents(*E)) {
    const auto *S = Parent.get<Stmt>();
    if (isa_and_nonnull<ArraySectionExpr, OMPExecutableDirective>(S)) {
      InClause = true;
      continue;
    }
    if (isa_and_nonnull<Expr>(S))
      return S;
    if (S && !Other)
      Other = S;
  }
  // Through the declarations that hold statements, as parentStmt goes.
  return Other || InClause ? Other : parentStmt(Ctx, E);
}

/// Whether \p Use only reads its variable's value (or its storage's bytes
/// through a struct member or array element read).
bool onlyReads(ASTContext &Ctx, const DeclRefExpr *Use) {
  const Stmt *E = Use;
  while (const Stmt *P = codeParent(Ctx, E)) {
    if (isa<ParenExpr>(P)) {
      E = P;
    } else if (const auto *Member = dyn_cast<MemberExpr>(P)) {
      if (Member->isArrow() || Member->getBase() != E)
        return true;
      E = P;
    } else if (const auto *Subscript = dyn_cast<ArraySubscriptExpr>(P)) {
      if (Subscript->getBase()->IgnoreParenImpCasts() != Use &&
          Subscript->getBase() != E)
        return true;
      E = P;
    } else if (const auto *Cast = dyn_cast<ImplicitCastExpr>(P)) {
      switch (Cast->getCastKind()) {
      case CK_LValueToRValue:
        return true;
      case CK_NoOp:
        E = P;
        break;
      case CK_ArrayToPointerDecay:
        // An element access goes on; a pointer to the array escapes.
        if (!isa_and_nonnull<ArraySubscriptExpr>(codeParent(Ctx, P)))
          return false;
        E = P;
        break;
      default:
        return true;
      }
    } else if (isa<UnaryExprOrTypeTraitExpr>(P)) {
      return true; // sizeof evaluates nothing
    } else {
      return false;
    }
  }
  return true;
}

/// Whether the declaration of \p T's name lies inside a function.
bool isLocalDecl(const Decl *D) {
  return D->getDeclContext()->getRedeclContext()->isFunctionOrMethod();
}

/// Why \p T cannot be named at file scope, or "".
std::string whyNotNameable(QualType T) {
  const Type *Ty = T.getTypePtr();
  if (const auto *Typedef = dyn_cast<TypedefType>(Ty))
    return isLocalDecl(Typedef->getDecl())
               ? "its type is declared inside the function"
               : "";
  if (const auto *Tag = dyn_cast<TagType>(Ty)) {
    const TagDecl *D = Tag->getDecl();
    if (isLocalDecl(D))
      return "its type is declared inside the function";
    if (!D->getIdentifier() && !D->getTypedefNameForAnonDecl())
      return "its type has no name";
    return "";
  }
  if (const auto *Pointer = dyn_cast<PointerType>(Ty))
    return whyNotNameable(Pointer->getPointeeType());
  if (const auto *Array = dyn_cast<ArrayType>(Ty))
    return whyNotNameable(Array->getElementType());
  if (const auto *Function = dyn_cast<FunctionProtoType>(Ty)) {
    if (std::string Why = whyNotNameable(Function->getReturnType());
        !Why.empty())
      return Why;
    for (QualType Param : Function->param_types())
      if (std::string Why = whyNotNameable(Param); !Why.empty())
        return Why;
    return "";
  }
  QualType Desugared = Ty->getLocallyUnqualifiedSingleStepDesugaredType();
  if (Desugared.getTypePtr() != Ty)
    return whyNotNameable(Desugared);
  return "";
}

} // namespace

const Stmt *parentStmt(ASTContext &Ctx, const Stmt *S) {
  DynTypedNode Node = DynTypedNode::create(*S);
  while (true) {
    Node = parentNode(Ctx, Node);
    if (Node.getNodeKind().isNone())
      return nullptr;
    if (const auto *Parent = Node.get<Stmt>())
      return Parent;
    if (Node.get<FunctionDecl>() || Node.get<TranslationUnitDecl>())
      return nullptr;
  }
}

const FunctionDecl *enclosingFunction(ASTContext &Ctx, const Stmt *S) {
  DynTypedNode Node = DynTypedNode::create(*S);
  while (true) {
    Node = parentNode(Ctx, Node);
    if (Node.getNodeKind().isNone())
      return nullptr;
    if (const auto *F = Node.get<FunctionDecl>())
      return F;
  }
}

const OMPExecutableDirective *enclosingDirective(ASTContext &Ctx,
                                                 const Stmt *S) {
  for (const Stmt *P = parentStmt(Ctx, S); P; P = parentStmt(Ctx, P))
    if (const auto *D = dyn_cast<OMPExecutableDirective>(P))
      return D;
  return nullptr;
}

RegionTail tailOf(ASTContext &Ctx, const Stmt *Region) {
  RegionTail Tail;
  const Stmt *Node = Region;
  bool AtRegion = true;
  while (true) {
    const Stmt *Parent = parentStmt(Ctx, Node);
    if (!Parent) {
      Tail.Kind = Boundary::Function;
      return Tail;
    }
    if (const auto *Block = dyn_cast<CompoundStmt>(Parent)) {
      std::vector<const Stmt *> After;
      bool Past = false;
      for (const Stmt *Child : Block->body()) {
        if (Past)
          After.push_back(Child);
        Past |= Child == Node;
      }
      if (AtRegion)
        Tail.Continuation = std::move(After);
      else if (!After.empty()) {
        Tail.Why = "code after the block that holds it runs after it";
        return Tail;
      }
    } else if (isa<IfStmt, CapturedStmt, AttributedStmt>(Parent)) {
      // The branch of an if ends with the if; a captured statement is the
      // body of the directive around it.
    } else if (isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(Parent)) {
      if (isDirectiveLoop(Ctx, Parent)) {
        Tail.Kind = Boundary::Iteration;
        return Tail;
      }
      Tail.Why = "a sequential loop around it runs it again";
      return Tail;
    } else if (const auto *D = dyn_cast<OMPExecutableDirective>(Parent)) {
      if (isOpenMPTargetExecutionDirective(D->getDirectiveKind())) {
        Tail.Kind = Boundary::Region;
        return Tail;
      }
      // Any other directive is a statement of its parent: what follows it
      // counts too.
    } else {
      Tail.Why = "it is not in a block, an if or a loop of its region";
      return Tail;
    }
    // Only the region's own block holds its continuation: after an if
    // around it, the code that follows runs whether the region did or not.
    AtRegion = false;
    Node = Parent;
  }
}

std::string whyNotMovable(ArrayRef<const Stmt *> Stmts, bool AllowPlainReturn) {
  MoveChecker Checker(AllowPlainReturn);
  for (const Stmt *S : Stmts)
    if (!Checker.TraverseStmt(const_cast<Stmt *>(S)))
      break;
  return Checker.Why;
}

std::vector<const VarDecl *> outsideVariables(ASTContext &Ctx,
                                              ArrayRef<const Stmt *> Stmts) {
  const SourceManager &SM = Ctx.getSourceManager();
  auto DeclaredInside = [&](const VarDecl *V) {
    return any_of(Stmts, [&](const Stmt *S) {
      return SM.isPointWithin(V->getLocation(), S->getBeginLoc(),
                              S->getEndLoc());
    });
  };
  std::vector<const VarDecl *> Vars;
  for (const DeclRefExpr *Use : usesIn(Stmts)) {
    const auto *V = cast<VarDecl>(Use->getDecl());
    if (V->isLocalVarDeclOrParm() && !DeclaredInside(V) &&
        !is_contained(Vars, V))
      Vars.push_back(V);
  }
  llvm::sort(Vars, [&](const VarDecl *A, const VarDecl *B) {
    return SM.isBeforeInTranslationUnit(A->getLocation(), B->getLocation());
  });
  return Vars;
}

const VarDecl *firstHostGlobal(ArrayRef<const Stmt *> Stmts) {
  for (const DeclRefExpr *Use : usesIn(Stmts)) {
    const auto *V = cast<VarDecl>(Use->getDecl());
    if (V->hasGlobalStorage() && !V->isStaticLocal() &&
        !V->hasAttr<OMPDeclareTargetDeclAttr>())
      return V;
  }
  return nullptr;
}

bool mayModify(ASTContext &Ctx, ArrayRef<const Stmt *> Stmts,
               const VarDecl *V) {
  return any_of(usesIn(Stmts), [&](const DeclRefExpr *Use) {
    return Use->getDecl() == V && !onlyReads(Ctx, Use);
  });
}

std::string whyNotRedeclarable(ASTContext &Ctx, const VarDecl *V) {
  QualType T = V->getType();
  if (V->isStaticLocal())
    return "it is a static local variable";
  if (T->isVariablyModifiedType())
    return "it has a variable-length array type";
  if (T->isReferenceType())
    return "it is a reference";
  if (!T.isTriviallyCopyableType(Ctx))
    return "its type is not trivially copyable";
  return whyNotNameable(T);
}

std::string declarationOf(ASTContext &Ctx, const VarDecl *V, StringRef Name) {
  Qualifiers Quals;
  QualType T = Ctx.getUnqualifiedArrayType(V->getType(), Quals);
  PrintingPolicy Policy = Ctx.getPrintingPolicy();
  Policy.SuppressScope = false;
  Policy.FullyQualifiedName = true;
  std::string Text;
  raw_string_ostream OS(Text);
  T.print(OS, Policy, Name);
  return Text;
}

} // namespace nested
} // namespace ompgpu
