//===- LaunchBoundsPolicy.h - Launch bounds revised from ptxas' report ----===//
//
// Our passes guess two launch bounds before anything is compiled
// (ompgpu/Transforms/RevisableBounds.h). Once ptxas has compiled the device
// program, the link step revises them from what ptxas gave each kernel, and
// compiles the program again where that changes a bound:
// - A .minnctapersm hint is a register cap. Where ptxas spills the kernel
//   under it, the cap costs more than the occupancy it buys, so the kernel is
//   tried with fewer blocks: the most whose register budget covers what it
//   needed (its registers plus one per 4 bytes spilled), where that is at
//   least 2, and then without a hint. It keeps the first that does not spill,
//   or, if all of them do, the one that spilled least. A kernel that spills
//   without any hint of ours is left alone.
// - Teams of 256 threads, chosen for kernels without a thread_limit, become
//   the whole-warp size from 128 to 256 that puts the most warps on a
//   multiprocessor with the kernel's registers and shared memory (the kernel
//   report's occupancy). 256 stays unless a smaller size is strictly better,
//   so every kernel whose registers fit 256-thread blocks keeps them
//   (streaming kernels measured best there); a kernel that keeps a hint keeps
//   the size the hint was sized by.
// - A kernel without a hint whose registers alone keep one more block off a
//   multiprocessor (shared memory, warps and block slots would allow it), and
//   that needs at most a fifth fewer registers for it, is tried once with the
//   .minnctapersm of the next occupancy step (the most blocks the register
//   budget of one more block allows). It keeps the hint where ptxas fits it
//   without spilling, or, in a kernel that loads from global memory in a
//   loop, spilling at most MaxRaiseSpillStoreBytes; it is compiled without
//   the hint again otherwise. A spill that small is a value or two that
//   ptxas keeps in the L1 cache, which costs less than the latency the added
//   blocks hide where warps wait on memory; a large one is the loop's working
//   set. (A team-array kernel at 39 registers fits 6 blocks of 256 threads
//   and its CUDA twin at 30 fits 8: the 1,024 teams took two waves instead of
//   one, 1.30x the twin's time. Under .minnctapersm 8 it has 32 registers and
//   spills 8 bytes (4 reloaded): 1.00x, H100. Mandelbrot kernels that only
//   compute in their loops ran 0.8-1.2% slower with such a raise.)
// Each compile revises what the previous one showed, so that a program is
// compiled at most MaxCompiles times: a hint, a lower one, none, and the
// settled hint with the block size it allows; a raise is tried only after the
// first compile, so its own revision comes by the third. Every revision, and
// every hint ptxas fitted without spilling, is a decision that -v, the kernel
// report and the remarks show.
//
//===----------------------------------------------------------------------===//
#ifndef OMPGPU_OFFLOADLINK_LAUNCHBOUNDSPOLICY_H
#define OMPGPU_OFFLOADLINK_LAUNCHBOUNDSPOLICY_H

#include "ompgpu/OffloadLink/Occupancy.h"
#include "ompgpu/OffloadLink/PtxasResources.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/IR/Module.h"

#include <string>
#include <utility>
#include <vector>

