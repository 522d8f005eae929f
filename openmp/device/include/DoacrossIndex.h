//===- DoacrossIndex.h - Iteration numbers of doacross loops ----*- C++ -*-===//
//
// A doacross loop (ordered(n) with depend(sink:)/depend(source), or
// doacross(sink:)/doacross(source:)) keeps one flag per iteration of its
// n-dimensional iteration space, numbered in the loop's (lexicographic)
// order. Clang describes each dimension with libomp's kmp_dim {lo, up, st},
// lo and up inclusive, and names an iteration by the vector of its indices in
// those terms; clang-22 passes lo 0, up the trip count and st 1, which gives
// each dimension one iteration more than the loop has, an iteration nobody
// posts or waits for. Free of device code so that the host tests it.
//
//===----------------------------------------------------------------------===//

#ifndef OMPGPU_DEVICE_DOACROSSINDEX_H
#define OMPGPU_DEVICE_DOACROSSINDEX_H

#include "DeviceTypes.h"

namespace ompgpu {
namespace doacross {

/// kmp_dim, as clang lays it out.
struct Dimension {
  int64_t Lower;
  int64_t Upper;
  int64_t Stride;
};

/// The index of Value along dimension D (in steps of its stride from its
/// lower bound), or false if Value lies outside the dimension. D.Stride is
/// not 0.
inline bool indexIn(const Dimension &D, int64_t Value, uint64_t &Index) {
  // Bit patterns as unsigned: differences of in-range values do not wrap.
  if (D.Stride > 0) {
    if (Value < D.Lower || Value > D.Upper)
      return false;
    Index = (uint64_t(Value) - uint64_t(D.Lower)) / uint64_t(D.Stride);
  } else {
    if (Value > D.Lower || Value < D.Upper)
      return false;
    Index = (uint64_t(D.Lower) - uint64_t(Value)) / (0 - uint64_t(D.Stride));
  }
  return true;
}

/// The number of iterations of dimension D, or false if it does not fit in
/// 64 bits (a full-range dimension with a stride of 1). D.Stride is not 0.
inline bool lengthOf(const Dimension &D, uint64_t &Length) {
  uint64_t Last;
  // Upper is in the dimension unless it is empty.
  if (!indexIn(D, D.Upper, Last)) {
    Length = 0;
    return true;
  }
  Length = Last + 1;
  return Length != 0;
}

/// The number of iterations of the whole space, or false where it does not
/// fit in 64 bits or a stride is 0.
inline bool iterationCount(const Dimension *Dims, uint32_t NumDims,
                           uint64_t &Count) {
  Count = 1;
  for (uint32_t I = 0; I < NumDims; ++I) {
    uint64_t Length;
    if (Dims[I].Stride == 0 || !lengthOf(Dims[I], Length))
      return false;
    if (Length && Count > ~uint64_t(0) / Length)
      return false;
    Count *= Length;
  }
  return true;
}

/// The number, in the loop's order, of the iteration Vector names, or false
/// if it lies outside the space (such waits wait for nothing). Lengths are
/// the dimensions' lengthOf.
inline bool linearIndex(const Dimension *Dims, const uint64_t *Lengths,
                        uint32_t NumDims, const int64_t *Vector,
                        uint64_t &Index) {
  Index = 0;
  for (uint32_t I = 0; I < NumDims; ++I) {
    uint64_t Along;
    if (!indexIn(Dims[I], Vector[I], Along))
      return false;
    Index = Index * Lengths[I] + Along;
  }
  return true;
}

} // namespace doacross
} // namespace ompgpu

#endif // OMPGPU_DEVICE_DOACROSSINDEX_H
