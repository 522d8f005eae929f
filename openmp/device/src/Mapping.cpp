//===- Mapping.cpp - Thread and team queries ------------------------------===//
//
// The OpenMP routines that say where the calling thread is: its number and
// team size at each nesting level, its team in the league, and the hardware
// coordinates clang's code generation and the ompx extensions ask for.
//
//===----------------------------------------------------------------------===//

#include "Mapping.h"
#include "Debug.h"
#include "Hardware.h"
#include "Interface.h"
#include "State.h"

using namespace ompgpu;

namespace {

uint8_t currentState() { return state::get(); }

/// Levels outside [0, omp_get_level()] do not exist.
bool validLevel(int Level, uint8_t State) {
  return Level >= 0 && Level <= int(state::level(State));
}

int checkedDim(int Dim, const char *Routine) {
  if (Dim < 0 || Dim > 2)
    fatal(nullptr, Routine);
  return Dim;
}

} // namespace

extern "C" {

int omp_get_thread_num() {
  uint32_t Tid = hw::threadId();
  return mapping::threadNum(Tid, state::get());
}

int omp_get_num_threads() { return mapping::numThreads(currentState()); }

int omp_get_team_num() { return hw::blockId(); }

int omp_get_num_teams() { return hw::gridDim(); }

int omp_get_level() { return state::level(currentState()); }

int omp_get_active_level() { return state::inActiveRegion(currentState()); }

int omp_in_parallel() { return state::inActiveRegion(currentState()); }

// Only level 1 can be an active region; level 0 and serialized levels are
// teams of one thread.
int omp_get_ancestor_thread_num(int Level) {
  uint8_t State = currentState();
  if (!validLevel(Level, State))
    return -1;
  return Level == 1 && state::inActiveRegion(State) ? hw::threadId() : 0;
}

int omp_get_team_size(int Level) {
  uint8_t State = currentState();
  if (!validLevel(Level, State))
    return -1;
  return Level == 1 && state::inActiveRegion(State)
             ? mapping::activeTeamSize(State)
             : 1;
}

int omp_get_thread_limit() { return mapping::maxTeamThreads(currentState()); }

int omp_get_num_procs() { return omp_get_thread_limit(); }

uint32_t __kmpc_get_hardware_thread_id_in_block() { return hw::threadId(); }

uint32_t __kmpc_get_hardware_num_threads_in_block() { return hw::blockDim(); }

uint32_t __kmpc_get_warp_size() { return WarpSize; }

int ompx_thread_id(int Dim) {
  return hw::threadId(checkedDim(Dim, "ompx_thread_id: dimension not 0-2"));
}

int ompx_block_id(int Dim) {
  return hw::blockId(checkedDim(Dim, "ompx_block_id: dimension not 0-2"));
}

int ompx_block_dim(int Dim) {
  return hw::blockDim(checkedDim(Dim, "ompx_block_dim: dimension not 0-2"));
}

int ompx_grid_dim(int Dim) {
  return hw::gridDim(checkedDim(Dim, "ompx_grid_dim: dimension not 0-2"));
}
}
