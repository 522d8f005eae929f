//===- ImageLoader.cpp - The programs loaded on one device ----------------===//
//
// Of a program's device images, the best for the device's compute capability
// is loaded: a cubin for the same SM, then a compatible cubin, then PTX for
// the driver to compile.
//
//===----------------------------------------------------------------------===//

#include "ImageLoader.h"
#include "Address.h"
#include "Diagnostics.h"
#include "Environment.h"
#include "ImageInfo.h"
#include "ImageSymbols.h"
#include "Registry.h"
#include "Trace.h"

#include <algorithm>
#include <cinttypes>
#include <cstring>
#include <deque>
#include <string>
#include <unordered_set>

using namespace omptarget;

void ImageLoader::loadNewPrograms() {
  uint64_t Generation = Registry::get().generation();
  if (LoadedGeneration == Generation)
    return;
  LoadedGeneration = Generation;
  for (const RegisteredProgram &Registered : Registry::get().programs()) {
    bool Loaded = std::any_of(
        Programs.begin(), Programs.end(),
        [&](const LoadedProgram &P) { return P.Desc == Registered.Desc; });
    if (!Loaded)
      loadProgram(*Registered.Desc, Registered.Manifest);
  }
}

/// The `omp requires` clauses of a program, after stopping it on those
/// this runtime cannot meet. unified_address and dynamic_allocators need
/// nothing of the host: CUDA gives host and devices one address space, and
/// the device runtime's allocators work in every kernel.
static uint64_t requirements(const __tgt_bin_desc &Desc) {
  uint64_t Flags = 0;
  forEachOpenMPEntry(Desc, [&](const __tgt_offload_entry &E) {
    if (E.Flags & OMP_OFFLOAD_ENTRY_REQUIRES)
      Flags |= E.Data;
  });
  if (Flags & OMP_REQ_REVERSE_OFFLOAD)
    fatal("'#pragma omp requires reverse_offload' is not supported yet by "
          "the offloading runtime");
  return Flags;
}

/// Under unified shared memory clang-22 reaches every declare target
/// variable through a pointer of this name suffix, both its host and its
/// device code.
static bool isReferencePointer(const char *Symbol) {
  static const char Suffix[] = "_decl_tgt_ref_ptr";
  size_t Length = strlen(Symbol), SuffixLength = sizeof(Suffix) - 1;
  return Length > SuffixLength &&
         !strcmp(Symbol + Length - SuffixLength, Suffix);
}

