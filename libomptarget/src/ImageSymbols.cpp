//===- ImageSymbols.cpp - The symbols a cubin defines ---------------------===//
//
// Every offset and size read from the file is checked against the image's
// bounds before it is used: a damaged image gives nullopt, and the loader
// then asks the driver as before.
//
//===----------------------------------------------------------------------===//

#include "ImageSymbols.h"

#include <algorithm>
#include <cstring>
#include <elf.h>

using namespace omptarget;

namespace {

/// Whether [Offset, Offset + Count * Each) lies within an image of Size bytes.
bool within(size_t Size, uint64_t Offset, uint64_t Count, uint64_t Each) {
  if (Offset > Size || (Each && Count > (Size - Offset) / Each))
    return false;
  return true;
}

template <typename T> T readAt(const char *Bytes, uint64_t Offset) {
  T Value;
  memcpy(&Value, Bytes + Offset, sizeof(T));
  return Value;
}

} // namespace

std::optional<std::vector<std::string>>
omptarget::cubinDefinedSymbols(const void *Start, size_t Size) {
  const char *Bytes = static_cast<const char *>(Start);
  if (Size < sizeof(Elf64_Ehdr) || memcmp(Bytes, ELFMAG, SELFMAG) != 0 ||
      Bytes[EI_CLASS] != ELFCLASS64)
    return std::nullopt;
  auto Header = readAt<Elf64_Ehdr>(Bytes, 0);
  if (Header.e_shentsize != sizeof(Elf64_Shdr) ||
      !within(Size, Header.e_shoff, Header.e_shnum, sizeof(Elf64_Shdr)))
    return std::nullopt;
  auto Section = [&](uint64_t Index) {
    return readAt<Elf64_Shdr>(Bytes,
                              Header.e_shoff + Index * sizeof(Elf64_Shdr));
  };
  for (uint64_t Index = 0; Index < Header.e_shnum; ++Index) {
    Elf64_Shdr Table = Section(Index);
    if (Table.sh_type != SHT_SYMTAB)
      continue;
    if (Table.sh_link >= Header.e_shnum ||
        !within(Size, Table.sh_offset, Table.sh_size / sizeof(Elf64_Sym),
                sizeof(Elf64_Sym)))
      return std::nullopt;
    Elf64_Shdr Strings = Section(Table.sh_link);
    if (!within(Size, Strings.sh_offset, Strings.sh_size, 1))
      return std::nullopt;
    std::vector<std::string> Names;
    for (uint64_t S = 0; S < Table.sh_size / sizeof(Elf64_Sym); ++S) {
      auto Symbol =
          readAt<Elf64_Sym>(Bytes, Table.sh_offset + S * sizeof(Elf64_Sym));
      if (Symbol.st_shndx == SHN_UNDEF || Symbol.st_name >= Strings.sh_size)
        continue;
      const char *Name = Bytes + Strings.sh_offset + Symbol.st_name;
      size_t Length = strnlen(Name, Strings.sh_size - Symbol.st_name);
      if (Length && Length < Strings.sh_size - Symbol.st_name)
        Names.emplace_back(Name, Length);
    }
    std::sort(Names.begin(), Names.end());
    return Names;
  }
  return std::nullopt;
}
