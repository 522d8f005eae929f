//===- omptarget.h - ABI of the OpenMP offloading host runtime --*- C++ -*-===//
//
// The data structures and entry points through which programs compiled by
// clang-22 (and the registration code our link step generates) talk to
// libomptarget.so. Every layout and constant here is fixed by what clang-22 and
// LLVM 22's offload wrapper emit; the header is valid C and C++ so that tests
// can build synthetic programs against it.
//
//===----------------------------------------------------------------------===//

#ifndef OMPTARGET_H
#define OMPTARGET_H

#include <stddef.h>
#include <stdint.h>

// ident_t, the kernel environment and execution modes, which the device
// runtime and the link step read too.
#include "OffloadABI.h"

#ifdef __cplusplus
extern "C" {
#endif

/// One record of the `llvm_offload_entries` section (LLVM 22 layout). The
/// section holds the entries of every offloading language; OpenMP owns those
/// whose Kind is OMP_OFFLOAD_ENTRY_KIND_OPENMP.
typedef struct __tgt_offload_entry {
  uint64_t Reserved; ///< Always 0; detects older layouts.
  uint16_t Version;  ///< OMP_OFFLOAD_ENTRY_VERSION.
  uint16_t Kind;     ///< Which runtime consumes the entry.
  uint32_t Flags;    ///< OMP_OFFLOAD_ENTRY_* flags.
  void *Address;     ///< Kernel: host region id. Global: host variable.
  char *SymbolName;  ///< Name of the kernel or variable in the device image.
  uint64_t Size;     ///< 0 for kernels, the variable's size for globals.
  uint64_t Data;     ///< Requires entries: the `omp requires` flags.
  void *AuxAddr;
} __tgt_offload_entry;

enum {
  OMP_OFFLOAD_ENTRY_VERSION = 1,
  OMP_OFFLOAD_ENTRY_KIND_OPENMP = 1,
};

/// Entry flags (OMP_OFFLOAD_ENTRY_*) are in OffloadABI.h: the link step
/// reads them too.

/// `omp requires` clauses as stored in the Data of a requires entry.
enum {
  OMP_REQ_REVERSE_OFFLOAD = 0x002,
  OMP_REQ_UNIFIED_ADDRESS = 0x004,
  OMP_REQ_UNIFIED_SHARED_MEMORY = 0x008,
  OMP_REQ_DYNAMIC_ALLOCATORS = 0x010,
};

/// One device image: a raw cubin (ELF, EM_CUDA) or NUL-terminated PTX text.
typedef struct __tgt_device_image {
  void *ImageStart;
  void *ImageEnd;
  __tgt_offload_entry *EntriesBegin;
  __tgt_offload_entry *EntriesEnd;
} __tgt_device_image;

/// What the link step's constructor hands to __tgt_register_lib.
typedef struct __tgt_bin_desc {
  int32_t NumDeviceImages;
  __tgt_device_image *DeviceImages;
  __tgt_offload_entry *HostEntriesBegin;
  __tgt_offload_entry *HostEntriesEnd;
} __tgt_bin_desc;

/// Map-type bits of the arg_types arrays clang-22 emits.
enum {
  OMP_TGT_MAPTYPE_TO = 0x001,
  OMP_TGT_MAPTYPE_FROM = 0x002,
  OMP_TGT_MAPTYPE_ALWAYS = 0x004,
  OMP_TGT_MAPTYPE_DELETE = 0x008,
  OMP_TGT_MAPTYPE_PTR_AND_OBJ = 0x010,
  OMP_TGT_MAPTYPE_TARGET_PARAM = 0x020,
  OMP_TGT_MAPTYPE_RETURN_PARAM = 0x040,
  OMP_TGT_MAPTYPE_PRIVATE = 0x080,
  OMP_TGT_MAPTYPE_LITERAL = 0x100,
  OMP_TGT_MAPTYPE_IMPLICIT = 0x200,
  OMP_TGT_MAPTYPE_CLOSE = 0x400,
  OMP_TGT_MAPTYPE_PRESENT = 0x1000,
  OMP_TGT_MAPTYPE_OMPX_HOLD = 0x2000,
  OMP_TGT_MAPTYPE_ATTACH = 0x4000,
};
#define OMP_TGT_MAPTYPE_NON_CONTIG 0x100000000000ULL
#define OMP_TGT_MAPTYPE_MEMBER_OF 0xffff000000000000ULL

/// One dimension of a non-contiguous `target update` list item
/// (OMP_TGT_MAPTYPE_NON_CONTIG): the item's args entry points to an array of
/// these, outermost dimension first, and its arg_sizes entry counts them. The
/// last record stands for the element itself: {0, 1, element size}. clang-22
/// gives Offset in elements of the dimension and Stride as the distance in
/// bytes between the dimension's consecutive elements times the section's
/// stride.
typedef struct __tgt_target_non_contig {
  uint64_t Offset;
  uint64_t Count;
  uint64_t Stride;
} __tgt_target_non_contig;

/// Second argument block of __tgt_target_kernel (version 3 in clang-22).
typedef struct __tgt_kernel_arguments {
  uint32_t Version;
  uint32_t NumArgs;
  void **ArgBasePtrs;
  void **ArgPtrs;
  int64_t *ArgSizes;
  int64_t *ArgTypes;
  void **ArgNames;
  void **ArgMappers;
  uint64_t Tripcount;
  uint64_t Flags; ///< OMP_KERNEL_ARGS_* bits.
  uint32_t NumTeams[3];
  uint32_t ThreadLimit[3];
  uint32_t DynCGroupMem;
} __tgt_kernel_arguments;

enum {
  OMP_KERNEL_ARGS_NOWAIT = 0x1,
  OMP_KERNEL_ARGS_IS_CUDA = 0x2,
};

/// User-defined mappers (`declare mapper`) that clang-22 generates: they push
/// the components of one list item through __tgt_push_mapper_component.
typedef void (*__tgt_mapper_fn)(void *Handle, void *Base, void *Begin,
                                int64_t Size, int64_t Type, void *Name);

void __tgt_register_lib(__tgt_bin_desc *Desc);
void __tgt_unregister_lib(__tgt_bin_desc *Desc);

int __tgt_target_kernel(ident_t *Loc, int64_t DeviceId, int32_t NumTeams,
                        int32_t ThreadLimit, void *HostPtr,
                        __tgt_kernel_arguments *Args);

void __tgt_target_data_begin_mapper(ident_t *Loc, int64_t DeviceId,
                                    int32_t ArgNum, void **ArgsBase,
                                    void **Args, int64_t *ArgSizes,
                                    int64_t *ArgTypes, void **ArgNames,
                                    void **ArgMappers);
void __tgt_target_data_end_mapper(ident_t *Loc, int64_t DeviceId,
                                  int32_t ArgNum, void **ArgsBase, void **Args,
                                  int64_t *ArgSizes, int64_t *ArgTypes,
                                  void **ArgNames, void **ArgMappers);
void __tgt_target_data_update_mapper(ident_t *Loc, int64_t DeviceId,
                                     int32_t ArgNum, void **ArgsBase,
                                     void **Args, int64_t *ArgSizes,
                                     int64_t *ArgTypes, void **ArgNames,
                                     void **ArgMappers);

int64_t __tgt_mapper_num_components(void *Handle);
void __tgt_push_mapper_component(void *Handle, void *Base, void *Begin,
                                 int64_t Size, int64_t Type, void *Name);

int __tgt_get_num_devices(void);

#ifdef __cplusplus
}
#endif

#endif // OMPTARGET_H
