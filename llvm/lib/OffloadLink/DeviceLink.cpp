//===- DeviceLink.cpp - One device program per GPU architecture -----------===//
#include "ompgpu/OffloadLink/DeviceLink.h"
#include "ompgpu/OffloadLink/Commands.h"
#include "ompgpu/OffloadLink/CudaDeviceRuntime.h"
#include "ompgpu/OffloadLink/ImageManifest.h"
#include "ompgpu/Transforms/AddressSpaces.h"
#include "ompgpu/Transforms/Pipeline.h"
#include "ompgpu/Transforms/Remarks.h"

#include "OffloadABI.h"

#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Metadata.h"
#include "llvm/Linker/Linker.h"

using namespace llvm;

namespace ompgpu {
namespace {

Expected<std::unique_ptr<Module>> readBitcode(LLVMContext &Context,
                                              MemoryBufferRef Buffer) {
  Expected<std::unique_ptr<Module>> M = parseBitcodeFile(Buffer, Context);
  if (!M)
    return linkError("cannot read device bitcode from '" +
                     Buffer.getBufferIdentifier() +
                     "': " + toString(M.takeError()));
  return M;
}

Expected<std::unique_ptr<Module>>
readBitcodeFile(LLVMContext &Context, StringRef Path, StringRef What) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buffer = MemoryBuffer::getFile(Path);
  if (!Buffer)
    return linkError("cannot read the " + What + " '" + Path +
                     "': " + Buffer.getError().message());
  return readBitcode(Context, **Buffer);
}

/// Links \p Library into \p Program, taking only what the program uses.
Error linkLibrary(Module &Program, std::unique_ptr<Module> Library) {
  Library->setDataLayout(Program.getDataLayout());
  Library->setTargetTriple(Program.getTargetTriple());
  if (Linker::linkModules(Program, std::move(Library),
                          Linker::Flags::LinkOnlyNeeded))
    return linkError("linking the device library into '" +
                     Program.getModuleIdentifier() + "' failed");
  return Error::success();
}

/// Functions the CUDA toolchain provides below LLVM: ptxas resolves them as
/// system calls.
bool isCudaSystemCall(StringRef Name) {
  return Name == "vprintf" || Name == "malloc" || Name == "free" ||
         Name == "__assertfail";
}

/// The OpenMP construct a runtime entry point serves, for error messages.
StringRef constructOf(StringRef Name) {
  static const std::pair<StringRef, StringRef> Table[] = {
      {"__kmpc_cancel", "cancel"},
  };
  for (const auto &[Prefix, Construct] : Table)
    if (Name.starts_with(Prefix))
      return Construct;
  return "";
}

bool isRuntimeEntryPoint(StringRef Name) {
  return Name.starts_with("__kmpc_") || Name.starts_with("omp_") ||
         Name.starts_with("ompx_") || Name.starts_with("__tgt_");
}

/// "file:line" of the first use of \p F that has a location, or the function
/// that uses it.
std::string firstUseLocation(const Function &F) {
  std::string Fallback;
  for (const User *U : F.users()) {
    const auto *I = dyn_cast<Instruction>(U);
    if (!I)
      continue;
    if (const DebugLoc &Loc = I->getDebugLoc())
      return (Loc->getFilename() + ":" + Twine(Loc.getLine())).str();
    if (Fallback.empty())
      Fallback = describeFunction(I->getFunction()->getName());
  }
  return Fallback;
}

/// Everything still undefined after the libraries are linked is a function
/// nobody provides; name each one, and the OpenMP construct behind it.
Error checkNothingUndefined(const Module &M) {
  std::string Report;
  for (const Function &F : M) {
    // __nvvm_reflect is libdevice's query of compile-time options, which
    // NVVMReflect (in LLVM's pipeline and the NVPTX backend) replaces by
    // constants in what the link brings (the sincos RequestSinCos asks for).
    if (!F.isDeclaration() || F.isIntrinsic() || F.use_empty() ||
        F.getName() == "__nvvm_reflect" || isCudaSystemCall(F.getName()) ||
        isCudaDeviceRuntimeFunction(F.getName()))
      continue;
    std::string Where = firstUseLocation(F);
    std::string Line = "  '" + F.getName().str() + "'";
    if (!Where.empty())
      Line += " (used in " + Where + ")";
    if (isRuntimeEntryPoint(F.getName())) {
      Line += ": not supported by this device runtime yet";
      StringRef Construct = constructOf(F.getName());
      if (!Construct.empty())
        Line += " (OpenMP construct: " + Construct.str() + ")";
    } else {
      Line += ": undefined in device code (declare the function with "
              "'#pragma omp declare target' where it is defined)";
    }
    Report += Line + "\n";
  }
  // An extern array in shared memory is CUDA's dynamic shared memory: the
  // launch sizes it, nothing defines it.
  for (const GlobalVariable &G : M.globals())
    if (G.isDeclaration() && !G.use_empty() &&
        G.getAddressSpace() != SharedAddressSpace)
      Report += "  '" + G.getName().str() +
                "': global variable undefined in device code\n";
  if (Report.empty())
    return Error::success();
  return linkError(M.getModuleIdentifier() +
                   " uses functions that no device library defines:\n" +
                   Report);
}

/// Gives every declare target variable that clang lists for the host
/// (named metadata omp_offload.info, records of kind 1) protected visibility,
/// the mark of what the host looks up by name, which internalization keeps.
/// clang emits most of them protected, but the pointers of `declare target
/// link` variables weak with default visibility: internalized, they would be
/// missing from the image, and the optimizer would fold their loads to null.
void exposeDeclareTargetVariables(Module &Program) {
  constexpr uint64_t DeclareTargetVariable = 1;
  NamedMDNode *Info = Program.getNamedMetadata("omp_offload.info");
  if (!Info)
    return;
  for (const MDNode *Record : Info->operands()) {
    if (Record->getNumOperands() < 2)
      continue;
    auto *Kind = mdconst::dyn_extract<ConstantInt>(Record->getOperand(0));
    auto *Name = dyn_cast<MDString>(Record->getOperand(1));
    if (!Kind || !Name || Kind->getZExtValue() != DeclareTargetVariable)
      continue;
    GlobalVariable *G = Program.getGlobalVariable(Name->getString());
    if (G && !G->isDeclaration() && !G->hasLocalLinkage())
      G->setVisibility(GlobalValue::ProtectedVisibility);
  }
}

/// Sends the program's own malloc calls, not the runtime's, through the
/// runtime's check of the size (OMPGPU_CHECKED_MALLOC_SYMBOL): a request no
/// heap can meet must return null, and CUDA's malloc wraps the largest ones.
void checkProgramMallocSizes(Module &Program) {
  Function *Malloc = Program.getFunction("malloc");
  if (Malloc && Malloc->isDeclaration() &&
      !Program.getFunction(OMPGPU_CHECKED_MALLOC_SYMBOL))
    Malloc->setName(OMPGPU_CHECKED_MALLOC_SYMBOL);
}

} // namespace

