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
#include "ImageInfo.h"
#include "Registry.h"
#include "Trace.h"

#include <algorithm>
#include <cinttypes>
#include <deque>
#include <string>

using namespace omptarget;

void ImageLoader::loadNewPrograms() {
  uint64_t Generation = Registry::get().generation();
  if (LoadedGeneration == Generation)
    return;
  LoadedGeneration = Generation;
  for (__tgt_bin_desc *Desc : Registry::get().programs()) {
    bool Loaded =
        std::any_of(Programs.begin(), Programs.end(),
                    [&](const LoadedProgram &P) { return P.Desc == Desc; });
    if (!Loaded)
      loadProgram(*Desc);
  }
}

/// The requirements of `omp requires` that this runtime cannot meet.
static void checkRequirements(const __tgt_bin_desc &Desc) {
  forEachOpenMPEntry(Desc, [](const __tgt_offload_entry &E) {
    if (!(E.Flags & OMP_OFFLOAD_ENTRY_REQUIRES))
      return;
    static const struct {
      uint64_t Flag;
      const char *Clause;
    } Unsupported[] = {
        {OMP_REQ_UNIFIED_SHARED_MEMORY, "unified_shared_memory"},
        {OMP_REQ_UNIFIED_ADDRESS, "unified_address"},
        {OMP_REQ_REVERSE_OFFLOAD, "reverse_offload"},
    };
    for (const auto &U : Unsupported)
      if (E.Data & U.Flag)
        fatal("'#pragma omp requires %s' is not supported yet by the "
              "offloading runtime",
              U.Clause);
  });
}

