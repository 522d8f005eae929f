//===- KernelEnvironment.h - Reading and writing a kernel's environment ---===//
//
// Clang-22 gives every OpenMP kernel a constant global
// "<kernel>_kernel_environment" whose first member, ConfigurationEnvironmentTy
// (abi/OffloadABI.h), says how the kernel runs (execution mode, thread and
// team bounds, reduction buffer). The device runtime and the host runtime read
// it; our passes read it to decide, and adjust it where they change how the
// kernel runs.
//
//===----------------------------------------------------------------------===//
#ifndef OMPGPU_TRANSFORMS_KERNELENVIRONMENT_H
#define OMPGPU_TRANSFORMS_KERNELENVIRONMENT_H

#include "OffloadABI.h"

#include "llvm/IR/Function.h"

#include <cstdint>
#include <optional>

namespace ompgpu {

/// Whether \p F is a GPU kernel (an OpenMP target region's entry).
bool isKernel(const llvm::Function &F);

/// The member \p Field of kernel \p K's environment, if it has one.
std::optional<int64_t> kernelConfig(const llvm::Function &K,
                                    ConfigurationMember Field);

/// Whether kernel \p K's teams combine a reduction (its environment has
/// teams-reduction data).
bool reducesAcrossTeams(const llvm::Function &K);

/// Sets the member \p Field of kernel \p K's environment; returns false if
/// the kernel has no environment.
bool setKernelConfig(llvm::Function &K, ConfigurationMember Field,
                     int64_t Value);

/// Gives kernel \p K a constant uint32_t global "<kernel><Suffix>" holding
/// \p Value, which the host runtime reads when it loads the image (the
/// link step's words about a kernel's launches: OffloadABI.h's
/// OMPGPU_KERNEL_*_SUFFIX).
void addKernelWord(llvm::Function &K, llvm::StringRef Suffix, uint32_t Value);

/// The same with an array of uint32_t words, \p Words.
void addKernelWords(llvm::Function &K, llvm::StringRef Suffix,
                    llvm::ArrayRef<uint32_t> Words);

} // namespace ompgpu

#endif
