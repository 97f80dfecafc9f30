#include "platform.hpp"

#include <catch2/catch.hpp>

// The native platform keeps the contract the shell relies on: storage and hash round-trip, a copy
// reports success once, and the main loop runs frames until the app sleeps.
TEST_CASE("the native platform stores, copies and idles like the browser one", "[ui][platform]") {
  CHECK(platform::storage_get("missing").empty());
  CHECK(platform::storage_set("llm-sizer-state", "{\"batch\":8}"));
  CHECK(platform::storage_get("llm-sizer-state") == "{\"batch\":8}");
  platform::replace_hash("v=1&batch=8");
  CHECK(platform::location_hash() == "v=1&batch=8");
  platform::copy_to_clipboard("link");
  CHECK(platform::local_clipboard() == "link");
  CHECK(platform::take_events().clipboard_ok);
  CHECK_FALSE(platform::take_events().clipboard_ok);
  int frames = 0;
  platform::run_main_loop(
      [](void* arg) {
        int& n = *static_cast<int*>(arg);
        if (++n == 5) platform::sleep();
      },
      &frames);
  CHECK(frames == 5);
}
