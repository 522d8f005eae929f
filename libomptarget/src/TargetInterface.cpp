//===- TargetInterface.cpp - The __tgt_* entry points clang-22 calls ------===//
//
// Target regions, target data / enter data / exit data / update (with and
// without nowait), the completion of nowait constructs and the device count,
// which the host OpenMP runtime (libomp) looks up by name. Each entry point
// decides where the construct runs and holds the device while it queues the
// construct's work.
//
//===----------------------------------------------------------------------===//

#include "AsyncConstruct.h"
#include "Device.h"
#include "Diagnostics.h"
#include "Environment.h"
#include "HostOpenMP.h"
#include "KernelLaunch.h"
#include "Registry.h"
#include "Runtime.h"
#include "Trace.h"

using namespace omptarget;

namespace {
/// What clang's code treats as "run the region on the host instead".
constexpr int OffloadFailed = -1;

enum class DataOp { Begin, End, Update };

/// Names of the data constructs' steps in the trace: begin serves `target
/// data` and `target enter data`, end `target data` and `target exit data`.
const char *stepName(DataOp Op) {
  switch (Op) {
  case DataOp::Begin:
    return "enter data";
  case DataOp::End:
    return "exit data";
  case DataOp::Update:
    return "update";
  }
  return "";
}

/// A target region as the trace names it: by its kernel \p K, or by its host
/// region id where no device has loaded its kernel.
trace::Event regionEvent(const void *HostId, const Kernel *K) {
  const char *Name = K ? K->Name.c_str() : Registry::get().kernelName(HostId);
  std::string SourceName = K      ? K->SourceName
                           : Name ? kernelSourceName(Name)
                                  : "target region";
  return {SourceName, "target",
          trace::Args()
              .add("location", ConstructScope::where())
              .add("kernel", Name ? Name : "unknown")};
}

void mapData(DataOp Op, bool Nowait, ident_t *Loc, int64_t DeviceId,
             int32_t ArgNum, void **ArgsBase, void **Args, int64_t *ArgSizes,
             int64_t *ArgTypes, void **ArgNames, void **ArgMappers) {
  ConstructScope Scope(Loc);
  Device *D = Runtime::get().deviceForConstruct(DeviceId);
  if (!D)
    return;
  trace::HostSpan Span([&] { return D->mapEvent(stepName(Op), ArgNum); });
  MapList List;
  List.Count = ArgNum;
  List.Bases = ArgsBase;
  List.Begins = Args;
  List.Sizes = ArgSizes;
  List.Types = ArgTypes;
  List.Names = ArgNames;
  List.Mappers = ArgMappers;
  auto Queue = [&](DataEnvironment::Restores *Deferred) {
    switch (Op) {
    case DataOp::Begin:
      D->data().mapBegin(List);
      // The program may change the host data once the construct is over.
      if (!Deferred)
        D->data().settleCopiesIn();
      break;
    case DataOp::End:
      D->data().mapEnd(List, Deferred);
      break;
    case DataOp::Update:
      D->data().update(List, Deferred);
      break;
    }
  };
  if (Nowait) {
    AsyncConstruct::run(*D, {Loc}, Queue);
    return;
  }
  DeviceLock Lock = D->acquire();
  Queue(nullptr);
}

/// Dependences that other compilers may pass to the nowait entry points
/// (clang-22 gives them to the target task instead and passes none).
void waitForDependences(int32_t DepNum, void *DepList, int32_t NoAliasDepNum,
                        void *NoAliasDepList) {
  hostomp::waitForDependences(static_cast<hostomp::Dependence *>(DepList),
                              DepNum);
  hostomp::waitForDependences(
      static_cast<hostomp::Dependence *>(NoAliasDepList), NoAliasDepNum);
}
} // namespace

extern "C" int __tgt_target_kernel(ident_t *Loc, int64_t DeviceId,
                                   int32_t NumTeams, int32_t ThreadLimit,
                                   void *HostPtr,
                                   __tgt_kernel_arguments *Args) {
  // ThreadLimit repeats Args->ThreadLimit[0]; NumTeams differs from
  // Args->NumTeams[0] in saying -1 for regions without a teams construct.
  (void)ThreadLimit;
  ConstructScope Scope(Loc);
  Scope.setRegion(HostPtr);
  Device *D = Runtime::get().deviceForConstruct(DeviceId);
  if (!D) {
    if (trace::Enabled) {
      trace::Event Fallback = regionEvent(HostPtr, nullptr);
      Fallback.Name += " on the host";
      trace::instant(trace::hostThread(), Fallback);
    }
    return OffloadFailed;
  }
  if (Args->Version < 2)
    fatal("kernel argument block version %u is not supported (clang-22 "
          "emits version 3)",
          Args->Version);
  if (Args->Flags & OMP_KERNEL_ARGS_IS_CUDA)
    fatal("CUDA kernel launches through the OpenMP runtime are not "
          "supported");
  Kernel *K = nullptr;
  trace::HostSpan Span([&] {
    trace::Event Region = regionEvent(HostPtr, K);
    Region.Arguments.add("device", D->id());
    return Region;
  });
  DeviceLock Lock = D->acquire();
  K = D->findKernel(HostPtr);
  if (!K) {
    // The device compile left the region out (the link step warned): a
    // metadirective whose variant clang-22 chose differently for the device.
    const char *Why = "its program's device image has no kernel for it "
                      "(the link step warned about it)";
    if (getEnvironment().Policy == OffloadPolicy::Mandatory)
      fatal("the target region cannot run on device %d: %s", D->id(), Why);
    info("the target region %s runs on the host: %s",
         ConstructScope::describeCurrent().c_str(), Why);
    return OffloadFailed;
  }
  Scope.setKernel(K->Name.c_str());
  if (!(Args->Flags & OMP_KERNEL_ARGS_NOWAIT)) {
    launchKernel(*D, *K, Loc, NumTeams, *Args, nullptr);
    return 0;
  }
  Lock.unlock();
  AsyncConstruct::run(*D, {Loc, K->Name.c_str()},
                      [&](DataEnvironment::Restores *Deferred) {
                        launchKernel(*D, *K, Loc, NumTeams, *Args, Deferred);
                      });
  return 0;
}

