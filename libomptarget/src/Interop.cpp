//===- Interop.cpp - The interop construct and interop objects ------------===//
//
// `#pragma omp interop init/use/destroy` (clang-22 calls __tgt_interop_*)
// and the routines that read an interop object's properties, which libomp
// defines by looking them up here by name (omp_get_interop_int, ...). An
// object on a GPU is of foreign runtime `cuda` (1): it gives the CUDA device,
// the device's primary context (the CUDA runtime's too) and a stream of its
// own, on which the program may queue CUDA work (cuBLAS, its own kernels)
// next to the runtime's. Every object gets the stream, targetsync or not:
// clang-22 passes only the first interop-type of an init clause, so
// `init(target, targetsync: obj)` arrives as a target object.
//
// Ordering with the runtime's work: at init the stream waits (on the GPU) for
// the target work the program has queued so far; `interop use` waits on the
// host for the work on the stream, and with nowait makes the runtime's later
// work wait for it on the GPU instead; destroy waits for it. Dependences of
// the construct are waited for first.
//
//===----------------------------------------------------------------------===//

#include "Device.h"
#include "Diagnostics.h"
#include "HostOpenMP.h"
#include "Runtime.h"

using namespace omptarget;

namespace {

/// omp.h's interop types and constants (OpenMP 5.1), which libomptarget
/// does not include.
typedef void *omp_interop_t;
typedef intptr_t omp_intptr_t;
enum InteropProperty : int {
  FrId = -1,
  FrName = -2,
  Vendor = -3,
  VendorName = -4,
  DeviceNum = -5,
  Platform = -6,
  DeviceHandle = -7,
  DeviceContext = -8,
  TargetSync = -9,
  FirstProperty = TargetSync,
};
enum InteropReturn : int {
  NoValue = 1,
  Success = 0,
  Empty = -1,
  OutOfRange = -2,
  TypeInt = -3,
  TypePtr = -4,
  TypeStr = -5,
  Other = -6,
};
/// The foreign runtime id of CUDA in the OpenMP additional definitions.
constexpr omp_intptr_t ForeignRuntimeCuda = 1;
/// NVIDIA's vendor id there.
constexpr omp_intptr_t VendorNvidia = 11;

struct InteropObject {
  int DeviceNum;
  Device *D;
  Lane *Stream;
};

enum class PropertyType { None, Int, Ptr, Str };

struct PropertyInfo {
  const char *Name;
  const char *TypeDescription;
  PropertyType Type;
};

PropertyInfo property(int Property) {
  switch (Property) {
  case FrId:
    return {"fr_id", "omp_interop_fr_t", PropertyType::Int};
  case FrName:
    return {"fr_name", "const char *", PropertyType::Str};
  case Vendor:
    return {"vendor", "int", PropertyType::Int};
  case VendorName:
    return {"vendor_name", "const char *", PropertyType::Str};
  case DeviceNum:
    return {"device_num", "int", PropertyType::Int};
  case Platform:
    return {"platform", "N/A", PropertyType::None};
  case DeviceHandle:
    return {"device", "int (the CUDA device number)", PropertyType::Int};
  case DeviceContext:
    return {"device_context", "CUcontext", PropertyType::Ptr};
  case TargetSync:
    return {"targetsync", "cudaStream_t (CUstream)", PropertyType::Ptr};
  }
  return {nullptr, nullptr, PropertyType::None};
}

/// Checks the object and the property's type; sets *ReturnCode.
const InteropObject *lookUp(omp_interop_t Interop, int Property,
                            PropertyType Wanted, int *ReturnCode) {
  int Code = Success;
  PropertyInfo Info = property(Property);
  if (!Interop)
    Code = Empty;
  else if (!Info.Name)
    Code = OutOfRange;
  else if (Info.Type == PropertyType::None)
    Code = NoValue;
  else if (Info.Type != Wanted)
    Code = Info.Type == PropertyType::Int   ? TypeInt
           : Info.Type == PropertyType::Ptr ? TypePtr
                                            : TypeStr;
  if (ReturnCode)
    *ReturnCode = Code;
  return Code == Success ? static_cast<const InteropObject *>(Interop)
                         : nullptr;
}

InteropObject *object(omp_interop_t *Interop, const char *Clause) {
  if (!Interop || !*Interop)
    fatal("'interop %s' of an interop object that is not initialized",
          Clause);
  return static_cast<InteropObject *>(*Interop);
}

void waitForDependences(int32_t NumDependences, void *Dependences) {
  hostomp::waitForDependences(static_cast<hostomp::Dependence *>(Dependences),
                              NumDependences);
}

/// Waits for the work queued on the object's stream, the program's included.
void waitForStream(InteropObject &Object) {
  Lane &L = *Object.Stream;
  L.Work.noteWork();
  L.Work.synchronize();
}

} // namespace

