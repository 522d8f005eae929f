// Unit test of streamingCopy (StreamingCopy.h), which LargeCopies uses to
// copy staged data into the program's memory: every destination and source
// alignment within 64 bytes and lengths around the 16- and 64-byte steps
// copy exactly the source's bytes and touch nothing around them.
// RUN: %host-clangxx -std=c++17 -O2 -I%runtime-include/../src %runtime-include/../src/StreamingCopy.cpp %s -o %t
// RUN: %t | FileCheck %s
// CHECK: streaming copies: 0 wrong of {{[0-9]+}}

#include "StreamingCopy.h"

#include <algorithm>
#include <cstdio>
#include <vector>

int main() {
  constexpr size_t Guard = 80, MaxLength = 4096 + 200;
  std::vector<unsigned char> Src(MaxLength + Guard), Dst(MaxLength + 2 * Guard);
  for (size_t I = 0; I < Src.size(); ++I)
    Src[I] = static_cast<unsigned char>(I * 7 + 3);
  const size_t Lengths[] = {0,   1,   15,  16,   17,   63,   64,   65,
                            127, 128, 129, 1000, 4095, 4096, 4097, MaxLength};
  unsigned Copies = 0, Wrong = 0;
  for (size_t DstOffset = 0; DstOffset < 64; ++DstOffset)
    for (size_t SrcOffset = 0; SrcOffset < 64; SrcOffset += 7)
      for (size_t Length : Lengths) {
        std::fill(Dst.begin(), Dst.end(), 0xA5);
        omptarget::streamingCopy(Dst.data() + Guard + DstOffset,
                                 Src.data() + SrcOffset, Length);
        bool Ok = true;
        for (size_t I = 0; I < Dst.size(); ++I) {
          size_t At = I - Guard - DstOffset;
          bool Inside = I >= Guard + DstOffset && At < Length;
          Ok &= Dst[I] == (Inside ? Src[SrcOffset + At] : 0xA5);
        }
        ++Copies;
        if (!Ok && Wrong++ < 5)
          std::printf("wrong: destination +%zu, source +%zu, %zu bytes\n",
                      DstOffset, SrcOffset, Length);
      }
  std::printf("streaming copies: %u wrong of %u\n", Wrong, Copies);
  return Wrong != 0;
}
