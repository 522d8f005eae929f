//===- DeviceLaunchRewrite.cpp - Orphaned target teams regions launched ---===//
//
// Phase 2 of the front-end step. For an orphaned target teams loop region in
// a declare target function, clang-22 emits a kernel, and in the device
// function the region's body inline, with the if clause dropped. Before the
// region, device code (#if defined(__NVPTX__)) now asks the device runtime for
// a launch record, copies into its frame what the child kernel takes by
// reference and what the code after the region reads, and launches the
// kernel (openmp/device/include/DeviceLaunch.h): clang's kernel parameters
// are the target region's captures, in their order (the CapturedStmt's),
// each 8 bytes. The kernel has no source name, so a marker call names it by
// the name clang gives it, which the link step's DeviceLaunches pass
// resolves. After a launch the function returns: the code after the region,
// if any, runs as a continuation in the child's last team. When the launch is
// refused, or the if clause is false, the thread runs the region's loop as
// written where that means the same (sequentialCode), else clang's inline
// code for the region.
//
// The host cannot run such a region as a host teams region from inside
// another (host fallback of the region that called the function): LLVM's
// libomp stops with an assertion. So on the host the region runs inline,
// as a parallel loop, where it is nested: always in the functions phase 1
// wrote, otherwise when an OpenMP region or a target region of this file
// runs on the host around it.
//
//===----------------------------------------------------------------------===//
#include "OffloadABI.h"
#include "Parse.h"
#include "PragmaScan.h"
#include "RegionAnalysis.h"
#include "Rewrite.h"
#include "SourceText.h"
#include "TripCount.h"

#include "clang/AST/Mangle.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtOpenMP.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Frontend/OpenMP/OMPIRBuilder.h"
#include "llvm/Support/VirtualFileSystem.h"

using namespace clang;
using namespace llvm;

