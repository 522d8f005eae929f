//===- ClangLinkerWrapper.cpp - The offloading link step ------------------===//
//
// clang-22 runs this tool in place of the host linker for every OpenMP
// offloading link (the driver puts build/bin first in clang's program path).
// For each GPU architecture it links the device bitcode embedded in the host
// objects with the device runtime and libdevice, optimizes it, emits PTX and
// a cubin (ptxas); it then wraps the cubins and the PTX of the newest
// architecture (for driver JIT on newer GPUs) into a registration object,
// with what each image exports and the source files of the target regions,
// and runs the host linker with it, libomptarget and libomp.
//
//===----------------------------------------------------------------------===//
#include "DebugRuntime.h"
#include "WrapperOptions.h"

#include "ompgpu/OffloadLink/AllocateVariables.h"
#include "ompgpu/OffloadLink/Commands.h"
#include "ompgpu/OffloadLink/CudaDeviceRuntime.h"
#include "ompgpu/OffloadLink/DeviceCodegen.h"
#include "ompgpu/OffloadLink/DeviceInputs.h"
#include "ompgpu/OffloadLink/DeviceLink.h"
#include "ompgpu/OffloadLink/ImageManifest.h"
#include "ompgpu/OffloadLink/KernelReport.h"
#include "ompgpu/OffloadLink/RegistrationObject.h"

#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace ompgpu;

