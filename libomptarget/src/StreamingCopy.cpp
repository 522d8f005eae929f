//===- StreamingCopy.cpp - Copies that bypass the host's caches -----------===//
//
// SSE2's 16-byte non-temporal store is part of every x86-64 processor, so no
// dispatch by processor is needed; wider stores move no more bytes a second
// once memory is the bound.
//
//===----------------------------------------------------------------------===//

#include "StreamingCopy.h"

#include <cstdint>
#include <cstring>

#if defined(__x86_64__)
#include <emmintrin.h>
#endif

void omptarget::streamingCopy(void *Dst, const void *Src, size_t Size) {
#if defined(__x86_64__)
  char *To = static_cast<char *>(Dst);
  const char *From = static_cast<const char *>(Src);
  // Non-temporal stores need 16-byte aligned destinations.
  size_t Head = (16 - (reinterpret_cast<uintptr_t>(To) & 15)) & 15;
  if (Head >= Size) {
    memcpy(To, From, Size);
    return;
  }
  memcpy(To, From, Head);
  To += Head;
  From += Head;
  Size -= Head;
  size_t Blocks = Size / 64;
  for (size_t B = 0; B < Blocks; ++B, To += 64, From += 64) {
    __m128i A = _mm_loadu_si128(reinterpret_cast<const __m128i *>(From));
    __m128i C = _mm_loadu_si128(reinterpret_cast<const __m128i *>(From + 16));
    __m128i D = _mm_loadu_si128(reinterpret_cast<const __m128i *>(From + 32));
    __m128i E = _mm_loadu_si128(reinterpret_cast<const __m128i *>(From + 48));
    _mm_stream_si128(reinterpret_cast<__m128i *>(To), A);
    _mm_stream_si128(reinterpret_cast<__m128i *>(To + 16), C);
    _mm_stream_si128(reinterpret_cast<__m128i *>(To + 32), D);
    _mm_stream_si128(reinterpret_cast<__m128i *>(To + 48), E);
  }
  memcpy(To, From, Size % 64);
  _mm_sfence();
#else
  memcpy(Dst, Src, Size);
#endif
}
