//===- PassRegistration.h - Our passes by name ------------------*- C++ -*-===//
//
// Makes a PassBuilder know our passes by the names of PassRegistry.def and
// the link step's stages by pipeline names: ompgpu-before-runtime,
// ompgpu-after-runtime, ompgpu-optimize<O0|O1|O2|O3>, and ompgpu-link<On>
// for all three in order (on a program that already has the device runtime
// linked in). It also adds our passes to the extension points of the
// PassBuilder's default pipelines, as the link step does. The pass plugin
// (libOMPGPU.so) calls it for opt.
//
//===----------------------------------------------------------------------===//
#ifndef OMPGPU_TRANSFORMS_PASSREGISTRATION_H
#define OMPGPU_TRANSFORMS_PASSREGISTRATION_H

namespace llvm {
class PassBuilder;
} // namespace llvm

namespace ompgpu {

/// Registers our passes and pipelines with \p PB (see above).
void registerPasses(llvm::PassBuilder &PB);

} // namespace ompgpu

#endif