namespace ompgpu {
namespace nested {
namespace {

/// What every rewritten file gets at its top: the device runtime's launch
/// entry points, the trip count helper, and the host's count of target
/// regions running on the host (weak: one for the whole program).
std::string prelude() {
  return std::string("/* ompgpu-nested-teams: launches from the device "
                     "(docs/DESIGN.md, \"Dynamic parallelism\") */\n"
                     "#ifdef __cplusplus\nextern \"C\" {\n#endif\n"
                     "#if defined(__NVPTX__)\n"
                     "void *" OMPGPU_CHILD_KERNEL_MARKER
                     "(const char *, const char *, int);\n"
                     "void *" OMPGPU_CHILD_BEGIN_SYMBOL
                     "(unsigned long long);\n"
                     "int " OMPGPU_CHILD_LAUNCH_SYMBOL
                     "(void *, void *, const unsigned long long *, unsigned, "
                     "long long, int, int, void (*)(void *));\n"
                     "/* True, but no constant that clang folds (a byte of a\n"
                     "   constant read through a cast): the device compile\n"
                     "   still emits the kernel of the region in the branch\n"
                     "   it skips. LLVM folds it before OpenMPOpt, which then\n"
                     "   sees that branch dead. */\n"
                     "#pragma omp declare target\n"
                     "__attribute__((unused)) static const unsigned "
                     "__ompgpu_inline_path = 0x01010101u;\n"
                     "#pragma omp end declare target\n") +
         tripCountHelper() +
         "#else\n"
         "int omp_get_level(void);\n"
         "__attribute__((weak)) int __ompgpu_host_regions;\n"
         "__attribute__((unused)) static inline void "
         "__ompgpu_host_enter(void) {\n"
         "  __atomic_fetch_add(&__ompgpu_host_regions, 1, "
         "__ATOMIC_RELAXED);\n}\n"
         "__attribute__((unused)) static inline void "
         "__ompgpu_host_leave(void) {\n"
         "  __atomic_fetch_sub(&__ompgpu_host_regions, 1, "
         "__ATOMIC_RELAXED);\n}\n"
         "__attribute__((unused)) static inline int "
         "__ompgpu_host_nested(void) {\n"
         "  return omp_get_level() > 0 ||\n"
         "         __atomic_load_n(&__ompgpu_host_regions, __ATOMIC_RELAXED) "
         "> 0;\n}\n"
         "/* True, but no constant that clang folds: the host compile\n"
         "   still emits, and registers, the target region it guards,\n"
         "   whose kernel the device compile then emits too. */\n"
         "__attribute__((unused)) static inline int "
         "__ompgpu_host_always(void) { return 1; }\n"
         "#endif\n#ifdef __cplusplus\n}\n#endif\n#line 1\n";
}

bool isOrphanedTeamsLoop(const OMPExecutableDirective &D) {
  OpenMPDirectiveKind Kind = D.getDirectiveKind();
  return isOpenMPTargetExecutionDirective(Kind) &&
         isOpenMPTeamsDirective(Kind) && isOpenMPLoopDirective(Kind);
}

bool isDeviceFunction(const FunctionDecl *F) {
  const auto *Attr = F ? F->getAttr<OMPDeclareTargetDeclAttr>() : nullptr;
  return Attr && Attr->getDevType() != OMPDeclareTargetDeclAttr::DT_Host;
}

class DirectiveCollector : public RecursiveASTVisitor<DirectiveCollector> {
public:
  explicit DirectiveCollector(const SourceManager &SM) : SM(SM) {}
  bool VisitOMPExecutableDirective(OMPExecutableDirective *D) {
    if (isOpenMPTargetExecutionDirective(D->getDirectiveKind()) &&
        SM.isInMainFile(SM.getExpansionLoc(D->getBeginLoc())))
      Targets.push_back(D);
    return true;
  }
  std::vector<const OMPExecutableDirective *> Targets;

private:
  const SourceManager &SM;
};

/// The name clang-22 gives the kernel of target region \p D in \p F: the
/// same computation as its code generation, with the same library.
std::string kernelName(ASTContext &Ctx, const OMPExecutableDirective &D,
                       const FunctionDecl *F,
                       ArrayRef<const OMPExecutableDirective *> Targets) {
  const SourceManager &SM = Ctx.getSourceManager();
  auto FileAndLine = [&] {
    PresumedLoc Loc = SM.getPresumedLoc(D.getBeginLoc());
    return std::make_tuple(std::string(Loc.getFilename()),
                           uint64_t(Loc.getLine()));
  };
  std::string Parent = ASTNameGenerator(Ctx).getName(F);
  TargetRegionEntryInfo Info = OpenMPIRBuilder::getTargetEntryUniqueInfo(
      FileAndLine, *vfs::getRealFileSystem(), Parent);
  // Clang numbers the target regions of one function and line.
  for (const OMPExecutableDirective *Other : Targets) {
    if (Other == &D)
      break;
    if (enclosingFunction(Ctx, Other) == F &&
        lineOf(SM, Other->getBeginLoc()) == Info.Line)
      ++Info.Count;
  }
  SmallString<128> Name;
  TargetRegionEntryInfo::getTargetRegionEntryFnName(
      Name, Parent, Info.DeviceID, Info.FileID, Info.Line, Info.Count);
  return std::string(Name);
}

std::string quoted(StringRef Text) {
  std::string Result = "\"";
  for (char C : Text)
    Result += C == '"' || C == '\\' ? std::string("\\") + C : std::string(1, C);
  return Result + "\"";
}

/// The clause \p Name of \p Pragma that applies to the target construct
/// (without a modifier, or with "target:"), its argument without the
/// modifier; "" if there is none.
std::string targetClause(const OmpPragma &Pragma, StringRef Name) {
  for (const OmpClause &Clause : splitClauses(Pragma.Clauses)) {
    if (Clause.Name != Name)
      continue;
    StringRef Argument = Clause.Arguments;
    auto [Modifier, Rest] = Argument.split(':');
    if (Rest.empty() || Rest.starts_with(":"))
      return Argument.str(); // no modifier (or a C++ scope)
    if (Modifier.trim() == "target")
      return Rest.str();
  }
  return "";
}

/// One orphaned target teams loop region and what the rewrite does with it.
class OrphanedRegion {
public:
  OrphanedRegion(ASTContext &Ctx, StringRef Text, const OmpPragma &Pragma,
                 const OMPLoopDirective &D, const FunctionDecl *F,
                 std::string Kernel, unsigned Id)
      : Ctx(Ctx), Text(Text), Pragma(Pragma), D(D), F(F),
        Kernel(std::move(Kernel)), Id("_" + std::to_string(Id)) {}

