//===- DeviceLink.h - One device program per GPU architecture -------------===//
//
// Links the device bitcode of all translation units with the device runtime
// (libompdevice-nvptx.bc) and CUDA's libdevice and checks that nothing stays
// undefined, running the passes of the stages before and after the runtime
// link (ompgpu/Transforms/Pipeline.h) around it: the optimizer then sees the
// whole device program, with only what the host looks up by name visible
// (kernels, and the protected globals: every declare target variable the host
// registers is made protected here).
//
//===----------------------------------------------------------------------===//
#ifndef OMPGPU_OFFLOADLINK_DEVICELINK_H
#define OMPGPU_OFFLOADLINK_DEVICELINK_H

#include "ompgpu/OffloadLink/DeviceInputs.h"
#include "ompgpu/OffloadLink/SourceFiles.h"

#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"

namespace ompgpu {

struct DeviceLinkOptions {
  std::string Arch;          ///< "sm_90"
  std::string RuntimePath;   ///< libompdevice-nvptx.bc
  std::string LibdevicePath; ///< libdevice.10.bc
};

/// Links \p Inputs into one module, or explains what is missing. Records
/// the source files of the inputs' target regions in \p Files if given.
llvm::Expected<std::unique_ptr<llvm::Module>> linkDeviceProgram(
    llvm::LLVMContext &Context, llvm::ArrayRef<DeviceInput> Inputs,
    const DeviceLinkOptions &Options, SourceFileTable *Files = nullptr);

} // namespace ompgpu

#endif
