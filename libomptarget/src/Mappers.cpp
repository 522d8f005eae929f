//===- Mappers.cpp - User-defined mappers (declare mapper) ----------------===//
//
// Runs mapper functions and implements the two entry points they call. The
// mapper handle clang passes around is a MapperComponents object.
//
//===----------------------------------------------------------------------===//

#include "Mappers.h"
#include "omptarget.h"

using namespace omptarget;

MapperComponents::MapperComponents(void *Mapper, const MapList &List,
                                   int32_t Index)
    : MapperComponents(Mapper, List.Bases[Index], List.Begins[Index],
                       List.Sizes[Index], List.Types[Index],
                       List.Names ? List.Names[Index] : nullptr) {}

MapperComponents::MapperComponents(void *Mapper, void *Base, void *Begin,
                                   int64_t Size, int64_t Type, void *Name) {
  auto Fn = reinterpret_cast<__tgt_mapper_fn>(Mapper);
  Fn(this, Base, Begin, Size, Type, Name);
}

void MapperComponents::push(void *Base, void *Begin, int64_t Size, int64_t Type,
                            void *Name) {
  Bases.push_back(Base);
  Begins.push_back(Begin);
  Sizes.push_back(Size);
  Types.push_back(Type);
  Names.push_back(Name);
}

MapList MapperComponents::list() {
  MapList List;
  List.Count = static_cast<int32_t>(Types.size());
  List.Bases = Bases.data();
  List.Begins = Begins.data();
  List.Sizes = Sizes.data();
  List.Types = Types.data();
  List.Names = Names.data();
  return List;
}

extern "C" int64_t __tgt_mapper_num_components(void *Handle) {
  return static_cast<MapperComponents *>(Handle)->size();
}

extern "C" void __tgt_push_mapper_component(void *Handle, void *Base,
                                            void *Begin, int64_t Size,
                                            int64_t Type, void *Name) {
  static_cast<MapperComponents *>(Handle)->push(Base, Begin, Size, Type, Name);
}
