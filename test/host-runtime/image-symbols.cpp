// Unit test of cubinDefinedSymbols (ImageSymbols.h), which tells the image
// loader what a cubin without a manifest defines, so that it does not ask the
// driver for symbols the image lacks: a cubin that ptxas made lists its
// kernel and globals and nothing it does not define; PTX text, a truncated
// cubin and a cubin whose section table points past its end give nothing.
// RUN: %ptxas -arch=sm_90 %S/Inputs/image-symbols.ptx -o %t.cubin
// RUN: %host-clangxx -std=c++17 -I%runtime-include/../src %runtime-include/../src/ImageSymbols.cpp %s -o %t
// RUN: %t %t.cubin | FileCheck %s

#include "ImageSymbols.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <elf.h>
#include <fstream>
#include <iterator>
#include <vector>

using namespace omptarget;

static bool lists(const std::vector<std::string> &Names, const char *Name) {
  return std::binary_search(Names.begin(), Names.end(), Name);
}

int main(int Argc, char **Argv) {
  if (Argc != 2)
    return 2;
  std::ifstream File(Argv[1], std::ios::binary);
  std::vector<char> Cubin((std::istreambuf_iterator<char>(File)),
                          std::istreambuf_iterator<char>());
  auto Names = cubinDefinedSymbols(Cubin.data(), Cubin.size());
  // CHECK: cubin: read
  printf("cubin: %s\n", Names ? "read" : "not read");
  if (!Names)
    return 1;
  // CHECK-NEXT: kernel 1 counter 1 kernel_environment 1 missing 0
  printf("kernel %d counter %d kernel_environment %d missing %d\n",
         lists(*Names, "kernel"), lists(*Names, "counter"),
         lists(*Names, "kernel_environment"), lists(*Names, "missing"));
  // CHECK-NEXT: sorted 1
  printf("sorted %d\n", std::is_sorted(Names->begin(), Names->end()));

  const char Ptx[] = ".version 8.0\n.target sm_90\n";
  // CHECK-NEXT: ptx: not read
  printf("ptx: %s\n",
         cubinDefinedSymbols(Ptx, sizeof(Ptx)) ? "read" : "not read");
  // CHECK-NEXT: truncated: not read
  printf("truncated: %s\n",
         cubinDefinedSymbols(Cubin.data(), sizeof(Elf64_Ehdr) + 8)
             ? "read"
             : "not read");
  std::vector<char> Damaged = Cubin;
  Elf64_Ehdr Header;
  memcpy(&Header, Damaged.data(), sizeof(Header));
  Header.e_shoff = Damaged.size() - 8;
  memcpy(Damaged.data(), &Header, sizeof(Header));
  // CHECK-NEXT: damaged: not read
  printf("damaged: %s\n", cubinDefinedSymbols(Damaged.data(), Damaged.size())
                              ? "read"
                              : "not read");
  return 0;
}
