//===- ImageSymbols.h - The symbols a cubin defines -------------*- C++ -*-===//
//
// An image our link step made comes with a manifest of the symbols it
// defines. An image without one (registered at the ABI level, or made by
// another toolchain) is asked about optional symbols, such as a kernel's
// environment, and each symbol it lacks is a failed driver call, which
// compute-sanitizer reports as an error. A cubin's ELF symbol table says the
// same as a manifest, without a driver call.
//
//===----------------------------------------------------------------------===//

#ifndef OMPTARGET_IMAGESYMBOLS_H
#define OMPTARGET_IMAGESYMBOLS_H

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace omptarget {

/// The names of the symbols the cubin in [Start, Start + Size) defines,
/// sorted; nullopt if the image is not a 64-bit ELF file whose symbol table
/// lies within it.
std::optional<std::vector<std::string>> cubinDefinedSymbols(const void *Start,
                                                            size_t Size);

} // namespace omptarget

#endif // OMPTARGET_IMAGESYMBOLS_H
