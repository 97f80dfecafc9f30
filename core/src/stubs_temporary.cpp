// TEMPORARY: link stubs so the foundation builds while the real implementations land.
// Each helper deletes the stubs it replaces; this file must be gone before issue 3 closes.
#include <stdexcept>

#include "sizer/assumptions.hpp"
#include "sizer/estimate.hpp"
#include "sizer/hf_config.hpp"
#include "sizer/params.hpp"
#include "sizer/request_json.hpp"
#include "sizer/share_link.hpp"
#include "sizer/solvers.hpp"

namespace sizer {
#define SIZER_STUB(what) throw std::logic_error("not implemented: " what)
// request_json.cpp
// share_link.cpp
}  // namespace sizer
