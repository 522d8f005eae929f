//===- HostCaller.cpp - The program function that called the runtime ------===//
//
// Walks the call stack with the unwinder (backtrace), finds the loaded object
// of each return address with dl_iterate_phdr and names the function from the
// object file's .symtab (or .dynsym; ElfSymbols.h), read once per file and
// kept sorted.
//
//===----------------------------------------------------------------------===//

#include "HostCaller.h"
#include "ElfSymbols.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <execinfo.h>
#include <fcntl.h>
#include <link.h>
#include <map>
#include <mutex>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

using namespace omptarget;

namespace {

/// A loaded ELF object: its load bias (file addresses + Bias = run-time
/// addresses) and its file.
struct LoadedObject {
  uintptr_t Bias = 0;
  std::string Path;
  bool Found = false;
};

LoadedObject objectAt(uintptr_t Address) {
  struct Search {
    uintptr_t Address;
    LoadedObject Object;
  } S{Address, {}};
  dl_iterate_phdr(
      [](dl_phdr_info *Info, size_t, void *Data) {
        auto *S = static_cast<Search *>(Data);
        for (int I = 0; I < Info->dlpi_phnum; ++I) {
          const ElfW(Phdr) &P = Info->dlpi_phdr[I];
          uintptr_t Start = Info->dlpi_addr + P.p_vaddr;
          if (P.p_type == PT_LOAD && S->Address >= Start &&
              S->Address < Start + P.p_memsz) {
            // The main program has no name here.
            S->Object = {Info->dlpi_addr,
                         *Info->dlpi_name ? Info->dlpi_name : "/proc/self/exe",
                         true};
            return 1;
          }
        }
        return 0;
      },
      &S);
  return S.Object;
}

struct Function {
  uint64_t Start, End;
  HostFunction Named;
};

/// The functions of the ELF file \p Path by file address, sorted; empty if
/// the file cannot be read or has no symbols.
std::vector<Function> readFunctions(const std::string &Path) {
  std::vector<Function> Functions;
  int Fd = open(Path.c_str(), O_RDONLY | O_CLOEXEC);
  if (Fd < 0)
    return Functions;
  struct stat St;
  void *Map = MAP_FAILED;
  if (fstat(Fd, &St) == 0 && St.st_size > 0)
    Map = mmap(nullptr, St.st_size, PROT_READ, MAP_PRIVATE, Fd, 0);
  close(Fd);
  if (Map == MAP_FAILED)
    return Functions;
  const char *File = static_cast<const char *>(Map);
  size_t Size = static_cast<size_t>(St.st_size);
  // .symtab names every function; .dynsym, all a stripped file keeps, only
  // the exported ones.
  for (uint32_t Type : {SHT_SYMTAB, SHT_DYNSYM}) {
    // The linker keeps each object's local symbols after a symbol naming its
    // source file; global ones come last, without one.
    std::string SourceFile;
    forEachElfSymbol(
        File, Size, Type, [&](const Elf64_Sym &Sym, std::string Name) {
          if (ELF64_ST_TYPE(Sym.st_info) == STT_FILE)
            SourceFile = Name;
          if (ELF64_ST_TYPE(Sym.st_info) != STT_FUNC || Sym.st_size == 0 ||
              Sym.st_shndx == SHN_UNDEF)
            return;
          bool Local = ELF64_ST_BIND(Sym.st_info) == STB_LOCAL;
          Functions.push_back({Sym.st_value,
                               Sym.st_value + Sym.st_size,
                               {std::move(Name), Local ? SourceFile : ""}});
        });
    if (!Functions.empty())
      break;
  }
  munmap(Map, Size);
  std::sort(
      Functions.begin(), Functions.end(),
      [](const Function &A, const Function &B) { return A.Start < B.Start; });
  return Functions;
}

/// The function at file address \p Address of \p Path.
HostFunction functionAt(const std::string &Path, uint64_t Address) {
  static std::mutex Mutex;
  static std::map<std::string, std::vector<Function>> *Files =
      new std::map<std::string, std::vector<Function>>();
  std::lock_guard<std::mutex> Lock(Mutex);
  auto It = Files->find(Path);
  if (It == Files->end())
    It = Files->emplace(Path, readFunctions(Path)).first;
  const std::vector<Function> &Functions = It->second;
  auto After = std::upper_bound(
      Functions.begin(), Functions.end(), Address,
      [](uint64_t A, const Function &F) { return A < F.Start; });
  if (After == Functions.begin())
    return {};
  const Function &F = *std::prev(After);
  return Address < F.End ? F.Named : HostFunction();
}

} // namespace

HostFunction omptarget::callerFunction() {
  void *Frames[64];
  int Count = backtrace(Frames, 64);
  LoadedObject Runtime =
      objectAt(reinterpret_cast<uintptr_t>(&omptarget::callerFunction));
  for (int I = 0; I < Count; ++I) {
    // A return address is the instruction after the call; the byte before
    // it belongs to the calling function.
    uintptr_t Address = reinterpret_cast<uintptr_t>(Frames[I]) - 1;
    LoadedObject Object = objectAt(Address);
    if (!Object.Found ||
        (Object.Bias == Runtime.Bias && Object.Path == Runtime.Path))
      continue;
    return functionAt(Object.Path, Address - Object.Bias);
  }
  return {};
}