extern "C" void __tgt_interop_init(ident_t *Loc, int32_t, omp_interop_t *Interop,
                                   int32_t, int32_t DeviceId,
                                   int32_t NumDependences, void *Dependences,
                                   int32_t) {
  ConstructScope Scope(Loc);
  waitForDependences(NumDependences, Dependences);
  Device *D = Runtime::get().deviceForConstruct(DeviceId);
  // On the host there is no foreign runtime to interoperate with.
  if (!D) {
    *Interop = nullptr;
    return;
  }
  DeviceLock Lock = D->acquire();
  Lane &L = D->streams().take();
  {
    Device::LaneScope OnStream(*D, L);
    D->orderAfterMainLane();
  }
  *Interop = new InteropObject{D->id(), D, &L};
}

extern "C" void __tgt_interop_use(ident_t *Loc, int32_t, omp_interop_t *Interop,
                                  int32_t, int32_t NumDependences,
                                  void *Dependences, int32_t Nowait) {
  ConstructScope Scope(Loc);
  waitForDependences(NumDependences, Dependences);
  if (!Interop || !*Interop)
    return;
  InteropObject &Object = *object(Interop, "use");
  Device &D = *Object.D;
  DeviceLock Lock = D.acquire();
  if (!Nowait) {
    waitForStream(Object);
    return;
  }
  CUevent Event = Object.Stream->Work.record();
  Queue &Main = D.streams().main().Work;
  Main.waitFor(Event);
  Main.noteWork();
  D.events().giveBack(Event);
}

extern "C" void __tgt_interop_destroy(ident_t *Loc, int32_t,
                                      omp_interop_t *Interop, int32_t,
                                      int32_t NumDependences, void *Dependences,
                                      int32_t) {
  ConstructScope Scope(Loc);
  waitForDependences(NumDependences, Dependences);
  if (!Interop || !*Interop)
    return;
  InteropObject *Object = object(Interop, "destroy");
  {
    DeviceLock Lock = Object->D->acquire();
    waitForStream(*Object);
    Object->D->streams().giveBack(*Object->Stream);
  }
  delete Object;
  *Interop = nullptr;
}

extern "C" int omp_get_num_interop_properties(const omp_interop_t) {
  // No implementation-defined properties.
  return 0;
}

extern "C" omp_intptr_t omp_get_interop_int(const omp_interop_t Interop,
                                            int Property, int *ReturnCode) {
  const InteropObject *Object =
      lookUp(Interop, Property, PropertyType::Int, ReturnCode);
  if (!Object)
    return 0;
  switch (Property) {
  case FrId:
    return ForeignRuntimeCuda;
  case Vendor:
    return VendorNvidia;
  case DeviceNum:
    return Object->DeviceNum;
  case DeviceHandle:
    return Object->D->handle();
  }
  return 0;
}

extern "C" void *omp_get_interop_ptr(const omp_interop_t Interop, int Property,
                                     int *ReturnCode) {
  const InteropObject *Object =
      lookUp(Interop, Property, PropertyType::Ptr, ReturnCode);
  if (!Object)
    return nullptr;
  if (Property == DeviceContext)
    return Object->D->context();
  return Object->Stream->Work.stream();
}

extern "C" const char *omp_get_interop_str(const omp_interop_t Interop,
                                           int Property, int *ReturnCode) {
  if (!lookUp(Interop, Property, PropertyType::Str, ReturnCode))
    return nullptr;
  return Property == FrName ? "cuda" : "nvidia";
}

extern "C" const char *omp_get_interop_name(const omp_interop_t, int Property) {
  return property(Property).Name;
}

extern "C" const char *omp_get_interop_type_desc(const omp_interop_t,
                                                 int Property) {
  return property(Property).TypeDescription;
}

extern "C" const char *omp_get_interop_rc_desc(const omp_interop_t,
                                               int ReturnCode) {
  switch (ReturnCode) {
  case NoValue:
    return "the property has no value";
  case Success:
    return "success";
  case Empty:
    return "the interop object is omp_interop_none";
  case OutOfRange:
    return "the property does not exist";
  case TypeInt:
    return "the property is an integer: use omp_get_interop_int";
  case TypePtr:
    return "the property is a pointer: use omp_get_interop_ptr";
  case TypeStr:
    return "the property is a string: use omp_get_interop_str";
  case Other:
    return "other error";
  }
  return "unknown return code";
}
