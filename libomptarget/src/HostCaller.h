//===- HostCaller.h - The program function that called the runtime -*- C++ -*-//
//
// Without -g, clang's ident_t says nothing about where a construct is, and a
// data construct (target data, enter/exit data, update) has no kernel whose
// name would. What is left is the call itself: the function of the program
// that called the entry point, found on the call stack and named from the
// symbol table of its ELF file (dladdr knows exported symbols only, and
// programs export none but with -rdynamic), which also names the source file
// of file-local functions.
//
//===----------------------------------------------------------------------===//

#ifndef OMPTARGET_HOSTCALLER_H
#define OMPTARGET_HOSTCALLER_H

#include <string>

namespace omptarget {

/// A function of the program, as its symbol table names it.
struct HostFunction {
  std::string Name; ///< The symbol (mangled, for C++); empty if unknown.
  /// The source file's name (without folders) for file-local (static)
  /// functions, whose symbols follow their file's; empty for others.
  std::string File;
};

/// The function nearest on the calling thread's stack that is not
/// libomptarget's: the program function that called the runtime's entry
/// point. Its name is empty if it cannot be named (a stripped program).
HostFunction callerFunction();

} // namespace omptarget

#endif // OMPTARGET_HOSTCALLER_H
