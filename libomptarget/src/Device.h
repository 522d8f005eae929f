//===- Device.h - One CUDA device ---------------------------------*- C++
//-*-===//
//
// A GPU as the runtime uses it: its primary context and one stream, its memory
// (the DeviceMemory the data environment maps into), the programs loaded on it
// and their kernels. Every construct holds the device's lock for its duration.
//
//===----------------------------------------------------------------------===//

#ifndef OMPTARGET_DEVICE_H
#define OMPTARGET_DEVICE_H

#include "CudaDriver.h"
#include "DataEnvironment.h"
#include "Kernel.h"
#include "MemoryPool.h"

#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

namespace omptarget {

/// The device images of one registered program, loaded on one device.
struct LoadedProgram {
  const __tgt_bin_desc *Desc = nullptr;
  CUmodule Module = nullptr;
  std::vector<std::unique_ptr<Kernel>> Kernels;
  std::vector<const void *> KernelHostIds;
  /// Host addresses of its declare target variables (permanently mapped).
  std::vector<uintptr_t> Globals;
  /// The teams reduction buffer and counters its kernels share; 0 if none
  /// of them reduces across teams.
  uintptr_t ReductionMemory = 0;
};

class Device final : public DeviceMemory {
public:
  Device(const CudaDriver &Cu, int Id, int NumDevices, CUdevice Handle);

  /// Locks the device for one construct or API call, after making sure it is
  /// initialized, current on this thread and has every registered program
  /// loaded.
  std::unique_lock<std::mutex> acquire();

  int id() const { return Id; }
  const CudaDriver &driver() const { return Cu; }
  CUcontext context() const { return Context; }
  CUstream stream() const { return Stream; }
  unsigned computeCapability() const { return SM; }
  unsigned numMultiprocessors() const { return Multiprocessors; }
  DataEnvironment &data() { return Data; }

  /// The kernel of a target region, by its host region id; nullptr if no
  /// loaded program has it.
  Kernel *findKernel(const void *HostId) const;

  /// Forgets a program being unregistered (its host addresses may be reused).
  void unloadProgram(const __tgt_bin_desc *Desc);

  /// Ends the process with a message naming \p What if \p Result is an error.
  void check(CUresult Result, const char *What) const;

  /// Waits for a launched kernel; a fault ends the process naming it.
  void waitForKernel(const Kernel &K);

  /// Kernel launches reuse these buffers instead of allocating each time.
  LaunchBuffers &launchBuffers() { return Buffers; }
  /// Device memory of at least \p Size bytes for firstprivate copies, valid
  /// until the next call.
  uintptr_t privateBuffer(size_t Size);

  // DeviceMemory.
  uintptr_t allocate(size_t Size) override;
  void release(uintptr_t Ptr) override;
  void copyToDevice(uintptr_t Dst, const void *Src, size_t Size) override;
  void copyFromDevice(void *Dst, uintptr_t Src, size_t Size) override;
  void synchronize() override;
  std::string name() const override;
  std::string memoryStatus() override;

private:
  void initialize();
  void loadNewPrograms();
  void loadProgram(const __tgt_bin_desc &Desc);
  void loadEntries(LoadedProgram &Program, const __tgt_bin_desc &Desc);
  void writeDeviceEnvironment(const LoadedProgram &Program);
  void setUpReductions(LoadedProgram &Program, uint32_t RecordBytes,
                       uint32_t Records);
  /// cuMemAlloc, retried once after the pool returned its free blocks.
  uintptr_t allocateFromDriver(size_t Size);

  const CudaDriver &Cu;
  const int Id;
  /// How many devices the process sees, for omp_get_num_devices() on the
  /// device.
  const int NumDevices;
  const CUdevice Handle;
  std::mutex Mutex;
  bool Initialized = false;
  CUcontext Context = nullptr;
  CUstream Stream = nullptr;
  unsigned SM = 0;
  unsigned Multiprocessors = 0;
  std::string DeviceName;
  /// Work was queued on the stream since the last synchronize().
  bool Pending = false;

  DataEnvironment Data{*this};
  std::vector<LoadedProgram> Programs;
  std::unordered_map<const void *, Kernel *> KernelsByHostId;
  uint64_t LoadedGeneration = 0;

  /// Small blocks released by the data environment, kept for reuse.
  MemoryPool Pool;
  LaunchBuffers Buffers;
  uintptr_t PrivateBuffer = 0;
  size_t PrivateBufferSize = 0;
};

} // namespace omptarget

#endif // OMPTARGET_DEVICE_H
