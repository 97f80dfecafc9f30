#include "logic/catalog_card.hpp"

#include "sizer/record_fields.hpp"

namespace app {

bool same_card(const sizer::Gpu& a, const sizer::Gpu& b) {
  for (const sizer::RecordField<sizer::Gpu>& f : sizer::record_fields<sizer::Gpu>()) {
    switch (f.type) {
      case sizer::FieldType::text:
        if (a.*f.text != b.*f.text) return false;
        break;
      case sizer::FieldType::integer:
        if (a.*f.integer != b.*f.integer) return false;
        break;
      case sizer::FieldType::number:
        if (a.*f.number != b.*f.number) return false;
        break;
      case sizer::FieldType::boolean:
        if (a.*f.boolean != b.*f.boolean) return false;
        break;
      case sizer::FieldType::choice:
        break;  // the GPU record has none
    }
  }
  return true;
}

bool is_catalog_gpu(const sizer::Gpu& g) {
  const sizer::Gpu* c = sizer::find_gpu(g.id);
  return c != nullptr && same_card(*c, g);
}

}  // namespace app
