/*===- OffloadABI.h - What the runtimes and the link step agree on ------===//
 *
 * The one declaration of everything that crosses a component boundary: the
 * structures clang-22 emits into device code and the host runtime reads back
 * (ident_t, the kernel environment), the structures the host runtime writes
 * into a loaded image for the device runtime (device and reduction
 * environments), the launch contract (execution modes, the master warp), and
 * the names of the symbols one component looks up in another's code.
 *
 * Included by the device runtime (openmp/, freestanding C++ for NVPTX), the
 * host runtime (libomptarget/) and the link-step passes (llvm/). It is plain
 * C with stdint.h only, so that every one of them, and C tests, can use it.
 * Layouts are pinned by the static asserts at the end: a member moved in one
 * place fails every build, instead of running wrong.
 *
 *===----------------------------------------------------------------------===*/

#ifndef OMPGPU_OFFLOADABI_H
#define OMPGPU_OFFLOADABI_H

#include <stdint.h>

/*===-- Structures clang-22 emits -----------------------------------------===*/

/* The source location clang passes to most entry points. PSource reads
 * ";file;function;line;column;;" (";unknown;unknown;0;0;;" without -g). */
typedef struct ident_t {
  int32_t Reserved1;
  int32_t Flags;
  int32_t Reserved2;
  int32_t Reserved3;
  const char *PSource;
} ident_t;

/* How a kernel runs: the first member of the constant global
 * "<kernel>_kernel_environment" clang emits for every non-bare kernel. The
 * device runtime reads it in __kmpc_target_init, the host runtime when it
 * loads the image, the link-step passes to decide (and they rewrite it where
 * they change how a kernel runs). */
typedef struct ConfigurationEnvironmentTy {
  uint8_t UseGenericStateMachine;
  uint8_t MayUseNestedParallelism;
  uint8_t ExecMode; /* OMP_TGT_EXEC_MODE_* */
  int32_t MinThreads;
  int32_t MaxThreads;
  int32_t MinTeams;
  int32_t MaxTeams;
  int32_t ReductionDataSize;     /* bytes of one teams-reduction record */
  int32_t ReductionBufferLength; /* records the kernel asks for */
} ConfigurationEnvironmentTy;

/* Member numbers of ConfigurationEnvironmentTy, in declaration order: the
 * link step reads and rewrites the environment's constant initializer by
 * member number. */
enum ConfigurationMember {
  OMPGPU_CONFIG_USE_GENERIC_STATE_MACHINE,
  OMPGPU_CONFIG_MAY_USE_NESTED_PARALLELISM,
  OMPGPU_CONFIG_EXEC_MODE,
  OMPGPU_CONFIG_MIN_THREADS,
  OMPGPU_CONFIG_MAX_THREADS,
  OMPGPU_CONFIG_MIN_TEAMS,
  OMPGPU_CONFIG_MAX_TEAMS,
  OMPGPU_CONFIG_REDUCTION_DATA_SIZE,
  OMPGPU_CONFIG_REDUCTION_BUFFER_LENGTH,
};

typedef struct DynamicEnvironmentTy {
  uint16_t DebugIndentionLevel;
} DynamicEnvironmentTy;

typedef struct KernelEnvironmentTy {
  ConfigurationEnvironmentTy Configuration;
  ident_t *Ident;
  DynamicEnvironmentTy *DynamicEnv;
} KernelEnvironmentTy;

/* The first argument of every kernel. The host runtime passes null today, so
 * nobody looks inside it. */
typedef struct KernelLaunchEnvironmentTy KernelLaunchEnvironmentTy;

/* Bits of ConfigurationEnvironmentTy::ExecMode. Generic-SPMD (both bits) is
 * a generic kernel that the optimizer turned into an SPMD one; it runs as
 * SPMD. */
enum ExecutionMode {
  OMP_TGT_EXEC_MODE_GENERIC = 1,
  OMP_TGT_EXEC_MODE_SPMD = 2,
  OMP_TGT_EXEC_MODE_GENERIC_SPMD = 3,
};

