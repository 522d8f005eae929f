/*===- OffloadABI.h - What the runtimes and the link step agree on ------===//
 *
 * The one declaration of everything that crosses a component boundary: the
 * structures clang-22 emits into device code and the host runtime reads back
 * (ident_t, the kernel environment), what the host runtime gives the device
 * runtime (the device environment it writes into a loaded image, the launch
 * environment it passes to kernels), the launch contract (execution modes,
 * the master warp), and the names of the symbols one component looks up in
 * another's code.
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

/* Bits of ConfigurationEnvironmentTy::ExecMode. Generic-SPMD (both bits) is
 * a generic kernel that the optimizer turned into an SPMD one; it runs as
 * SPMD. */
enum ExecutionMode {
  OMP_TGT_EXEC_MODE_GENERIC = 1,
  OMP_TGT_EXEC_MODE_SPMD = 2,
  OMP_TGT_EXEC_MODE_GENERIC_SPMD = 3,
};

/* How messages and reports name an execution mode; NULL for a value that is
 * none of the above. */
static inline const char *ompgpuExecutionModeName(int64_t Mode) {
  switch (Mode) {
  case OMP_TGT_EXEC_MODE_GENERIC:
    return "generic";
  case OMP_TGT_EXEC_MODE_SPMD:
    return "SPMD";
  case OMP_TGT_EXEC_MODE_GENERIC_SPMD:
    return "generic-SPMD";
  }
  return 0;
}

/* The global that holds a kernel's environment is the kernel's name followed
 * by this. */
#define OMPGPU_KERNEL_ENVIRONMENT_SUFFIX "_kernel_environment"
/* A kernel whose combined distribute parallel for runs as one loop (the
 * link step's GridStrideLoops and ThreadIterations) has a global of its name
 * and this suffix: a uint32_t, the iterations of each thread the host aims at
 * where it chooses the number of teams (at least enough to fill the device
 * once). Its teams then take contiguous blocks of the loop in launch order.
 * Other kernels get one wave of teams. */
#define OMPGPU_KERNEL_THREAD_ITERATIONS_SUFFIX "_thread_iterations"
/* A kernel whose loop may run padded rows (the link step's AlignedRows: the
 * rows of a collapsed loop's innermost index padded to whole warps) has a
 * global of its name and this suffix: a uint32_t S. Where the host chooses
 * the number of teams from the trip count T, it aims at T + ceil(T / S)
 * iterations, the most the padded loop may have
 * (OMPGPU_PADDED_ROWS_SLACK). */
#define OMPGPU_KERNEL_PADDED_ROWS_SUFFIX "_padded_rows"
/* A kernel whose collapsed loop may run on a grid shaped like its iterations
 * (the link step's GridShapedLoops) has a global of its name and this suffix:
 * OMPGPU_GRID_SHAPE_WORDS uint32_t words (enum GridShapeWord). Each team then
 * takes a tile of 32 consecutive innermost iterations (blockIdx.x) by
 * blockDim.x / 32 consecutive values of the next index (blockIdx.y), and of a
 * 3-D loop one value of the outermost index (blockIdx.z); the kernel runs
 * that way when gridDim.y or gridDim.z is above 1, and as a grid-stride loop
 * otherwise. */
#define OMPGPU_KERNEL_GRID_SHAPE_SUFFIX "_grid_shape"

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
  /* Iterations of each thread where the host chooses the teams of a combined
   * distribute parallel for that runs as one loop (GridStrideLoops): the
   * teams then take contiguous blocks of the loop in launch order, as CUDA
   * blocks take tiles (docs/DESIGN.md). */
  OMPGPU_BLOCKED_ITERATIONS = 4,
  /* AlignedRows pads a collapsed loop's rows only where that adds at most
   * 1 / OMPGPU_PADDED_ROWS_SLACK to its iterations, so that the padded loop
   * fits the teams the host launches for it (OMPGPU_KERNEL_PADDED_ROWS_SUFFIX). */
  OMPGPU_PADDED_ROWS_SLACK = 32,
};

