//===- ImageInfo.h - What a device image is and which GPUs run it -*- C++ -*-=//
//
// Device images are raw cubins (ELF, e_machine EM_CUDA) or PTX text. This
// reads the SM a cubin was built for from its ELF header (both the layout of
// CUDA < 12.8 and ELF ABI v8) and the `.target` of PTX, and ranks images for a
// device's compute capability.
//
//===----------------------------------------------------------------------===//

#ifndef OMPTARGET_IMAGEINFO_H
#define OMPTARGET_IMAGEINFO_H

#include <cstddef>
#include <string>

namespace omptarget {

enum class ImageKind { Cubin, PTX, Unknown };

struct ImageInfo {
  ImageKind Kind = ImageKind::Unknown;
  /// Compute capability as major * 10 + minor (90 for sm_90); 0 if unknown.
  unsigned SM = 0;
  /// sm_XYa: runs only on exactly sm_XY.
  bool ArchSpecific = false;
  /// sm_XYf (PTX only): runs on the same major with minor >= Y.
  bool FamilySpecific = false;

  /// "cubin sm_90", "ptx sm_90a", "unknown image".
  std::string describe() const;
};

/// Classifies the image in [Start, Start + Size).
ImageInfo classifyImage(const void *Start, size_t Size);

/// The SM number of a cubin from its ELF header fields: ELF ABI v8 (written by
/// the ptxas of CUDA 12.8 and later) keeps it in bits 8-15 of e_flags, older
/// cubins in bits 0-7.
unsigned cubinSM(unsigned AbiVersion, unsigned EFlags);
/// Whether the cubin is arch-specific (sm_XYa) according to e_flags.
bool cubinArchSpecific(unsigned AbiVersion, unsigned EFlags);

/// How well an image suits a device of compute capability \p DeviceSM: 0 if it
/// cannot run there, otherwise higher is better. A cubin for sm_XY runs on the
/// same major with minor >= Y (an sm_XYa cubin on sm_XY only) and beats PTX,
/// which the driver compiles for any newer device.
int imageFitness(const ImageInfo &Image, unsigned DeviceSM);

/// "sm_90" for 90.
std::string smName(unsigned SM);

} // namespace omptarget

#endif // OMPTARGET_IMAGEINFO_H
