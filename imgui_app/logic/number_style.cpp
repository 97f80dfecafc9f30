#include "logic/number_style.hpp"

#include "logic/format.hpp"
#include "logic/i18n.hpp"

namespace app {

void set_number_style(const UiState& ui) {
  fmt::Style style;
  style.units = ui.units;
  const char* words[fmt::k_time_words] = {"time.us",  "time.ms", "time.s",
                                          "time.min", "time.h",  "time.days"};
  for (int i = 0; i < fmt::k_time_words; ++i) style.time_words[i] = tr(words[i]);
  style.count_words = fmt::parse_count_words(tr("count.words"));
  style.tick_words = fmt::parse_count_words(tr("count.tick_words"));
  style.context_in_k = ui.lang == Lang::en;
  fmt::set_style(style);
}

}  // namespace app
