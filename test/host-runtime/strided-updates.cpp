// Unit test of non-contiguous `target update` (OMP_TGT_MAPTYPE_NON_CONTIG):
// the shapes StridedSection reads from the descriptors clang-22 emits (the
// records below are copied from its IR), how they are cut into 2-D and 3-D
// copies, and the updates of the data environment on a "device" made of host
// memory: the right elements move, in one box copy each, attached pointers in
// the section survive, mappers run on each run of elements, a section of a
// structure member starts where its parent item says, and the errors.
// RUN: %host-clangxx -std=c++17 -I%runtime-include -I%abi-include -I%runtime-include/../src %runtime-include/../src/DataEnvironment.cpp %runtime-include/../src/MappingTable.cpp %runtime-include/../src/Mappers.cpp %runtime-include/../src/StridedSection.cpp %runtime-include/../src/Diagnostics.cpp %runtime-include/../src/HostCaller.cpp %runtime-include/../src/Environment.cpp %runtime-include/../src/Registry.cpp %s -o %t
// RUN: %t | FileCheck %s
// RUN: not %t member-ambiguous 2>&1 | FileCheck %s --check-prefix=AMBIGUOUS
// RUN: not %t present 2>&1 | FileCheck %s --check-prefix=PRESENT
// RUN: not %t outer-stride 2>&1 | FileCheck %s --check-prefix=OUTER-STRIDE

#include "DataEnvironment.h"
#include "Diagnostics.h"
#include "Inputs/host-memory.h"
#include "Inputs/synthetic.h"

#include <cstdio>
#include <string>
#include <vector>

using namespace omptarget;
using synthetic::MapItems;

