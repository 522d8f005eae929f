//===- Remarks.h - How our passes explain what they did ---------*- C++ -*-===//
//
// Every pass of ours reports what it changed, what it gave up on and why, as
// LLVM optimization remarks under one pass name, "ompgpu": -Rpass=ompgpu
// selects what changed, -Rpass-missed=ompgpu what did not and why, and
// -Rpass-analysis=ompgpu the facts behind the decisions. A remark points to
// the source line of its instruction or kernel where the program has one
// (built with -g, or with an -Rpass option at compile time, which makes clang
// track locations); its message also names the code in source terms, since
// clang names a target region's kernel after the function and line it is in.
//
//===----------------------------------------------------------------------===//
#ifndef OMPGPU_TRANSFORMS_REMARKS_H
#define OMPGPU_TRANSFORMS_REMARKS_H

#include "llvm/IR/DebugLoc.h"
#include "llvm/IR/Function.h"

#include <string>

namespace ompgpu {

/// The pass name of every remark of ours (what -Rpass=ompgpu matches).
inline constexpr char RemarkPassName[] = "ompgpu";

/// "the target region in 'main' at line 12" for clang's names of target
/// regions (__omp_offloading_<device>_<file>_<function>_l<line>, with suffixes
/// for the parallel regions outlined from them), else "function 'Name'".
std::string describeFunction(llvm::StringRef Name);

/// The instruction that remarks about \p F as a whole point to: its first one
/// with a source location, else its first one. \p F must have a body.
const llvm::Instruction &remarkAnchor(const llvm::Function &F);

/// " at line N" for \p I's source location, or "" if it has none.
std::string atLine(const llvm::Instruction &I);

/// Where the program's own code put \p I: the first place in its inlining
/// chain outside clang's math wrappers (__clang_cuda_math.h,
/// openmp_wrappers/cmath, ...), through which the program calls libdevice.
llvm::DebugLoc programLocation(const llvm::Instruction &I);

/// " at line N" for \p Loc, or "" if there is none.
std::string atLine(const llvm::DebugLoc &Loc);

} // namespace ompgpu

#endif
