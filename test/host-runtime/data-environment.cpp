// Unit test of the OpenMP map semantics (DataEnvironment over the present
// table) on a "device" made of host memory: reference counts, to/from/always/
// delete/present, implicit maps, struct members, pointer attachment with shadow
// pointers, declare target link pointers, use_device_ptr, user mappers,
// target update, associated pointers, unified shared memory, and the fatal
// errors.
// RUN: %host-clangxx -std=c++17 -I%runtime-include -I%abi-include -I%runtime-include/../src %runtime-include/../src/DataEnvironment.cpp %runtime-include/../src/MappingTable.cpp %runtime-include/../src/Mappers.cpp %runtime-include/../src/StridedSection.cpp %runtime-include/../src/Diagnostics.cpp %runtime-include/../src/HostCaller.cpp %runtime-include/../src/Environment.cpp %runtime-include/../src/Registry.cpp %s -o %t
// RUN: %t | FileCheck %s
// RUN: not %t present 2>&1 | FileCheck %s --check-prefix=PRESENT
// RUN: not %t overlap 2>&1 | FileCheck %s --check-prefix=OVERLAP
// RUN: not %t oom 2>&1 | FileCheck %s --check-prefix=OOM
// RUN: not %t update-present 2>&1 | FileCheck %s --check-prefix=UPDATE-PRESENT
// RUN: not %t exit-present 2>&1 | FileCheck %s --check-prefix=EXIT-PRESENT

#include "DataEnvironment.h"
#include "Diagnostics.h"
#include "Inputs/host-memory.h"
#include "Inputs/synthetic.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>

using namespace omptarget;
using synthetic::MapItems;

