//===- ImageManifest.h - What the host may look up in a device image ------===//
//
// The host runtime finds kernels, kernel environments, declare target
// variables and the runtime's environments in a loaded image by name. Asking
// the CUDA driver for a name the image lacks is a failed driver call (which
// compute-sanitizer reports), so the link step lists what each image defines
// and registers the list with the program (OffloadManifestTy in
// abi/OffloadABI.h). It also compares the list with the offload entries the
// host objects register, and names here, at link time, what the host will
// not find: a target region without a kernel (clang-22 chose a metadirective
// variant without `target` for the device), which then runs on the host, or a
// declare target variable the device code lacks. Beside the symbols it
// lists the device services whose size the CUDA driver fixes before it loads
// an image (the heap, the printf buffer, the stack of calls that may recurse),
// so that the host sizes them first.
//
//===----------------------------------------------------------------------===//
#ifndef OMPGPU_OFFLOADLINK_IMAGEMANIFEST_H
#define OMPGPU_OFFLOADLINK_IMAGEMANIFEST_H

#include "ompgpu/OffloadLink/DeviceInputs.h"
#include "ompgpu/OffloadLink/SourceFiles.h"

#include "llvm/IR/Module.h"
#include "llvm/Support/raw_ostream.h"

#include <string>
#include <vector>

namespace ompgpu {

/// The names the host can look up in the image of the optimized device
/// program \p Program: its kernels and the global variables it defines with
/// external linkage outside shared and local memory, sorted as strcmp sorts.
std::vector<std::string> exportedSymbols(const llvm::Module &Program);

/// Records in \p Program, before the device runtime is linked into it, which
/// device services of OffloadImageUses the program's own code asks for, so
/// that imageUses() can tell them from the runtime's.
void recordProgramServices(llvm::Module &Program);

/// The OMPGPU_IMAGE_USES_* bits of the optimized device program \p Program:
/// the heap where it still calls CUDA's malloc or free (its own calls, or
/// the runtime's on its behalf), printf where its own code called vprintf
/// (recordProgramServices); the runtime's error messages fit the driver's
/// default buffer; a deep stack where its calls may recurse (CallCycles.h).
uint64_t imageUses(const llvm::Module &Program);

/// Warns on \p OS about each target region and declare target variable of
/// \p Entries that is not among \p Symbols, the exported symbols of the
/// image for \p Arch. The runtime copes (such regions run on the host, such
/// variables the device code does not use), but the program does not do what
/// its source says.
void warnAboutEntriesWithoutDefinition(llvm::ArrayRef<HostEntry> Entries,
                                       llvm::ArrayRef<std::string> Symbols,
                                       llvm::StringRef Arch,
                                       const SourceFileTable &Files,
                                       llvm::raw_ostream &OS);

} // namespace ompgpu

#endif