  /// The edits for the region; \p Why says why the device runs it inline
  /// ("" if it launches).
  std::vector<Edit> plan(std::string &Why);

  bool isGenerated() const {
    return F->getName().starts_with(NestedFunctionPrefix);
  }
  /// The line clang reports for the region, after the #line directives of
  /// phase 1, which its kernel's name holds.
  unsigned line() const {
    return lineOf(Ctx.getSourceManager(), D.getBeginLoc());
  }

private:
  std::string whyNotLaunched();
  std::string description() const;
  std::string launchCode() const;
  std::string inlineLoop(StringRef Condition, StringRef Prefix) const;
  std::string sequentialCode() const;
  std::string hostCode() const;
  std::string frameMember(const VarDecl *V) const;
  void findSelfCalls();
  std::string regionText(unsigned Begin, unsigned End) const;
  std::string trampolineName() const;
  std::vector<Edit> trampoline() const;

  ASTContext &Ctx;
  StringRef Text;
  const OmpPragma &Pragma;
  const OMPLoopDirective &D;
  const FunctionDecl *F;
  std::string Kernel;
  std::string Id;

  ChildBarrier Barrier = OMPGPU_CHILD_FIRE_AND_FORGET;
  RegionTail Tail;
  /// Kernel arguments, in clang's order, as C expressions assigned to
  /// __ompgpu_f->__ompgpu_a[I] (by copy: a variable whose bytes are the
  /// argument).
  struct Argument {
    std::string Value;   ///< copied bytewise into the argument
    std::string Address; ///< or, taken as an address
    const VarDecl *Var = nullptr;
  };
  std::vector<Argument> Arguments;
  /// What the frame holds: variables the kernel takes by reference, and
  /// those the continuation reads.
  std::vector<const VarDecl *> Frame;
  std::vector<const VarDecl *> ContinuationVars;
  /// The main-file ranges of the callee names of the calls of F in the
  /// region's loop. clang-22's device compile recurses without end on a
  /// target region that calls its own function (emitting the function scans
  /// it for target regions, whose kernel refers to the function again), so
  /// they call a trampoline defined after F instead.
  std::vector<std::pair<unsigned, unsigned>> SelfCalls;
};

void OrphanedRegion::findSelfCalls() {
  struct Finder : RecursiveASTVisitor<Finder> {
    const FunctionDecl *Self;
    std::vector<const DeclRefExpr *> Callees;
    bool VisitCallExpr(CallExpr *Call) {
      const FunctionDecl *Callee = Call->getDirectCallee();
      const auto *Name =
          dyn_cast<DeclRefExpr>(Call->getCallee()->IgnoreParenImpCasts());
      if (Callee && Name &&
          Callee->getCanonicalDecl() == Self->getCanonicalDecl())
        Callees.push_back(Name);
      return true;
    }
  } Finder;
  Finder.Self = F;
  Finder.TraverseStmt(
      const_cast<Stmt *>(D.getInnermostCapturedStmt()->getCapturedStmt()));
  const SourceManager &SM = Ctx.getSourceManager();
  for (const DeclRefExpr *Name : Finder.Callees)
    if (!Name->getBeginLoc().isMacroID()) {
      unsigned Begin = offsetOf(SM, Name->getBeginLoc());
      SelfCalls.push_back({Begin, Begin + unsigned(F->getName().size())});
    }
}

std::string OrphanedRegion::regionText(unsigned Begin, unsigned End) const {
  std::vector<Edit> Renames;
  for (auto [CallBegin, CallEnd] : SelfCalls)
    if (Begin <= CallBegin && CallEnd <= End)
      Renames.push_back({CallBegin - Begin, CallEnd - Begin, trampolineName()});
  return applyEdits(Text.slice(Begin, End), std::move(Renames));
}

std::string OrphanedRegion::trampolineName() const {
  return "__ompgpu_call_" + F->getName().str() + Id;
}

/// The trampoline's declaration before F and its definition after F.
std::vector<Edit> OrphanedRegion::trampoline() const {
  if (SelfCalls.empty())
    return {};
  std::string Parameters, Arguments;
  for (const ParmVarDecl *Param : F->parameters()) {
    std::string Name =
        "__ompgpu_p" + std::to_string(Param->getFunctionScopeIndex());
    Parameters +=
        (Parameters.empty() ? "" : ", ") + declarationOf(Ctx, Param, Name);
    Arguments += (Arguments.empty() ? "" : ", ") + Name;
  }
  std::string Signature =
      "static " + F->getReturnType().getAsString(Ctx.getPrintingPolicy()) +
      " " + trampolineName() + "(" +
      (Parameters.empty() ? std::string("void") : Parameters) + ")";
  std::string Call = F->getName().str() + "(" + Arguments + ");";
  if (!F->getReturnType()->isVoidType())
    Call = "return " + Call;
  const SourceManager &SM = Ctx.getSourceManager();
  unsigned FunctionBegin = offsetOf(SM, F->getOuterLocStart());
  unsigned FunctionEnd = statementRange(F->getBody(), Ctx).second;
  return {{FunctionBegin, FunctionBegin,
           "\n#pragma omp declare target\n" + Signature +
               ";\n#pragma omp end declare target\n" +
               lineDirective(lineOf(SM, F->getOuterLocStart()))},
          {FunctionEnd, FunctionEnd,
           "\n#pragma omp declare target\n" + Signature + " { " + Call +
               " }\n#pragma omp end declare target\n" +
               lineDirective(lineOf(SM, F->getBody()->getEndLoc()))}};
}

std::string OrphanedRegion::frameMember(const VarDecl *V) const {
  return "v" + std::to_string(find(Frame, V) - Frame.begin()) + "_" +
         V->getName().str();
}

std::string OrphanedRegion::description() const {
  const SourceManager &SM = Ctx.getSourceManager();
  std::string File =
      sys::path::filename(SM.getPresumedLoc(D.getBeginLoc()).getFilename())
          .str();
  if (isGenerated()) {
    // __ompgpu_nested_<function>_l<line>
    StringRef Name =
        F->getName().drop_front(StringRef(NestedFunctionPrefix).size());
    Name = Name.rsplit("_l").first;
    return "the nested teams region at " + File + ":" +
           std::to_string(lineOf(SM, D.getBeginLoc())) + " in '" + Name.str() +
           "'";
  }
  return "the target teams region at " + File + ":" +
         std::to_string(lineOf(SM, D.getBeginLoc())) + " in '" +
         F->getNameAsString() + "'";
}

std::string OrphanedRegion::whyNotLaunched() {
  const CapturedStmt *Captured = D.getCapturedStmt(llvm::omp::OMPD_target);
  for (const CapturedStmt::Capture &Capture : Captured->captures()) {
    if (Capture.capturesThis())
      return "it uses 'this', which the child grid does not have";
    if (Capture.capturesVariableArrayType())
      return "it uses a variable-length array";
    const VarDecl *V = Capture.getCapturedVar();
    Argument Arg;
    Arg.Var = V;
    if (Capture.capturesVariableByCopy()) {
      if (isa<OMPCapturedExprDecl>(V))
        Arg.Value = "(" + declarationOf(Ctx, V, "") + ")(" +
                    tokensOf(Ctx, V->getInit()->getSourceRange()) + ")";
      else
        Arg.Value = V->getName().str();
    } else if (V->hasGlobalStorage()) {
      Arg.Address = "&" + V->getName().str();
    } else {
      // A parent's local: the child sees it in the frame.
      if (std::string Why = whyNotRedeclarable(Ctx, V); !Why.empty())
        return "it uses '" + V->getName().str() + "': " + Why;
      Frame.push_back(V);
    }
    Arguments.push_back(Arg);
  }
  for (const OmpClause &Clause : splitClauses(Pragma.Clauses))
    if (Clause.Name == "nowait")
      Barrier = OMPGPU_CHILD_NOWAIT;
  Tail = tailOf(Ctx, &D);
  if (Barrier == OMPGPU_CHILD_NOWAIT) {
    // The parent goes on, with its own copies of what the child changes.
    std::vector<const VarDecl *> Read =
        outsideVariables(Ctx, Tail.Continuation);
    for (const VarDecl *V : Frame)
      if (is_contained(Read, V))
        return "it is nowait and the code after it reads '" +
               V->getName().str() + "', which only the child would change";
    return "";
  }
  if (!Tail.Why.empty())
    return "the code after it would have to wait for the child grid: " +
           Tail.Why;
  if (Tail.Kind != Boundary::Function)
    return "it is not the last thing its function does";
  if (Tail.Continuation.empty())
    return "";
  if (!F->getReturnType()->isVoidType())
    return "its function returns a value, which the code after it computes";
  if (std::string Why = whyNotMovable(Tail.Continuation, true); !Why.empty())
    return "the code after it, which the child grid's last team would run, "
           "cannot move: " +
           Why;
  ContinuationVars = outsideVariables(Ctx, Tail.Continuation);
  for (const VarDecl *V : ContinuationVars) {
    if (std::string Why = whyNotRedeclarable(Ctx, V); !Why.empty())
      return "the code after it uses '" + V->getName().str() + "': " + Why;
    if (!is_contained(Frame, V))
      Frame.push_back(V);
  }
  Barrier = OMPGPU_CHILD_CONTINUATION;
  return "";
}

std::string OrphanedRegion::launchCode() const {
  std::string FrameType = "struct __ompgpu_frame" + Id;
  std::string Condition = targetClause(Pragma, "if");
  std::string NumTeams = targetClause(Pragma, "num_teams");
  std::string ThreadLimit = targetClause(Pragma, "thread_limit");
  std::string Code = "int __ompgpu_launched = 0;\n";
  Code += "if (" + (Condition.empty() ? std::string("1") : Condition) + ") {\n";
  Code += FrameType + " *__ompgpu_f = (" + FrameType + " *)" +
          OMPGPU_CHILD_BEGIN_SYMBOL + "(sizeof(" + FrameType + "));\n";
  Code += "if (__ompgpu_f) {\n";
  for (const VarDecl *V : Frame)
    Code += "__builtin_memcpy(&__ompgpu_f->" + frameMember(V) + ", &" +
            V->getName().str() + ", sizeof(__ompgpu_f->" + frameMember(V) +
            "));\n";
  unsigned Count = Arguments.size();
  // The arguments go in the launch record too, not in a local array: clang
  // gives a local whose address a call takes a data-sharing slot (device
  // heap memory at worst), allocated by every call of the function.
  Code += "__builtin_memset(__ompgpu_f->__ompgpu_a, 0, "
          "sizeof(__ompgpu_f->__ompgpu_a));\n";
  for (unsigned I = 0; I < Count; ++I) {
    const Argument &Arg = Arguments[I];
    std::string Slot = "__ompgpu_f->__ompgpu_a[" + std::to_string(I) + "]";
    if (!Arg.Value.empty() && isa<OMPCapturedExprDecl>(Arg.Var))
      Code += "{ " + declarationOf(Ctx, Arg.Var, "__ompgpu_e") + " = " +
              Arg.Value + "; __builtin_memcpy(&" + Slot +
              ", &__ompgpu_e, sizeof(__ompgpu_e)); }\n";
    else if (!Arg.Value.empty())
      Code += "__builtin_memcpy(&" + Slot + ", &" + Arg.Value + ", sizeof(" +
              Arg.Value + "));\n";
    else if (!Arg.Address.empty())
      Code += Slot + " = (unsigned long long)(void *)" + Arg.Address + ";\n";
    else
      Code += Slot + " = (unsigned long long)(void *)&__ompgpu_f->" +
              frameMember(Arg.Var) + ";\n";
  }
  Code +=
      std::string("__ompgpu_launched = ") + OMPGPU_CHILD_LAUNCH_SYMBOL + "(" +
      OMPGPU_CHILD_KERNEL_MARKER + "(" + quoted(Kernel) + ", " +
      quoted(description()) + ", " + std::to_string(Barrier) +
      "), __ompgpu_f, __ompgpu_f->__ompgpu_a, " + std::to_string(Count) + ", " +
      tripCountText(Ctx, D) + ", " +
      (NumTeams.empty() ? std::string("0") : "(int)(" + NumTeams + ")") + ", " +
      (ThreadLimit.empty() ? std::string("0") : "(int)(" + ThreadLimit + ")") +
      ", " +
      (Barrier == OMPGPU_CHILD_CONTINUATION ? "__ompgpu_cont" + Id
                                            : std::string("0")) +
      ");\n}\n}\n";
  Code += Barrier == OMPGPU_CHILD_NOWAIT ? "if (!__ompgpu_launched)\n"
                                         : "if (__ompgpu_launched) return;\n";
  return Code;
}

/// The clauses that mean nothing to one thread running the region's loop
/// by itself (reduction without a modifier: the thread accumulates into the
/// variable in the loop's order, which the reduction allows).
bool meansNothingSequentially(const OmpClause &Clause) {
  static const char *const Ignored[] = {
      "if",         "num_teams",     "thread_limit",    "nowait",
      "shared",     "default",       "collapse",        "dist_schedule",
      "schedule",   "proc_bind",     "num_threads",     "order",
      "map",        "is_device_ptr", "has_device_addr", "defaultmap",
      "device",     "simdlen",       "safelen",         "aligned",
      "nontemporal"};
  if (Clause.Name == "reduction")
    return !StringRef(Clause.Arguments).split(':').first.contains(',');
  return is_contained(Ignored, Clause.Name);
}

/// Whether \p S, or a function it calls whose body this file has, calls an
/// OpenMP API routine (omp_get_team_num and the like), whose answers differ
/// between the region's own teams and the thread that runs its loop.
bool asksOpenMP(const Stmt *S) {
  struct Finder : RecursiveASTVisitor<Finder> {
    llvm::SmallPtrSet<const FunctionDecl *, 8> Seen;
    bool Found = false;
    bool VisitCallExpr(CallExpr *Call) {
      const FunctionDecl *Callee = Call->getDirectCallee();
      if (!Callee)
        return true;
      if (Callee->getName().starts_with("omp_")) {
        Found = true;
        return false;
      }
      const FunctionDecl *Definition = Callee->getDefinition();
      if (Definition && Seen.insert(Definition).second)
        TraverseStmt(Definition->getBody());
      return !Found;
    }
  } Finder;
  Finder.TraverseStmt(const_cast<Stmt *>(S));
  return Finder.Found;
}

/// Where the device does not launch the region, its thread runs the loop as
/// written, instead of clang-22's inline code for the construct, which forks
/// a serialized parallel region and keeps the variables it shares (a
/// reduction's among them) in memory: BFS ran 2.5x slower than the same loop
/// without the construct. Only where the plain loop means the same: no clause
/// that gives the loop copies of variables, and loop variables declared by
/// the loops (a variable declared before would keep the last value), and no
/// question to the OpenMP runtime (the thread would answer for its own team).
std::string OrphanedRegion::sequentialCode() const {
  for (const OmpClause &Clause : splitClauses(Pragma.Clauses))
    if (!meansNothingSequentially(Clause))
      return "";
  const SourceManager &SM = Ctx.getSourceManager();
  const Stmt *Loop = D.getInnermostCapturedStmt()->getCapturedStmt();
  std::pair<unsigned, unsigned> LoopRange = statementRange(Loop, Ctx);
  if (asksOpenMP(Loop))
    return "";
  for (const Expr *Counter : D.counters()) {
    const auto *Ref = dyn_cast<DeclRefExpr>(Counter->IgnoreParenImpCasts());
    if (!Ref)
      return "";
    unsigned Declared = offsetOf(SM, Ref->getDecl()->getLocation());
    if (Declared < LoopRange.first || Declared >= LoopRange.second)
      return "";
  }
  return inlineLoop("*(const unsigned char *)&__ompgpu_inline_path", "") +
         "\n";
}

/// "if (Condition) { Prefix <the region's loop> } else": the inline paths of
/// the region, on the device and on the host, before its construct.
std::string OrphanedRegion::inlineLoop(StringRef Condition,
                                       StringRef Prefix) const {
  const Stmt *Loop = D.getInnermostCapturedStmt()->getCapturedStmt();
  std::pair<unsigned, unsigned> LoopRange = statementRange(Loop, Ctx);
  return "if (" + Condition.str() + ") {\n" + Prefix.str() +
         lineDirective(lineOf(Ctx.getSourceManager(), Loop->getBeginLoc())) +
         regionText(LoopRange.first, LoopRange.second) + "\n} else";
}

std::string OrphanedRegion::hostCode() const {
  std::string Code = inlineLoop(
      isGenerated() ? "__ompgpu_host_always()" : "__ompgpu_host_nested()",
      lineDirective(line()) + inlineLoopPragma(Pragma) + "\n");
  if (!isGenerated())
    Code += " { __ompgpu_host_enter();";
  return Code + "\n";
}

std::vector<Edit> OrphanedRegion::plan(std::string &Why) {
  const SourceManager &SM = Ctx.getSourceManager();
  Why = whyNotLaunched();
  findSelfCalls();
  const Stmt *Loop = D.getInnermostCapturedStmt()->getCapturedStmt();
  unsigned End = statementRange(Loop, Ctx).second;
  std::string Original = regionText(Pragma.Begin, End);
  unsigned EndLine = lineBefore(SM, End);
  std::string Region = "{\n#if defined(__NVPTX__)\n" +
                       (Why.empty() ? launchCode() : std::string()) +
                       sequentialCode() + "#else\n" + hostCode() + "#endif\n" +
                       lineDirective(line()) + Original;
  if (!isGenerated())
    Region += "\n#if !defined(__NVPTX__)\n__ompgpu_host_leave(); }\n#endif";
  Region += "\n}\n" + lineDirective(EndLine);
  std::vector<Edit> Edits = trampoline();
  Edits.push_back({Pragma.Begin, End, Region});
  if (!Why.empty())
    return Edits;

  // The frame, and the continuation the child's last team runs.
  std::string FrameType = "struct __ompgpu_frame" + Id;
  std::string Members;
  for (const VarDecl *V : Frame)
    Members += "  " + declarationOf(Ctx, V, frameMember(V)) + ";\n";
  Members += "  unsigned long long __ompgpu_a[" +
             std::to_string(Arguments.empty() ? 1 : Arguments.size()) + "];\n";
  std::string Continuation = "static void __ompgpu_cont" + Id + "(void *)";
  unsigned FunctionBegin = offsetOf(SM, F->getOuterLocStart());
  Edits.push_back(
      {FunctionBegin, FunctionBegin,
       "\n#if defined(__NVPTX__)\n" + FrameType + " {\n" + Members + "};\n" +
           (Barrier == OMPGPU_CHILD_CONTINUATION
                ? "#pragma omp declare target\n" + Continuation +
                      ";\n#pragma omp end declare target\n"
                : std::string()) +
           "#endif\n" + lineDirective(lineOf(SM, F->getOuterLocStart()))});
  if (Barrier != OMPGPU_CHILD_CONTINUATION)
    return Edits;
  std::string Body =
      FrameType + " *__ompgpu_f = (" + FrameType + " *)__ompgpu_frame;\n";
  for (const VarDecl *V : ContinuationVars)
    Body += declarationOf(Ctx, V, V->getName()) + ";\n__builtin_memcpy(&" +
            V->getName().str() + ", &__ompgpu_f->" + frameMember(V) +
            ", sizeof(" + V->getName().str() + "));\n";
  std::pair<unsigned, unsigned> Rest = {
      statementRange(Tail.Continuation.front(), Ctx).first,
      statementRange(Tail.Continuation.back(), Ctx).second};
  Body += lineDirective(lineOf(SM, Tail.Continuation.front()->getBeginLoc())) +
          textOf(Ctx, Rest).str() + "\n";
  unsigned FunctionEnd = statementRange(F->getBody(), Ctx).second;
  Edits.push_back(
      {FunctionEnd, FunctionEnd,
       "\n#if defined(__NVPTX__)\n#pragma omp declare target\nstatic void "
       "__ompgpu_cont" +
           Id + "(void *__ompgpu_frame) {\n" + Body +
           "}\n#pragma omp end declare target\n#endif\n" +
           lineDirective(lineOf(SM, F->getBody()->getEndLoc()))});
  return Edits;
}

/// A target region of a host function: on the host it counts as running, so
/// that the orphaned regions it reaches run inline in its host fallback.
std::vector<Edit> countHostRegion(ASTContext &Ctx, StringRef Text,
                                  const OmpPragma &Pragma,
                                  const OMPExecutableDirective &D) {
  const SourceManager &SM = Ctx.getSourceManager();
  unsigned End = statementRange(&D, Ctx).second;
  std::string Original = Text.slice(Pragma.Begin, End).str();
  return {
      {Pragma.Begin, End,
       "{\n#if !defined(__NVPTX__)\n__ompgpu_host_enter();\n#endif\n" +
           lineDirective(lineOf(SM, D.getBeginLoc())) + Original +
           "\n#if !defined(__NVPTX__)\n__ompgpu_host_leave();\n#endif\n}\n" +
           lineDirective(lineBefore(SM, End))}};
}

} // namespace

bool rewriteDeviceLaunches(std::string &Text, const RewriteInput &Input,
                           std::string &Error) {
  std::string Errors;
  std::unique_ptr<ASTUnit> AST =
      parseText(Text, Input.Path, Input.Compiler, Input.Options, Errors);
  if (!AST || !Errors.empty()) {
    Error = Errors.empty() ? "clang could not parse the file" : Errors;
    return false;
  }
  ASTContext &Ctx = AST->getASTContext();
  const SourceManager &SM = Ctx.getSourceManager();
  DirectiveCollector Collector(SM);
  Collector.TraverseAST(Ctx);
  std::vector<OmpPragma> Pragmas = scanOmpPragmas(Text);
  auto PragmaOf = [&](const OMPExecutableDirective *D) -> const OmpPragma * {
    unsigned Offset = offsetOf(SM, D->getBeginLoc());
    for (const OmpPragma &Pragma : Pragmas)
      if (Pragma.Begin <= Offset && Offset <= Pragma.End)
        return &Pragma;
    return nullptr;
  };

  std::vector<OrphanedRegion> Regions;
  std::vector<std::pair<const OmpPragma *, const OMPExecutableDirective *>>
      HostRegions;
  for (const OMPExecutableDirective *D : Collector.Targets) {
    const FunctionDecl *F = enclosingFunction(Ctx, D);
    const OmpPragma *Pragma = PragmaOf(D);
    if (!F || !Pragma)
      continue;
    if (!isDeviceFunction(F)) {
      HostRegions.push_back({Pragma, D});
      continue;
    }
    if (!isOrphanedTeamsLoop(*D))
      continue;
    Regions.emplace_back(Ctx, Text, *Pragma, cast<OMPLoopDirective>(*D), F,
                         kernelName(Ctx, *D, F, Collector.Targets),
                         Regions.size());
  }
  if (Regions.empty())
    return false;

  std::vector<Edit> Edits = {{0, 0, prelude()}};
  bool CountsHostRegions = false;
  for (OrphanedRegion &Region : Regions) {
    std::string Why;
    std::vector<Edit> Planned = Region.plan(Why);
    Edits.insert(Edits.end(), Planned.begin(), Planned.end());
    CountsHostRegions |= !Region.isGenerated();
    if (!Why.empty())
      Input.Remarks->missed(Input.DisplayPath, Region.line(), 1,
                            "the region stays inline on the device: " + Why);
  }
  if (CountsHostRegions)
    for (auto [Pragma, D] : HostRegions) {
      std::vector<Edit> Planned = countHostRegion(Ctx, Text, *Pragma, *D);
      Edits.insert(Edits.end(), Planned.begin(), Planned.end());
    }
  Text = applyEdits(Text, std::move(Edits));
  return true;
}

} // namespace nested
} // namespace ompgpu