Expected<std::unique_ptr<Module>>
linkDeviceProgram(LLVMContext &Context, ArrayRef<DeviceInput> Inputs,
                  const DeviceLinkOptions &Options, SourceFileTable *Files) {
  auto Program =
      std::make_unique<Module>("the device code for " + Options.Arch, Context);
  Linker Link(*Program);
  for (const DeviceInput &Input : Inputs) {
    Expected<std::unique_ptr<Module>> M =
        readBitcode(Context, Input.Bitcode->getMemBufferRef());
    if (!M)
      return M.takeError();
    if (Program->getTargetTriple().empty()) {
      Program->setTargetTriple((*M)->getTargetTriple());
      Program->setDataLayout((*M)->getDataLayout());
    }
    if (Files)
      Files->addModule(**M);
    if (Link.linkInModule(std::move(*M)))
      return linkError("linking the device code of '" + Input.Origin +
                       "' failed");
  }
  exposeDeclareTargetVariables(*Program);
  recordProgramServices(*Program);
  checkProgramMallocSizes(*Program);
  runBeforeRuntimeLink(*Program);
  for (auto [Path, What] : {std::pair<StringRef, StringRef>{
                                Options.RuntimePath, "OpenMP device runtime"},
                            {Options.LibdevicePath, "CUDA libdevice"}}) {
    Expected<std::unique_ptr<Module>> Library =
        readBitcodeFile(Context, Path, What);
    if (!Library)
      return Library.takeError();
    if (Error E = linkLibrary(*Program, std::move(*Library)))
      return std::move(E);
  }
  if (Error E = checkNothingUndefined(*Program))
    return std::move(E);
  runAfterRuntimeLink(*Program);
  return std::move(Program);
}

} // namespace ompgpu
