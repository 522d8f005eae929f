//===- ImageLoader.h - The programs loaded on one device --------*- C++ -*-===//
//
// Loads, on one device, the best device image of each registered program
// (after sizing the device heap and printf buffer it uses, DeviceLimits.h)
// and resolves the program's offload entries in it: kernels with what their
// kernel environments say, declare target variables (mapped for the
// program's lifetime), indirect functions and vtables (the table that device
// code translates their host addresses with, IndirectCallTable.h), and the
// device environment the device runtime reads. Which of them the image defines
// comes from the link step's manifest, so that the driver is never asked for a
// symbol that is not there (programs registered without a manifest are asked
// about). A Device owns one, loads new programs through it at the start of each
// construct and finds kernels in it.
//
//===----------------------------------------------------------------------===//

#ifndef OMPTARGET_IMAGELOADER_H
#define OMPTARGET_IMAGELOADER_H

#include "CudaDriver.h"
#include "DataEnvironment.h"
#include "DeviceLimits.h"
#include "DeviceMemory.h"
#include "DeviceProperties.h"
#include "IndirectCallTable.h"
#include "Kernel.h"
#include "omptarget.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace omptarget {

class ImageLoader {
public:
  /// Loads onto the device described by \p Device, whose memory and data
  /// environment are \p Memory and \p Data.
  ImageLoader(const CudaDriver &Cu, const DeviceProperties &Device,
              DeviceMemory &Memory, DataEnvironment &Data)
      : Cu(Cu), Device(Device), Memory(Memory), Data(Data) {}

  /// Loads the programs registered since the last call; costs a comparison
  /// when there are none.
  void loadNewPrograms();

  /// The kernel of a target region, by its host region id; nullptr if no
  /// loaded program has it.
  Kernel *findKernel(const void *HostId) const;

  /// Forgets a program being unregistered (its host addresses may be reused)
  /// and, if \p Context can still be made current, unloads its module and
  /// frees its memory.
  void unloadProgram(const __tgt_bin_desc *Desc, CUcontext Context);

private:
  /// The device image of one registered program, loaded.
  struct LoadedProgram {
    const __tgt_bin_desc *Desc = nullptr;
    CUmodule Module = nullptr;
    /// What the link step says the loaded image defines; nullptr if the
    /// program came without a manifest.
    const OffloadImageInfoTy *ImageManifest = nullptr;
    /// For a cubin without a manifest, what its symbol table defines
    /// (ImageSymbols.h); nullopt otherwise.
    std::optional<std::vector<std::string>> ImageSymbols;
    std::vector<std::unique_ptr<Kernel>> Kernels;
    std::vector<const void *> KernelHostIds;
    /// Host addresses of its declare target variables (permanently mapped).
    std::vector<uintptr_t> Globals;
    /// The rows of its table of indirect functions and vtables in device
    /// memory; 0 if it has none.
    uintptr_t IndirectCallRows = 0;
  };

  void loadProgram(const __tgt_bin_desc &Desc,
                   const OffloadManifestTy *Manifest);
  void loadEntries(LoadedProgram &Program, const __tgt_bin_desc &Desc);
  /// Adds a registered indirect function or vtable to \p Table.
  void addIndirectEntry(const LoadedProgram &Program,
                        const __tgt_offload_entry &E, IndirectCallTable &Table);
  void writeIndirectCallTable(LoadedProgram &Program, IndirectCallTable &Table);
  void writeDeviceEnvironment(const LoadedProgram &Program);
  /// False when the image of \p Program is known not to define \p Name.
  bool imageMayDefine(const LoadedProgram &Program, const char *Name) const;
  /// Reads the global \p Name of \p Program, \p Count uint32_t words, into
  /// \p Words where the image has one of that size; leaves \p Words as they
  /// are otherwise.
  void readKernelWords(const LoadedProgram &Program, const std::string &Name,
                       uint32_t *Words, size_t Count) const;
  /// The global or kernel \p Name of the loaded image of \p Program; false
  /// if the image does not define it.
  bool findGlobal(const LoadedProgram &Program, const char *Name,
                  CUdeviceptr &Ptr, size_t &Size) const;
  bool findFunction(const LoadedProgram &Program, const char *Name,
                    CUfunction &Function) const;
  void check(CUresult Result, const char *What) const {
    Cu.check(Result, Device.Id, What);
  }

  const CudaDriver &Cu;
  const DeviceProperties &Device;
  DeviceMemory &Memory;
  DataEnvironment &Data;
  /// The heap and printf buffer that images of the device use.
  DeviceLimits Limits{Cu, Device};
  std::vector<LoadedProgram> Programs;
  std::unordered_map<const void *, Kernel *> KernelsByHostId;
  /// The registry's generation when new programs were last looked for.
  uint64_t LoadedGeneration = 0;
};

} // namespace omptarget

#endif // OMPTARGET_IMAGELOADER_H
