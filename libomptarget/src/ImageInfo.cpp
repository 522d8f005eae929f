//===- ImageInfo.cpp - What a device image is and which GPUs run it -------===//
//
// ELF header offsets are those of ELF64 (cubins of 64-bit programs), read
// byte-wise because images need not be aligned.
//
//===----------------------------------------------------------------------===//

#include "ImageInfo.h"

#include <cstdint>
#include <cstring>

using namespace omptarget;

namespace {
constexpr unsigned EMCuda = 190;
const char ELFMagic[] = {0x7f, 'E', 'L', 'F'};
constexpr size_t ELF64HeaderSize = 64;
constexpr size_t EIClass = 4, EIData = 5, EIAbiVersion = 8;
constexpr size_t EMachineOffset = 18, EFlagsOffset = 48;
constexpr unsigned char ELFClass64 = 2, ELFDataLSB = 1;
/// ELFABIVERSION_CUDA_V2: the first ABI that moved the SM to bits 8-15.
constexpr unsigned AbiVersionV2 = 8;
constexpr unsigned EFCudaAcceleratorsV1 = 0x800, EFCudaAcceleratorsV2 = 0x8;
} // namespace

static unsigned readLE(const unsigned char *P, size_t Bytes) {
  unsigned Value = 0;
  for (size_t I = 0; I < Bytes; ++I)
    Value |= unsigned(P[I]) << (8 * I);
  return Value;
}

unsigned omptarget::cubinSM(unsigned AbiVersion, unsigned EFlags) {
  return AbiVersion >= AbiVersionV2 ? (EFlags >> 8) & 0xff : EFlags & 0xff;
}

bool omptarget::cubinArchSpecific(unsigned AbiVersion, unsigned EFlags) {
  return EFlags & (AbiVersion >= AbiVersionV2 ? EFCudaAcceleratorsV2
                                              : EFCudaAcceleratorsV1);
}

/// Reads "sm_XY", "sm_XYa" or "sm_XYf" at \p P.
static bool parseSMName(const char *P, const char *End, ImageInfo &Info) {
  if (End - P < 4 || strncmp(P, "sm_", 3) != 0)
    return false;
  P += 3;
  unsigned SM = 0;
  const char *Digits = P;
  while (P < End && *P >= '0' && *P <= '9')
    SM = SM * 10 + (*P++ - '0');
  if (P == Digits || SM == 0)
    return false;
  Info.SM = SM;
  if (P < End && *P == 'a')
    Info.ArchSpecific = true;
  else if (P < End && *P == 'f')
    Info.FamilySpecific = true;
  return true;
}

/// Finds the `.target sm_XY` directive of PTX text.
static bool parsePTXTarget(const char *Text, size_t Size, ImageInfo &Info) {
  const char *End = Text + Size;
  static const char Directive[] = ".target";
  const size_t DirectiveLength = sizeof(Directive) - 1;
  for (const char *P = Text; P + DirectiveLength < End; ++P) {
    if (*P != '.' || strncmp(P, Directive, DirectiveLength) != 0)
      continue;
    // Only a directive at the start of a line, not e.g. ".target" in a comment.
    const char *LineStart = P;
    while (LineStart > Text && (LineStart[-1] == ' ' || LineStart[-1] == '\t'))
      --LineStart;
    if (LineStart != Text && LineStart[-1] != '\n')
      continue;
    P += DirectiveLength;
    while (P < End && (*P == ' ' || *P == '\t'))
      ++P;
    return parseSMName(P, End, Info);
  }
  return false;
}

ImageInfo omptarget::classifyImage(const void *Start, size_t Size) {
  ImageInfo Info;
  const auto *Bytes = static_cast<const unsigned char *>(Start);
  if (Size >= ELF64HeaderSize && memcmp(Bytes, ELFMagic, 4) == 0) {
    if (Bytes[EIClass] == ELFClass64 && Bytes[EIData] == ELFDataLSB &&
        readLE(Bytes + EMachineOffset, 2) == EMCuda) {
      unsigned Flags = readLE(Bytes + EFlagsOffset, 4);
      unsigned AbiVersion = Bytes[EIAbiVersion];
      Info.Kind = ImageKind::Cubin;
      Info.SM = cubinSM(AbiVersion, Flags);
      Info.ArchSpecific = cubinArchSpecific(AbiVersion, Flags);
    }
    return Info;
  }
  if (parsePTXTarget(static_cast<const char *>(Start), Size, Info))
    Info.Kind = ImageKind::PTX;
  return Info;
}

int omptarget::imageFitness(const ImageInfo &Image, unsigned DeviceSM) {
  if (Image.SM == 0 || Image.SM > DeviceSM)
    return 0;
  bool SameMajor = Image.SM / 10 == DeviceSM / 10;
  if (Image.ArchSpecific && Image.SM != DeviceSM)
    return 0;
  switch (Image.Kind) {
  case ImageKind::Cubin:
    // Same major only; the closest minor is the best tuned.
    return SameMajor ? 1000 + Image.SM : 0;
  case ImageKind::PTX:
    if (Image.FamilySpecific && !SameMajor)
      return 0;
    return 1 + Image.SM;
  case ImageKind::Unknown:
    break;
  }
  return 0;
}

std::string omptarget::smName(unsigned SM) {
  return "sm_" + std::to_string(SM);
}

std::string ImageInfo::describe() const {
  const char *Suffix = ArchSpecific ? "a" : FamilySpecific ? "f" : "";
  switch (Kind) {
  case ImageKind::Cubin:
    return "cubin " + smName(SM) + Suffix;
  case ImageKind::PTX:
    return "ptx " + smName(SM) + Suffix;
  case ImageKind::Unknown:
    break;
  }
  return "unknown image";
}
