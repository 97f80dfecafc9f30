// The request object of a scenario, written into a larger document (result echo, saved state).
#pragma once

#include "json_writer.hpp"
#include "sizer/scenario.hpp"

namespace sizer {

void write_request(json_out::Writer& w, const Scenario& s);

}  // namespace sizer
