//===- StridedSection.h - Regular patterns of bytes to copy -----*- C++ -*-===//
//
// A non-contiguous array section (`target update to(a[0:n:2])`,
// `from(m[0:4][0:8:2])`) is a regular pattern of equally long runs of
// contiguous bytes. This unit reads clang-22's description of one, reduces it
// to the fewest dimensions, and cuts it into the 2-D and 3-D boxes that one
// driver copy each moves, so that a section costs a few copies, not one per
// element.
//
//===----------------------------------------------------------------------===//

#ifndef OMPTARGET_STRIDEDSECTION_H
#define OMPTARGET_STRIDEDSECTION_H

#include "omptarget.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace omptarget {

/// Depth slices of Height rows of Width contiguous bytes, each side with its
/// own distance between rows (pitch) and between slices: what one
/// cuMemcpy2DAsync (Depth 1) or cuMemcpy3DAsync copies.
struct CopyBox {
  size_t Width = 0;
  size_t Height = 1;
  size_t Depth = 1;
  size_t SrcPitch = 0, SrcSlicePitch = 0;
  size_t DstPitch = 0, DstSlicePitch = 0;

  /// One row: a plain contiguous copy.
  bool isContiguous() const { return Height == 1 && Depth == 1; }
};

/// Runs of Width bytes at the offsets sum(i_d * Pitch_d), 0 <= i_d < Count_d,
/// from the section's first byte. Dimensions are outermost first; each one's
/// pitch is at least the extent of the dimensions inside it, as in any array.
class StridedSection {
public:
  struct Dimension {
    uint64_t Count;
    uint64_t Pitch;
  };

  /// One run of \p Bytes.
  static StridedSection contiguous(uint64_t Bytes) {
    StridedSection S;
    S.Width = Bytes;
    return S;
  }

  /// The shape of clang-22's descriptor of \p NumDims records (see
  /// __tgt_target_non_contig): dimensions of one element are dropped and
  /// dimensions that continue the one inside them are merged, so that `a[0:8]`
  /// is one run and `m[0:4][0:8:2]` of `double m[4][16]` one dimension of 32
  /// runs of 8 bytes.
  static StridedSection fromDescriptor(const __tgt_target_non_contig *Dims,
                                       int64_t NumDims);

  /// The byte offset of the first element from the list item's base pointer
  /// in clang-22's descriptor. The innermost dimension's element size is the
  /// last record's stride; an outer dimension's is not recorded and is taken
  /// to be its stride, which is exact unless that dimension has both a lower
  /// bound and a stride other than 1 (`m[1:2:2][0:4]`).
  static uint64_t descriptorOffset(const __tgt_target_non_contig *Dims,
                                   int64_t NumDims);

  /// Bytes of each run; 0 for an empty section (a count of 0).
  uint64_t width() const { return Width; }
  const std::vector<Dimension> &dimensions() const { return Dims; }
  /// Bytes from the first byte of the first run to the end of the last.
  uint64_t span() const;
  /// Whether the byte at \p Offset from the first byte lies in a run.
  bool covers(uint64_t Offset) const;

  /// Calls \p F(Offset, Bytes) for each run, in address order.
  template <typename Fn> void forEachRun(Fn F) const {
    walk(Dims.size(), [&](uint64_t Offset) { F(Offset, Width); });
  }

  /// Calls \p F(Offset, Box) for boxes that together copy the section between
  /// two buffers of the same layout: one 3-D box where the two innermost
  /// dimensions allow it, else 2-D boxes, repeated over the outer dimensions.
  /// Each box's pitches are at most \p MaxPitch (the driver's limit); a
  /// dimension whose pitch exceeds it is walked run by run.
  template <typename Fn> void forEachBox(uint64_t MaxPitch, Fn F) const {
    size_t Inner = boxDimensions(MaxPitch);
    CopyBox Box = boxOf(Inner);
    walk(Dims.size() - Inner, [&](uint64_t Offset) { F(Offset, Box); });
  }

private:
  /// How many of the innermost dimensions one box covers (0 to 2).
  size_t boxDimensions(uint64_t MaxPitch) const;
  /// The box of the \p Inner innermost dimensions.
  CopyBox boxOf(size_t Inner) const;
  /// Calls \p F(Offset) for every index of the \p Outer outermost dimensions.
  template <typename Fn> void walk(size_t Outer, Fn F) const {
    std::vector<uint64_t> Index(Outer, 0);
    for (;;) {
      uint64_t Offset = 0;
      for (size_t D = 0; D < Outer; ++D)
        Offset += Index[D] * Dims[D].Pitch;
      F(Offset);
      // Odometer order: the innermost walked dimension moves fastest.
      size_t D = Outer;
      while (D > 0 && ++Index[D - 1] == Dims[D - 1].Count)
        Index[--D] = 0;
      if (D == 0)
        return;
    }
  }

  uint64_t Width = 0;
  std::vector<Dimension> Dims;
};

} // namespace omptarget

#endif // OMPTARGET_STRIDEDSECTION_H
