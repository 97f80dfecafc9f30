// Number formatting for everything the app shows: 3 significant digits, thousands separators,
// explicit decimal (GB) vs binary (GiB) units, and "—" instead of NaN/inf (with a reason the UI
// can show in a tooltip). Pure C++: no ImGui, so tests/ui pins every case natively.
#pragma once

#include <string>
#include <vector>

namespace app::fmt {

// The text shown in place of a number that is not finite.
inline constexpr const char* k_dash = "\xE2\x80\x94";  // U+2014 em dash

// How figures are written on the whole page: one byte unit for every memory figure (the user's
// choice, remembered with the state) and the language of unit and time words. The app sets it
// once per frame; the functions below read it.
enum class ByteUnits { decimal, binary };  // GB (vendors' labels) or GiB (nvidia-smi, the OS)
enum TimeWord {
  k_microseconds,
  k_milliseconds,
  k_seconds,
  k_minutes,
  k_hours,
  k_days,
  k_time_words
};
// A count's scale word: 7.24e9 with {1e9, "B"} is "7.24B", with {1e8, "亿"} "72.4亿".
struct CountWord {
  double scale = 0;
  std::string word;
};
struct Style {
  ByteUnits units = ByteUnits::binary;
  // The words after a duration, in the page's language (the app fills them from its string
  // table, so a Chinese UI draws their glyphs).
  const char* time_words[k_time_words] = {"\xC2\xB5s", "ms", "s", "min", "h", "days"};
  // Count scale words, largest first: English groups by thousands (K, M, B, T), Chinese by
  // myriads (万 1e4, 亿 1e8, 万亿 1e12). Also from the string table (parse_count_words).
  std::vector<CountWord> count_words = {{1e12, "T"}, {1e9, "B"}, {1e6, "M"}, {1e3, "K"}};
  // Chart tick words, largest first: SI prefixes in English, myriads in Chinese (chart_scale).
  std::vector<CountWord> tick_words = {{1e18, "E"}, {1e15, "P"}, {1e12, "T"},
                                       {1e9, "G"},  {1e6, "M"},  {1e3, "k"}};
  // Context lengths as model cards write them in English ("128K"); whole numbers otherwise.
  bool context_in_k = true;
};
// "1e12 T|1e9 B|1e6 M|1e3 K" -> the count words, sorted largest first; entries that do not parse
// (no positive scale, no word) are left out.
std::vector<CountWord> parse_count_words(const std::string& spec);
void set_style(const Style& style);
const Style& style();

// 3 significant digits with thousands separators: 1234567 -> "1,230,000", 0.012345 -> "0.0123",
// 14 -> "14.0". Never an exponent: 1.2e18 -> "1,200,000,000,000,000,000"; |v| < 1e-12 -> "0".
// Not finite -> "—".
std::string number(double v, int significant = 3);

// i18n key explaining why `v` has no number ("fmt.nan" / "fmt.inf"), or "" when v is finite.
const char* invalid_reason_key(double v);

// Decimal units (what GPU vendors print): "14.0 GB", "512 MB", "1.50 TB".
std::string bytes_decimal(double bytes);
// Binary units (what nvidia-smi and the OS report): "13.0 GiB", "512 MiB".
std::string bytes_binary(double bytes);
// In the page's chosen unit (style().units): every memory figure the app shows goes through this.
std::string bytes(double bytes);
// The chosen unit's name for gigabytes: "GB" or "GiB", and bytes per that unit.
const char* gigabyte_unit();
double bytes_per_gigabyte_unit();

// Counts with the style's scale words: 7.24e9 -> "7.24B", 131072 -> "131K", 1.5e6 -> "1.50M",
// 1e12 -> "1.00T"; in Chinese 7.24e9 -> "72.4亿", 131072 -> "13.1万".
std::string count(double v);

// Operation counts with SI prefixes, as papers write them: 2.99e19 -> "29.9 EFLOP",
// 4.2e22 -> "42.0 ZFLOP", 6.3e11 -> "630 GFLOP". (Prefixes are units, the same in every language.)
std::string flops(double v);

// Durations: "850 µs", "12.3 ms", "1.23 s", "4.50 min", "3.20 h", "12.0 days" (the words are
// style().time_words).
std::string seconds(double s);

// Money: "$1.23", "$1,230", "$0.0123".
std::string usd(double v);

// Percent of a fraction: 0.6 -> "60.0%".
std::string percent(double fraction);

// Token counts for sliders: 4096 -> "4,096", 131072 -> "131,072" (exact integers).
std::string integer(double v);

// Context lengths: 131072 -> "128K" (binary K, as model cards write them), 2048 -> "2K",
// 4000 -> "4,000"; without style().context_in_k every one as a whole number ("131,072").
std::string context_tokens(int tokens);

}  // namespace app::fmt
