//===- AlignedRows.h - Collapsed loops' rows in whole warps ----*- C++ -*-===//
//
// A collapsed loop numbers its iterations row by row: the innermost index is
// the iteration number's remainder by the innermost trip count T. GridStride
// Loops hands a team's threads consecutive iteration numbers, so a warp's 32
// iterations start wherever the previous warp's ended: rows whose length is
// not a multiple of 32 (a stencil's interior, 1 to n - 2) put warps across
// two rows, and the innermost index of a warp's first lane at any offset, so
// each of the warp's loads of a row touches one more 32-byte sector than an
// aligned one would. A CUDA grid of 32-wide blocks over the whole row
// (threads outside the interior idle) keeps each warp inside one row and
// aligned. Measured on an H100 (CUDA kernels, the same 510^3 interior of a
// 512^3 stencil): 4 iterations a thread in collapsed order 877-881 us, the
// same with rows padded to 512 and aligned 816-819, the CUDA twin 802-810.
//
// This pass gives the iteration numbers of such a loop (the thread's loop
// over its share in a kernel GridStrideLoops converted, where nothing reads
// which thread ran the last iteration) a padded numbering: rows of P, T plus
// the offset o rounded up to a multiple of 32, where o is the innermost
// index's lower bound modulo 32 (clang's lb + (int)remainder). Iteration
// number X' gives the row X' / P and the column c = X' % P; the iteration is
// padding unless o <= c < o + T, and otherwise the original iteration
// (X' / P) * T + c - o, whose indices the loop computes from the row and the
// column without another division. The innermost index is then lb - o + c:
// lanes hold consecutive indices and lane 0 an index that is a multiple of
// 32. The loop skips padding iterations to its latch.
//
// The loop's bound comes from the trip count clang computes, A * T: it
// becomes A * P in every use (the teams' blocks, the distribute loop). Rows
// are padded where that adds at most 1/OMPGPU_PADDED_ROWS_SLACK to the
// iterations; elsewhere the kernel takes P = T and o = 0, the original
// numbering, in the same loop (two versions of it would compute the
// reciprocals of both versions' divisors). The kernel gets a global that has
// the host launch teams for that many more iterations
// (OMPGPU_KERNEL_PADDED_ROWS_SUFFIX), so that the padded loop still fits its
// blocks. The pass runs once inlining is done, on a kernel's one thread loop;
// a trip count that bounds another loop too (a copy made earlier) leaves the
// kernel alone.
//
//===----------------------------------------------------------------------===//
#ifndef OMPGPU_TRANSFORMS_ALIGNEDROWS_H
#define OMPGPU_TRANSFORMS_ALIGNEDROWS_H

#include "llvm/IR/PassManager.h"

namespace ompgpu {

/// Pads the rows of the collapsed loops of grid-stride kernels to whole,
/// aligned warps (see above).
struct AlignedRowsPass : llvm::PassInfoMixin<AlignedRowsPass> {
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &);
};

} // namespace ompgpu

#endif
