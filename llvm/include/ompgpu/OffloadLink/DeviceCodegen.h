//===- DeviceCodegen.h - Optimizing a device program and emitting PTX -----===//
//
// Runs the optimization stage of ompgpu/Transforms/Pipeline.h on a linked
// device program with the NVPTX target machine (which brings NVVMReflect for
// libdevice), then emits PTX.
//
//===----------------------------------------------------------------------===//
#ifndef OMPGPU_OFFLOADLINK_DEVICECODEGEN_H
#define OMPGPU_OFFLOADLINK_DEVICECODEGEN_H

#include "llvm/IR/Module.h"
#include "llvm/Support/Error.h"

#include <string>

namespace ompgpu {

/// Optimizes \p Program at \p OptLevel (0-3) for \p Arch and returns its PTX.
llvm::Expected<std::string> optimizeAndEmitPTX(llvm::Module &Program,
                                               llvm::StringRef Arch,
                                               unsigned OptLevel);

/// Registers the NVPTX and host targets with LLVM and sets the options of
/// LLVM's pipeline that the device program needs; call once before linking.
void initializeDeviceCodegen();

} // namespace ompgpu

#endif
