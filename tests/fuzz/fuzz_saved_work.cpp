// libFuzzer target: the saved-work reader (core/src/saved_work.cpp with the app's state check;
// the storage and export/import JSON) never throws or crashes on any bytes; what it cannot read is set aside with
// its text unchanged and a reason; what it reads writes back to JSON that reads again to the same
// items with nothing set aside; and importing that into itself adds nothing.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "logic/saved_work.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  const app::SavedWorkRead first = app::read_saved_work(text);
  for (const app::SetAside& a : first.set_aside)
    if (a.reason.empty()) std::abort();
  const std::string written = app::write_saved_work(first.work);
  const app::SavedWorkRead second = app::read_saved_work(written);
  if (!second.set_aside.empty()) std::abort();
  if (second.work.configs.size() != first.work.configs.size() ||
      second.work.models.size() != first.work.models.size() ||
      second.work.gpus.size() != first.work.gpus.size())
    std::abort();
  for (std::size_t i = 0; i < first.work.configs.size(); ++i)
    if (second.work.configs[i].name != first.work.configs[i].name) std::abort();
  if (app::write_saved_work(second.work) != written) std::abort();
  const app::SavedWorkMerge merge = app::merge_saved_work(second.work, first.work);
  if (merge.added != 0 || !merge.renamed.empty()) std::abort();
  return 0;
}
