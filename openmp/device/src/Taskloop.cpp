//===- Taskloop.cpp - taskloop --------------------------------------------===//
//
// clang-22 hands the runtime one task descriptor for a whole taskloop (the
// pattern), with the loop's normalized bounds in it, and the runtime splits
// the iterations into chunks: a copy of the pattern per chunk, with its own
// bounds, submitted like any task, so that the chunks of a taskloop in a
// single region run on the whole team. The pattern itself never runs; the
// chunks keep it alive, since the link step may have pointed their shared
// block into the pattern's (TaskSharedCaptures).
//
// How many chunks: grainsize(g) makes as many as give each chunk at least g
// iterations (fewer than 2g); with strict, chunks of exactly g but the last.
// num_tasks(n) makes min(n, iterations) chunks of nearly equal size. Without
// either clause, four chunks per thread of the team, so that threads that
// finish early take more.
//
// The entry points stay out of line, as those of Tasking.cpp.
//
//===----------------------------------------------------------------------===//

#include "Debug.h"
#include "Hardware.h"
#include "Interface.h"
#include "Mapping.h"
#include "State.h"
#include "TaskScheduler.h"

using namespace ompgpu;
using namespace ompgpu::tasks;

namespace {

/// The schedule argument of the taskloop entry points.
enum TaskloopSchedule : int32_t {
  NoSchedule = 0,
  GrainsizeSchedule = 1,
  NumTasksSchedule = 2,
};

/// What clang gives the runtime to copy the private copies that need more
/// than a byte copy into a chunk, and to set its last-iteration flag.
using TaskDupTy = void (*)(void *Chunk, void *Pattern, int32_t LastChunk);

constexpr uint64_t ChunksPerThread = 4;

/// Where the members of the taskloop descriptor that follow the upper bound
/// lie, after it: the stride, then the last-iteration flag.
constexpr uint64_t LastIterationAfterUpper = 2 * sizeof(int64_t);

uint64_t tripCount(int64_t Lower, int64_t Upper, int64_t Stride) {
  if (Stride > 0)
    return Upper < Lower ? 0 : uint64_t(Upper - Lower) / uint64_t(Stride) + 1;
  return Lower < Upper ? 0
                       : uint64_t(Lower - Upper) / (0 - uint64_t(Stride)) + 1;
}

/// The chunks of Trip iterations: how many, and where each begins.
struct ChunkingTy {
  uint64_t Count;
  /// Strict grainsize: every chunk but the last has Size iterations.
  /// Otherwise chunks have Size iterations, the first Extra one more.
  uint64_t Size;
  uint64_t Extra;
  bool Fixed;