/* The global that holds a kernel's environment is the kernel's name followed
 * by this. */
#define OMPGPU_KERNEL_ENVIRONMENT_SUFFIX "_kernel_environment"

/*===-- The launch contract -----------------------------------------------===*/

enum LaunchContract {
  OMPGPU_WARP_SIZE = 32,
  /* CUDA's limit on the threads of a block: an SPMD team, or a generic
   * team's workers and its master warp together. */
  OMPGPU_MAX_THREADS_PER_BLOCK = 1024,
  /* A generic kernel's block is its workers plus one master warp, the last
   * warp of the block (docs/DESIGN.md, "Execution model"). */
  OMPGPU_MASTER_WARP_THREADS = OMPGPU_WARP_SIZE,
  /* Dynamic shared memory the host runtime adds to every launch of a generic
   * kernel, for its main thread's data-sharing stack; the device runtime
   * reads the size from %dynamic_smem_size. */
  OMPGPU_DATA_SHARING_STACK_BYTES = 2048,
};

/*===-- Globals the host runtime writes into a loaded image ---------------===*/

/* omp_get_device_num() and omp_get_num_devices() on the device, and the
 * device's nteams-var and teams-thread-limit-var (omp_get_max_teams() and
 * omp_get_teams_thread_limit(); 0 when the environment sets none, OpenMP's
 * initial value), which the host reads from OMP_NUM_TEAMS and
 * OMP_TEAMS_THREAD_LIMIT and their _DEV_<n>, _DEV and _ALL forms. NumDevices
 * is 0 until the host has written it. An image whose code never asks does
 * not have the global. */
typedef struct DeviceEnvironmentTy {
  uint32_t NumDevices;
  uint32_t DeviceNum;
  uint32_t NumTeams;
  uint32_t TeamsThreadLimit;
} DeviceEnvironmentTy;
#define OMPGPU_DEVICE_ENVIRONMENT_SYMBOL "__ompgpu_device_environment"

/* The teams-reduction buffer of an image whose kernels reduce across teams.
 * One buffer and one set of counters serve all of the image's kernels, since
 * the host runs the kernels of a device one at a time. Layout of the memory:
 * TeamsDone, then one lock word per record (RecordStates), then, 16-byte
 * aligned, Records records of the largest ReductionDataSize of the image's
 * kernels (Buffer). The counters start at zero and every launch leaves them
 * at zero. */
typedef struct ReductionEnvironmentTy {
  void *Buffer;
  uint32_t *TeamsDone;    /* teams of the running launch that have stored */
  uint32_t *RecordStates; /* one lock word per record */
  uint32_t Records;
} ReductionEnvironmentTy;
#define OMPGPU_REDUCTION_ENVIRONMENT_SYMBOL "__ompgpu_reduction_environment"

/*===-- What the link step tells the host runtime about a program ---------===*/

/* A source file that clang's names of target regions refer to. A kernel is
 * named __omp_offloading_<device>_<file>_<function>_l<line>, <device> and
 * <file> being the hexadecimal device and inode numbers of the region's
 * source file, truncated to 32 bits; Path is the file as its compile named
 * it. Without -g nothing else in a program says which file a construct is
 * in. */
typedef struct OffloadSourceFileTy {
  uint32_t DeviceId;
  uint32_t FileId;
  const char *Path;
} OffloadSourceFileTy;

/* The symbols of one device image that the host may look up by name
 * (kernels, kernel environments, declare target variables, the device and
 * reduction environments): every symbol the image defines and exports,
 * sorted by strcmp so that the runtime searches them without asking the
 * CUDA driver for symbols that may not exist. */
typedef struct OffloadImageSymbolsTy {
  const char *const *Names;
  uint64_t Count;
} OffloadImageSymbolsTy;

