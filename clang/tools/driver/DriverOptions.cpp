//===- DriverOptions.cpp - What the driver adds to a clang-22 command line ===//
//
// Kept free of LLVM libraries on purpose: the driver only rewrites arguments
// and execs clang-22, so it starts as fast as the stock driver. It reads files
// only to see what clang-22 will see: response files, and the section names
// of a link's input objects.
//
//===----------------------------------------------------------------------===//
#include "DriverOptions.h"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <sstream>

namespace ompgpu {
namespace {

/// The static shared memory OpenMPOpt may give master locals of one compiled
/// file: small enough that a generic kernel keeps its occupancy (twelve
/// blocks of 160 threads share an SM's 228 KiB), large enough for the
/// scalars and small arrays programs share with their parallel regions.
constexpr unsigned StaticSharedLocalsBytes = 16 * 1024;

bool startsWith(const std::string &S, const std::string &Prefix) {
  return S.compare(0, Prefix.size(), Prefix) == 0;
}

bool isSupportedTarget(const std::string &Triple) {
  return Triple == "nvptx64" || Triple == "nvptx64-nvidia-cuda";
}

std::vector<std::string> splitCommas(const std::string &List) {
  std::vector<std::string> Items;
  std::stringstream Stream(List);
  for (std::string Item; std::getline(Stream, Item, ',');)
    if (!Item.empty())
      Items.push_back(Item);
  return Items;
}

/// An architecture given with --offload-arch= or the older
/// -Xopenmp-target -march= / --cuda-gpu-arch= spellings.
bool namesArchitecture(const std::vector<std::string> &Args, size_t I) {
  const std::string &A = Args[I];
  if (startsWith(A, "--offload-arch=") || startsWith(A, "--cuda-gpu-arch=") ||
      A == "--offload-arch" || A == "--cuda-gpu-arch")
    return true;
  return startsWith(A, "-Xopenmp-target") && I + 1 < Args.size() &&
         startsWith(Args[I + 1], "-march=");
}

/// Whether \p A names a C or C++ source file (or a preprocessed one).
bool isSourceFile(const std::string &A) {
  static const char *const Extensions[] = {".c",   ".cc", ".cp", ".cpp", ".cxx",
                                           ".c++", ".C",  ".i",  ".ii"};
  if (A.empty() || A[0] == '-')
    return false;
  for (const char *Ext : Extensions) {
    std::string E(Ext);
    if (A.size() > E.size() && A.compare(A.size() - E.size(), E.size(), E) == 0)
      return true;
  }
  return false;
}

/// Whether the command compiles a source file (rather than only linking):
/// options for the compiler's code generation would be unused otherwise.
bool compilesSource(const std::vector<std::string> &Args) {
  for (const std::string &A : Args)
    if (startsWith(A, "-x") || isSourceFile(A)) // -x LANG / -xLANG
      return true;
  return false;
}

/// Whether the command ends in a link: clang stops before it with these.
bool linksProgram(const std::vector<std::string> &Args) {
  static const char *const StopEarly[] = {
      "-c",        "-S", "-E",  "-fsyntax-only",
      "-emit-ast", "-M", "-MM", "--precompile"};
  for (const std::string &A : Args)
    for (const char *Stop : StopEarly)
      if (A == Stop)
        return false;
  return true;
}

/// Options whose value is the next argument, so that it is not taken for an
/// input file (the output file above all: an old one may still exist).
bool takesSeparateValue(const std::string &A) {
  // Space-separated, with a space at both ends.
  static const std::string Options =
      " -o -x -MF -MT -MQ -I -L -D -U -include -isystem -iquote -idirafter "
      "-isysroot --sysroot -Xlinker -Xclang -Xassembler -Xpreprocessor "
      "-Xopenmp-target -mllvm -target -z -T -u -e -fopenmp-targets "
      "--offload-arch --cuda-gpu-arch ";
  return !A.empty() && A.find(' ') == std::string::npos &&
         Options.find(" " + A + " ") != std::string::npos;
}

/// Splits a response file's text the way clang does on Unix: whitespace
/// separates arguments, quotes group, a backslash takes the next character.
std::vector<std::string> tokenize(const std::string &Text) {
  std::vector<std::string> Tokens;
  std::string Current;
  bool InToken = false;
  char Quote = 0;
  for (size_t I = 0; I < Text.size(); ++I) {
    char C = Text[I];
    if (C == '\\' && I + 1 < Text.size()) {
      Current += Text[++I];
      InToken = true;
    } else if (Quote) {
      if (C == Quote)
        Quote = 0;
      else
        Current += C;
    } else if (C == '\'' || C == '"') {
      Quote = C;
      InToken = true;
    } else if (std::isspace(static_cast<unsigned char>(C))) {
      if (InToken)
        Tokens.push_back(Current);
      Current.clear();
      InToken = false;
    } else {
      Current += C;
      InToken = true;
    }
  }
  if (InToken)
    Tokens.push_back(Current);
  return Tokens;
}

/// The arguments clang-22 will see: each @file replaced by its contents
/// (nested ones too, a few levels deep). CMake and other build systems pass
/// long flag and object lists that way; an @file that cannot be read stays as
/// it is, and clang reports it.
void expandInto(const std::vector<std::string> &Args,
                std::vector<std::string> &Out, unsigned Depth) {
  for (const std::string &A : Args) {
    if (A.size() > 1 && A[0] == '@' && Depth < 8) {
      std::ifstream In(A.substr(1), std::ios::binary);
      if (In) {
        std::stringstream Text;
        Text << In.rdbuf();
        expandInto(tokenize(Text.str()), Out, Depth + 1);
        continue;
      }
    }
    Out.push_back(A);
  }
}

/// Little-endian fields of an ELF64 file.
uint64_t readLE(const char *P, unsigned Bytes) {
  uint64_t V = 0;
  for (unsigned I = 0; I < Bytes; ++I)
    V |= uint64_t(static_cast<unsigned char>(P[I])) << (8 * I);
  return V;
}

/// Whether \p Path is an ELF64 little-endian relocatable object (a host object
/// of this toolchain) with a .llvm.offloading section: device code that only an
/// offloading link extracts. Anything else (archives, shared libraries,
/// unreadable files) answers no; this feeds a warning, not a decision.
bool holdsDeviceCode(const std::string &Path) {
  std::ifstream In(Path, std::ios::binary);
  char Header[64];
  if (!In || !In.read(Header, sizeof(Header)))
    return false;
  if (std::memcmp(Header,
                  "\x7f"
                  "ELF",
                  4) != 0 ||
      Header[4] != 2 || Header[5] != 1 || readLE(Header + 16, 2) != 1)
    return false;
  uint64_t SectionTable = readLE(Header + 0x28, 8);
  uint64_t EntrySize = readLE(Header + 0x3A, 2);
  uint64_t Count = readLE(Header + 0x3C, 2);
  uint64_t NamesIndex = readLE(Header + 0x3E, 2);
  if (EntrySize < 64 || Count == 0 || NamesIndex >= Count)
    return false;
  std::string Table(EntrySize * Count, '\0');
  In.seekg(SectionTable);
  if (!In.read(&Table[0], Table.size()))
    return false;
  const char *Names = &Table[NamesIndex * EntrySize];
  uint64_t NamesOffset = readLE(Names + 0x18, 8);
  uint64_t NamesSize = readLE(Names + 0x20, 8);
  if (NamesSize == 0 || NamesSize > (64u << 20))
    return false;
  std::string Strings(NamesSize, '\0');
  In.seekg(NamesOffset);
  if (!In.read(&Strings[0], Strings.size()))
    return false;
  for (uint64_t I = 0; I < Count; ++I) {
    uint64_t Name = readLE(&Table[I * EntrySize], 4);
    if (Name >= Strings.size())
      continue;
    const char *Text = &Strings[Name];
    if (std::string(Text, strnlen(Text, Strings.size() - Name)) ==
        ".llvm.offloading")
      return true;
  }
  return false;
}

/// The input files of a link that hold device code.
std::vector<std::string>
inputsWithDeviceCode(const std::vector<std::string> &Args) {
  std::vector<std::string> Found;
  for (size_t I = 0; I < Args.size(); ++I) {
    const std::string &A = Args[I];
    if (takesSeparateValue(A)) {
      ++I;
      continue;
    }
    if (!A.empty() && A[0] != '-' && holdsDeviceCode(A))
      Found.push_back(A);
  }
  return Found;
}

} // namespace

OffloadRequest analyzeCommandLine(const std::vector<std::string> &Given) {
  std::vector<std::string> Args;
  expandInto(Given, Args, 0);
  OffloadRequest Request;
  bool OpenMPTargets = false;
  // The last of -fopenmp, -fopenmp=RUNTIME and -fno-openmp decides, as in
  // clang; an empty string means none of them is on the line.
  std::string OpenMPOption;
  for (size_t I = 0; I < Args.size(); ++I) {
    const std::string &A = Args[I];
    Request.NamesArchitecture |= namesArchitecture(Args, I);
    std::string Targets;
    if (startsWith(A, "-fopenmp-targets="))
      Targets = A.substr(std::string("-fopenmp-targets=").size());
    else if (A == "-fopenmp-targets" && I + 1 < Args.size())
      Targets = Args[I + 1];
    else if (startsWith(A, "--offload-arch") || startsWith(A, "--offload="))
      Request.Offloading = true;
    else if (A == "-fno-offload-lto")
      Request.Error = "-fno-offload-lto is not supported: device code is "
                      "linked and optimized as a whole program at link time";
    else if (A == "-foffload-lto")
      Request.HasOffloadLTO = true;
    else if (A == "-fopenmp" || A == "-fno-openmp" ||
             startsWith(A, "-fopenmp="))
      OpenMPOption = A;
    for (const std::string &T : splitCommas(Targets)) {
      Request.Offloading = OpenMPTargets = true;
      if (!isSupportedTarget(T))
        Request.Error = "unsupported offloading target '" + T +
                        "': this toolchain supports nvptx64 "
                        "(nvptx64-nvidia-cuda) only";
    }
  }
  Request.CompilesSource = compilesSource(Args);
  bool Links = Request.LinksProgram = linksProgram(Args);

  if (Request.Offloading && OpenMPOption.empty())
    // --offload-arch= alone also names CUDA and HIP architectures, so it
    // means OpenMP only where no language is compiled: on a link line.
    Request.AddOpenMP = OpenMPTargets || (Links && !Request.CompilesSource);
  // Our omp.h includes clang-22's, which -nostdinc takes off the path.
  bool StandardIncludes =
      std::find(Args.begin(), Args.end(), "-nostdinc") == Args.end();
  Request.CompilesOpenMP =
      Request.CompilesSource && StandardIncludes &&
      (OpenMPOption == "-fopenmp" || OpenMPOption == "-fopenmp=libomp" ||
       Request.AddOpenMP);
  if (OpenMPTargets && OpenMPOption == "-fno-openmp" && !Request.Error)
    Request.Error = "-fopenmp-targets asks for OpenMP offloading, but "
                    "-fno-openmp (the last OpenMP option on the line) turns "
                    "OpenMP off";

  if (!Request.Offloading && Links) {
    std::vector<std::string> Objects = inputsWithDeviceCode(Args);
    if (!Objects.empty())
      Request.Warning =
          "'" + Objects.front() + "'" +
          (Objects.size() > 1
               ? " (and " + std::to_string(Objects.size() - 1) + " more)"
               : std::string()) +
          " holds OpenMP device code, but the link does not ask for "
          "offloading, so that code is left out; add -fopenmp-targets=nvptx64 "
          "(and the --offload-arch values of the compile) to the link options "
          "(in CMake: target_link_options)";
  }
  return Request;
}

std::vector<std::string> sourceInputs(const std::vector<std::string> &Args) {
  std::vector<std::string> Sources;
  for (size_t I = 0; I < Args.size(); ++I) {
    if (takesSeparateValue(Args[I]))
      ++I;
    else if (isSourceFile(Args[I]))
      Sources.push_back(Args[I]);
  }
  return Sources;
}

void takeDriverOptions(std::vector<std::string> &Args,
                       OffloadRequest &Request) {
  std::vector<std::string> Kept;
  for (std::string &A : Args) {
    if (A == "-fopenmp-offload-report" || A == "-fno-openmp-offload-report")
      Request.KernelReport = A == "-fopenmp-offload-report";
    else
      Kept.push_back(std::move(A));
  }
  Args = std::move(Kept);
}

std::vector<std::string> addHostOpenMPHeader(std::vector<std::string> Args,
                                             const std::string &IncludeDir) {
  // Before the user's arguments, so that their own -I and -isystem folders
  // still come first.
  Args.insert(Args.begin(), {"-isystem", IncludeDir});
  return Args;
}

std::vector<std::string> addOffloadingArguments(
    std::vector<std::string> Args, const OffloadRequest &Request,
    const std::string &ToolDir, const std::string &DefaultArch) {
  std::vector<std::string> Extra = {"-B" + ToolDir};
  if (Request.AddOpenMP)
    Extra.push_back("-fopenmp");
  if (!Request.HasOffloadLTO)
    Extra.push_back("-foffload-lto");
  if (!Request.NamesArchitecture)
    Extra.push_back("--offload-arch=" + DefaultArch);
  // LLVM's OpenMPOpt, which clang runs while compiling device code, folds the
  // number of threads in a block to the kernel's thread limit. Generic-mode
  // kernels run one more warp than that (the master warp; docs/DESIGN.md,
  // "Execution model"), so that folding would be wrong for them.
  // The same pass places master locals shared with parallel regions in
  // static shared memory where their size is known, without a bound of its
  // own: locals of a few hundred KiB would make kernels ptxas rejects. Larger
  // ones go to the data-sharing stack and its global-memory fallback.
  // The device compile also runs our pass that keeps libdevice's math
  // functions out of line while clang's pipeline optimizes their calls
  // (llvm/include/ompgpu/Transforms/PureMathCalls.h); the link step inlines
  // them after its own pipeline.
  if (Request.CompilesSource) {
    Extra.push_back("-mllvm");
    Extra.push_back("-openmp-opt-disable-folding");
    Extra.push_back("-mllvm");
    Extra.push_back("-openmp-opt-shared-limit=" +
                    std::to_string(StaticSharedLocalsBytes));
    Extra.push_back("-Xopenmp-target=nvptx64-nvidia-cuda");
    Extra.push_back("-fpass-plugin=" + ToolDir + "/../lib/libOMPGPUCompile.so");
  }
  // clang-22 hands -Xoffload-linker values to the link step as
  // --device-linker=<value>; on a line that does not link it would warn that
  // the option is unused.
  if (Request.KernelReport && Request.LinksProgram) {
    Extra.push_back("-Xoffload-linker");
    Extra.push_back("--offload-report");
  }
  // Our additions go first so that anything the user wrote still wins.
  Args.insert(Args.begin(), Extra.begin(), Extra.end());
  return Args;
}

} // namespace ompgpu
