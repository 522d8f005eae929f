//===- DeviceInputs.cpp - Device code embedded in the host link's inputs --===//
#include "ompgpu/OffloadLink/DeviceInputs.h"
#include "ompgpu/OffloadLink/Commands.h"

#include "OffloadABI.h"

#include "llvm/ADT/StringSet.h"
#include "llvm/BinaryFormat/Magic.h"
#include "llvm/Frontend/Offloading/Utility.h"
#include "llvm/Object/Archive.h"
#include "llvm/Object/ELFObjectFile.h"
#include "llvm/Object/OffloadBinary.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <cstddef>

using namespace llvm;
using namespace llvm::object;

namespace ompgpu {
namespace {

/// Host linker options whose value is the next argument: that argument is
/// never an input file (the output in particular may exist from a previous
/// link).
bool takesSeparateValue(StringRef Arg) {
  static const StringSet<> Options = {
      "-o",        "-m",          "-dynamic-linker", "-rpath", "-rpath-link",
      "-soname",   "-h",          "-T",              "-z",     "-e",
      "-u",        "-y",          "-Map",            "-L",     "-l",
      "-plugin",   "-plugin-opt", "--version-script", "-a",    "-A",
      "-F",        "-f",          "-G",              "-R",     "-Y",
      "--sysroot", "-P",          "--entry",         "--undefined"};
  return Options.contains(Arg);
}

/// Resolves -l<Name> the way the linker does, but only reports static
/// archives: a shared library carries no device code for us to link.
std::optional<std::string> findStaticLibrary(StringRef Name,
                                             ArrayRef<std::string> SearchDirs,
                                             bool StaticOnly) {
  for (const std::string &Dir : SearchDirs) {
    SmallString<256> Shared(Dir), Static(Dir);
    sys::path::append(Shared, "lib" + Name + ".so");
    sys::path::append(Static, "lib" + Name + ".a");
    if (!StaticOnly && sys::fs::exists(Shared))
      return std::nullopt;
    if (sys::fs::exists(Static))
      return std::string(Static);
  }
  return std::nullopt;
}

/// The files of the host link that may embed device code, in link order.
std::vector<std::string> hostInputFiles(ArrayRef<std::string> HostArgs) {
  std::vector<std::string> SearchDirs;
  for (size_t I = 0; I < HostArgs.size(); ++I) {
    StringRef A = HostArgs[I];
    if (A.consume_front("-L"))
      SearchDirs.push_back(A.empty() && I + 1 < HostArgs.size()
                               ? HostArgs[I + 1]
                               : A.str());
  }
  std::vector<std::string> Files;
  bool StaticOnly = false;
  for (size_t I = 0; I < HostArgs.size(); ++I) {
    StringRef A = HostArgs[I];
    if (A == "-Bstatic" || A == "-static")
      StaticOnly = true;
    else if (A == "-Bdynamic")
      StaticOnly = false;
    if (takesSeparateValue(A)) {
      if (A == "-l" && I + 1 < HostArgs.size())
        if (auto Lib = findStaticLibrary(HostArgs[I + 1], SearchDirs,
                                         StaticOnly))
          Files.push_back(*Lib);
      ++I;
      continue;
    }
    if (A.starts_with("-l") && A.size() > 2) {
      if (auto Lib = findStaticLibrary(A.drop_front(2), SearchDirs, StaticOnly))
        Files.push_back(*Lib);
      continue;
    }
    if (!A.starts_with("-") && sys::fs::is_regular_file(A))
      Files.push_back(A.str());
  }
  return Files;
}

/// Flags of entries that are not a kernel or a variable: indirect functions
/// and vtables, and the `omp requires` record.
constexpr uint32_t NotKernelOrVariable = OMP_OFFLOAD_ENTRY_INDIRECT |
                                         OMP_OFFLOAD_ENTRY_REQUIRES |
                                         OMP_OFFLOAD_ENTRY_INDIRECT_VTABLE;

/// The string at \p Offset of \p Section, without its NUL.
Expected<StringRef> stringAt(const object::SectionRef &Section,
                             uint64_t Offset) {
  Expected<StringRef> Contents = Section.getContents();
  if (!Contents)
    return Contents.takeError();
  if (Offset >= Contents->size())
    return linkError("an offload entry's name lies outside its section");
  StringRef Rest = Contents->drop_front(Offset);
  return Rest.take_until([](char C) { return C == '\0'; });
}

/// Appends the OpenMP offload entries of the host object \p Object. The
/// entries' names are pointers, so they are read through the relocations of
/// the entry section (a relocatable object has no addresses yet).
Error readHostEntries(MemoryBufferRef Object, std::vector<HostEntry> &Entries) {
  Expected<std::unique_ptr<object::ObjectFile>> File =
      object::ObjectFile::createObjectFile(Object);
  if (!File)
    return File.takeError();
  const auto *ELF = dyn_cast<object::ELF64LEObjectFile>(File->get());
  if (!ELF)
    return Error::success();
  constexpr size_t EntrySize = sizeof(offloading::EntryTy);
  constexpr size_t NameOffset = offsetof(offloading::EntryTy, SymbolName);
  for (const object::SectionRef &Relocations : ELF->sections()) {
    Expected<object::section_iterator> Target =
        Relocations.getRelocatedSection();
    if (!Target)
      return Target.takeError();
    if (*Target == ELF->section_end())
      continue;
    Expected<StringRef> TargetName = (*Target)->getName();
    if (!TargetName)
      return TargetName.takeError();
    if (*TargetName != "llvm_offload_entries")
      continue;
    Expected<StringRef> Table = (*Target)->getContents();
    if (!Table)
      return Table.takeError();
    for (const object::RelocationRef &R : Relocations.relocations()) {
      uint64_t Offset = R.getOffset();
      if (Offset % EntrySize != NameOffset ||
          Offset - NameOffset + EntrySize > Table->size())
        continue;
      const char *Raw = Table->data() + Offset - NameOffset;
      if (support::endian::read16le(
              Raw + offsetof(offloading::EntryTy, Kind)) != object::OFK_OpenMP)
        continue;
      object::symbol_iterator Symbol = R.getSymbol();
      Expected<object::section_iterator> NameSection = Symbol->getSection();
      Expected<uint64_t> Value = Symbol->getValue();
      Expected<int64_t> Addend = object::ELFRelocationRef(R).getAddend();
      if (!NameSection)
        return NameSection.takeError();
      if (!Value)
        return Value.takeError();
      if (!Addend)
        return Addend.takeError();
      if (*NameSection == ELF->section_end())
        continue;
      Expected<StringRef> Name = stringAt(**NameSection, *Value + *Addend);
      if (!Name)
        return Name.takeError();
      HostEntry Entry;
      Entry.SymbolName = Name->str();
      Entry.Flags =
          support::endian::read32le(Raw + offsetof(offloading::EntryTy, Flags));
      Entry.Size =
          support::endian::read64le(Raw + offsetof(offloading::EntryTy, Size));
      Entries.push_back(std::move(Entry));
    }
  }
  return Error::success();
}

/// Appends the OpenMP offload entries of \p Buffer, an object or an archive
/// whose members may hold some.
Error readHostEntriesOfFile(MemoryBufferRef Buffer,
                            std::vector<HostEntry> &Entries) {
  if (identify_magic(Buffer.getBuffer()) != file_magic::archive)
    return readHostEntries(Buffer, Entries);
  Expected<std::unique_ptr<object::Archive>> Archive =
      object::Archive::create(Buffer);
  if (!Archive)
    return Archive.takeError();
  Error Err = Error::success();
  for (const object::Archive::Child &Member : (*Archive)->children(Err)) {
    Expected<MemoryBufferRef> Contents = Member.getMemoryBufferRef();
    Error Failed = Contents.takeError();
    if (!Failed &&
        identify_magic(Contents->getBuffer()) == file_magic::elf_relocatable)
      Failed = readHostEntries(*Contents, Entries);
    if (Failed)
      return joinErrors(std::move(Failed), std::move(Err));
  }
  return Err;
}

} // namespace

bool HostEntry::isTargetRegion() const {
  return Size == 0 && !(Flags & NotKernelOrVariable);
}

bool HostEntry::isDeclareTargetVariable() const {
  return Size != 0 && !(Flags & NotKernelOrVariable);
}

Expected<LinkInputs> collectLinkInputs(ArrayRef<std::string> HostArgs,
                                       ArrayRef<std::string> Archs) {
  LinkInputs Found;
  DeviceInputsByArch &Inputs = Found.Device;
  for (const std::string &File : hostInputFiles(HostArgs)) {
    ErrorOr<std::unique_ptr<MemoryBuffer>> Buffer =
        MemoryBuffer::getFile(File, /*IsText=*/false,
                              /*RequiresNullTerminator=*/false);
    if (!Buffer)
      return linkError("cannot read '" + File +
                       "': " + Buffer.getError().message());
    file_magic Magic = identify_magic((*Buffer)->getBuffer());
    if (Magic != file_magic::elf_relocatable && Magic != file_magic::archive)
      continue;
    SmallVector<OffloadFile> Binaries;
    if (Error E = extractOffloadBinaries(**Buffer, Binaries))
      return linkError("cannot read the device code in '" + File +
                       "': " + toString(std::move(E)));
    if (!Binaries.empty())
      if (Error E = readHostEntriesOfFile(**Buffer, Found.HostEntries))
        return linkError("cannot read the offload entries in '" + File +
                         "': " + toString(std::move(E)));
    for (OffloadFile &Binary : Binaries) {
      const OffloadBinary &B = *Binary.getBinary();
      if (B.getOffloadKind() != OFK_OpenMP ||
          !B.getTriple().starts_with("nvptx64"))
        continue;
      if (!is_contained(Archs, B.getArch()))
        continue;
      if (B.getImageKind() != IMG_Bitcode)
        return linkError(
            "'" + File + "' holds " + getImageKindName(B.getImageKind()) +
            " device code for " + B.getArch() +
            "; compile it with this toolchain's clang (device code must be "
            "LLVM bitcode, -foffload-lto)");
      Inputs[B.getArch().str()].push_back(
          {File, MemoryBuffer::getMemBufferCopy(B.getImage(), File)});
    }
  }
  return std::move(Found);
}

} // namespace ompgpu