/* The words of a kernel's OMPGPU_KERNEL_GRID_SHAPE_SUFFIX global. Each extent
 * of the loop's iteration space (innermost first: columns, then rows, then the
 * outermost index of a 3-D loop) is a pair: a parameter number plus one, or 0
 * for a constant; then, with a parameter p, a 32-bit offset c and the extent
 * (int64_t)(int32_t)((uint32_t)p + c), the low half of the parameter's value
 * plus c (clang's n - lb of an int bound); without one, the extent itself. */
enum GridShapeWord {
  /* 2 or 3: the loop's collapsed dimensions. */
  OMPGPU_GRID_SHAPE_DIMENSIONS = 0,
  /* o < 32: the columns of the first tile before the innermost index's first
   * iteration, so that lane 0 of each warp has an index that is a multiple of
   * 32 (the grid spans extent + o columns). */
  OMPGPU_GRID_SHAPE_COLUMN_OFFSET = 1,
  /* The pairs of the extents, innermost first. */
  OMPGPU_GRID_SHAPE_EXTENTS = 2,
  OMPGPU_GRID_SHAPE_WORDS = OMPGPU_GRID_SHAPE_EXTENTS + 2 * 3,
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

/*===-- What the host runtime passes to each launch -----------------------===*/

/* The teams-reduction buffer and counters of a launch. Layout of the memory:
 * TeamsDone, then one lock word per record (RecordStates), then, 16-byte
 * aligned, Records records of at least the kernel's ReductionDataSize
 * (Buffer). The counters start at zero and every launch leaves them at
 * zero. */
typedef struct ReductionEnvironmentTy {
  void *Buffer;
  uint32_t *TeamsDone;    /* teams of the running launch that have stored */
  uint32_t *RecordStates; /* one lock word per record */
  uint32_t Records;
} ReductionEnvironmentTy;

/* The first argument of every kernel (clang-22 passes it on to
 * __kmpc_target_init): what the launch uses that its launcher owns. The host
 * runtime keeps one in device memory per stream (the kernels of a stream run
 * one after the other; concurrent launches, of nowait regions, run on
 * different streams and never share one) and passes it to the launches of
 * kernels that reduce across teams; the others get null. Grids that device
 * code launches (DeviceLaunch.h) get the device runtime's launch records,
 * which start with the same members. */
typedef struct KernelLaunchEnvironmentTy {
  /* What only grids launched from device code use (the record's claim word,
   * nesting depth, finished teams, frame size and continuation); zero in the
   * host's, whose kernels are at nesting depth 0. */
  uint32_t DeviceLaunchWords[4];
  void *DeviceLaunchContinuation;
  /* The launch's teams-reduction records and counters. */
  ReductionEnvironmentTy Reduction;
} KernelLaunchEnvironmentTy;

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

/* Device services an image's code uses whose size the CUDA driver fixes
 * for a context before it loads the image (OffloadImageInfoTy::Uses), so
 * that the host can size them first. */
enum OffloadImageUses {
  /* CUDA's malloc and free, which the device runtime also uses for
   * variables shared with parallel regions and for omp_alloc: the device
   * heap (CU_LIMIT_MALLOC_HEAP_SIZE). */
  OMPGPU_IMAGE_USES_HEAP = 1,
  /* printf in the program's own code (vprintf): the buffer its output
   * crosses to the host through (CU_LIMIT_PRINTF_FIFO_SIZE). The runtime's
   * own one-line error messages do not count. */
  OMPGPU_IMAGE_USES_PRINTF = 2,
  /* Calls that may recurse: a cycle in the device program's call graph,
   * counting an indirect call as a call of every function whose address is
   * taken (a task that waits for tasks runs them from inside its own frame,
   * through their entry points; recursive functions). ptxas sizes a
   * kernel's stack without such calls, and CUDA gives each thread 1 KiB
   * unless told otherwise: the per-thread stack (CU_LIMIT_STACK_SIZE). */
  OMPGPU_IMAGE_USES_DEEP_STACK = 4,
  /* Grids launched from device code (dynamic parallelism): CUDA's queue of
   * launches not yet started (CU_LIMIT_DEV_RUNTIME_PENDING_LAUNCH_COUNT,
   * 2048 unless set), where a launch that finds it full fails. */
  OMPGPU_IMAGE_USES_DEVICE_LAUNCH = 8,
};

/* What the host needs to know about one device image. Names are the symbols
 * the host may look up by name (kernels, kernel environments, declare target
 * variables, the device and reduction environments): every symbol the image
 * defines and exports, sorted by strcmp so that the runtime searches them
 * without asking the CUDA driver for symbols that may not exist. */
typedef struct OffloadImageInfoTy {
  const char *const *Names;
  uint64_t Count;
  uint64_t Uses; /* OMPGPU_IMAGE_USES_* bits */
} OffloadImageInfoTy;

/* What the link step knows about a program beside its __tgt_bin_desc: the
 * symbols and services of each device image (Images[I] describes
 * DeviceImages[I]) and the source files of its target regions. The link
 * step's registration constructor passes it to
 * OMPGPU_REGISTER_LIB_SYMBOL(Desc, Manifest), which does what
 * __tgt_register_lib(Desc) does and keeps the manifest. */
typedef struct OffloadManifestTy {
  uint32_t Version; /* OMPGPU_MANIFEST_VERSION */
  uint32_t NumImages;
  const OffloadImageInfoTy *Images;
  const OffloadSourceFileTy *SourceFiles;
  uint64_t NumSourceFiles;
} OffloadManifestTy;
#define OMPGPU_MANIFEST_VERSION 2
#define OMPGPU_REGISTER_LIB_SYMBOL "__ompgpu_register_lib"

/*===-- Device-runtime symbols the link-step passes rely on ---------------===*/

/* The per-thread state bytes in shared memory (ThreadStatePromotion). */
#define OMPGPU_THREAD_STATES_SYMBOL "__ompgpu_thread_states"
/* What the program's own calls of malloc become (DeviceLink.cpp): CUDA's
 * malloc rounds a request up to its alignment, which wraps a size near 2^64
 * to a small block. */
#define OMPGPU_CHECKED_MALLOC_SYMBOL "__ompgpu_malloc"
/* The worker loop's indirect call of a parallel region (WorkerDispatch). */
#define OMPGPU_RUN_PARALLEL_WRAPPER_SYMBOL "__ompgpu_run_parallel_wrapper"
/* The deferred reductions of SPMD combined constructs (DeferReductions). */
#define OMPGPU_PARALLEL_REDUCE_DEFERRED_SYMBOL                                 \
  "__ompgpu_parallel_reduce_deferred"
#define OMPGPU_TEAMS_REDUCE_DEFERRED_SYMBOL "__ompgpu_teams_reduce_deferred"
/* A combined distribute parallel for as one grid-stride loop
 * (GridStrideLoops): the team's and the thread's static init, each followed
 * by the suffix of the clang entry point it replaces (4, 4u, 8, 8u), with
 * its signature. */
#define OMPGPU_DISTRIBUTE_GRID_STRIDE_INIT_PREFIX                              \
  "__ompgpu_distribute_grid_stride_init_"
#define OMPGPU_FOR_GRID_STRIDE_INIT_PREFIX "__ompgpu_for_grid_stride_init_"
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
#define OMPGPU_KMPC_DISTRIBUTE_STATIC_INIT_PREFIX                              \
  "__kmpc_distribute_static_init_"
#define OMPGPU_KMPC_FOR_STATIC_INIT_PREFIX "__kmpc_for_static_init_"
#define OMPGPU_KMPC_HARDWARE_NUM_THREADS                                       \
  "__kmpc_get_hardware_num_threads_in_block"

/*===-- Tasks -------------------------------------------------------------===*/

/* clang-22's task descriptor (kmp_task_t), which __kmpc_omp_task_alloc
 * returns and clang fills: the task's private copies follow it, its shared
 * variables (a block of pointers to them, and values clang captures by copy)
 * are where Shareds points. Taskloop tasks carry more members after it (the
 * device runtime declares them). The link step's TaskSharedCaptures pass
 * finds Shareds at offset 0. */
typedef int32_t (*KmpTaskEntryTy)(int32_t GlobalThreadNum, void *Task);
typedef struct KmpTaskTy {
  void *Shareds;
  KmpTaskEntryTy Routine;
  int32_t PartId;
  /* With OMPGPU_TASK_DESTRUCTORS: what destroys the private copies. */
  KmpTaskEntryTy Destructors;
  /* With OMPGPU_TASK_PRIORITY: the priority clause's value. */
  int32_t Priority;
} KmpTaskTy;

/* The flags argument of __kmpc_omp_task_alloc. */
enum KmpTaskFlags {
  OMPGPU_TASK_TIED = 0x1,
  OMPGPU_TASK_FINAL = 0x2,
  OMPGPU_TASK_DESTRUCTORS = 0x8,
  OMPGPU_TASK_PRIORITY = 0x20,
  OMPGPU_TASK_DETACHABLE = 0x40,
};

/* Arguments of __kmpc_omp_task_alloc(Loc, GTid, Flags, TaskBytes,
 * SharedsBytes, Entry), by position: TaskBytes covers the descriptor and
 * the private copies, SharedsBytes the shared block. */
enum KmpTaskAllocArgument {
  OMPGPU_TASK_ALLOC_FLAGS = 2,
  OMPGPU_TASK_ALLOC_TASK_BYTES = 3,
  OMPGPU_TASK_ALLOC_SHAREDS_BYTES = 4,
  OMPGPU_TASK_ALLOC_ENTRY = 5,
};
#define OMPGPU_KMPC_OMP_TASK_ALLOC "__kmpc_omp_task_alloc"
/* Where a task made by __kmpc_omp_task_alloc is handed to the runtime to be
 * run, deferred or not: its descriptor is the third argument of each; a
 * taskloop's last argument is the function that copies its chunks'
 * private copies (or null). */
#define OMPGPU_KMPC_OMP_TASK "__kmpc_omp_task"
#define OMPGPU_KMPC_OMP_TASK_WITH_DEPS "__kmpc_omp_task_with_deps"
#define OMPGPU_KMPC_TASKLOOP "__kmpc_taskloop"
#define OMPGPU_KMPC_TASKLOOP_5 "__kmpc_taskloop_5"
enum { OMPGPU_TASK_SUBMIT_TASK_ARGUMENT = 2 };

/* A byte of the device runtime that says whether the program creates tasks
 * at all: the runtime defines it as 1, and the link step's ProgramTasks pass
 * makes it a constant, 0 when no code calls OMPGPU_KMPC_OMP_TASK_ALLOC, so
 * that barriers and parallel regions of programs without tasks fold their
 * task scheduling away. */
#define OMPGPU_PROGRAM_CREATES_TASKS_SYMBOL "__ompgpu_program_creates_tasks"

/*===-- Offload entries and indirect calls --------------------------------===*/

/* Flags of the OpenMP offload entries clang-22 emits (LLVM 22's
 * OpenMPOffloadingDeclareTargetFlags), which the host runtime reads from the
 * registered entries and the link step from the host objects. An indirect
 * entry's Address is the host function (or the host vtable, Size its bytes)
 * and its SymbolName a device global holding the device function's (or
 * vtable's) address. clang-22 registers vtables only from OpenMP 6.0 on; the
 * link step registers every vtable of the device images itself, with Size 0
 * (the vtable has the same size in the image), AuxAddr the vtable's symbol
 * name, and Address null where the host program has no such vtable. */
enum OffloadEntryFlags {
  OMP_OFFLOAD_ENTRY_TO = 0x0,        /* declare target to / plain kernel */
  OMP_OFFLOAD_ENTRY_LINK = 0x1,      /* declare target link: Address is the
                                        host "<var>_decl_tgt_ref_ptr" */
  OMP_OFFLOAD_ENTRY_ENTER = 0x2,     /* declare target enter */
  OMP_OFFLOAD_ENTRY_INDIRECT = 0x8,  /* declare target indirect function */
  OMP_OFFLOAD_ENTRY_REQUIRES = 0x10, /* `omp requires`; flags in Data */
  OMP_OFFLOAD_ENTRY_INDIRECT_VTABLE = 0x20, /* vtable of a declare target
                                               class */
};

/* One row of the table through which device code turns a host address of a
 * function or vtable into the device's: the host range [HostAddress,
 * HostAddress + Bytes) stands for the device range at DeviceAddress (Bytes
 * is 1 for a function, the size of the vtable group for a vtable, whose
 * objects point into its middle). */
typedef struct IndirectCallEntryTy {
  uint64_t HostAddress;
  uint64_t DeviceAddress;
  uint64_t Bytes;
} IndirectCallEntryTy;

/* The device runtime's global that the host runtime writes after loading an
 * image whose program registers indirect functions or vtables: Count rows
 * in device memory, sorted by HostAddress, none overlapping another, so that
 * the device finds a row by binary search. */
typedef struct IndirectCallTableTy {
  const IndirectCallEntryTy *Entries;
  uint64_t Count;
} IndirectCallTableTy;
#define OMPGPU_INDIRECT_CALL_TABLE_SYMBOL "__ompgpu_indirect_call_table"
/* void *lookup(void *Address): the device address of the function or vtable
 * slot a host address stands for, or the address itself when the table has
 * none (device addresses reach calls too). The link step calls it at the
 * indirect calls of programs that register indirect functions or vtables;
 * upstream LLVM's name, so that programs written for it that call it
 * themselves work too. */
#define OMPGPU_INDIRECT_CALL_LOOKUP "__llvm_omp_indirect_call_lookup"

/*===-- Grids launched from device code (dynamic parallelism) -------------===*/

/* A kernel that device code launches: a nested teams region, or an orphaned
 * target teams region in a declare target function (docs/DESIGN.md,
 * "Dynamic parallelism"). The front-end step names the region's kernel in a
 * call OMPGPU_CHILD_KERNEL_MARKER("<kernel name>", "<region>", Barrier), and
 * the link step's DeviceLaunches pass replaces that call by the address of a
 * record of this type, one per child kernel, which the device runtime reads
 * when it launches the kernel. Geometry starts at 0; the runtime caches
 * there, on the first launch, the block size and the blocks that fill the
 * device ((threads << 32) | blocks), which depend only on the kernel. */
typedef struct ChildKernelTy {
  void *Kernel;
  const KernelEnvironmentTy *Environment;
  uint64_t Geometry;
} ChildKernelTy;

/* What runs after a child grid, the marker's third argument: nothing (the
 * region was the last thing its parent did); the code that followed the
 * region in the parent, run by the child's last team; or, for a nowait
 * region, the parent's own code, which goes on at once. */
enum ChildBarrier {
  OMPGPU_CHILD_FIRE_AND_FORGET = 0,
  OMPGPU_CHILD_CONTINUATION = 1,
  OMPGPU_CHILD_NOWAIT = 2,
};

/* Called by the code the front-end step writes. */
#define OMPGPU_CHILD_KERNEL_MARKER "__ompgpu_child_kernel"
#define OMPGPU_CHILD_BEGIN_SYMBOL "__ompgpu_child_begin"
#define OMPGPU_CHILD_LAUNCH_SYMBOL "__ompgpu_child_launch"
/* The device runtime's launch records: a child grid holds one from its
 * launch to its end, so no more launches than this are ever pending, and the
 * host sizes CUDA's queue of pending launches to match. */
#define OMPGPU_DEVICE_LAUNCH_RECORDS 4096
/* Calls the DeviceLaunches pass inserts: at the entry of every kernel that
 * launches or is launched from the device (records the kernel's launch
 * environment argument for the block), and at the end of child kernels. */
#define OMPGPU_RECORD_LAUNCH_SYMBOL "__ompgpu_record_launch"
#define OMPGPU_CHILD_KERNEL_END_SYMBOL "__ompgpu_child_kernel_end"
#define OMPGPU_CHILD_FRAME_SYMBOL "__ompgpu_child_frame"
#define OMPGPU_CHILD_KERNEL_DONE_SYMBOL "__ompgpu_child_kernel_done"
/* The teams reductions of child kernels, which keep their records in the
 * launch rather than in the image's one reduction environment. */
#define OMPGPU_CHILD_REDUCTION_BUFFER_SYMBOL "__ompgpu_child_reduction_buffer"
#define OMPGPU_CHILD_TEAMS_REDUCE_SYMBOL "__ompgpu_child_teams_reduce"
#define OMPGPU_CHILD_TEAMS_REDUCE_DEFERRED_SYMBOL                              \
  "__ompgpu_child_teams_reduce_deferred"
#define OMPGPU_KMPC_REDUCTION_GET_FIXED_BUFFER                                 \
  "__kmpc_reduction_get_fixed_buffer"
/* CUDA's device runtime (libcudadevrt.a): a program whose device code calls
 * it is linked with nvlink. */
#define OMPGPU_CUDA_LAUNCH_DEVICE_SYMBOL "__cudaCDP2LaunchDeviceV2"

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
OMPGPU_ASSERT_OFFSET(KernelLaunchEnvironmentTy, DeviceLaunchContinuation, 16);
OMPGPU_ASSERT_OFFSET(KernelLaunchEnvironmentTy, Reduction, 24);
OMPGPU_STATIC_ASSERT(sizeof(KernelLaunchEnvironmentTy) == 56,
                     "KernelLaunchEnvironmentTy changed size");

OMPGPU_ASSERT_OFFSET(OffloadSourceFileTy, FileId, 4);
OMPGPU_ASSERT_OFFSET(OffloadSourceFileTy, Path, 8);
OMPGPU_STATIC_ASSERT(sizeof(OffloadSourceFileTy) == 16,
                     "OffloadSourceFileTy changed size");
OMPGPU_ASSERT_OFFSET(OffloadImageInfoTy, Count, 8);
OMPGPU_ASSERT_OFFSET(OffloadImageInfoTy, Uses, 16);
OMPGPU_STATIC_ASSERT(sizeof(OffloadImageInfoTy) == 24,
                     "OffloadImageInfoTy changed size");
OMPGPU_ASSERT_OFFSET(OffloadManifestTy, NumImages, 4);
OMPGPU_ASSERT_OFFSET(OffloadManifestTy, Images, 8);
OMPGPU_ASSERT_OFFSET(OffloadManifestTy, SourceFiles, 16);
OMPGPU_ASSERT_OFFSET(OffloadManifestTy, NumSourceFiles, 24);
OMPGPU_STATIC_ASSERT(sizeof(OffloadManifestTy) == 32,
                     "OffloadManifestTy changed size");

OMPGPU_ASSERT_OFFSET(KmpTaskTy, Shareds, 0);
OMPGPU_ASSERT_OFFSET(KmpTaskTy, Routine, 8);
OMPGPU_ASSERT_OFFSET(KmpTaskTy, PartId, 16);
OMPGPU_ASSERT_OFFSET(KmpTaskTy, Destructors, 24);
OMPGPU_ASSERT_OFFSET(KmpTaskTy, Priority, 32);
OMPGPU_STATIC_ASSERT(sizeof(KmpTaskTy) == 40, "KmpTaskTy changed size");

OMPGPU_ASSERT_OFFSET(IndirectCallEntryTy, DeviceAddress, 8);
OMPGPU_ASSERT_OFFSET(IndirectCallEntryTy, Bytes, 16);
OMPGPU_STATIC_ASSERT(sizeof(IndirectCallEntryTy) == 24,
                     "IndirectCallEntryTy changed size");
OMPGPU_ASSERT_OFFSET(IndirectCallTableTy, Count, 8);
OMPGPU_STATIC_ASSERT(sizeof(IndirectCallTableTy) == 16,
                     "IndirectCallTableTy changed size");

OMPGPU_ASSERT_OFFSET(ChildKernelTy, Environment, 8);
OMPGPU_ASSERT_OFFSET(ChildKernelTy, Geometry, 16);
OMPGPU_STATIC_ASSERT(sizeof(ChildKernelTy) == 24, "ChildKernelTy changed size");

#endif /* OMPGPU_OFFLOADABI_H */