namespace {
constexpr int64_t TO = OMP_TGT_MAPTYPE_TO, FROM = OMP_TGT_MAPTYPE_FROM,
                  PRESENT = OMP_TGT_MAPTYPE_PRESENT,
                  ATTACH = OMP_TGT_MAPTYPE_ATTACH,
                  PTR_AND_OBJ = OMP_TGT_MAPTYPE_PTR_AND_OBJ;
constexpr int64_t NON_CONTIG = static_cast<int64_t>(OMP_TGT_MAPTYPE_NON_CONTIG);
constexpr int64_t memberOf(int Parent) { return int64_t(Parent + 1) << 48; }

using Descriptor = std::vector<__tgt_target_non_contig>;

std::string shape(const Descriptor &D) {
  StridedSection S =
      StridedSection::fromDescriptor(D.data(), static_cast<int64_t>(D.size()));
  std::string Text = "width " + std::to_string(S.width()) + ", dims";
  for (const StridedSection::Dimension &Dim : S.dimensions())
    Text += " " + std::to_string(Dim.Count) + "x" + std::to_string(Dim.Pitch);
  Text += ", span " + std::to_string(S.span()) + ", offset " +
          std::to_string(StridedSection::descriptorOffset(
              D.data(), static_cast<int64_t>(D.size())));
  return Text;
}

std::string boxes(const Descriptor &D, uint64_t MaxPitch = UINT64_MAX) {
  StridedSection S =
      StridedSection::fromDescriptor(D.data(), static_cast<int64_t>(D.size()));
  std::string Text;
  S.forEachBox(MaxPitch, [&](uint64_t Offset, const CopyBox &B) {
    Text += "[@" + std::to_string(Offset) + " " + std::to_string(B.Depth) +
            "x" + std::to_string(B.Height) + "x" + std::to_string(B.Width) +
            " pitch " + std::to_string(B.SrcPitch) + "/" +
            std::to_string(B.SrcSlicePitch) + "]";
  });
  return Text;
}

void shapes() {
  // double a[64]: a[0:8:2]
  Descriptor Strided = {{0, 8, 16}, {0, 1, 8}};
  printf("a[0:8:2]: %s %s\n", shape(Strided).c_str(), boxes(Strided).c_str());
  // CHECK: a[0:8:2]: width 8, dims 8x16, span 120, offset 0 [@0 1x8x8 pitch 16/0]
  // a[1:4:2]: the innermost lower bound counts elements.
  Descriptor Offset = {{1, 4, 16}, {0, 1, 8}};
  printf("a[1:4:2]: %s\n", shape(Offset).c_str());
  // CHECK: a[1:4:2]: width 8, dims 4x16, span 56, offset 8
  // double m[4][16]: m[0:4][0:8:2] is one dimension of 32 elements.
  Descriptor Rows = {{0, 4, 128}, {0, 8, 16}, {0, 1, 8}};
  printf("m[0:4][0:8:2]: %s\n", shape(Rows).c_str());
  // CHECK: m[0:4][0:8:2]: width 8, dims 32x16, span 504, offset 0
  // m[2:2][3:4]: rows of 4 elements.
  Descriptor Block = {{2, 2, 128}, {3, 4, 8}, {0, 1, 8}};
  printf("m[2:2][3:4]: %s %s\n", shape(Block).c_str(), boxes(Block).c_str());
  // CHECK: m[2:2][3:4]: width 32, dims 2x128, span 160, offset 280 [@0 1x2x32 pitch 128/0]
  // a[2:4] as a descriptor: one run.
  Descriptor Run = {{2, 4, 8}, {0, 1, 8}};
  printf("a[2:4]: %s %s\n", shape(Run).c_str(), boxes(Run).c_str());
  // CHECK: a[2:4]: width 32, dims, span 32, offset 16 [@0 1x1x32 pitch 0/0]
  // double d[4][4][8]: d[0:2][0:2][0:4:2] is one 3-D box (slices 16 rows
  // apart).
  Descriptor Cube = {{0, 2, 256}, {0, 2, 64}, {0, 4, 16}, {0, 1, 8}};
  printf("d[0:2][0:2][0:4:2]: %s %s\n", shape(Cube).c_str(),
         boxes(Cube).c_str());
  // CHECK: d[0:2][0:2][0:4:2]: width 8, dims 2x256 8x16, span 376, offset 0 [@0 2x8x8 pitch 16/256]
  // double c[4][5][6]: c[1:2][0:3:2][2:2]; slices are not a whole number of
  // rows apart: one 2-D box per slice.
  Descriptor Slab = {{1, 2, 240}, {0, 3, 96}, {2, 2, 8}, {0, 1, 8}};
  printf("c[1:2][0:3:2][2:2]: %s %s\n", shape(Slab).c_str(),
         boxes(Slab).c_str());
  // CHECK: c[1:2][0:3:2][2:2]: width 16, dims 2x240 3x96, span 448, offset 256 [@0 1x3x16 pitch 96/0][@240 1x3x16 pitch 96/0]
  // A pitch beyond the driver's limit: run by run.
  printf("a[0:8:2] with pitches up to 8: %s\n", boxes(Strided, 8).c_str());
  // CHECK: a[0:8:2] with pitches up to 8: [@0 1x1x8 pitch 0/0][@16 1x1x8 pitch 0/0][@32 {{.*}}][@112 1x1x8 pitch 0/0]
  Descriptor Empty = {{0, 0, 16}, {0, 1, 8}};
  printf("a[0:0:2]: %s\n", shape(Empty).c_str());
  // CHECK: a[0:0:2]: width 0, dims, span 0, offset 0

  StridedSection S = StridedSection::fromDescriptor(Slab.data(), 4);
  std::string Covered;
  for (uint64_t Offset : {0, 15, 16, 96, 111, 112, 192, 240, 447, 448})
    Covered += S.covers(Offset) ? "1" : "0";
  printf("covers: %s\n", Covered.c_str());
  // CHECK: covers: 1101101110
}

HostMemory Memory;
DataEnvironment Env(Memory);

template <typename T> T *onDevice(T *Host) {
  MappingTable::LookupResult R =
      Env.table().lookup(reinterpret_cast<uintptr_t>(Host), 0);
  return reinterpret_cast<T *>(
      R.Entry->translate(reinterpret_cast<uintptr_t>(Host)));
}

void update(MapItems &M, void **Mappers = nullptr) {
  Env.update(mapList(M, Mappers));
}

void arrays() {
  double A[16];
  for (int I = 0; I < 16; ++I)
    A[I] = I;
  MapItems Map;
  Map.add(A, A, sizeof(A), TO);
  Env.mapBegin(mapList(Map));
  Env.synchronize();
  for (int I = 0; I < 16; ++I)
    A[I] = 100 + I;
  // target update to(A[0:8:2])
  Descriptor Even = {{0, 8, 16}, {0, 1, 8}};
  MapItems To;
  To.add(A, Even.data(), 2, TO | NON_CONTIG);
  int Copies = Memory.CopiesIn;
  update(To);
  double *D = onDevice(A);
  printf("to: %g %g %g %g %g, boxes %d, copies %d\n", D[0], D[1], D[2], D[14],
         D[15], Memory.BoxesIn, Memory.CopiesIn - Copies);
  // CHECK: to: 100 1 102 114 15, boxes 1, copies 0
  // target update from(A[1:4:3])
  for (int I = 0; I < 16; ++I)
    D[I] = 1000 + I;
  Descriptor Thirds = {{1, 4, 24}, {0, 1, 8}};
  MapItems From;
  From.add(A, Thirds.data(), 2, FROM | NON_CONTIG);
  update(From);
  printf("from: %g %g %g %g %g %g, boxes %d\n", A[0], A[1], A[2], A[4], A[10],
         A[11], Memory.BoxesOut);
  // CHECK: from: 100 1001 102 1004 1010 111, boxes 1
  MapItems Release;
  Release.add(A, A, sizeof(A), 0);
  Env.mapEnd(mapList(Release));
}

struct Node {
  double *P;
  double V;
};

void attachedPointers() {
  // map(tofrom: Nodes, Data) and Nodes[2].P attached to the device Data.
  double Data[2] = {1, 2};
  Node Nodes[4] = {};
  Nodes[2].P = Data;
  MapItems Map;
  Map.add(Nodes, Nodes, sizeof(Nodes), TO | FROM);
  Map.add(Data, Data, sizeof(Data), TO | FROM);
  Map.add(&Nodes[2].P, Data, sizeof(double *), ATTACH);
  Env.mapBegin(mapList(Map));
  Env.synchronize();
  Node *D = onDevice(Nodes);
  for (Node &N : Nodes)
    N.V = 5;
  // target update to(Nodes[0:2:2]) then from(Nodes[0:2:2]).
  Descriptor EveryOther = {{0, 2, 32}, {0, 1, 16}};
  MapItems To;
  To.add(Nodes, EveryOther.data(), 2, TO | NON_CONTIG);
  update(To);
  printf("attached: device P is device data %d, V %g %g\n",
         D[2].P == onDevice(Data), D[2].V, D[1].V);
  // CHECK: attached: device P is device data 1, V 5 0
  D[2].V = 7;
  MapItems From;
  From.add(Nodes, EveryOther.data(), 2, FROM | NON_CONTIG);
  update(From);
  printf("attached: host P kept %d, V %g\n", Nodes[2].P == Data, Nodes[2].V);
  // CHECK: attached: host P kept 1, V 7
  Env.mapEnd(mapList(Map));
}

/// declare mapper(struct Vec v) map(v, v.P[:v.N]) as clang-22 generates it: it
/// maps Size / sizeof(Vec) elements from Begin.
struct Vec {
  int N;
  double *P;
};
int MapperCalls = 0;
void vecMapper(void *Handle, void *Base, void *Begin, int64_t Size,
               int64_t Type, void *Name) {
  (void)Base, (void)Name;
  ++MapperCalls;
  int64_t Motion = Type & (TO | FROM);
  for (Vec *V = static_cast<Vec *>(Begin),
           *End = V + Size / int64_t(sizeof(Vec));
       V != End; ++V) {
    int64_t Parent = __tgt_mapper_num_components(Handle);
    __tgt_push_mapper_component(Handle, V, V, sizeof(Vec), 0, nullptr);
    __tgt_push_mapper_component(Handle, V, V, sizeof(Vec),
                                Motion | memberOf(int(Parent)), nullptr);
    __tgt_push_mapper_component(Handle, &V->P, V->P, V->N * sizeof(double),
                                Motion | PTR_AND_OBJ | memberOf(int(Parent)),
                                nullptr);
  }
}

void mappers() {
  double Data[4][2] = {};
  Vec Vecs[4];
  MapItems Map;
  Map.add(Vecs, Vecs, sizeof(Vecs), TO | FROM);
  for (int I = 0; I < 4; ++I) {
    Vecs[I] = {2, Data[I]};
    Map.add(Data[I], Data[I], sizeof(Data[I]), TO | FROM);
  }
  Env.mapBegin(mapList(Map));
  Env.synchronize();
  for (int I = 0; I < 4; ++I)
    Data[I][1] = 10 + I;
  // target update to(mapper(default): Vecs[0:2:2]): the mapper runs on each
  // element of the section and moves what it points to.
  Descriptor EveryOther = {{0, 2, 32}, {0, 1, 16}};
  MapItems To;
  To.add(Vecs, EveryOther.data(), 2, TO | NON_CONTIG);
  void *Mappers[] = {reinterpret_cast<void *>(vecMapper)};
  update(To, Mappers);
  printf("mapper: calls %d, device data %g %g %g\n", MapperCalls,
         onDevice(Data[0])[1], onDevice(Data[1])[1], onDevice(Data[2])[1]);
  // CHECK: mapper: calls 2, device data 10 0 12
  Env.mapEnd(mapList(Map));
}

struct Record {
  int K;
  double X[16];
};
Record Rec;

void members() {
  MapItems Map;
  Map.add(&Rec, &Rec, sizeof(Rec), TO);
  Env.mapBegin(mapList(Map));
  Env.synchronize();
  for (int I = 0; I < 16; ++I)
    Rec.X[I] = I;
  // target update to(Rec.X[1:4:3]): the parent item begins at Rec.X[1]; the
  // section's base is the structure.
  Descriptor Section = {{1, 4, 24}, {0, 1, 8}};
  MapItems To;
  To.add(&Rec, &Rec.X[1], sizeof(double), 0);
  To.add(&Rec, Section.data(), 2, TO | NON_CONTIG | memberOf(0));
  update(To);
  Record *D = onDevice(&Rec);
  printf("member: %g %g %g %g %g\n", D->X[0], D->X[1], D->X[2], D->X[4],
         D->X[10]);
  // CHECK: member: 0 1 0 4 10
  Env.mapEnd(mapList(Map));
}
} // namespace

