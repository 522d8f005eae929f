//===- ImageManifest.cpp - What the host may look up in a device image ----===//
#include "ompgpu/OffloadLink/ImageManifest.h"
#include "ompgpu/OffloadLink/CallCycles.h"
#include "ompgpu/OffloadLink/CudaDeviceRuntime.h"
#include "ompgpu/Transforms/Remarks.h"

#include "OffloadABI.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>

using namespace llvm;

namespace ompgpu {
namespace {

/// NVPTX address spaces whose variables the host cannot reach: a block's
/// shared memory and a thread's local memory.
bool hostReachable(const GlobalVariable &G) {
  constexpr unsigned Shared = 3, Local = 5;
  return G.getAddressSpace() != Shared && G.getAddressSpace() != Local;
}

/// Named metadata that marks a device program whose own code prints.
constexpr const char ProgramPrintsMetadata[] = "ompgpu.program-prints";

bool isCalled(const Module &Program, StringRef Name) {
  const Function *F = Program.getFunction(Name);
  return F && !F->use_empty();
}

} // namespace

std::vector<std::string> exportedSymbols(const Module &Program) {
  std::vector<std::string> Names;
  for (const Function &F : Program)
    if (F.getCallingConv() == CallingConv::PTX_Kernel && !F.isDeclaration() &&
        !F.hasLocalLinkage())
      Names.push_back(F.getName().str());
  for (const GlobalVariable &G : Program.globals())
    if (!G.isDeclaration() && !G.hasLocalLinkage() && hostReachable(G))
      Names.push_back(G.getName().str());
  llvm::sort(Names);
  return Names;
}

void recordProgramServices(Module &Program) {
  if (isCalled(Program, "vprintf"))
    Program.getOrInsertNamedMetadata(ProgramPrintsMetadata);
}

uint64_t imageUses(const Module &Program) {
  uint64_t Uses = 0;
  if (isCalled(Program, "malloc") || isCalled(Program, "free"))
    Uses |= OMPGPU_IMAGE_USES_HEAP;
  if (Program.getNamedMetadata(ProgramPrintsMetadata))
    Uses |= OMPGPU_IMAGE_USES_PRINTF;
  if (callsMayRecurse(Program))
    Uses |= OMPGPU_IMAGE_USES_DEEP_STACK;
  if (launchesFromDevice(Program))
    Uses |= OMPGPU_IMAGE_USES_DEVICE_LAUNCH;
  return Uses;
}

void warnAboutEntriesWithoutDefinition(ArrayRef<HostEntry> Entries,
                                       ArrayRef<std::string> Symbols,
                                       StringRef Arch,
                                       const SourceFileTable &Files,
                                       raw_ostream &OS) {
  for (const HostEntry &E : Entries) {
    if (std::binary_search(Symbols.begin(), Symbols.end(), E.SymbolName))
      continue;
    if (E.isDeclareTargetVariable()) {
      OS << "clang-linker-wrapper: warning: the host registers the declare "
            "target variable '"
         << E.SymbolName << "', which the device code for " << Arch
         << " does not define; maps of it make ordinary device copies\n";
      continue;
    }
    if (!E.isTargetRegion())
      continue;
    OS << "clang-linker-wrapper: warning: " << describeFunction(E.SymbolName);
    if (std::optional<std::pair<uint32_t, uint32_t>> Numbers =
            targetRegionFileNumbers(E.SymbolName)) {
      auto File = Files.files().find(*Numbers);
      if (File != Files.files().end())
        OS << " of " << File->second;
    }
    OS << " has no kernel for " << Arch
       << ": its translation unit's device code does not define '"
       << E.SymbolName
       << "' (clang-22 chooses a metadirective's variant for the device it "
          "compiles for, which may differ from the host's choice); the "
          "region runs on the host, and a run with "
          "OMP_TARGET_OFFLOAD=mandatory stops there\n";
  }
}

} // namespace ompgpu