extern "C" void __tgt_target_data_begin_mapper(ident_t *Loc, int64_t DeviceId,
                                               int32_t ArgNum, void **ArgsBase,
                                               void **Args, int64_t *ArgSizes,
                                               int64_t *ArgTypes,
                                               void **ArgNames,
                                               void **ArgMappers) {
  mapData(DataOp::Begin, false, Loc, DeviceId, ArgNum, ArgsBase, Args,
          ArgSizes, ArgTypes, ArgNames, ArgMappers);
}

extern "C" void __tgt_target_data_end_mapper(ident_t *Loc, int64_t DeviceId,
                                             int32_t ArgNum, void **ArgsBase,
                                             void **Args, int64_t *ArgSizes,
                                             int64_t *ArgTypes, void **ArgNames,
                                             void **ArgMappers) {
  mapData(DataOp::End, false, Loc, DeviceId, ArgNum, ArgsBase, Args,
          ArgSizes, ArgTypes, ArgNames, ArgMappers);
}

extern "C" void __tgt_target_data_update_mapper(ident_t *Loc, int64_t DeviceId,
                                                int32_t ArgNum, void **ArgsBase,
                                                void **Args, int64_t *ArgSizes,
                                                int64_t *ArgTypes,
                                                void **ArgNames,
                                                void **ArgMappers) {
  mapData(DataOp::Update, false, Loc, DeviceId, ArgNum, ArgsBase, Args,
          ArgSizes, ArgTypes, ArgNames, ArgMappers);
}

extern "C" void __tgt_target_data_begin_nowait_mapper(
    ident_t *Loc, int64_t DeviceId, int32_t ArgNum, void **ArgsBase,
    void **Args, int64_t *ArgSizes, int64_t *ArgTypes, void **ArgNames,
    void **ArgMappers, int32_t DepNum, void *DepList, int32_t NoAliasDepNum,
    void *NoAliasDepList) {
  waitForDependences(DepNum, DepList, NoAliasDepNum, NoAliasDepList);
  mapData(DataOp::Begin, true, Loc, DeviceId, ArgNum, ArgsBase, Args, ArgSizes,
          ArgTypes, ArgNames, ArgMappers);
}

extern "C" void __tgt_target_data_end_nowait_mapper(
    ident_t *Loc, int64_t DeviceId, int32_t ArgNum, void **ArgsBase,
    void **Args, int64_t *ArgSizes, int64_t *ArgTypes, void **ArgNames,
    void **ArgMappers, int32_t DepNum, void *DepList, int32_t NoAliasDepNum,
    void *NoAliasDepList) {
  waitForDependences(DepNum, DepList, NoAliasDepNum, NoAliasDepList);
  mapData(DataOp::End, true, Loc, DeviceId, ArgNum, ArgsBase, Args, ArgSizes,
          ArgTypes, ArgNames, ArgMappers);
}

extern "C" void __tgt_target_data_update_nowait_mapper(
    ident_t *Loc, int64_t DeviceId, int32_t ArgNum, void **ArgsBase,
    void **Args, int64_t *ArgSizes, int64_t *ArgTypes, void **ArgNames,
    void **ArgMappers, int32_t DepNum, void *DepList, int32_t NoAliasDepNum,
    void *NoAliasDepList) {
  waitForDependences(DepNum, DepList, NoAliasDepNum, NoAliasDepList);
  mapData(DataOp::Update, true, Loc, DeviceId, ArgNum, ArgsBase, Args, ArgSizes,
          ArgTypes, ArgNames, ArgMappers);
}

extern "C" void __tgt_target_nowait_query(void **AsyncHandle) {
  AsyncConstruct::query(AsyncHandle);
}

extern "C" int __tgt_get_num_devices() { return Runtime::get().numDevices(); }
