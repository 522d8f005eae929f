//===- ImageSymbols.cpp - The symbols a cubin defines ---------------------===//
//
// A damaged image gives nullopt (ElfSymbols.h), and the loader then asks the
// driver as before.
//
//===----------------------------------------------------------------------===//

#include "ImageSymbols.h"
#include "ElfSymbols.h"

#include <algorithm>

using namespace omptarget;

std::optional<std::vector<std::string>>
omptarget::cubinDefinedSymbols(const void *Start, size_t Size) {
  std::vector<std::string> Names;
  if (!forEachElfSymbol(static_cast<const char *>(Start), Size, SHT_SYMTAB,
                        [&](const Elf64_Sym &Symbol, std::string Name) {
                          if (Symbol.st_shndx != SHN_UNDEF && !Name.empty())
                            Names.push_back(std::move(Name));
                        }))
    return std::nullopt;
  std::sort(Names.begin(), Names.end());
  return Names;
}