int main(int Argc, char **Argv) {
  ident_t Loc = synthetic::location(";test.c;main;12;3;;");
  ConstructScope Scope(&Loc);
  std::string Mode = Argc > 1 ? Argv[1] : "";
  if (Mode == "member-ambiguous") {
    MapItems Map;
    Map.add(&Rec, &Rec, sizeof(Rec), TO);
    Env.mapBegin(mapList(Map));
    // target update to(Rec.K, Rec.X[1:4:3]): the parent begins at Rec.K.
    Descriptor Section = {{1, 4, 24}, {0, 1, 8}};
    MapItems To;
    To.add(&Rec, &Rec.K, sizeof(Rec), 0);
    To.add(&Rec, &Rec.K, sizeof(int), TO | memberOf(0));
    To.add(&Rec, Section.data(), 2, TO | NON_CONTIG | memberOf(0),
           ";Rec.X[1:4:3];test.c;20;3;;");
    update(To);
    // AMBIGUOUS: omptarget fatal error: cannot tell where the strided section 'Rec.X[1:4:3]' (test.c:20) starts: clang-22 does not pass the place of a member array in its structure when the same 'target update' lists other members of the structure; update the section in a 'target update' of its own at test.c:12 (function main)
  } else if (Mode == "present") {
    double A[8];
    Descriptor Even = {{0, 4, 16}, {0, 1, 8}};
    MapItems From;
    From.add(A, Even.data(), 2, FROM | NON_CONTIG | PRESENT,
             ";A[0:4:2];test.c;30;3;;");
    update(From);
    // PRESENT: omptarget fatal error: 'present' update of 'A[0:4:2]' (test.c:30) [0x{{[0-9a-f]+}}, +56 bytes) failed: it is not mapped on device 0 at test.c:12 (function main)
  } else if (Mode == "outer-stride") {
    // double m[4][16]; target update to(m[1:2:2][3:4]): clang-22 records the
    // row distance (2 rows) but not the stride, so row 1 looks like row 2.
    static double M[4][16];
    MapItems Map;
    Map.add(M, M, sizeof(M), TO);
    Env.mapBegin(mapList(Map));
    Descriptor Section = {{1, 2, 256}, {3, 4, 8}, {0, 1, 8}};
    MapItems To;
    To.add(M, Section.data(), 3, TO | NON_CONTIG, ";m[1:2:2][3:4];t.c;9;1;;");
    update(To);
    // OUTER-STRIDE: omptarget fatal error: the strided section 'm[1:2:2][3:4]' (t.c:9) [0x{{[0-9a-f]+}}, +288 bytes) reaches beyond the mapped object [0x{{[0-9a-f]+}}, +512 bytes) on device 0. If a dimension other than the innermost has both a lower bound and a stride (m[1:2:2][0:4]), clang-22 does not record that stride and the section is taken to start at the lower bound times the stride: write it from a pointer to its first row instead, (&m[1])[0:2:2][0:4] at test.c:12 (function main)
  } else {
    shapes();
    arrays();
    attachedPointers();
    mappers();
    members();
    printf("done, live %zu\n", Memory.Live.size());
    // CHECK: done, live 0
    return 0;
  }
  return 3;
}