/* What the link step knows about a program beside its __tgt_bin_desc: the
 * symbols of each device image (Images[I] describes DeviceImages[I]) and the
 * source files of its target regions. The link step's registration
 * constructor passes it to OMPGPU_REGISTER_LIB_SYMBOL(Desc, Manifest), which
 * does what __tgt_register_lib(Desc) does and keeps the manifest. */
typedef struct OffloadManifestTy {
  uint32_t Version; /* OMPGPU_MANIFEST_VERSION */
  uint32_t NumImages;
  const OffloadImageSymbolsTy *Images;
  const OffloadSourceFileTy *SourceFiles;
  uint64_t NumSourceFiles;
} OffloadManifestTy;
#define OMPGPU_MANIFEST_VERSION 1
#define OMPGPU_REGISTER_LIB_SYMBOL "__ompgpu_register_lib"

/*===-- Device-runtime symbols the link-step passes rely on ---------------===*/

/* The per-thread state bytes in shared memory (ThreadStatePromotion). */
#define OMPGPU_THREAD_STATES_SYMBOL "__ompgpu_thread_states"
/* The worker loop's indirect call of a parallel region (WorkerDispatch). */
#define OMPGPU_RUN_PARALLEL_WRAPPER_SYMBOL "__ompgpu_run_parallel_wrapper"
/* The deferred reductions of SPMD combined constructs (DeferReductions). */
#define OMPGPU_PARALLEL_REDUCE_DEFERRED_SYMBOL                                 \
  "__ompgpu_parallel_reduce_deferred"
#define OMPGPU_TEAMS_REDUCE_DEFERRED_SYMBOL "__ompgpu_teams_reduce_deferred"
/* Shuffles that are told the algorithm version (FullWarpShuffles). */
#define OMPGPU_SHUFFLE_INT32_SYMBOL "__ompgpu_shuffle_int32"
#define OMPGPU_SHUFFLE_INT64_SYMBOL "__ompgpu_shuffle_int64"

/*===-- clang-22 entry points the link-step passes recognize --------------===*/

#define OMPGPU_KMPC_TARGET_INIT "__kmpc_target_init"
#define OMPGPU_KMPC_TARGET_DEINIT "__kmpc_target_deinit"
#define OMPGPU_KMPC_PARALLEL "__kmpc_parallel_60"
#define OMPGPU_KMPC_GLOBAL_THREAD_NUM "__kmpc_global_thread_num"
#define OMPGPU_KMPC_WARP_ACTIVE_THREAD_MASK "__kmpc_warp_active_thread_mask"
#define OMPGPU_KMPC_ALLOC_SHARED "__kmpc_alloc_shared"
#define OMPGPU_KMPC_FREE_SHARED "__kmpc_free_shared"
#define OMPGPU_KMPC_PARALLEL_REDUCE "__kmpc_nvptx_parallel_reduce_nowait_v2"
#define OMPGPU_KMPC_TEAMS_REDUCE "__kmpc_nvptx_teams_reduce_nowait_v2"
#define OMPGPU_KMPC_SHUFFLE_INT32 "__kmpc_shuffle_int32"
#define OMPGPU_KMPC_SHUFFLE_INT64 "__kmpc_shuffle_int64"

/*===-- Layout checks -----------------------------------------------------===*/

