//===- CollapsedLoops.h - The shapes of clang's collapsed loops -*- C++ -*-===//
//
// What NarrowDivision, GridShapedLoops, AlignedRows and ThreadLoopUnroll know
// about the loop clang emits for a thread's share of a worksharing loop: its
// iteration number, bounded by a loop-invariant value; the divisions and
// remainders by loop-invariant trip counts that give a collapsed loop's
// indices, and the trip counts themselves; the sign extensions InstCombine
// makes of those indices; and what the passes that rewrite such loops share.
//
//===----------------------------------------------------------------------===//
#ifndef OMPGPU_TRANSFORMS_COLLAPSEDLOOPS_H
#define OMPGPU_TRANSFORMS_COLLAPSEDLOOPS_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstrTypes.h"

#include <optional>
#include <utility>

namespace llvm {
class DominatorTree;
class Instruction;
class Loop;
class LoopInfo;
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

/// A loop's iteration number X and the loop-invariant Bound its latch
/// compares the next one with, going round while `next Stay Bound` (ULE or
/// ULT) holds.
struct BoundedIndex {
  llvm::PHINode *X = nullptr;
  llvm::Value *Bound = nullptr;
  llvm::CmpInst::Predicate Stay = llvm::CmpInst::ICMP_ULE;
};

/// The bound of the iteration numbers of \p L where its latch goes round
/// only while the next one is at most (or below) a loop-invariant value, as
/// clang's loops over a thread's share do: the header's phi X and that value
/// B. Every X the loop sees is then X's first value or at most B. X has 64
/// bits, or 32 (compared extended) where clang's trip count is a constant
/// below 2^31. X is null where \p L is not such a loop.
BoundedIndex boundedIndex(const llvm::Loop &L);

/// \p V, a value known not to be negative, zero-extended to 64 bits.
llvm::Value *widen(llvm::IRBuilder<> &B, llvm::Value *V);

/// Whether \p L is in LCSSA form, put in it where its exits are its own:
/// values of the loop used after it then reach their users through phis of
/// its exits, which a pass that gives the loop a copy or a remainder can
/// extend.
bool formLoopLCSSA(llvm::Loop &L, llvm::DominatorTree &DT, llvm::LoopInfo &LI);

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

/// Makes \p Ext a 32-bit addition to \p Narrow, the 32-bit value of its
/// quotient or remainder, zero-extended, where the caller knows that value
/// plus the extension's offset stays below 2^31: the sign extension is then
/// a zero extension, and the backend multiplies it by the grid's extents with
/// one wide multiply instead of a 64-bit one.
void narrowIndexExtension(const IndexExtension &Ext, llvm::Value *Narrow);

/// A trip count as clang computes it from a 32-bit bound: the extension of
/// the low half of Source plus Offset. Clang's forms and InstCombine's
/// rewrites of them differ between the kernel's copy and the thread loop's
/// (sext, zext nneg, ashr(shl(Y, 32) + (C << 32), 32)); this is what they
/// have in common.
struct TripCount {
  llvm::Value *Source;
  int64_t Offset;
  bool operator==(const TripCount &O) const {
    return Source == O.Source && Offset == O.Offset;
  }
};

/// \p V as a TripCount: a 32-bit value or the 64-bit extension of one.
std::optional<TripCount> tripCountOf(llvm::Value *V);

/// Whether \p A and \p B are the same trip count (the same value, or the
/// same TripCount).
bool sameTripCount(llvm::Value *A, llvm::Value *B);

/// The factor of the product \p Product other than one equal to \p T, with
/// \p Product's width: a 32-bit product extended takes its factor extended
/// the same way, and one computed in 64 bits and masked to its low half
/// (InstCombine's form) the factor masked, built at \p B (with no builder:
/// the factor itself, of its own width). Null where \p Product has no such
/// factor.
llvm::Value *otherFactor(llvm::Value *Product, llvm::Value *T,
                         llvm::IRBuilder<> *B);

/// One division of a collapsed loop's index computation: the quotient of a
/// value by a loop-invariant divisor and its remainder (null where nothing
/// computes it: InstCombine folds i * pitch + j into X + i * (pitch - T)),
/// plus RemainderOffset (a folded remainder, below).
struct Level {
  llvm::BinaryOperator *Quotient;
  llvm::Instruction *Remainder;
  int64_t RemainderOffset = 0;
};

/// The divisions that give \p X's indices, outermost first: X divided by
/// D1, its remainder by D2, and so on, each remainder in clang's X - Q * D
/// form; empty if there is none. With \p FoldedRemainders, a division by a
/// constant D whose remainder InstCombine folded into the innermost index,
/// (X + lb) + Q * -D, has that as its remainder and lb as its offset (and
/// no division of it follows).
llvm::SmallVector<Level, 3> indexDivisions(llvm::PHINode &X,
                                           const llvm::Loop &L,
                                           bool FoldedRemainders = false);

/// The trip count clang bounds a loop's iteration numbers by: a product
/// A * T, T the innermost divisor, whose value less one reaches the loop's
/// \p Bound through the runtime's scheduling (extensions, phis, selects,
/// minimums). Null if none does.
llvm::BinaryOperator *tripProduct(llvm::Value *Bound, llvm::Value *T);

/// The trip count of a loop whose bounds are constants, where its \p Bound
/// is the last iteration number clang's constant trip count gives, reached
/// the same way: the largest such constant plus one that \p Divisor divides;
/// 0 where there is none.
uint64_t constantTripCount(llvm::Value *Bound, uint64_t Divisor);

/// The innermost index's lower bound lb, where clang's lb + (int)\p R shows
/// it (as an index extension, or as a 32-bit addition to the truncated
/// remainder \p R or to \p R itself); 0 elsewhere.
uint64_t lowerBound(llvm::Value &R);

/// Whether a value \p L computes is used after it.
bool hasLiveOuts(const llvm::Loop &L);

} // namespace ompgpu

#endif
