//===- RegionAnalysis.h - What moves with a region, and whether it may ----===//
//
// Both rewrites move code into a function of its own: the nested region and
// the code after it into a declare target function (NestedTeamsRewrite), the
// code after a region into the continuation the child's last team runs
// (DeviceLaunchRewrite). These are the questions they ask of the AST: what
// follows a region before its enclosing iteration, region or function ends
// (the implicit barrier's reach), whether that code can run elsewhere, which
// of the function's variables it uses, whether it changes them, and whether
// their types can be named at file scope.
//
//===----------------------------------------------------------------------===//
#ifndef OMPGPU_NESTEDTEAMS_REGIONANALYSIS_H
#define OMPGPU_NESTEDTEAMS_REGIONANALYSIS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/ArrayRef.h"

#include <string>
#include <vector>

namespace ompgpu {
namespace nested {

/// The statement around \p S, through the captured statements and
/// declarations of OpenMP directives; null at a function's body.
const clang::Stmt *parentStmt(clang::ASTContext &Ctx, const clang::Stmt *S);

/// The function whose body holds \p S.
const clang::FunctionDecl *enclosingFunction(clang::ASTContext &Ctx,
                                             const clang::Stmt *S);

/// The nearest OpenMP directive around \p S, or null.
const clang::OMPExecutableDirective *enclosingDirective(clang::ASTContext &Ctx,
                                                        const clang::Stmt *S);

/// What ends the reach of a region's implicit barrier: the end of the
/// iteration of the worksharing loop around it, of the OpenMP region around
/// it, or of its function.
enum class Boundary { Iteration, Region, Function };

/// What runs after a region until its boundary.
struct RegionTail {
  /// The statements after the region in its own block.
  std::vector<const clang::Stmt *> Continuation;
  Boundary Kind = Boundary::Function;
  /// Empty if nothing but Continuation runs after the region before the
  /// boundary; otherwise what else does, for a remark.
  std::string Why;
};

/// The tail of \p Region, a statement (the region's loop or directive).
RegionTail tailOf(clang::ASTContext &Ctx, const clang::Stmt *Region);

/// Why \p Stmts cannot run in a function of their own ("" if they can):
/// jumps out of them, returns (with a value unless \p AllowPlainReturn),
/// OpenMP directives (a continuation runs outside any parallel region).
std::string whyNotMovable(llvm::ArrayRef<const clang::Stmt *> Stmts,
                          bool AllowPlainReturn);

/// The local variables and parameters of the enclosing function that
/// \p Stmts use and do not declare, in the order of their declarations.
std::vector<const clang::VarDecl *>
outsideVariables(clang::ASTContext &Ctx,
                 llvm::ArrayRef<const clang::Stmt *> Stmts);

/// The first global variable \p Stmts use that is not declare target, or
/// null: a declare target function cannot use one (a target region reaches
/// it through the map its kernel gets).
const clang::VarDecl *
firstHostGlobal(llvm::ArrayRef<const clang::Stmt *> Stmts);

/// Whether \p Stmts may change \p V (anything but read it).
bool mayModify(clang::ASTContext &Ctx,
               llvm::ArrayRef<const clang::Stmt *> Stmts,
               const clang::VarDecl *V);

/// Why \p V cannot be declared again, with its type, at file scope and
/// copied bytewise (a static local, a type local to the function, unnamed,
/// variably modified, a reference, not trivially copyable), or "".
std::string whyNotRedeclarable(clang::ASTContext &Ctx, const clang::VarDecl *V);

/// A declaration of \p Name with \p V's type, without its qualifiers
/// ("double *Name", "int Name[4]").
std::string declarationOf(clang::ASTContext &Ctx, const clang::VarDecl *V,
                          llvm::StringRef Name);

} // namespace nested
} // namespace ompgpu

#endif