void ImageLoader::loadProgram(const __tgt_bin_desc &Desc,
                              const OffloadManifestTy *Manifest) {
  if (requirements(Desc) & OMP_REQ_UNIFIED_SHARED_MEMORY)
    Data.requireUnifiedSharedMemory();
  LoadedProgram Program;
  Program.Desc = &Desc;
  if (Desc.NumDeviceImages == 0) {
    Programs.push_back(std::move(Program));
    return;
  }

  // Rank the images; try them best first, as the driver has the last word
  // (e.g. an sm_100a cubin looks like an sm_100 one but runs on sm_100 only).
  struct Candidate {
    int Index;
    ImageInfo Info;
    int Fitness;
  };
  std::vector<Candidate> Candidates;
  std::string Present;
  for (int I = 0; I < Desc.NumDeviceImages; ++I) {
    const __tgt_device_image &Image = Desc.DeviceImages[I];
    size_t Size = static_cast<const char *>(Image.ImageEnd) -
                  static_cast<const char *>(Image.ImageStart);
    ImageInfo Info = classifyImage(Image.ImageStart, Size);
    Present += (I ? ", " : "") + Info.describe();
    Candidates.push_back({I, Info, imageFitness(Info, Device.SM)});
  }
  std::stable_sort(Candidates.begin(), Candidates.end(),
                   [](const Candidate &A, const Candidate &B) {
                     return A.Fitness > B.Fitness;
                   });
  std::string Rejected;
  for (const Candidate &C : Candidates) {
    if (C.Fitness == 0)
      break;
    const __tgt_device_image &Image = Desc.DeviceImages[C.Index];
    const char *Start = static_cast<const char *>(Image.ImageStart);
    const char *End = static_cast<const char *>(Image.ImageEnd);
    // The driver reads PTX up to its terminating NUL.
    std::string Text;
    const void *Bytes = Start;
    if (C.Info.Kind == ImageKind::PTX && (End == Start || End[-1] != '\0')) {
      Text.assign(Start, End);
      Bytes = Text.c_str();
    }
    char Log[4096] = "";
    int Options[] = {CU_JIT_ERROR_LOG_BUFFER,
                     CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
    void *Values[] = {Log, reinterpret_cast<void *>(sizeof(Log))};
    trace::HostSpan Span([&] {
      return trace::Event{"load image", "load",
                          trace::Args()
                              .add("device", Device.Id)
                              .add("image", C.Info.describe())
                              .add("bytes", End - Start)};
    });
    if (Manifest)
      Limits.prepareFor(Manifest->Images[C.Index].Uses);
    CUresult Result =
        Cu.ModuleLoadDataEx(&Program.Module, Bytes, 2, Options, Values);
    if (Result == CUDA_SUCCESS) {
      info("device %d (%s): loaded image %d of %d (%s); the program carries "
           "%s",
           Device.Id, smName(Device.SM).c_str(), C.Index + 1,
           Desc.NumDeviceImages, C.Info.describe().c_str(), Present.c_str());
      if (Manifest)
        Program.ImageManifest = &Manifest->Images[C.Index];
      else if (C.Info.Kind == ImageKind::Cubin)
        Program.ImageSymbols = cubinDefinedSymbols(Start, End - Start);
      loadEntries(Program, Desc);
      writeDeviceEnvironment(Program);
      Programs.push_back(std::move(Program));
      return;
    }
    Rejected += format("; the driver rejected the %s: %s%s%s",
                       C.Info.describe().c_str(), Cu.describe(Result).c_str(),
                       *Log ? ": " : "", Log);
  }
  fatal("no device image of the program can run on device %d (%s, %s): it "
        "carries %s%s",
        Device.Id, Device.Name.c_str(), smName(Device.SM).c_str(),
        Present.c_str(), Rejected.c_str());
}

void ImageLoader::loadEntries(LoadedProgram &Program,
                              const __tgt_bin_desc &Desc) {
  // Kernel environments are read with one synchronization for all kernels
  // (a deque keeps the destinations in place).
  std::deque<std::pair<Kernel *, ConfigurationEnvironmentTy>> Configs;
  // Every object that declares a declare target link variable (or
  // instantiates an inline function's target region) registers it: the
  // entries repeat, naming one device symbol.
  std::unordered_set<std::string> Seen;
  IndirectCallTable Indirect;
  forEachOpenMPEntry(Desc, [&](const __tgt_offload_entry &E) {
    if (E.Flags & OMP_OFFLOAD_ENTRY_REQUIRES ||
        !Seen.insert(E.SymbolName).second)
      return;
    if (E.Flags &
        (OMP_OFFLOAD_ENTRY_INDIRECT | OMP_OFFLOAD_ENTRY_INDIRECT_VTABLE)) {
      addIndirectEntry(Program, E, Indirect);
      return;
    }
    if (E.Size == 0) {
      auto K = std::make_unique<Kernel>();
      K->Name = E.SymbolName;
      K->SourceName = kernelSourceName(E.SymbolName);
      // A region the device compile left out (the link step warned) runs on
      // the host: __tgt_target_kernel finds no kernel for it.
      if (!findFunction(Program, E.SymbolName, K->Function)) {
        info("device %d: the device image has no kernel for the target "
             "region %s",
             Device.Id, describeLocation(nullptr, E.SymbolName).c_str());
        return;
      }
      int MaxThreads = 0;
      check(Cu.FuncGetAttribute(&MaxThreads,
                                CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK,
                                K->Function),
            "cannot read a kernel's thread limit");
      K->Shape.FunctionMaxThreads = static_cast<uint32_t>(MaxThreads);
      // Kernels without an environment are bare (ompx_bare) kernels.
      std::string EnvName = K->Name + OMPGPU_KERNEL_ENVIRONMENT_SUFFIX;
      CUdeviceptr EnvPtr = 0;
      size_t EnvSize = 0;
      if (!findGlobal(Program, EnvName.c_str(), EnvPtr, EnvSize)) {
        K->Shape.ExecMode = 0;
      } else {
        if (EnvSize < sizeof(ConfigurationEnvironmentTy))
          fatal("%s on device %d has %zu bytes, expected at least %zu",
                EnvName.c_str(), Device.Id, EnvSize,
                sizeof(ConfigurationEnvironmentTy));
        Configs.emplace_back(K.get(), ConfigurationEnvironmentTy());
        Memory.copyFromDevice(&Configs.back().second, EnvPtr,
                              sizeof(ConfigurationEnvironmentTy));
        // Kernels whose combined loop takes blocks have their iterations a
        // thread.
        readKernelWords(Program,
                        K->Name + OMPGPU_KERNEL_THREAD_ITERATIONS_SUFFIX,
                        &K->Shape.ThreadIterations, 1);
        // Kernels whose loop may run padded rows have the padding's bound.
        readKernelWords(Program, K->Name + OMPGPU_KERNEL_PADDED_ROWS_SUFFIX,
                        &K->Shape.PaddedRowsSlack, 1);
        // Kernels whose loop may run on a grid of its shape say how to
        // compute its extents.
        readKernelWords(Program, K->Name + OMPGPU_KERNEL_GRID_SHAPE_SUFFIX,
                        K->Shape.GridShape, OMPGPU_GRID_SHAPE_WORDS);
      }
      KernelsByHostId[E.Address] = K.get();
      Program.KernelHostIds.push_back(E.Address);
      Program.Kernels.push_back(std::move(K));
      return;
    }
    // A declare target variable: for `link` ones, the entry is the
    // "<var>_decl_tgt_ref_ptr" pointer that maps of the variable attach. One
    // the device code does not define, it does not use either: maps of it
    // then make device copies like those of any host variable.
    CUdeviceptr Ptr = 0;
    size_t Size = 0;
    if (!findGlobal(Program, E.SymbolName, Ptr, Size)) {
      info("device %d: the device image does not define the declare target "
           "variable %s",
           Device.Id, E.SymbolName);
      return;
    }
    if (Size != E.Size)
      fatal("declare target variable %s has %zu bytes on device %d but "
            "%" PRIu64 " on the host",
            E.SymbolName, Size, Device.Id, E.Size);
    uintptr_t Host = addressOf(E.Address);
    Data.addPermanent(Host, E.Size, Ptr);
    Program.Globals.push_back(Host);
    // The device's reference pointer starts null and must point to the host
    // variable, the value of the host's (a map of the variable points it to
    // a device copy while the copy exists).
    if (Data.requiresUnifiedSharedMemory() && isReferencePointer(E.SymbolName))
      Memory.copyToDevice(Ptr, E.Address, sizeof(void *));
  });
  Memory.synchronize();
  writeIndirectCallTable(Program, Indirect);
  // Output of printf crosses to the host only when the host waits for the
  // device: regions of an image that prints wait for their kernels.
  bool Prints = Program.ImageManifest &&
                (Program.ImageManifest->Uses & OMPGPU_IMAGE_USES_PRINTF);
  for (const auto &[K, Config] : Configs) {
    K->Shape.ExecMode = Config.ExecMode;
    K->Shape.MaxThreads = Config.MaxThreads;
    K->ReductionRecordBytes = static_cast<uint32_t>(Config.ReductionDataSize);
    K->ReductionRecords = static_cast<uint32_t>(Config.ReductionBufferLength);
    K->Prints = Prints;
  }
}

void ImageLoader::addIndirectEntry(const LoadedProgram &Program,
                                   const __tgt_offload_entry &E,
                                   IndirectCallTable &Table) {
  // The entry names a device global that holds the device function's (or
  // vtable's) address; Size is that of the host vtable, or of the global.
  // The link step's own vtable entries have Size 0 and name the vtable in
  // AuxAddr, whose size in the image is the host's; their Address is null
  // where the host program has no such vtable (OffloadABI.h).
  bool VTable = E.Flags & OMP_OFFLOAD_ENTRY_INDIRECT_VTABLE;
  if (!E.Address)
    return;
  CUdeviceptr Holder = 0;
  size_t Size = 0;
  if (!findGlobal(Program, E.SymbolName, Holder, Size)) {
    info("device %d: the device image does not define %s, which holds the "
         "device address of an indirect %s",
         Device.Id, E.SymbolName, VTable ? "vtable" : "function");
    return;
  }
  if (Size != sizeof(void *))
    fatal("%s on device %d has %zu bytes, expected a pointer: clang's "
          "indirect entries and this runtime do not match",
          E.SymbolName, Device.Id, Size);
  uint64_t Bytes = VTable ? E.Size : 1;
  if (VTable && Bytes == 0) {
    CUdeviceptr DeviceVTable = 0;
    size_t VTableSize = 0;
    const char *Name = static_cast<const char *>(E.AuxAddr);
    if (!Name || !findGlobal(Program, Name, DeviceVTable, VTableSize))
      return;
    Bytes = VTableSize;
  }
  Table.add(addressOf(E.Address), Bytes, Holder);
}

void ImageLoader::writeIndirectCallTable(LoadedProgram &Program,
                                         IndirectCallTable &Table) {
  // An image whose device code makes no indirect call has no lookup, and
  // no table.
  CUdeviceptr Global = 0;
  size_t Size = 0;
  if (Table.empty() ||
      !findGlobal(Program, OMPGPU_INDIRECT_CALL_TABLE_SYMBOL, Global, Size))
    return;
  if (Size != sizeof(IndirectCallTableTy))
    fatal("the device image's %s has %zu bytes, expected %zu: the device "
          "runtime and libomptarget do not match",
          OMPGPU_INDIRECT_CALL_TABLE_SYMBOL, Size, sizeof(IndirectCallTableTy));
  Program.IndirectCallRows = Table.writeTo(Memory, Global);
}

void ImageLoader::writeDeviceEnvironment(const LoadedProgram &Program) {
  // The device runtime answers omp_get_device_num(), omp_get_num_devices(),
  // omp_get_max_teams() and omp_get_teams_thread_limit() from this global;
  // an image whose code never asks does not have it.
  TeamsIcvs Icvs = getEnvironment().teams(Device.Id);
  DeviceEnvironmentTy Environment = {static_cast<uint32_t>(Device.NumDevices),
                                     static_cast<uint32_t>(Device.Id),
                                     Icvs.NumTeams, Icvs.TeamsThreadLimit};
  CUdeviceptr Ptr = 0;
  size_t Size = 0;
  if (!findGlobal(Program, OMPGPU_DEVICE_ENVIRONMENT_SYMBOL, Ptr, Size))
    return;
  if (Size != sizeof(Environment))
    fatal("the device image's %s has %zu bytes, expected %zu: the device "
          "runtime and libomptarget do not match",
          OMPGPU_DEVICE_ENVIRONMENT_SYMBOL, Size, sizeof(Environment));
  Memory.copyToDevice(Ptr, &Environment, sizeof(Environment));
}

bool ImageLoader::imageMayDefine(const LoadedProgram &Program,
                                 const char *Name) const {
  if (!Program.ImageManifest) {
    const auto &Symbols = Program.ImageSymbols;
    return !Symbols ||
           std::binary_search(Symbols->begin(), Symbols->end(), Name);
  }
  const char *const *Begin = Program.ImageManifest->Names;
  const char *const *End = Begin + Program.ImageManifest->Count;
  return std::binary_search(Begin, End, Name, [](const char *A, const char *B) {
    return strcmp(A, B) < 0;
  });
}

bool ImageLoader::findGlobal(const LoadedProgram &Program, const char *Name,
                             CUdeviceptr &Ptr, size_t &Size) const {
  if (!imageMayDefine(Program, Name))
    return false;
  CUresult Result = Cu.ModuleGetGlobal(&Ptr, &Size, Program.Module, Name);
  if (Result == CUDA_ERROR_NOT_FOUND && !Program.ImageManifest)
    return false;
  check(Result,
        format("cannot find %s, which the image defines", Name).c_str());
  return true;
}

void ImageLoader::readKernelWords(const LoadedProgram &Program,
                                  const std::string &Name, uint32_t *Words,
                                  size_t Count) const {
  CUdeviceptr Ptr = 0;
  size_t Size = 0;
  if (findGlobal(Program, Name.c_str(), Ptr, Size) &&
      Size == Count * sizeof(uint32_t))
    Memory.copyFromDevice(Words, Ptr, Size);
}

bool ImageLoader::findFunction(const LoadedProgram &Program, const char *Name,
                               CUfunction &Function) const {
  if (!imageMayDefine(Program, Name))
    return false;
  CUresult Result = Cu.ModuleGetFunction(&Function, Program.Module, Name);
  if (Result == CUDA_ERROR_NOT_FOUND && !Program.ImageManifest)
    return false;
  check(Result,
        format("cannot find %s, which the image defines", Name).c_str());
  return true;
}

Kernel *ImageLoader::findKernel(const void *HostId) const {
  auto It = KernelsByHostId.find(HostId);
  return It == KernelsByHostId.end() ? nullptr : It->second;
}

void ImageLoader::unloadProgram(const __tgt_bin_desc *Desc, CUcontext Context) {
  auto It =
      std::find_if(Programs.begin(), Programs.end(),
                   [&](const LoadedProgram &P) { return P.Desc == Desc; });
  if (It == Programs.end())
    return;
  for (const void *HostId : It->KernelHostIds)
    KernelsByHostId.erase(HostId);
  for (uintptr_t Host : It->Globals) {
    MappingTable::LookupResult R = Data.table().lookup(Host, 0);
    if (R.Entry)
      Data.table().erase(*R.Entry);
  }
  // At process exit the driver may already be shut down; the module then
  // goes with it, so the result does not matter.
  if (It->Module && Cu.CtxSetCurrent(Context) == CUDA_SUCCESS) {
    if (It->IndirectCallRows)
      Memory.release(It->IndirectCallRows);
    Cu.ModuleUnload(It->Module);
  }
  Programs.erase(It);
}