void ImageLoader::loadProgram(const __tgt_bin_desc &Desc) {
  checkRequirements(Desc);
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
    CUresult Result =
        Cu.ModuleLoadDataEx(&Program.Module, Bytes, 2, Options, Values);
    if (Result == CUDA_SUCCESS) {
      info("device %d (%s): loaded image %d of %d (%s); the program carries "
           "%s",
           Device.Id, smName(Device.SM).c_str(), C.Index + 1,
           Desc.NumDeviceImages, C.Info.describe().c_str(), Present.c_str());
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
  forEachOpenMPEntry(Desc, [&](const __tgt_offload_entry &E) {
    if (E.Flags & OMP_OFFLOAD_ENTRY_REQUIRES)
      return;
    if (E.Flags &
        (OMP_OFFLOAD_ENTRY_INDIRECT | OMP_OFFLOAD_ENTRY_INDIRECT_VTABLE))
      fatal("'declare target indirect' (function %s) is not supported yet by "
            "the offloading runtime",
            E.SymbolName);
    if (E.Size == 0) {
      auto K = std::make_unique<Kernel>();
      K->Name = E.SymbolName;
      K->SourceName = kernelSourceName(E.SymbolName);
      CUresult Result =
          Cu.ModuleGetFunction(&K->Function, Program.Module, E.SymbolName);
      if (Result != CUDA_SUCCESS)
        fatal("kernel %s is missing from the device image loaded on device "
              "%d: %s",
              E.SymbolName, Device.Id, Cu.describe(Result).c_str());
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
      Result = Cu.ModuleGetGlobal(&EnvPtr, &EnvSize, Program.Module,
                                  EnvName.c_str());
      if (Result == CUDA_ERROR_NOT_FOUND) {
        K->Shape.ExecMode = 0;
      } else {
        check(Result, "cannot find a kernel environment");
        if (EnvSize < sizeof(ConfigurationEnvironmentTy))
          fatal("%s on device %d has %zu bytes, expected at least %zu",
                EnvName.c_str(), Device.Id, EnvSize,
                sizeof(ConfigurationEnvironmentTy));
        Configs.emplace_back(K.get(), ConfigurationEnvironmentTy());
        Memory.copyFromDevice(&Configs.back().second, EnvPtr,
                              sizeof(ConfigurationEnvironmentTy));
      }
      KernelsByHostId[E.Address] = K.get();
      Program.KernelHostIds.push_back(E.Address);
      Program.Kernels.push_back(std::move(K));
      return;
    }
    // A declare target variable: for `link` ones, the entry is the
    // "<var>_decl_tgt_ref_ptr" pointer that maps of the variable attach.
    CUdeviceptr Ptr = 0;
    size_t Size = 0;
    CUresult Result =
        Cu.ModuleGetGlobal(&Ptr, &Size, Program.Module, E.SymbolName);
    if (Result != CUDA_SUCCESS)
      fatal("declare target variable %s is missing from the device image "
            "loaded on device %d: %s",
            E.SymbolName, Device.Id, Cu.describe(Result).c_str());
    if (Size != E.Size)
      fatal("declare target variable %s has %zu bytes on device %d but "
            "%" PRIu64 " on the host",
            E.SymbolName, Size, Device.Id, E.Size);
    uintptr_t Host = addressOf(E.Address);
    Data.addPermanent(Host, E.Size, Ptr);
    Program.Globals.push_back(Host);
  });
  Memory.synchronize();
  uint32_t RecordBytes = 0;
  uint32_t Records = 0;
  for (const auto &[K, Config] : Configs) {
    K->Shape.ExecMode = Config.ExecMode;
    K->Shape.MaxThreads = Config.MaxThreads;
    if (Config.ReductionDataSize > 0) {
      RecordBytes = std::max(RecordBytes,
                             static_cast<uint32_t>(Config.ReductionDataSize));
      Records = std::max(Records,
                         static_cast<uint32_t>(Config.ReductionBufferLength));
    }
  }
  if (RecordBytes > 0)
    setUpReductions(Program, RecordBytes, Records);
}

void ImageLoader::setUpReductions(LoadedProgram &Program, uint32_t RecordBytes,
                                  uint32_t Records) {
  // Kernels of a device run one at a time, so one buffer of the largest
  // size any kernel of the program needs serves them all, with no work at
  // launch (the layout is ReductionEnvironmentTy's).
  ReductionEnvironmentTy Environment;
  CUdeviceptr Ptr = 0;
  size_t Size = 0;
  if (Cu.ModuleGetGlobal(&Ptr, &Size, Program.Module,
                         OMPGPU_REDUCTION_ENVIRONMENT_SYMBOL) != CUDA_SUCCESS)
    fatal("the device image on device %d reduces across teams but lacks "
          "%s: the device runtime and libomptarget do not match",
          Device.Id, OMPGPU_REDUCTION_ENVIRONMENT_SYMBOL);
  if (Size != sizeof(Environment))
    fatal("the device image's %s has %zu bytes, expected %zu: the device "
          "runtime and libomptarget do not match",
          OMPGPU_REDUCTION_ENVIRONMENT_SYMBOL, Size, sizeof(Environment));
  // Records start 16-byte aligned, enough for any reduction variable.
  size_t CounterBytes = (sizeof(uint32_t) * (1 + size_t(Records)) + 15) & ~15;
  std::vector<uint32_t> Zeros(CounterBytes / sizeof(uint32_t));
  uintptr_t Buffer =
      Memory.allocate(CounterBytes + size_t(RecordBytes) * size_t(Records));
  Program.ReductionMemory = Buffer;
  Memory.copyToDevice(Buffer, Zeros.data(), CounterBytes);
  Environment.Buffer = pointerTo(Buffer + CounterBytes);
  Environment.TeamsDone = pointerTo<uint32_t>(Buffer);
  Environment.RecordStates = pointerTo<uint32_t>(Buffer + sizeof(uint32_t));
  Environment.Records = Records;
  Memory.copyToDevice(Ptr, &Environment, sizeof(Environment));
}

void ImageLoader::writeDeviceEnvironment(const LoadedProgram &Program) {
  // The device runtime answers omp_get_device_num() and
  // omp_get_num_devices() from this global; an image whose code never asks
  // does not have it.
  DeviceEnvironmentTy Environment = {static_cast<uint32_t>(Device.NumDevices),
                                     static_cast<uint32_t>(Device.Id)};
  CUdeviceptr Ptr = 0;
  size_t Size = 0;
  if (Cu.ModuleGetGlobal(&Ptr, &Size, Program.Module,
                         OMPGPU_DEVICE_ENVIRONMENT_SYMBOL) != CUDA_SUCCESS)
    return;
  if (Size != sizeof(Environment))
    fatal("the device image's %s has %zu bytes, expected %zu: the device "
          "runtime and libomptarget do not match",
          OMPGPU_DEVICE_ENVIRONMENT_SYMBOL, Size, sizeof(Environment));
  Memory.copyToDevice(Ptr, &Environment, sizeof(Environment));
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
    Cu.ModuleUnload(It->Module);
    if (It->ReductionMemory)
      Cu.MemFree(It->ReductionMemory);
  }
  Programs.erase(It);
}