namespace {
HostMemory Memory;
DataEnvironment Env(Memory);

MapList list(MapItems &M, void **Mappers = nullptr) {
  return mapList(M, Mappers);
}

void begin(MapItems M, uintptr_t *DeviceBegins = nullptr) {
  Env.mapBegin(list(M), DeviceBegins);
  Env.synchronize();
}
void end(MapItems M) { Env.mapEnd(list(M)); }

template <typename T> T *onDevice(T *Host) {
  MappingTable::LookupResult R =
      Env.table().lookup(reinterpret_cast<uintptr_t>(Host), 0);
  return R.Entry ? reinterpret_cast<T *>(
                       R.Entry->translate(reinterpret_cast<uintptr_t>(Host)))
                 : nullptr;
}
uint64_t refCount(void *Host) {
  MappingTable::LookupResult R =
      Env.table().lookup(reinterpret_cast<uintptr_t>(Host), 0);
  return R.Entry ? R.Entry->RefCount : 0;
}

constexpr int64_t TO = OMP_TGT_MAPTYPE_TO, FROM = OMP_TGT_MAPTYPE_FROM,
                  ALWAYS = OMP_TGT_MAPTYPE_ALWAYS,
                  DELETE = OMP_TGT_MAPTYPE_DELETE,
                  PARAM = OMP_TGT_MAPTYPE_TARGET_PARAM,
                  PRESENT = OMP_TGT_MAPTYPE_PRESENT,
                  IMPLICIT = OMP_TGT_MAPTYPE_IMPLICIT,
                  ATTACH = OMP_TGT_MAPTYPE_ATTACH,
                  PTR_AND_OBJ = OMP_TGT_MAPTYPE_PTR_AND_OBJ,
                  RETURN_PARAM = OMP_TGT_MAPTYPE_RETURN_PARAM;
constexpr int64_t memberOf(int Parent) { return int64_t(Parent + 1) << 48; }

double A[8];

void referenceCounts() {
  for (int I = 0; I < 8; ++I)
    A[I] = I;
  MapItems M;
  M.add(A, A, sizeof(A), TO);
  begin(M); // enter data map(to: A)
  double *DA = onDevice(A);
  printf("refcounts: new=%llu copied=%g allocs=%d\n",
         (unsigned long long)refCount(A), DA[3], Memory.Allocations);
  // CHECK: refcounts: new=1 copied=3 allocs=1
  A[3] = 30;
  begin(M); // present: no copy
  printf("refcounts: again=%llu device=%g\n", (unsigned long long)refCount(A),
         DA[3]);
  // CHECK: refcounts: again=2 device=3
  MapItems Always;
  Always.add(A, A, sizeof(A), TO | ALWAYS);
  begin(Always);
  printf("refcounts: always=%llu device=%g\n",
         (unsigned long long)refCount(A), DA[3]);
  // CHECK: refcounts: always=3 device=30
  DA[3] = 300;
  MapItems From;
  From.add(A, A, sizeof(A), FROM);
  end(From); // 3 -> 2: no copy back
  end(From); // 2 -> 1
  printf("refcounts: released=%llu host=%g\n", (unsigned long long)refCount(A),
         A[3]);
  // CHECK: refcounts: released=1 host=30
  end(From); // 1 -> 0: copy back, free
  printf("refcounts: last=%llu host=%g live=%zu\n",
         (unsigned long long)refCount(A), A[3], Memory.Live.size());
  // CHECK: refcounts: last=0 host=300 live=0

  // delete ignores the count; `always from` copies while still mapped.
  begin(M);
  begin(M);
  onDevice(A)[0] = -1;
  MapItems AlwaysFrom;
  AlwaysFrom.add(A, A, sizeof(A), FROM | ALWAYS);
  end(AlwaysFrom);
  printf("delete: always-from host=%g refcount=%llu\n", A[0],
         (unsigned long long)refCount(A));
  // CHECK: delete: always-from host=-1 refcount=1
  begin(M);
  MapItems Delete;
  Delete.add(A, A, sizeof(A), DELETE);
  end(Delete);
  printf("delete: refcount=%llu live=%zu\n", (unsigned long long)refCount(A),
         Memory.Live.size());
  // CHECK: delete: refcount=0 live=0
}

void implicitAndZeroLength() {
  MapItems Part;
  Part.add(A, A + 2, 4 * sizeof(double), TO);
  begin(Part);
  // An implicit map of the whole array uses the mapping of its part.
  MapItems Whole;
  uintptr_t DeviceBegins[1];
  Whole.add(A, A, sizeof(A), TO | FROM | IMPLICIT | PARAM);
  begin(Whole, DeviceBegins);
  printf("implicit: device begin offset %td, allocs %zu\n",
         reinterpret_cast<double *>(DeviceBegins[0]) - onDevice(A + 2),
         Memory.Live.size());
  // CHECK: implicit: device begin offset -2, allocs 1
  end(Whole);
  end(Part);
  // A zero-length section of unmapped memory maps nothing and keeps its
  // pointer.
  MapItems Zero;
  double *P = A;
  Zero.add(P, P, 0, IMPLICIT | PARAM);
  DeviceBegins[0] = 1;
  begin(Zero, DeviceBegins);
  printf("zero-length: device begin %lu, live %zu\n",
         (unsigned long)DeviceBegins[0], Memory.Live.size());
  // CHECK: zero-length: device begin 0, live 0
  end(Zero);
  // ... unless the construct maps it: clang-22 lists a pointer the region
  // uses without a clause (P[:0]) before the construct's own maps, and it is
  // translated once they are done. The array's map alone counts: after the
  // construct nothing stays mapped, and the array came back.
  MapItems Later;
  double *Q = A + 1;
  Later.add(Q, Q, 0, RETURN_PARAM | PARAM);
  Later.add(A, A, sizeof(A), TO | FROM);
  uintptr_t LaterBegins[2];
  begin(Later, LaterBegins);
  double *DeviceA = onDevice(A);
  *onDevice(A + 1) = 42;
  printf("zero-length later: translated %d, refcount %lu\n",
         reinterpret_cast<double *>(LaterBegins[0]) == DeviceA + 1,
         (unsigned long)refCount(A));
  // CHECK: zero-length later: translated 1, refcount 1
  end(Later);
  printf("zero-length later: live %zu, A[1] %g\n", Memory.Live.size(), A[1]);
  // CHECK: zero-length later: live 0, A[1] 42
}

struct S {
  int N;
  double *P;
  double X[4];
};

void structsAndAttach() {
  double Data[4] = {1, 2, 3, 4};
  S Obj = {4, Data, {10, 11, 12, 13}};
  // map(tofrom: Obj, Obj.P[:N]) as clang-22 emits it.
  MapItems M;
  M.add(&Obj, &Obj, sizeof(S), TO | FROM | PARAM);
  M.add(Obj.P, Obj.P, 4 * sizeof(double), TO | FROM);
  M.add(&Obj.P, Obj.P, sizeof(double *), ATTACH);
  begin(M);
  S *DObj = onDevice(&Obj);
  printf("attach: device pointer is device data: %d, host pointer kept: %d\n",
         DObj->P == onDevice(Data), Obj.P == Data);
  // CHECK: attach: device pointer is device data: 1, host pointer kept: 1
  DObj->P[1] = 20;
  DObj->N = 5;
  // target update to(Obj) must keep the attached device pointer.
  MapItems Update;
  Update.add(&Obj, &Obj, sizeof(S), TO);
  Env.update(list(Update));
  printf("attach: after update to, device pointer still device data: %d\n",
         DObj->P == onDevice(Data));
  // CHECK: attach: after update to, device pointer still device data: 1
  DObj->N = 5;
  end(M);
  printf("attach: host N=%d P restored=%d Data[1]=%g\n", Obj.N, Obj.P == Data,
         Data[1]);
  // CHECK: attach: host N=5 P restored=1 Data[1]=20

  // map(to: Obj.X[1:2], Obj.N): a combined entry for the struct, members
  // copied alone.
  MapItems Members;
  Members.add(&Obj, &Obj.N, reinterpret_cast<char *>(&Obj.X[3]) -
                                reinterpret_cast<char *>(&Obj.N),
              PARAM);
  Members.add(&Obj, &Obj.X[1], 2 * sizeof(double), TO | memberOf(0));
  Members.add(&Obj, &Obj.N, sizeof(int), TO | memberOf(0));
  int CopiesBefore = Memory.CopiesIn;
  begin(Members);
  S *D = onDevice(&Obj);
  printf("members: copies=%d N=%d X1=%g X2=%g refcount=%llu\n",
         Memory.CopiesIn - CopiesBefore, D->N, D->X[1], D->X[2],
         (unsigned long long)refCount(&Obj));
  // CHECK: members: copies=2 N=5 X1=11 X2=12 refcount=1
  D->X[1] = 111;
  Members.Types[1] = FROM | memberOf(0);
  end(Members);
  printf("members: host X1=%g live=%zu\n", Obj.X[1], Memory.Live.size());
  // CHECK: members: host X1=111 live=0
}

double LinkMe[4] = {1, 2, 3, 4};
double *LinkMeRefPtr = LinkMe; // the host's <var>_decl_tgt_ref_ptr
double *DeviceRefPtr = nullptr;

void declareTargetLink() {
  // The runtime maps the ref_ptr permanently to the device's ref_ptr.
  Env.addPermanent(reinterpret_cast<uintptr_t>(&LinkMeRefPtr),
                   sizeof(LinkMeRefPtr),
                   reinterpret_cast<uintptr_t>(&DeviceRefPtr));
  MapItems M;
  M.add(&LinkMeRefPtr, LinkMe, sizeof(LinkMe),
        TO | FROM | PTR_AND_OBJ | IMPLICIT);
  begin(M);
  printf("link: device ref_ptr points to the device copy: %d\n",
         DeviceRefPtr == onDevice(LinkMe) && DeviceRefPtr != LinkMe);
  // CHECK: link: device ref_ptr points to the device copy: 1
  DeviceRefPtr[2] = 33;
  end(M);
  printf("link: host %g, ref_ptr permanent %d, live %zu\n", LinkMe[2],
         refCount(&LinkMeRefPtr) == MapEntry::InfiniteRefCount,
         Memory.Live.size());
  // CHECK: link: host 33, ref_ptr permanent 1, live 0
  // delete of a permanent mapping keeps it.
  MapItems Delete;
  Delete.add(&LinkMeRefPtr, &LinkMeRefPtr, sizeof(void *), DELETE);
  end(Delete);
  printf("link: still mapped %d\n", refCount(&LinkMeRefPtr) != 0);
  // CHECK: link: still mapped 1
}

void useDevicePtr() {
  MapItems M;
  M.add(A, A, sizeof(A), TO | FROM | RETURN_PARAM);
  double *Unmapped = A + 100; // not a valid object: never dereferenced
  M.add(Unmapped, Unmapped, 0, RETURN_PARAM);
  Env.mapBegin(list(M), nullptr);
  Env.synchronize();
  printf("use_device_ptr: base is device %d, unmapped kept %d\n",
         M.Bases[0] == onDevice(A), M.Bases[1] == Unmapped);
  // CHECK: use_device_ptr: base is device 1, unmapped kept 1
  M.Bases[0] = A;
  end(M);
}

/// declare mapper(struct V v) map(v, v.P[:v.N]), the way clang-22 generates
/// it for one element.
struct V {
  int N;
  double *P;
};
void vecMapper(void *Handle, void *Base, void *Begin, int64_t Size,
               int64_t Type, void *Name) {
  (void)Base, (void)Size, (void)Name;
  V *Item = static_cast<V *>(Begin);
  int64_t Base48 = __tgt_mapper_num_components(Handle) << 48;
  int64_t Motion = Type & (TO | FROM);
  __tgt_push_mapper_component(Handle, Item, Item, sizeof(V), Base48, nullptr);
  __tgt_push_mapper_component(Handle, Item, Item, sizeof(V),
                              Motion | memberOf(0) + Base48, nullptr);
  __tgt_push_mapper_component(Handle, &Item->P, Item->P,
                              Item->N * sizeof(double),
                              Motion | PTR_AND_OBJ | memberOf(0) + Base48,
                              nullptr);
}

void mappers() {
  double Data[3] = {1, 2, 3};
  V Item = {3, Data};
  MapItems M;
  M.add(&Item, &Item, sizeof(V), TO | FROM | PARAM);
  void *Mappers[] = {reinterpret_cast<void *>(vecMapper)};
  uintptr_t DeviceBegins[1];
  Env.mapBegin(list(M, Mappers), DeviceBegins);
  Env.synchronize();
  V *D = reinterpret_cast<V *>(DeviceBegins[0]);
  printf("mapper: item on device %d, device P is device data %d\n",
         D == onDevice(&Item), D->P == onDevice(Data));
  // CHECK: mapper: item on device 1, device P is device data 1
  D->P[0] = 7;
  D->N = 2;
  Env.mapEnd(list(M, Mappers));
  printf("mapper: host N=%d P kept=%d Data[0]=%g live=%zu\n", Item.N,
         Item.P == Data, Data[0], Memory.Live.size());
  // CHECK: mapper: host N=2 P kept=1 Data[0]=7 live=0
}

void updates() {
  MapItems M;
  M.add(A, A, sizeof(A), TO);
  begin(M);
  A[5] = 55;
  MapItems To;
  To.add(A + 4, A + 4, 2 * sizeof(double), TO);
  Env.update(list(To));
  onDevice(A)[6] = 66;
  MapItems From;
  From.add(A + 6, A + 6, sizeof(double), FROM);
  double Other[2] = {0, 0};
  From.add(Other, Other, sizeof(Other), FROM); // not mapped: nothing
  Env.update(list(From));
  printf("update: device %g host %g\n", onDevice(A)[5], A[6]);
  // CHECK: update: device 55 host 66
  MapItems Release;
  Release.add(A, A, sizeof(A), 0);
  end(Release);
}

void associate() {
  double Buffer[8];
  double *DeviceBuffer = static_cast<double *>(malloc(sizeof(Buffer)));
  bool Ok = Env.associate(reinterpret_cast<uintptr_t>(Buffer), sizeof(Buffer),
                          reinterpret_cast<uintptr_t>(DeviceBuffer));
  bool Again = Env.associate(reinterpret_cast<uintptr_t>(Buffer + 1), 8,
                             reinterpret_cast<uintptr_t>(DeviceBuffer));
  MapItems M;
  M.add(Buffer, Buffer + 2, sizeof(double), TO | FROM);
  uintptr_t DeviceBegins[1];
  begin(M, DeviceBegins);
  end(M);
  bool NotGlobal = Env.disassociate(reinterpret_cast<uintptr_t>(&LinkMeRefPtr));
  bool Gone = Env.disassociate(reinterpret_cast<uintptr_t>(Buffer));
  printf("associate: %d %d translated %d not-global %d gone %d present %d\n",
         Ok, Again, DeviceBegins[0] == reinterpret_cast<uintptr_t>(DeviceBuffer + 2),
         NotGlobal, Gone, onDevice(Buffer) != nullptr);
  // CHECK: associate: 1 0 translated 1 not-global 0 gone 1 present 0
  free(DeviceBuffer);
}
/// Under `requires unified_shared_memory`, on a device that reaches all host
/// memory and on one that does not.
void unifiedSharedMemory() {
  HostMemory Reaching;
  Reaching.ReachesHost = true;
  DataEnvironment Shared(Reaching);
  Shared.requireUnifiedSharedMemory();
  double B[4] = {1, 2, 3, 4};
  MapItems M;
  M.add(B, B, sizeof(B), TO | FROM | PARAM | PRESENT);
  uintptr_t DeviceBegins[1] = {1};
  Shared.mapBegin(list(M), DeviceBegins);
  Shared.synchronize();
  Shared.update(list(M));
  Shared.mapEnd(list(M));
  printf("usm: device begin %lu, allocations %d, copies %d, present %d\n",
         (unsigned long)DeviceBegins[0], Reaching.Allocations,
         Reaching.CopiesIn + Reaching.CopiesOut,
         Shared.usesHostMemory(reinterpret_cast<uintptr_t>(B), sizeof(B)));
  // CHECK: usm: device begin 0, allocations 0, copies 0, present 1

  // A declare target variable's reference pointer points to the host
  // variable; memory associated with device memory still maps to it.
  double *DeviceRef = nullptr;
  Shared.addPermanent(reinterpret_cast<uintptr_t>(&LinkMeRefPtr),
                      sizeof(LinkMeRefPtr),
                      reinterpret_cast<uintptr_t>(&DeviceRef));
  double Associated[2] = {5, 6}, DeviceCopy[2] = {0, 0};
  Shared.associate(reinterpret_cast<uintptr_t>(Associated), sizeof(Associated),
                   reinterpret_cast<uintptr_t>(DeviceCopy));
  MapItems Link;
  Link.add(&LinkMeRefPtr, LinkMe, sizeof(LinkMe), TO | FROM | PTR_AND_OBJ);
  Link.add(Associated, Associated, sizeof(Associated), TO | ALWAYS);
  Shared.mapBegin(list(Link), nullptr);
  Shared.synchronize();
  printf("usm: reference pointer to the host variable %d, associated %g\n",
         DeviceRef == LinkMe, DeviceCopy[1]);
  // CHECK: usm: reference pointer to the host variable 1, associated 6
  Shared.mapEnd(list(Link));

  // A device without access to host memory copies as always.
  M.Types[0] = TO | FROM | PARAM;
  HostMemory Separate;
  DataEnvironment Copying(Separate);
  Copying.requireUnifiedSharedMemory();
  Copying.mapBegin(list(M), DeviceBegins);
  Copying.synchronize();
  printf("usm without access: device copy %d, allocations %d\n",
         DeviceBegins[0] != reinterpret_cast<uintptr_t>(B),
         Separate.Allocations);
  // CHECK: usm without access: device copy 1, allocations 1
  M.Types[0] = FROM;
  Copying.mapEnd(list(M));
}
} // namespace

