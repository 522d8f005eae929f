//===- StridedSection.cpp - Regular patterns of bytes to copy -------------===//
//
// clang-22 describes `a[lower:count:stride]` in each dimension by the lower
// bound, the count and the byte distance between the section's consecutive
// elements, plus a last record for the element. Fewer dimensions mean larger
// driver copies: a dimension whose elements follow each other without a gap
// extends the run inside it, and one whose pitch spans exactly the dimension
// inside it extends that dimension.
//
//===----------------------------------------------------------------------===//

#include "StridedSection.h"

#include <algorithm>

using namespace omptarget;

StridedSection
StridedSection::fromDescriptor(const __tgt_target_non_contig *Descriptor,
                               int64_t NumDims) {
  StridedSection S;
  if (NumDims < 1 ||
      std::any_of(Descriptor, Descriptor + NumDims,
                  [](const __tgt_target_non_contig &D) { return !D.Count; }))
    return S;
  // The element record: Count elements of Stride bytes (clang-22 writes a
  // count of 1).
  const __tgt_target_non_contig &Element = Descriptor[NumDims - 1];
  S.Width = Element.Count * Element.Stride;
  // Inside out; Dims collects them innermost first until the end.
  for (int64_t I = NumDims - 2; I >= 0; --I) {
    const __tgt_target_non_contig &D = Descriptor[I];
    if (D.Count == 1)
      continue;
    if (S.Dims.empty() && D.Stride == S.Width) {
      S.Width *= D.Count;
      continue;
    }
    if (!S.Dims.empty() &&
        D.Stride == S.Dims.back().Count * S.Dims.back().Pitch) {
      S.Dims.back().Count *= D.Count;
      continue;
    }
    S.Dims.push_back({D.Count, D.Stride});
  }
  std::reverse(S.Dims.begin(), S.Dims.end());
  return S;
}

uint64_t
StridedSection::descriptorOffset(const __tgt_target_non_contig *Descriptor,
                                 int64_t NumDims) {
  if (NumDims < 1)
    return 0;
  uint64_t ElementSize = Descriptor[NumDims - 1].Stride;
  uint64_t Offset = Descriptor[NumDims - 1].Offset * ElementSize;
  for (int64_t I = 0; I + 1 < NumDims; ++I) {
    const __tgt_target_non_contig &D = Descriptor[I];
    Offset += D.Offset * (I + 2 == NumDims ? ElementSize : D.Stride);
  }
  return Offset;
}

uint64_t StridedSection::span() const {
  uint64_t Span = Width;
  for (const Dimension &D : Dims)
    Span += (D.Count - 1) * D.Pitch;
  return Span;
}

bool StridedSection::covers(uint64_t Offset) const {
  if (Offset >= span())
    return false;
  // Each pitch spans the dimensions inside it, so the outermost index is
  // the quotient by its pitch, and so on inwards.
  for (const Dimension &D : Dims)
    Offset -= std::min(Offset / D.Pitch, D.Count - 1) * D.Pitch;
  return Offset < Width;
}

size_t StridedSection::boxDimensions(uint64_t MaxPitch) const {
  size_t K = Dims.size();
  if (K == 0 || Dims[K - 1].Pitch > MaxPitch)
    return 0;
  // A 3-D copy steps from slice to slice by a whole number of rows.
  if (K >= 2 && Dims[K - 2].Pitch % Dims[K - 1].Pitch == 0)
    return 2;
  return 1;
}

CopyBox StridedSection::boxOf(size_t Inner) const {
  CopyBox Box;
  Box.Width = Width;
  size_t K = Dims.size();
  if (Inner >= 1) {
    Box.Height = Dims[K - 1].Count;
    Box.SrcPitch = Box.DstPitch = Dims[K - 1].Pitch;
  }
  if (Inner == 2) {
    Box.Depth = Dims[K - 2].Count;
    Box.SrcSlicePitch = Box.DstSlicePitch = Dims[K - 2].Pitch;
  }
  return Box;
}
