//===- TripCount.h - The iteration count of a loop directive ----*- C++ -*-===//
//
// A launch from the device sizes the child's grid by the iterations of the
// region's loop, as the host runtime does with the trip count clang passes
// it. Device code has no such count, so the front-end step writes it as an
// expression, evaluated before the launch.
//
//===----------------------------------------------------------------------===//
#ifndef OMPGPU_NESTEDTEAMS_TRIPCOUNT_H
#define OMPGPU_NESTEDTEAMS_TRIPCOUNT_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/StmtOpenMP.h"

#include <string>

namespace ompgpu {
namespace nested {

/// Source text of the number of iterations of \p Loop (of its collapsed
/// nest), for the scope just before the directive, as a call of the
/// __ompgpu_trip_count helper the rewrite defines per loop; "0" (unknown)
/// unless every loop counts an integer from a lower bound to a bound by a
/// step, none of them with side effects or depending on another loop of the
/// nest.
std::string tripCountText(clang::ASTContext &Ctx,
                          const clang::OMPLoopDirective &Loop);

/// The definition of __ompgpu_trip_count, for device code.
const char *tripCountHelper();

} // namespace nested
} // namespace ompgpu

#endif
