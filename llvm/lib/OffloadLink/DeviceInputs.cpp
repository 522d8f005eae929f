//===- DeviceInputs.cpp - Device code embedded in the host link's inputs --===//
#include "ompgpu/OffloadLink/DeviceInputs.h"
#include "ompgpu/OffloadLink/Commands.h"

#include "llvm/ADT/StringSet.h"
#include "llvm/BinaryFormat/Magic.h"
#include "llvm/Object/OffloadBinary.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

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

} // namespace

Expected<DeviceInputsByArch>
collectDeviceInputs(ArrayRef<std::string> HostArgs, ArrayRef<std::string> Archs) {
  DeviceInputsByArch Inputs;
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
  return std::move(Inputs);
}

} // namespace ompgpu