int main(int Argc, char **Argv) {
  ident_t Loc = synthetic::location(";test.c;main;12;3;;");
  ConstructScope Scope(&Loc);
  std::string Mode = Argc > 1 ? Argv[1] : "";
  if (Mode == "present") {
    MapItems M;
    M.add(A, A, sizeof(A), TO | PRESENT, ";A;test.c;10;5;;");
    begin(M);
    // PRESENT: omptarget fatal error: 'present' map of 'A' (test.c:10) [0x{{[0-9a-f]+}}, +64 bytes) failed: it is not mapped on device 0 at test.c:12 (function main)
  } else if (Mode == "overlap") {
    MapItems M;
    M.add(A, A, 4 * sizeof(double), TO);
    begin(M);
    MapItems N;
    N.add(A, A + 2, 4 * sizeof(double), TO, ";A[2:4];test.c;11;5;;");
    begin(N);
    // OVERLAP: omptarget fatal error: map of 'A[2:4]' (test.c:11) [0x{{[0-9a-f]+}}, +32 bytes) partially overlaps the mapped range [0x{{[0-9a-f]+}}, +32 bytes) on device 0; a mapped object cannot be extended at test.c:12 (function main)
  } else if (Mode == "oom") {
    Memory.Limit = 32;
    MapItems M;
    M.add(A, A, sizeof(A), TO);
    begin(M);
    // OOM: omptarget fatal error: out of device memory mapping the object at [0x{{[0-9a-f]+}}, +64 bytes) on device 0 (test memory) at test.c:12 (function main)
  } else if (Mode == "update-present") {
    MapItems M;
    M.add(A, A, sizeof(A), FROM | PRESENT, ";A;test.c;10;5;;");
    Env.update(list(M));
    // UPDATE-PRESENT: omptarget fatal error: 'present' update of 'A' (test.c:10) {{.*}} failed: it is not mapped on device 0
  } else if (Mode == "exit-present") {
    MapItems M;
    M.add(A, A, sizeof(A), FROM | PRESENT, ";A;test.c;10;5;;");
    end(M);
    // EXIT-PRESENT: omptarget fatal error: 'present' map of 'A' (test.c:10) {{.*}} failed: it is not mapped on device 0
  } else {
    referenceCounts();
    implicitAndZeroLength();
    structsAndAttach();
    declareTargetLink();
    useDevicePtr();
    mappers();
    updates();
    associate();
    unifiedSharedMemory();
    printf("done\n");
    // CHECK: done
    return 0;
  }
  return 3;
}