namespace {

/// Where the toolchain keeps its pieces, relative to this executable.
struct ToolchainPaths {
  std::string LibDir; ///< build/lib: libomptarget.so, device runtime
  std::string DeviceRuntime;
  /// The device runtime for -fopenmp-target-debug.
  std::string DebugDeviceRuntime;
  std::string Libdevice;
  std::string Ptxas;
  /// nvlink, next to ptxas, and the CUDA libraries (libcudadevrt.a), for
  /// programs that launch grids from device code.
  std::string Nvlink;
  std::string CudaLibDir;
};

ToolchainPaths findToolchain(const char *Argv0) {
  std::string Self = sys::fs::getMainExecutable(Argv0, (void *)&findToolchain);
  SmallString<256> LibDir(sys::path::parent_path(sys::path::parent_path(Self)));
  sys::path::append(LibDir, "lib");
  SmallString<256> Runtime(LibDir), DebugRuntime(LibDir);
  sys::path::append(Runtime, "libompdevice-nvptx.bc");
  sys::path::append(DebugRuntime, "libompdevice-nvptx-debug.bc");
  ToolchainPaths Paths{std::string(LibDir), std::string(Runtime),
                       std::string(DebugRuntime), OMPGPU_LIBDEVICE,
                       OMPGPU_PTXAS};
  // CUDA_PATH names another CUDA toolkit than the one we were built with.
  if (const char *Cuda = std::getenv("CUDA_PATH")) {
    Paths.Ptxas = (Twine(Cuda) + "/bin/ptxas").str();
    Paths.Libdevice = (Twine(Cuda) + "/nvvm/libdevice/libdevice.10.bc").str();
  }
  StringRef CudaBin = sys::path::parent_path(Paths.Ptxas);
  Paths.Nvlink = (CudaBin + "/nvlink").str();
  Paths.CudaLibDir = (sys::path::parent_path(CudaBin) + "/lib64").str();
  return Paths;
}

/// Keeps \p M as <output>.<Arch>.<Stage>.bc under -save-temps.
Error saveBitcode(const LinkSession &Session, const Module &M, StringRef Arch,
                  StringRef Stage) {
  if (!Session.SaveTemps)
    return Error::success();
  Expected<std::string> Path =
      intermediateFile(Session, (Arch + "." + Stage).str(), "bc");
  if (!Path)
    return Path.takeError();
  std::error_code EC;
  raw_fd_ostream OS(*Path, EC, sys::fs::OF_None);
  if (EC)
    return linkError("cannot write '" + *Path + "': " + EC.message());
  WriteBitcodeToFile(M, OS);
  return Error::success();
}

/// Prints what ptxas said that is not the resource usage we asked it for
/// (warnings, errors), as it would have without --verbose.
void printPtxasDiagnostics(StringRef Output) {
  SmallVector<StringRef, 64> Lines;
  Output.split(Lines, '\n', -1, /*KeepEmpty=*/false);
  for (StringRef Line : Lines)
    // Resource lines, and the stack and spill lines that continue them.
    if (!Line.starts_with("ptxas info") && !Line.starts_with(" "))
      errs() << Line << "\n";
}

/// Compiles \p PTXFile into \p CubinFile (relocatable code if
/// \p Relocatable) and returns what ptxas gave each kernel (--verbose), for
/// the launch-bound policy, -v and the kernel report. What else ptxas says
/// is printed when \p PrintDiagnostics is set.
Expected<std::vector<KernelResources>>
runPtxas(const LinkSession &Session, const WrapperOptions &Options,
         const ToolchainPaths &Paths, StringRef Arch, StringRef PTXFile,
         StringRef CubinFile, bool Relocatable, bool PrintDiagnostics) {
  std::vector<std::string> Args = {
      "-m64",          "-O" + std::to_string(Options.DeviceOptLevel),
      "--gpu-name",    Arch.str(),
      "--output-file", CubinFile.str(),
      "--verbose",     PTXFile.str()};
  if (Relocatable)
    Args.push_back("--compile-only");
  Expected<std::string> Output =
      runCommandCapturingOutput(Session, Paths.Ptxas, Args);
  if (!Output)
    return Output.takeError();
  if (PrintDiagnostics)
    printPtxasDiagnostics(*Output);
  return parsePtxasResources(*Output);
}

/// The device program of one architecture, as PTX and as a cubin, the
/// symbols the host may look up in either and the services they use.
struct DeviceImages {
  std::string PTX;
  std::string Cubin;
  std::vector<std::string> Symbols;
  uint64_t Uses;
};

Expected<DeviceImages>
buildDeviceImages(const LinkSession &Session, const WrapperOptions &Options,
                  const ToolchainPaths &Paths, StringRef Arch,
                  ArrayRef<DeviceInput> Inputs, SourceFileTable &Files) {
  std::string Origins;
  for (const DeviceInput &Input : Inputs)
    Origins += " " + sys::path::filename(Input.Origin).str();
  Expected<const DeviceInput *> DebugRequest = findDebugRuntimeRequest(Inputs);
  if (!DebugRequest)
    return DebugRequest.takeError();
  const std::string &Runtime =
      *DebugRequest ? Paths.DebugDeviceRuntime : Paths.DeviceRuntime;
  if (*DebugRequest)
    note(Session, (*DebugRequest)->Origin +
                      " was compiled with -fopenmp-target-debug: linking the "
                      "debug device runtime");
  note(Session, "device link for " + Arch + ":" + Origins + " + " + Runtime +
                    " + " + Paths.Libdevice);
  LLVMContext Context;
  if (Options.Remarks.any())
    printRemarks(Context, Options.Remarks);
  Expected<std::unique_ptr<Module>> Program = linkDeviceProgram(
      Context, Inputs, {Arch.str(), Runtime, Paths.Libdevice}, &Files);
  if (!Program)
    return Program.takeError();
  if (Error E = saveBitcode(Session, **Program, Arch, "linked"))
    return std::move(E);
  Expected<std::string> PTXFile = intermediateFile(Session, Arch, "ptx");
  Expected<std::string> CubinFile = intermediateFile(Session, Arch, "cubin");
  if (!PTXFile)
    return PTXFile.takeError();
  if (!CubinFile)
    return CubinFile.takeError();
  note(Session, "optimizing at -O" + Twine(Options.DeviceOptLevel) +
                    " and emitting PTX for " + Arch);
  // Later compiles of the same program only differ in launch bounds: ptxas'
  // messages are printed once.
  bool FirstCompile = true;
  auto Assemble = [&](StringRef PTX) -> Expected<std::vector<KernelResources>> {
    if (Error E = writeFile(*PTXFile, PTX))
      return std::move(E);
    bool PrintDiagnostics = FirstCompile;
    FirstCompile = false;
    // The program is optimized by now: launches an if clause folded away
    // leave it whole (CudaDeviceRuntime.h).
    if (!launchesFromDevice(**Program))
      return runPtxas(Session, Options, Paths, Arch, *PTXFile, *CubinFile,
                      /*Relocatable=*/false, PrintDiagnostics);
    Expected<std::string> Object = intermediateFile(Session, Arch, "o");
    if (!Object)
      return Object.takeError();
    Expected<std::vector<KernelResources>> Kernels =
        runPtxas(Session, Options, Paths, Arch, *PTXFile, *Object,
                 /*Relocatable=*/true, PrintDiagnostics);
    if (!Kernels)
      return Kernels.takeError();
    if (Error E = linkCudaDeviceRuntime(Session, Paths.Nvlink, Paths.CudaLibDir,
                                        Arch, *Object, *CubinFile))
      return std::move(E);
    return Kernels;
  };
  Expected<CompiledDeviceProgram> Compiled = compileDeviceProgram(
      **Program, Arch, Options.DeviceOptLevel, Assemble,
      [&](const Module &Optimized) {
        return saveBitcode(Session, Optimized, Arch, "optimized");
      });
  if (!Compiled)
    return Compiled.takeError();
  const std::string *PTX = &Compiled->PTX;
  for (const LaunchBoundsDecision &Decision : Compiled->Decisions)
    note(Session, Arch + " " + Decision.Kernel + ": " +
                      describeDecision(Decision, Compiled->Kernels));
  for (const KernelResources &Kernel : Compiled->Kernels)
    note(Session, "ptxas: " + summarizeResources(Kernel));
  remarkLaunchBounds(**Program, Compiled->Decisions, Compiled->Kernels);
  warnAboutSharedAllocateVariables(**Program, Arch, errs());
  if (Options.KernelReport && !Session.DryRun)
    printKernelReport(errs(), Arch,
                      describeKernels(**Program, *PTX, Compiled->Kernels),
                      Compiled->Decisions);
  std::vector<std::string> Symbols = exportedSymbols(**Program);
  uint64_t Uses = imageUses(**Program);
  if (Session.DryRun)
    return DeviceImages{*PTX, "", std::move(Symbols), Uses};
  ErrorOr<std::unique_ptr<MemoryBuffer>> Cubin =
      MemoryBuffer::getFile(*CubinFile, false, false);
  if (!Cubin)
    return linkError("cannot read '" + *CubinFile +
                     "': " + Cubin.getError().message());
  return DeviceImages{*PTX, (*Cubin)->getBuffer().str(), std::move(Symbols),
                      Uses};
}

/// The host link line with our registration object and runtime libraries.
std::vector<std::string> hostLinkArguments(const WrapperOptions &Options,
                                           const ToolchainPaths &Paths,
                                           const std::string &Registration) {
  std::vector<std::string> Args;
  bool Inserted = false;
  for (const std::string &A : Options.HostArgs) {
    // Before the OpenMP libraries, which define what it references.
    if (!Inserted && !Registration.empty() && A == "-lomp") {
      Args.push_back(Registration);
      Inserted = true;
    }
    Args.push_back(A);
  }
  if (!Inserted && !Registration.empty())
    Args.push_back(Registration);
  // Binaries find both runtimes where they were built: libomptarget in the
  // build tree, and clang-22's libomp rather than whichever libomp.so.5 the
  // system's library path holds.
  for (const std::string &Dir :
       {Paths.LibDir, std::string(OMPGPU_LIBOMP_DIR)}) {
    Args.push_back("-L" + Dir);
    Args.push_back("-rpath");
    Args.push_back(Dir);
  }
  return Args;
}

Error link(const WrapperOptions &Options, const ToolchainPaths &Paths) {
  LinkSession Session{Options.Verbose, Options.DryRun, Options.SaveTemps,
                      Options.Output};
  Expected<LinkInputs> Inputs =
      collectLinkInputs(Options.HostArgs, Options.Archs);
  if (!Inputs)
    return Inputs.takeError();

  SourceFileTable Files;
  std::vector<RegisteredImage> Images;
  RegisteredImage NewestPTX;
  unsigned NewestSM = 0;
  for (const auto &[Arch, ArchInputs] : Inputs->Device) {
    Expected<DeviceImages> Built =
        buildDeviceImages(Session, Options, Paths, Arch, ArchInputs, Files);
    if (!Built)
      return Built.takeError();
    warnAboutEntriesWithoutDefinition(Inputs->HostEntries, Built->Symbols, Arch,
                                      Files, errs());
    Images.push_back({std::move(Built->Cubin), Built->Symbols, Built->Uses});
    if (smVersion(Arch) >= NewestSM) {
      NewestSM = smVersion(Arch);
      NewestPTX = {std::move(Built->PTX), std::move(Built->Symbols),
                   Built->Uses};
    }
  }
  std::string Registration;
  if (!Images.empty()) {
    // The runtime reads PTX as a C string.
    NewestPTX.Bytes.push_back('\0');
    Images.push_back(std::move(NewestPTX));
    Expected<std::string> File = intermediateFile(Session, "registration", "o");
    if (!File)
      return File.takeError();
    Registration = *File;
    note(Session, "registering " + Twine(Images.size()) + " device images in " +
                      Registration);
    if (Error E = writeRegistrationObject(Images, Files, Options.HostTriple,
                                          Registration))
      return E;
  }
  return runCommand(Session, Options.LinkerPath,
                    hostLinkArguments(Options, Paths, Registration));
}

} // namespace

int main(int Argc, char **Argv) {
  InitLLVM X(Argc, Argv);
  initializeDeviceCodegen();
  auto Report = [](Error E) {
    errs() << "clang-linker-wrapper: error: "
           << StringRef(toString(std::move(E))).rtrim('\n') << "\n";
    return 1;
  };
  Expected<WrapperOptions> Options = parseWrapperOptions(Argc, Argv);
  if (!Options)
    return Report(Options.takeError());
  if (Error E = link(*Options, findToolchain(Argv[0])))
    return Report(std::move(E));
  return 0;
}
