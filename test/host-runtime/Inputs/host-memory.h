// A "device" for unit tests of the data environment: its memory is host
// memory, and it counts what happens to it (allocations, plain and box
// copies). ReachesHost says whether kernels would reach all host memory in
// place, as on a GPU with HMM. Also the map list of a synthetic MapItems.
#ifndef HOST_MEMORY_H
#define HOST_MEMORY_H

#include "DeviceMemory.h"
#include "Mappers.h"
#include "synthetic.h"

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <map>

class HostMemory final : public omptarget::DeviceMemory {
public:
  size_t Limit = SIZE_MAX, InUse = 0;
  int Allocations = 0, CopiesIn = 0, CopiesOut = 0, BoxesIn = 0, BoxesOut = 0;
  uint64_t MaxPitch = UINT64_MAX;
  bool ReachesHost = false;
  std::map<uintptr_t, size_t> Live;

  uintptr_t allocate(size_t Size) override {
    if (InUse + Size > Limit)
      return 0;
    void *P = aligned_alloc(256, (Size + 255) & ~size_t(255));
    memset(P, 0xee, Size);
    InUse += Size;
    ++Allocations;
    Live[reinterpret_cast<uintptr_t>(P)] = Size;
    return reinterpret_cast<uintptr_t>(P);
  }
  void release(uintptr_t Ptr) override {
    InUse -= Live[Ptr];
    Live.erase(Ptr);
    free(reinterpret_cast<void *>(Ptr));
  }
  // Copies happen at once: nothing queued still uses the memory.
  void releaseWhenDone(uintptr_t Ptr) override { release(Ptr); }
  void copyToDevice(uintptr_t Dst, const void *Src, size_t Size) override {
    memcpy(reinterpret_cast<void *>(Dst), Src, Size);
    ++CopiesIn;
  }
  void copyValueToDevice(uintptr_t Dst, uintptr_t Value) override {
    copyToDevice(Dst, &Value, sizeof(Value));
  }
  void copyFromDevice(void *Dst, uintptr_t Src, size_t Size) override {
    memcpy(Dst, reinterpret_cast<void *>(Src), Size);
    ++CopiesOut;
  }
  void copyBoxToDevice(uintptr_t Dst, const void *Src,
                       const omptarget::CopyBox &Box) override {
    copyBox(reinterpret_cast<char *>(Dst), static_cast<const char *>(Src), Box);
    ++BoxesIn;
  }
  void copyBoxFromDevice(void *Dst, uintptr_t Src,
                         const omptarget::CopyBox &Box) override {
    copyBox(static_cast<char *>(Dst), reinterpret_cast<const char *>(Src), Box);
    ++BoxesOut;
  }
  uint64_t maxPitch() const override { return MaxPitch; }
  void synchronize() override {}
  void settleCopiesIn() override {}
  bool reachesHostMemory(uintptr_t, uint64_t) override { return ReachesHost; }
  std::string name() const override { return "device 0"; }
  std::string memoryStatus() override { return "test memory"; }

private:
  static void copyBox(char *Dst, const char *Src,
                      const omptarget::CopyBox &Box) {
    for (size_t Z = 0; Z < Box.Depth; ++Z)
      for (size_t Y = 0; Y < Box.Height; ++Y)
        memcpy(Dst + Z * Box.DstSlicePitch + Y * Box.DstPitch,
               Src + Z * Box.SrcSlicePitch + Y * Box.SrcPitch, Box.Width);
  }
};

/// \p M as the entry points hand a list to the data environment.
inline omptarget::MapList mapList(synthetic::MapItems &M,
                                  void **Mappers = nullptr) {
  omptarget::MapList L;
  L.Count = M.count();
  L.Bases = M.Bases.data();
  L.Begins = M.Begins.data();
  L.Sizes = M.Sizes.data();
  L.Types = M.Types.data();
  L.Names = M.Names.data();
  L.Mappers = Mappers;
  return L;
}

#endif // HOST_MEMORY_H
