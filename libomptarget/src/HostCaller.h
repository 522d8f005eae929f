//===- HostCaller.h - The program function that called the runtime -*- C++ -*-//
//
// Without -g, clang's ident_t says nothing about where a construct is, and a
// data construct (target data, enter/exit data, update) has no kernel whose
// name would. What is left is the call itself: the function of the program
// that called the entry point, found on the call stack and named from the
// symbol table of its ELF file (dladdr knows exported symbols only, and
// programs export none but with -rdynamic).
//
//===----------------------------------------------------------------------===//

#ifndef OMPTARGET_HOSTCALLER_H
#define OMPTARGET_HOSTCALLER_H

#include <string>

namespace omptarget {

/// The symbol name (mangled, for C++) of the function nearest on the calling
/// thread's stack that is not libomptarget's: the program function that
/// called the runtime's entry point. Empty if it cannot be named (a stripped
/// program).
std::string callerFunction();

} // namespace omptarget

#endif // OMPTARGET_HOSTCALLER_H
