//===- Interface.h - Entry points clang-22 calls in device code -*- C++ -*-===//
//
// Declarations of every function this runtime defines for device code, with
// the C signatures that match the calls clang-22 emits (see
// abi/clang-22/device.txt). Entry points the runtime does not implement are
// deliberately absent, so that a program using them fails to link.
//
//===----------------------------------------------------------------------===//

#ifndef OMPGPU_DEVICE_INTERFACE_H
#define OMPGPU_DEVICE_INTERFACE_H

#include "AllocatorHandles.h"
#include "DeviceTypes.h"

namespace ompgpu {
namespace doacross {
/// A dimension of a doacross loop's iteration space (DoacrossIndex.h).
struct Dimension;
} // namespace doacross
} // namespace ompgpu

/// omp.h's lock types hold one pointer; the runtime uses that word directly.
struct omp_lock_t {
  void *Lock;
};
struct omp_nest_lock_t {
  void *Lock;
};

extern "C" {

// Kernel entry and exit.
int32_t __kmpc_target_init(KernelEnvironmentTy *KernelEnv,
                           KernelLaunchEnvironmentTy *LaunchEnv);
void __kmpc_target_deinit();

// Parallel regions.
void __kmpc_parallel_60(ident_t *Loc, int32_t GTid, int32_t IfExpr,
                        int32_t NumThreads, int32_t ProcBind, void *Fn,
                        void *WrapperFn, void **Args, int64_t NArgs,
                        int32_t NumThreadsStrict);
void __kmpc_get_shared_variables(void ***Args);
int32_t __kmpc_global_thread_num(ident_t *Loc);

// Memory shared between the main thread and the workers, and allocators.
void *__kmpc_alloc_shared(uint64_t Bytes);
void __kmpc_free_shared(void *Ptr, uint64_t Bytes);
void *omp_alloc(size_t Size, uint64_t Allocator);
void *omp_aligned_alloc(size_t Alignment, size_t Size, uint64_t Allocator);
void *omp_calloc(size_t N, size_t Size, uint64_t Allocator);
void *omp_aligned_calloc(size_t Alignment, size_t N, size_t Size,
                         uint64_t Allocator);
void *omp_realloc(void *Ptr, size_t Size, uint64_t Allocator,
                  uint64_t FreeAllocator);
void omp_free(void *Ptr, uint64_t Allocator);
uint64_t omp_init_allocator(uint64_t MemorySpace, int32_t NumTraits,
                            const ompgpu::omp::AllocTrait *Traits);
void omp_destroy_allocator(uint64_t Allocator);

// Worksharing.
void __kmpc_for_static_init_4(ident_t *Loc, int32_t GTid, int32_t SchedType,
                              int32_t *PLastIter, int32_t *PLower,
                              int32_t *PUpper, int32_t *PStride, int32_t Incr,
                              int32_t Chunk);
void __kmpc_for_static_init_4u(ident_t *Loc, int32_t GTid, int32_t SchedType,
                               int32_t *PLastIter, uint32_t *PLower,
                               uint32_t *PUpper, int32_t *PStride, int32_t Incr,
                               int32_t Chunk);
void __kmpc_for_static_init_8(ident_t *Loc, int32_t GTid, int32_t SchedType,
                              int32_t *PLastIter, int64_t *PLower,
                              int64_t *PUpper, int64_t *PStride, int64_t Incr,
                              int64_t Chunk);
void __kmpc_for_static_init_8u(ident_t *Loc, int32_t GTid, int32_t SchedType,
                               int32_t *PLastIter, uint64_t *PLower,
                               uint64_t *PUpper, int64_t *PStride, int64_t Incr,
                               int64_t Chunk);
void __kmpc_distribute_static_init_4(ident_t *Loc, int32_t GTid,
                                     int32_t SchedType, int32_t *PLastIter,
                                     int32_t *PLower, int32_t *PUpper,
                                     int32_t *PStride, int32_t Incr,
                                     int32_t Chunk);
void __kmpc_distribute_static_init_4u(ident_t *Loc, int32_t GTid,
                                      int32_t SchedType, int32_t *PLastIter,
                                      uint32_t *PLower, uint32_t *PUpper,
                                      int32_t *PStride, int32_t Incr,
                                      int32_t Chunk);
void __kmpc_distribute_static_init_8(ident_t *Loc, int32_t GTid,
                                     int32_t SchedType, int32_t *PLastIter,
                                     int64_t *PLower, int64_t *PUpper,
                                     int64_t *PStride, int64_t Incr,
                                     int64_t Chunk);
void __kmpc_distribute_static_init_8u(ident_t *Loc, int32_t GTid,
                                      int32_t SchedType, int32_t *PLastIter,
                                      uint64_t *PLower, uint64_t *PUpper,
                                      int64_t *PStride, int64_t Incr,
                                      int64_t Chunk);
void __kmpc_for_static_fini(ident_t *Loc, int32_t GTid);
void __kmpc_distribute_static_fini(ident_t *Loc, int32_t GTid);
void __kmpc_dispatch_init_4(ident_t *Loc, int32_t GTid, int32_t SchedType,
                            int32_t Lower, int32_t Upper, int32_t Incr,
                            int32_t Chunk);
void __kmpc_dispatch_init_4u(ident_t *Loc, int32_t GTid, int32_t SchedType,
                             uint32_t Lower, uint32_t Upper, int32_t Incr,
                             int32_t Chunk);
void __kmpc_dispatch_init_8(ident_t *Loc, int32_t GTid, int32_t SchedType,
                            int64_t Lower, int64_t Upper, int64_t Incr,
                            int64_t Chunk);
void __kmpc_dispatch_init_8u(ident_t *Loc, int32_t GTid, int32_t SchedType,
                             uint64_t Lower, uint64_t Upper, int64_t Incr,
                             int64_t Chunk);
int32_t __kmpc_dispatch_next_4(ident_t *Loc, int32_t GTid, int32_t *PLastIter,
                               int32_t *PLower, int32_t *PUpper,
                               int32_t *PStride);
int32_t __kmpc_dispatch_next_4u(ident_t *Loc, int32_t GTid, int32_t *PLastIter,
                                uint32_t *PLower, uint32_t *PUpper,
                                int32_t *PStride);
int32_t __kmpc_dispatch_next_8(ident_t *Loc, int32_t GTid, int32_t *PLastIter,
                               int64_t *PLower, int64_t *PUpper,
                               int64_t *PStride);
int32_t __kmpc_dispatch_next_8u(ident_t *Loc, int32_t GTid, int32_t *PLastIter,
                                uint64_t *PLower, uint64_t *PUpper,
                                int64_t *PStride);
void __kmpc_dispatch_fini_4(ident_t *Loc, int32_t GTid);
void __kmpc_dispatch_fini_4u(ident_t *Loc, int32_t GTid);
void __kmpc_dispatch_fini_8(ident_t *Loc, int32_t GTid);
void __kmpc_dispatch_fini_8u(ident_t *Loc, int32_t GTid);
void __kmpc_dispatch_deinit(ident_t *Loc, int32_t GTid);
void __kmpc_ordered(ident_t *Loc, int32_t GTid);
void __kmpc_end_ordered(ident_t *Loc, int32_t GTid);
void __kmpc_doacross_init(ident_t *Loc, int32_t GTid, int32_t NumDims,
                          const ompgpu::doacross::Dimension *Dims);
void __kmpc_doacross_wait(ident_t *Loc, int32_t GTid, const int64_t *Vector);
void __kmpc_doacross_post(ident_t *Loc, int32_t GTid, const int64_t *Vector);
void __kmpc_doacross_fini(ident_t *Loc, int32_t GTid);

// Reductions. The callbacks are functions clang generates for each
// reduction clause (see Reduction.cpp for their contracts).
int32_t __kmpc_nvptx_parallel_reduce_nowait_v2(ident_t *Loc,
                                               uint64_t ReduceDataSize,
                                               void *ReduceList,
                                               void *ShuffleReduce,
                                               void *InterWarpCopy);
int32_t __kmpc_nvptx_teams_reduce_nowait_v2(
    ident_t *Loc, void *Buffer, uint32_t Records, uint64_t RecordBytes,
    void *ReduceList, void *ShuffleReduce, void *InterWarpCopy,
    void *ListToGlobalCopy, void *ListToGlobalReduce, void *GlobalToListCopy,
    void *GlobalToListReduce);
void *__kmpc_reduction_get_fixed_buffer();
int32_t __kmpc_shuffle_int32(int32_t Value, int16_t Delta, int16_t Width);
int64_t __kmpc_shuffle_int64(int64_t Value, int16_t Delta, int16_t Width);

// Synchronization.
void __kmpc_barrier(ident_t *Loc, int32_t GTid);
void __kmpc_barrier_simple_spmd(ident_t *Loc, int32_t GTid);
void __kmpc_flush(ident_t *Loc);
void __kmpc_syncwarp(uint64_t Mask);
uint64_t __kmpc_warp_active_thread_mask();
void __kmpc_critical(ident_t *Loc, int32_t GTid, int32_t (*Name)[8]);
void __kmpc_end_critical(ident_t *Loc, int32_t GTid, int32_t (*Name)[8]);
int32_t __kmpc_single(ident_t *Loc, int32_t GTid);
void __kmpc_end_single(ident_t *Loc, int32_t GTid);
int32_t __kmpc_master(ident_t *Loc, int32_t GTid);
void __kmpc_end_master(ident_t *Loc, int32_t GTid);
int32_t __kmpc_masked(ident_t *Loc, int32_t GTid, int32_t Filter);
void __kmpc_end_masked(ident_t *Loc, int32_t GTid);
void omp_init_lock(omp_lock_t *Lock);
void omp_destroy_lock(omp_lock_t *Lock);
void omp_set_lock(omp_lock_t *Lock);
void omp_unset_lock(omp_lock_t *Lock);
int omp_test_lock(omp_lock_t *Lock);
void omp_init_nest_lock(omp_nest_lock_t *Lock);
void omp_destroy_nest_lock(omp_nest_lock_t *Lock);
void omp_set_nest_lock(omp_nest_lock_t *Lock);
void omp_unset_nest_lock(omp_nest_lock_t *Lock);
int omp_test_nest_lock(omp_nest_lock_t *Lock);
void ompx_sync_block(int Ordering);
void ompx_sync_block_acq_rel();
void ompx_sync_block_divergent(int Ordering);

// Tasks (Tasking.cpp, Taskloop.cpp, TaskReduction.cpp). Tasks are passed
// as clang's descriptors (KmpTaskTy); dependences, reduction inputs and
// events as the opaque records clang builds.
void *__kmpc_omp_task_alloc(ident_t *Loc, int32_t GTid, int32_t Flags,
                            uint64_t TaskBytes, uint64_t SharedsBytes,
                            KmpTaskEntryTy Entry);
int32_t __kmpc_omp_task(ident_t *Loc, int32_t GTid, void *Task);
int32_t __kmpc_omp_task_with_deps(ident_t *Loc, int32_t GTid, void *Task,
                                  int32_t NumDeps, void *Deps,
                                  int32_t NumNoaliasDeps, void *NoaliasDeps);
void __kmpc_omp_task_begin_if0(ident_t *Loc, int32_t GTid, void *Task);
void __kmpc_omp_task_complete_if0(ident_t *Loc, int32_t GTid, void *Task);
int32_t __kmpc_omp_taskwait(ident_t *Loc, int32_t GTid);
void __kmpc_omp_taskwait_deps_51(ident_t *Loc, int32_t GTid, int32_t NumDeps,
                                 void *Deps, int32_t NumNoaliasDeps,
                                 void *NoaliasDeps, int32_t HasNowait);
int32_t __kmpc_omp_taskyield(ident_t *Loc, int32_t GTid, int32_t EndPart);
void __kmpc_taskgroup(ident_t *Loc, int32_t GTid);
void __kmpc_end_taskgroup(ident_t *Loc, int32_t GTid);
void __kmpc_taskloop(ident_t *Loc, int32_t GTid, void *Task, int32_t IfValue,
                     int64_t *Lower, int64_t *Upper, int64_t Stride,
                     int32_t NoGroup, int32_t Schedule, uint64_t Value,
                     void *Dup);
void __kmpc_taskloop_5(ident_t *Loc, int32_t GTid, void *Task, int32_t IfValue,
                       int64_t *Lower, int64_t *Upper, int64_t Stride,
                       int32_t NoGroup, int32_t Schedule, uint64_t Value,
                       int32_t Modifier, void *Dup);
void *__kmpc_taskred_init(int32_t GTid, int32_t NumItems, void *Data);
void *__kmpc_task_reduction_get_th_data(int32_t GTid, void *Handle,
                                        void *Item);
void *__kmpc_taskred_modifier_init(ident_t *Loc, int32_t GTid,
                                   int32_t IsWorksharing, int32_t NumItems,
                                   void *Data);
void __kmpc_task_reduction_modifier_fini(ident_t *Loc, int32_t GTid,
                                         int32_t IsWorksharing);
void *__kmpc_task_allow_completion_event(ident_t *Loc, int32_t GTid,
                                         void *Task);
void omp_fulfill_event(uint64_t Event);
int32_t __kmpc_omp_reg_task_with_affinity(ident_t *Loc, int32_t GTid,
                                          void *Task, int32_t NumAffinity,
                                          void *Affinity);
void *__kmpc_alloc(int32_t GTid, uint64_t Bytes, void *Allocator);
void __kmpc_free(int32_t GTid, void *Ptr, void *Allocator);

// Thread and team queries.
int omp_get_thread_num();
int omp_get_num_threads();
int omp_get_team_num();
int omp_get_num_teams();
int omp_get_level();
int omp_get_active_level();
int omp_in_parallel();
int omp_get_ancestor_thread_num(int Level);
int omp_get_team_size(int Level);
int omp_get_thread_limit();
int omp_get_teams_thread_limit();
int omp_get_max_teams();
int omp_get_num_procs();
uint32_t __kmpc_get_hardware_thread_id_in_block();
uint32_t __kmpc_get_hardware_num_threads_in_block();
uint32_t __kmpc_get_warp_size();
int ompx_thread_id(int Dim);
int ompx_block_id(int Dim);
int ompx_block_dim(int Dim);
int ompx_grid_dim(int Dim);

// Internal control variables.
void omp_set_num_threads(int NumThreads);
int omp_get_max_threads();
void omp_set_dynamic(int Enable);
int omp_get_dynamic();
int omp_get_nested();
void omp_set_max_active_levels(int Levels);
int omp_get_max_active_levels();
void omp_set_schedule(int Kind, int Chunk);
void omp_get_schedule(int *Kind, int *Chunk);

// Everything else.
double omp_get_wtime();
double omp_get_wtick();
int omp_is_initial_device();
int omp_get_device_num();
int omp_get_num_devices();
int omp_get_default_device();
int omp_get_cancellation();
int omp_in_final();
int omp_get_proc_bind();
/// The device address of a host function or vtable (IndirectCalls.cpp).
void *__llvm_omp_indirect_call_lookup(void *Address);
[[noreturn]] void __assert_fail(const char *Expr, const char *File,
                                uint32_t Line, const char *Function);

// CUDA system calls, resolved by ptxas.
int vprintf(const char *Format, void *Args);
void *malloc(size_t Size);
void free(void *Ptr);
void __assertfail(const char *Message, const char *File, uint32_t Line,
                  const char *Function, size_t CharSize);
}

