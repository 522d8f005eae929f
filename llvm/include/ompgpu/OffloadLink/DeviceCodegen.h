//===- DeviceCodegen.h - Optimizing a device program and compiling it -----===//
//
// Runs the optimization stage of ompgpu/Transforms/Pipeline.h on a linked
// device program with the NVPTX target machine (which brings NVVMReflect for
// libdevice), emits PTX and has it assembled (ptxas). Where ptxas' report
// revises a launch bound our passes guessed (LaunchBoundsPolicy.h), the
// program is emitted and assembled again, at most MaxCompiles times in all.
//
//===----------------------------------------------------------------------===//
#ifndef OMPGPU_OFFLOADLINK_DEVICECODEGEN_H
#define OMPGPU_OFFLOADLINK_DEVICECODEGEN_H

#include "ompgpu/OffloadLink/LaunchBoundsPolicy.h"
#include "ompgpu/OffloadLink/PtxasResources.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace ompgpu {

/// Assembles PTX into a cubin (the caller decides where it goes) and returns
/// what ptxas gave each kernel.
using PtxAssembler =
    llvm::function_ref<llvm::Expected<std::vector<KernelResources>>(
        llvm::StringRef PTX)>;

/// A device program as ptxas last compiled it.
struct CompiledDeviceProgram {
  std::string PTX;
  std::vector<KernelResources> Kernels; ///< What ptxas gave each kernel.
  std::vector<LaunchBoundsDecision> Decisions;
  unsigned Compiles = 0; ///< How many times ptxas ran.
};

/// Optimizes \p Program at \p OptLevel (0-3) for \p Arch, emits its PTX and
/// assembles it with \p Assemble, again after each revision of its launch
/// bounds. \p Program ends with the launch bounds of the last compile.
/// \p Optimized, where given, sees the program between the optimizations
/// and code generation (-save-temps keeps it).
llvm::Expected<CompiledDeviceProgram> compileDeviceProgram(
    llvm::Module &Program, llvm::StringRef Arch, unsigned OptLevel,
    PtxAssembler Assemble,
    llvm::function_ref<llvm::Error(const llvm::Module &)> Optimized = nullptr);

/// Registers the NVPTX and host targets with LLVM and sets the options of
/// LLVM's pipeline that the device program needs; call once before linking.
void initializeDeviceCodegen();

} // namespace ompgpu

#endif
