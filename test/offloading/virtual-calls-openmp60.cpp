// virtual-calls.cpp under -fopenmp-version=60, where clang-22's host code
// registers the vtables of declare target classes itself (entries the link
// step also adds; the host runtime keeps one row per vtable).
// RUN: %clangxx -O2 %offload -fopenmp-version=60 -Wno-openmp-mapping %s -o %t 2> %t.link && %run %t | FileCheck %S/virtual-calls.cpp
// RUN: count 0 < %t.link
#include "virtual-calls.cpp"
