//===- CollapsedLoops.h - The shapes of clang's collapsed loops -*- C++ -*-===//
//
// What NarrowDivision and AlignedRows know about the loop clang emits for a
// thread's share of a worksharing loop: its iteration number, bounded by a
// loop-invariant value; the divisions and remainders by loop-invariant trip
// counts that give a collapsed loop's indices; the sign extensions InstCombine
// makes of those indices.
//
//===----------------------------------------------------------------------===//
#ifndef OMPGPU_TRANSFORMS_COLLAPSEDLOOPS_H
#define OMPGPU_TRANSFORMS_COLLAPSEDLOOPS_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/IR/InstrTypes.h"

#include <utility>

namespace llvm {
class Instruction;
class Loop;
class PHINode;
} // namespace llvm

namespace ompgpu {

/// Whether \p Op gives a quotient (rather than a remainder).
bool isQuotient(const llvm::BinaryOperator &Op);

/// Clang computes a collapsed loop's inner index as X - (X / D) * D: the
/// remainders of \p Div in that form (none where \p Div is itself a
/// remainder).
llvm::SmallVector<llvm::Instruction *, 2>
remaindersOf(llvm::BinaryOperator &Div);

/// The bound of the iteration numbers of \p L where its latch goes round
/// only while the next one is at most (or below) a loop-invariant value, as
/// clang's loops over a thread's share do: the header's phi X and that value
/// B. Every X the loop sees is then X's first value or at most B.
std::pair<llvm::PHINode *, llvm::Value *> boundedIndex(const llvm::Loop &L);

/// Clang's collapsed-loop index `lb + (int)Q`, sign-extended for
/// addressing, which InstCombine has made ashr(shl(Q, 32) + (lb << 32), 32):
/// the extension, Q (a division or remainder) and lb: a constant, or a value
/// (AlignedRows' lb less the row's offset, lb << 32 then a shift of it) with
/// Offset its largest.
struct IndexExtension {
  llvm::Instruction *Extension;
  llvm::Value *Of;
  uint64_t Offset;
  llvm::Value *OffsetValue = nullptr;
};

/// The index extensions of \p V (see IndexExtension) with an offset in
/// [0, 2^30).
void findIndexExtensions(llvm::Value &V,
                         llvm::SmallVectorImpl<IndexExtension> &Found);

} // namespace ompgpu

#endif