#ifdef __cplusplus
#define OMPGPU_STATIC_ASSERT(Cond, Msg) static_assert(Cond, Msg)
#else
#define OMPGPU_STATIC_ASSERT(Cond, Msg) _Static_assert(Cond, Msg)
#endif
#define OMPGPU_ASSERT_OFFSET(Type, Member, Offset)                             \
  OMPGPU_STATIC_ASSERT(__builtin_offsetof(Type, Member) == (Offset),           \
                       #Type "::" #Member " moved")

/* Both sides of the ABI are 64-bit: NVPTX64 and the host. */
OMPGPU_STATIC_ASSERT(sizeof(void *) == 8, "a 64-bit target is required");

OMPGPU_ASSERT_OFFSET(ident_t, Flags, 4);
OMPGPU_ASSERT_OFFSET(ident_t, PSource, 16);
OMPGPU_STATIC_ASSERT(sizeof(ident_t) == 24, "ident_t changed size");

OMPGPU_ASSERT_OFFSET(ConfigurationEnvironmentTy, UseGenericStateMachine, 0);
OMPGPU_ASSERT_OFFSET(ConfigurationEnvironmentTy, MayUseNestedParallelism, 1);
OMPGPU_ASSERT_OFFSET(ConfigurationEnvironmentTy, ExecMode, 2);
OMPGPU_ASSERT_OFFSET(ConfigurationEnvironmentTy, MinThreads, 4);
OMPGPU_ASSERT_OFFSET(ConfigurationEnvironmentTy, MaxThreads, 8);
OMPGPU_ASSERT_OFFSET(ConfigurationEnvironmentTy, MinTeams, 12);
OMPGPU_ASSERT_OFFSET(ConfigurationEnvironmentTy, MaxTeams, 16);
OMPGPU_ASSERT_OFFSET(ConfigurationEnvironmentTy, ReductionDataSize, 20);
OMPGPU_ASSERT_OFFSET(ConfigurationEnvironmentTy, ReductionBufferLength, 24);
OMPGPU_STATIC_ASSERT(sizeof(ConfigurationEnvironmentTy) == 28,
                     "ConfigurationEnvironmentTy changed size");
OMPGPU_STATIC_ASSERT(OMPGPU_CONFIG_REDUCTION_BUFFER_LENGTH == 8,
                     "ConfigurationMember does not list every member");

OMPGPU_ASSERT_OFFSET(KernelEnvironmentTy, Ident, 32);
OMPGPU_ASSERT_OFFSET(KernelEnvironmentTy, DynamicEnv, 40);
OMPGPU_STATIC_ASSERT(sizeof(KernelEnvironmentTy) == 48,
                     "KernelEnvironmentTy changed size");

OMPGPU_ASSERT_OFFSET(DeviceEnvironmentTy, DeviceNum, 4);
OMPGPU_ASSERT_OFFSET(DeviceEnvironmentTy, NumTeams, 8);
OMPGPU_ASSERT_OFFSET(DeviceEnvironmentTy, TeamsThreadLimit, 12);
OMPGPU_STATIC_ASSERT(sizeof(DeviceEnvironmentTy) == 16,
                     "DeviceEnvironmentTy changed size");

OMPGPU_ASSERT_OFFSET(ReductionEnvironmentTy, TeamsDone, 8);
OMPGPU_ASSERT_OFFSET(ReductionEnvironmentTy, RecordStates, 16);
OMPGPU_ASSERT_OFFSET(ReductionEnvironmentTy, Records, 24);
OMPGPU_STATIC_ASSERT(sizeof(ReductionEnvironmentTy) == 32,
                     "ReductionEnvironmentTy changed size");

OMPGPU_ASSERT_OFFSET(OffloadSourceFileTy, FileId, 4);
OMPGPU_ASSERT_OFFSET(OffloadSourceFileTy, Path, 8);
OMPGPU_STATIC_ASSERT(sizeof(OffloadSourceFileTy) == 16,
                     "OffloadSourceFileTy changed size");
OMPGPU_ASSERT_OFFSET(OffloadImageSymbolsTy, Count, 8);
OMPGPU_STATIC_ASSERT(sizeof(OffloadImageSymbolsTy) == 16,
                     "OffloadImageSymbolsTy changed size");
OMPGPU_ASSERT_OFFSET(OffloadManifestTy, NumImages, 4);
OMPGPU_ASSERT_OFFSET(OffloadManifestTy, Images, 8);
OMPGPU_ASSERT_OFFSET(OffloadManifestTy, SourceFiles, 16);
OMPGPU_ASSERT_OFFSET(OffloadManifestTy, NumSourceFiles, 24);
OMPGPU_STATIC_ASSERT(sizeof(OffloadManifestTy) == 32,
                     "OffloadManifestTy changed size");

#endif /* OMPGPU_OFFLOADABI_H */
