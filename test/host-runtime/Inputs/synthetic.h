// Helpers for tests that play the part of a compiled OpenMP program at the ABI
// level: device images (an ELF header that passes for a cubin, PTX text),
// offload entries, ident_t locations and map lists, registered the way the
// link step's constructor does.
#ifndef SYNTHETIC_H
#define SYNTHETIC_H

#include "omptarget.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace synthetic {

/// The 64-byte ELF header of a cubin with the given EI_ABIVERSION and e_flags.
struct Cubin {
  unsigned char Bytes[64] = {};
  Cubin(unsigned AbiVersion, unsigned EFlags) {
    memcpy(Bytes, "\x7f"
                  "ELF",
           4);
    Bytes[4] = 2;    // ELFCLASS64
    Bytes[5] = 1;    // little endian
    Bytes[6] = 1;    // EV_CURRENT
    Bytes[7] = 0x41; // ELFOSABI_CUDA
    Bytes[8] = static_cast<unsigned char>(AbiVersion);
    Bytes[16] = 2;   // ET_EXEC
    Bytes[18] = 190; // EM_CUDA
    for (int I = 0; I < 4; ++I)
      Bytes[48 + I] = static_cast<unsigned char>(EFlags >> (8 * I));
  }
};

/// ptxas of CUDA 12.8+ (ELF ABI v8) for sm_XY: the SM in bits 8-15.
inline Cubin cubinV8(unsigned SM) { return Cubin(8, 0x06000004 | SM << 8); }
/// Older ptxas: the SM in bits 0-7 (and the virtual SM in bits 16-23).
inline Cubin cubinV7(unsigned SM) { return Cubin(7, SM | 0x500 | SM << 16); }

inline __tgt_offload_entry entry(void *Address, const char *Name,
                                 uint64_t Size, uint32_t Flags = 0) {
  __tgt_offload_entry E = {};
  E.Version = OMP_OFFLOAD_ENTRY_VERSION;
  E.Kind = OMP_OFFLOAD_ENTRY_KIND_OPENMP;
  E.Flags = Flags;
  E.Address = Address;
  E.SymbolName = const_cast<char *>(Name);
  E.Size = Size;
  return E;
}

/// A program: images plus entries, registered on construction.
struct Program {
  std::vector<__tgt_device_image> Images;
  std::vector<__tgt_offload_entry> Entries;
  __tgt_bin_desc Desc = {};

  void addImage(const void *Start, size_t Size) {
    __tgt_device_image I = {};
    I.ImageStart = const_cast<void *>(Start);
    I.ImageEnd = static_cast<char *>(I.ImageStart) + Size;
    Images.push_back(I);
  }
  void addPTX(const char *Text) { addImage(Text, strlen(Text) + 1); }
  void registerLib() {
    for (__tgt_device_image &I : Images) {
      I.EntriesBegin = Entries.data();
      I.EntriesEnd = Entries.data() + Entries.size();
    }
    Desc.NumDeviceImages = static_cast<int32_t>(Images.size());
    Desc.DeviceImages = Images.data();
    Desc.HostEntriesBegin = Entries.data();
    Desc.HostEntriesEnd = Entries.data() + Entries.size();
    __tgt_register_lib(&Desc);
  }
};

/// A source location as clang emits it with -g.
inline ident_t location(const char *PSource) {
  ident_t L = {};
  L.Flags = 2;
  L.PSource = PSource;
  return L;
}

/// A map list, for __tgt_target_data_* and kernel arguments.
struct MapItems {
  std::vector<void *> Bases, Begins, Names;
  std::vector<int64_t> Sizes, Types;

  void add(void *Base, void *Begin, int64_t Size, int64_t Type,
           const char *Name = nullptr) {
    Bases.push_back(Base);
    Begins.push_back(Begin);
    Sizes.push_back(Size);
    Types.push_back(Type);
    Names.push_back(const_cast<char *>(Name));
  }
  int32_t count() const { return static_cast<int32_t>(Types.size()); }

  __tgt_kernel_arguments kernelArgs() {
    __tgt_kernel_arguments A = {};
    A.Version = 3;
    A.NumArgs = static_cast<uint32_t>(count());
    A.ArgBasePtrs = Bases.data();
    A.ArgPtrs = Begins.data();
    A.ArgSizes = Sizes.data();
    A.ArgTypes = Types.data();
    A.ArgNames = Names.data();
    return A;
  }
};

inline void dataBegin(ident_t *Loc, int64_t Device, MapItems &M) {
  __tgt_target_data_begin_mapper(Loc, Device, M.count(), M.Bases.data(),
                                 M.Begins.data(), M.Sizes.data(),
                                 M.Types.data(), M.Names.data(), nullptr);
}
inline void dataEnd(ident_t *Loc, int64_t Device, MapItems &M) {
  __tgt_target_data_end_mapper(Loc, Device, M.count(), M.Bases.data(),
                               M.Begins.data(), M.Sizes.data(),
                               M.Types.data(), M.Names.data(), nullptr);
}
inline void dataUpdate(ident_t *Loc, int64_t Device, MapItems &M) {
  __tgt_target_data_update_mapper(Loc, Device, M.count(), M.Bases.data(),
                                  M.Begins.data(), M.Sizes.data(),
                                  M.Types.data(), M.Names.data(), nullptr);
}

} // namespace synthetic

#define CHECK_TRUE(Cond)                                                       \
  do {                                                                         \
    if (!(Cond)) {                                                             \
      fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #Cond); \
      exit(2);                                                                 \
    }                                                                          \
  } while (0)

#endif // SYNTHETIC_H