// Entry points that only the link step's passes call, in place of clang's;
// their symbol names are part of the ABI (OffloadABI.h).
namespace ompgpu {
// The deferred form of the two reductions, which DeferReductions substitutes
// in SPMD kernels whose team-level copies are thread-private (Reduction.cpp).
int32_t parallelReduceDeferred(ident_t *Loc, uint64_t ReduceDataSize,
                               void *ReduceList, void *ShuffleReduce,
                               void *InterWarpCopy)
    __asm__(OMPGPU_PARALLEL_REDUCE_DEFERRED_SYMBOL);
int32_t teamsReduceDeferred(ident_t *Loc, void *Buffer, uint32_t Records,
                            uint64_t RecordBytes, void *ReduceList,
                            void *ShuffleReduce, void *InterWarpCopy,
                            void *ListToGlobalCopy, void *ListToGlobalReduce,
                            void *GlobalToListCopy, void *GlobalToListReduce)
    __asm__(OMPGPU_TEAMS_REDUCE_DEFERRED_SYMBOL);
// What FullWarpShuffles makes shuffle-and-reduce callbacks call instead of
// __kmpc_shuffle_int32/64, passing on their algorithm version.
int32_t shuffleInt32(int32_t Value, int16_t Delta, int16_t Width,
                     int16_t AlgoVersion) __asm__(OMPGPU_SHUFFLE_INT32_SYMBOL);
int64_t shuffleInt64(int64_t Value, int16_t Delta, int16_t Width,
                     int16_t AlgoVersion) __asm__(OMPGPU_SHUFFLE_INT64_SYMBOL);
// The program's own calls of malloc (Memory.cpp).
void *checkedMalloc(size_t Bytes) __asm__(OMPGPU_CHECKED_MALLOC_SYMBOL);
} // namespace ompgpu

#endif // OMPGPU_DEVICE_INTERFACE_H
