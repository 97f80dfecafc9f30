#include <catch2/catch.hpp>

#include "sizer/catalog.hpp"

TEST_CASE("the core library links") { SUCCEED("linked"); }
