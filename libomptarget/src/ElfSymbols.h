//===- ElfSymbols.h - A 64-bit ELF file's symbol table ----------*- C++ -*-===//
//
// The runtime reads two kinds of ELF file through their symbol tables: the
// host program's objects, to name the function that called it (HostCaller),
// and cubins registered without a manifest, to know what they define
// (ImageSymbols). Every offset and size read from the file is checked against
// its bounds, so a damaged file reads as one without the table.
//
//===----------------------------------------------------------------------===//

#ifndef OMPTARGET_ELFSYMBOLS_H
#define OMPTARGET_ELFSYMBOLS_H

#include <cstdint>
#include <cstring>
#include <elf.h>
#include <string>

namespace omptarget {

/// Calls \p Visit(Symbol, Name) for each symbol, in order, of the first
/// section of type \p Type (SHT_SYMTAB or SHT_DYNSYM) that lies, with its
/// string table, within the ELF file [File, File + Size). Returns false if
/// the file is not a 64-bit ELF file or has no such section.
template <typename VisitFn>
bool forEachElfSymbol(const char *File, size_t Size, uint32_t Type,
                      VisitFn Visit) {
  auto Inside = [&](uint64_t Offset, uint64_t Bytes) {
    return Offset <= Size && Bytes <= Size - Offset;
  };
  if (!Inside(0, sizeof(Elf64_Ehdr)) || memcmp(File, ELFMAG, SELFMAG) != 0 ||
      File[EI_CLASS] != ELFCLASS64)
    return false;
  Elf64_Ehdr Header;
  memcpy(&Header, File, sizeof(Header));
  if (Header.e_shentsize != sizeof(Elf64_Shdr) ||
      !Inside(Header.e_shoff, uint64_t(Header.e_shnum) * sizeof(Elf64_Shdr)))
    return false;
  auto Section = [&](uint64_t Index) {
    Elf64_Shdr S;
    memcpy(&S, File + Header.e_shoff + Index * sizeof(S), sizeof(S));
    return S;
  };
  for (uint64_t Index = 0; Index < Header.e_shnum; ++Index) {
    Elf64_Shdr Table = Section(Index);
    if (Table.sh_type != Type || Table.sh_link >= Header.e_shnum ||
        !Inside(Table.sh_offset, Table.sh_size))
      continue;
    Elf64_Shdr Strings = Section(Table.sh_link);
    if (!Inside(Strings.sh_offset, Strings.sh_size))
      continue;
    for (uint64_t S = 0; S < Table.sh_size / sizeof(Elf64_Sym); ++S) {
      Elf64_Sym Symbol;
      memcpy(&Symbol, File + Table.sh_offset + S * sizeof(Symbol),
             sizeof(Symbol));
      if (Symbol.st_name >= Strings.sh_size)
        continue;
      const char *Name = File + Strings.sh_offset + Symbol.st_name;
      Visit(Symbol,
            std::string(Name, strnlen(Name, Strings.sh_size - Symbol.st_name)));
    }
    return true;
  }
  return false;
}

} // namespace omptarget

#endif // OMPTARGET_ELFSYMBOLS_H
