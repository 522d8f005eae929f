//===- Mappers.h - User-defined mappers (declare mapper) --------*- C++ -*-===//
//
// A list item with a user-defined mapper is mapped by calling the mapper
// function clang generated for it; the function describes the item as a list
// of components through __tgt_push_mapper_component, which the runtime then
// maps like an ordinary map clause list.
//
//===----------------------------------------------------------------------===//

#ifndef OMPTARGET_MAPPERS_H
#define OMPTARGET_MAPPERS_H

#include <cstdint>
#include <vector>

namespace omptarget {

/// One map clause list, as the __tgt_* entry points receive it.
struct MapList {
  int32_t Count = 0;
  void **Bases = nullptr;
  void **Begins = nullptr;
  int64_t *Sizes = nullptr;
  int64_t *Types = nullptr;
  void **Names = nullptr;
  void **Mappers = nullptr;
};

/// The components a mapper function pushed for one list item.
class MapperComponents {
public:
  /// Runs \p Mapper (a __tgt_mapper_fn) on item \p Index of \p List.
  MapperComponents(void *Mapper, const MapList &List, int32_t Index);
  /// Runs \p Mapper on the list item these arguments describe (a part of a
  /// non-contiguous item).
  MapperComponents(void *Mapper, void *Base, void *Begin, int64_t Size,
                   int64_t Type, void *Name);

  void push(void *Base, void *Begin, int64_t Size, int64_t Type, void *Name);
  int64_t size() const { return static_cast<int64_t>(Types.size()); }

  /// The components as a map clause list (valid while this object lives).
  MapList list();

private:
  std::vector<void *> Bases, Begins, Names;
  std::vector<int64_t> Sizes, Types;
};

} // namespace omptarget

#endif // OMPTARGET_MAPPERS_H