namespace ompgpu {

/// The most times a program is compiled: a hint, a lower one, none, and the
/// best of them with the block size it allows.
inline constexpr unsigned MaxCompiles = 4;

/// The most bytes ptxas may spill (stores) under a raised hint for a kernel
/// that loads from memory in a loop to keep it: one 64-bit value or two
/// 32-bit ones.
inline constexpr uint64_t MaxRaiseSpillStoreBytes = 8;

/// What the link step settled for one kernel's launch bounds.
struct LaunchBoundsDecision {
  enum KindTy {
    KeptMinBlocks,        ///< The hint it had (To == From).
    LoweredMinBlocks,     ///< A smaller hint, To.
    DroppedMinBlocks,     ///< No hint (To == 0).
    ChoseBlockSize,       ///< From and To are threads per block.
    RaisedMinBlocks,      ///< No hint before (From == 0), the hint To now.
    RaisedSpillingLittle, ///< The same, ptxas spilling a little under it.
    RaiseSpilled,         ///< The hint To was tried and spilled: none again.
  };
  KindTy Kind = KeptMinBlocks;
  std::string Kernel;
  unsigned From = 0; ///< The hint (blocks) or block size (threads) before.
  unsigned To = 0;   ///< ... and after.
  /// The hints tried that spilled, in order, with what ptxas gave the kernel
  /// under each (0 is no hint); for ChoseBlockSize, the kernel as compiled
  /// with From threads; for a raise, the kernel without the hint and then
  /// under it.
  std::vector<std::pair<unsigned, KernelResources>> Tried;
  /// Warps per multiprocessor at From and at To threads (ChoseBlockSize).
  unsigned WarpsBefore = 0, WarpsAfter = 0;
  /// Blocks per multiprocessor without the hint (a raise).
  unsigned BlocksBefore = 0;
};

/// Revises the bounds our passes marked as guesses in one device program.
class LaunchBoundsPolicy {
public:
  /// Takes the marked kernels of \p Program, compiled for \p Arch.
  LaunchBoundsPolicy(llvm::Module &Program, llvm::StringRef Arch);

  /// Whether any kernel has a bound to revise.
  bool empty() const { return Kernels.empty(); }

  /// Revises the bounds from \p Compiled, what ptxas gave the kernels in the
  /// last compile, in the program's attributes and kernel environments.
  /// Returns whether a bound changed, so that the program must be compiled
  /// again.
  bool revise(llvm::ArrayRef<KernelResources> Compiled);

  /// What was settled, kernel by kernel, in the order it was.
  llvm::ArrayRef<LaunchBoundsDecision> decisions() const { return Decisions; }

private:
  /// A kernel with a bound still to settle.
  struct Kernel {
    llvm::Function *F;
    bool HintOpen = false;      ///< Its hint is still being tried.
    bool BlockSizeOpen = false; ///< Its block size is still ours to choose.
    /// It has no hint and may get one for more blocks (first revision only).
    bool RaiseOpen = false;
    bool RaiseTried = false;    ///< The last compile tried a raise.
    unsigned Hint = 0;          ///< The hint of the last compile.
    LaunchBoundsDecision Hints; ///< What was tried so far.
  };

  /// Returns whether the kernel's bounds changed.
  bool reviseHint(Kernel &K, const KernelResources &Compiled);
  bool reviseBlockSize(Kernel &K, const KernelResources &Compiled);
  bool tryRaise(Kernel &K, const KernelResources &Compiled);
  bool settleRaise(Kernel &K, const KernelResources &Compiled);
  void setHint(Kernel &K, unsigned Blocks);

  const MultiprocessorLimits *Limits;
  unsigned Revisions = 0; ///< How many times revise() ran.
  std::vector<Kernel> Kernels;
  std::vector<LaunchBoundsDecision> Decisions;
};

/// A sentence on \p Decision, with what ptxas gave the kernel in the final
/// compile, \p Final: "ptxas spilled 336 bytes of registers under
/// .minnctapersm 4 (64 registers): compiled without a hint: 123 registers,
/// no spills".
std::string describeDecision(const LaunchBoundsDecision &Decision,
                             llvm::ArrayRef<KernelResources> Final);

/// Reports each of \p Decisions as an optimization remark on its kernel (a
/// revision under -Rpass=ompgpu, a kept hint under -Rpass-analysis), with
/// the resources of the final compile, \p Final.
void remarkLaunchBounds(llvm::Module &Program,
                        llvm::ArrayRef<LaunchBoundsDecision> Decisions,
                        llvm::ArrayRef<KernelResources> Final);

} // namespace ompgpu

#endif