  uint64_t begin(uint64_t Chunk) const {
    return Fixed ? Chunk * Size
                 : Chunk * Size + (Chunk < Extra ? Chunk : Extra);
  }
  uint64_t size(uint64_t Chunk, uint64_t Trip) const {
    if (Fixed)
      return Chunk + 1 < Count ? Size : Trip - Chunk * Size;
    return Size + (Chunk < Extra);
  }
};

ChunkingTy chunkIterations(uint64_t Trip, int32_t Schedule, uint64_t Value,
                           bool Strict) {
  uint64_t Count;
  if (Schedule == GrainsizeSchedule) {
    uint64_t Grainsize = Value ? Value : 1;
    if (Strict)
      return {(Trip + Grainsize - 1) / Grainsize, Grainsize, 0, true};
    Count = Trip / Grainsize;
  } else if (Schedule == NumTasksSchedule) {
    Count = Value;
  } else {
    Count = ChunksPerThread * mapping::numThreads(state::get());
  }
  if (Count > Trip)
    Count = Trip;
  if (!Count)
    Count = 1;
  return {Count, Trip / Count, Trip % Count, false};
}

/// A chunk: a copy of Pattern with its own shared block.
TaskTy *copyPattern(TaskTy *Pattern) {
  TaskTy *Chunk = allocateTask(ExplicitTask, Pattern->Flags, Pattern->TaskBytes,
                               Pattern->SharedsBytes);
  __builtin_memcpy(&Chunk->Task, &Pattern->Task,
                   Pattern->TaskBytes + Pattern->SharedsBytes);
  Chunk->Task.Shareds = Chunk->shareds();
  retain(Pattern);
  Chunk->Pattern = Pattern;
  return Chunk;
}

void taskloop(ident_t *Loc, void *Descriptor, int32_t IfValue, int64_t *Lower,
              int64_t *Upper, int64_t Stride, int32_t NoGroup, int32_t Schedule,
              uint64_t Value, bool Strict, void *Dup) {
  uint32_t Tid = hw::threadId();
  TaskTy *Pattern = taskOf(Descriptor);
  OMPGPU_ASSERT(Pattern->Kind == ExplicitTask, Loc,
                "a taskloop's descriptor did not come from "
                "__kmpc_omp_task_alloc");
  Pattern->Kind = TaskloopPattern;
  if (!NoGroup)
    __kmpc_taskgroup(Loc, 0);
  uint64_t Trip = tripCount(*Lower, *Upper, Stride);
  ChunkingTy Chunks = chunkIterations(Trip, Schedule, Value, Strict);
  uint64_t LowerOffset =
      reinterpret_cast<char *>(Lower) - static_cast<char *>(Descriptor);
  uint64_t UpperOffset =
      reinterpret_cast<char *>(Upper) - static_cast<char *>(Descriptor);
  TaskTy *Parent = currentTask(Tid, state::get());
  // Chunks any thread may run reach the queue a warp's worth at a time, for
  // the lanes that take them together (startTogether).
  TaskTy *Batch = nullptr, *BatchEnd = nullptr;
  uint32_t Batched = 0;
  auto StartBatch = [&] {
    if (Batched)
      startTogether(Batch, Batched, Tid);
    Batch = BatchEnd = nullptr;
    Batched = 0;
  };
  for (uint64_t I = 0; Trip && I < Chunks.Count; ++I) {
    TaskTy *Chunk = copyPattern(Pattern);
    char *Bytes = reinterpret_cast<char *>(&Chunk->Task);
    int64_t First = *Lower + int64_t(Chunks.begin(I)) * Stride;
    int64_t Last = First + int64_t(Chunks.size(I, Trip) - 1) * Stride;
    *reinterpret_cast<int64_t *>(Bytes + LowerOffset) = First;
    *reinterpret_cast<int64_t *>(Bytes + UpperOffset) = Last;
    int32_t IsLastChunk = I + 1 == Chunks.Count;
    *reinterpret_cast<int32_t *>(Bytes + UpperOffset +
                                 LastIterationAfterUpper) = IsLastChunk;
    if (Dup)
      reinterpret_cast<TaskDupTy>(Dup)(&Chunk->Task, Descriptor, IsLastChunk);
    adopt(Parent, Chunk, Tid, /*Undeferred=*/!IfValue);
    if (Chunk->Owner != AnyThread) {
      start(Chunk, Tid);
      continue;
    }
    Chunk->NextReady = nullptr;
    (BatchEnd ? BatchEnd->NextReady : Batch) = Chunk;
    BatchEnd = Chunk;
    if (++Batched == WarpSize)
      StartBatch();
  }
  StartBatch();
  release(Pattern);
  if (!NoGroup)
    __kmpc_end_taskgroup(Loc, 0);
}

} // namespace

extern "C" {

[[gnu::noinline]] void __kmpc_taskloop(ident_t *Loc, int32_t, void *Task,
                                       int32_t IfValue, int64_t *Lower,
                                       int64_t *Upper, int64_t Stride,
                                       int32_t NoGroup, int32_t Schedule,
                                       uint64_t Value, void *Dup) {
  taskloop(Loc, Task, IfValue, Lower, Upper, Stride, NoGroup, Schedule, Value,
           /*Strict=*/false, Dup);
}

// OpenMP 5.1's strict modifier of grainsize and num_tasks.
[[gnu::noinline]] void __kmpc_taskloop_5(ident_t *Loc, int32_t, void *Task,
                                         int32_t IfValue, int64_t *Lower,
                                         int64_t *Upper, int64_t Stride,
                                         int32_t NoGroup, int32_t Schedule,
                                         uint64_t Value, int32_t Modifier,
                                         void *Dup) {
  taskloop(Loc, Task, IfValue, Lower, Upper, Stride, NoGroup, Schedule, Value,
           Modifier != 0, Dup);
}
}
