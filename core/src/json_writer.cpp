#include "json_writer.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "sizer/json.hpp"

namespace sizer::json_out {

void append_number(std::string& out, double v) {
  if (!std::isfinite(v)) {
    out += "null";
    return;
  }
  // Whole numbers below 2^53 print as integers (byte counts, token counts).
  if (v == std::floor(v) && std::fabs(v) < 9007199254740992.0) {
    char buf[24];
    long long n = static_cast<long long>(v);
    char* p = buf + sizeof buf;
    const bool negative = n < 0;
    unsigned long long u =
        negative ? 0ull - static_cast<unsigned long long>(n) : static_cast<unsigned long long>(n);
    do {
      *--p = static_cast<char>('0' + u % 10);
      u /= 10;
    } while (u != 0);
    if (negative) *--p = '-';
    out.append(p, static_cast<std::size_t>(buf + sizeof buf - p));
    return;
  }
  json_detail::append_double(out, v);
}

namespace {

// Length of the valid UTF-8 sequence starting at s[i], or 0 when it is invalid.
std::size_t utf8_sequence(std::string_view s, std::size_t i) {
  const auto c = static_cast<unsigned char>(s[i]);
  std::size_t n;
  unsigned int min;
  if (c < 0x80) return 1;
  if ((c & 0xE0) == 0xC0) {
    n = 2;
    min = 0x80;
  } else if ((c & 0xF0) == 0xE0) {
    n = 3;
    min = 0x800;
  } else if ((c & 0xF8) == 0xF0) {
    n = 4;
    min = 0x10000;
  } else {
    return 0;
  }
  if (i + n > s.size()) return 0;
  unsigned int cp = c & (0xFF >> (n + 1));
  for (std::size_t k = 1; k < n; ++k) {
    const auto cc = static_cast<unsigned char>(s[i + k]);
    if ((cc & 0xC0) != 0x80) return 0;
    cp = (cp << 6) | (cc & 0x3F);
  }
  if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return 0;
  return n;
}

}  // namespace

void append_quoted(std::string& out, std::string_view s) {
  static const char* hex = "0123456789abcdef";
  out += '"';
  std::size_t run = 0;  // start of the pending run of characters that need no escaping
  for (std::size_t i = 0; i < s.size();) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c >= 0x20 && c < 0x80 && c != '"' && c != '\\') {
      ++i;
      continue;
    }
    out.append(s.data() + run, i - run);
    if (c >= 0x80) {
      const std::size_t n = utf8_sequence(s, i);
      if (n == 0) {
        out += "\xEF\xBF\xBD";  // U+FFFD
        ++i;
      } else {
        out.append(s.data() + i, n);
        i += n;
      }
    } else if (c == '"') {
      out += "\\\"";
      ++i;
    } else if (c == '\\') {
      out += "\\\\";
      ++i;
    } else if (c == '\n') {
      out += "\\n";
      ++i;
    } else if (c == '\r') {
      out += "\\r";
      ++i;
    } else if (c == '\t') {
      out += "\\t";
      ++i;
    } else {
      out += "\\u00";
      out += hex[c >> 4];
      out += hex[c & 15];
      ++i;
    }
    run = i;
  }
  out.append(s.data() + run, s.size() - run);
  out += '"';
}

void Writer::separate() {
  if (need_comma_) out_ += ',';
  need_comma_ = true;
}

Writer& Writer::begin_object() {
  separate();
  out_ += '{';
  need_comma_ = false;
  return *this;
}
Writer& Writer::end_object() {
  out_ += '}';
  need_comma_ = true;
  return *this;
}
Writer& Writer::begin_array() {
  separate();
  out_ += '[';
  need_comma_ = false;
  return *this;
}
Writer& Writer::end_array() {
  out_ += ']';
  need_comma_ = true;
  return *this;
}
Writer& Writer::key(std::string_view k) {
  // Keys are the project's own identifiers: short plain ASCII goes out in one append.
  constexpr std::size_t kShortKey = 60;
  const bool plain = k.size() <= kShortKey && std::all_of(k.begin(), k.end(), [](char ch) {
                       const auto c = static_cast<unsigned char>(ch);
                       return c >= 0x20 && c < 0x80 && c != '"' && c != '\\';
                     });
  if (plain) {
    char buf[kShortKey + 4];
    std::size_t n = 0;
    if (need_comma_) buf[n++] = ',';
    buf[n++] = '"';
    std::memcpy(buf + n, k.data(), k.size());
    n += k.size();
    buf[n++] = '"';
    buf[n++] = ':';
    out_.append(buf, n);
    need_comma_ = false;
    return *this;
  }
  separate();
  append_quoted(out_, k);
  out_ += ':';
  need_comma_ = false;
  return *this;
}
Writer& Writer::value(double v) {
  separate();
  append_number(out_, v);
  return *this;
}
Writer& Writer::value(int v) { return value(double(v)); }
Writer& Writer::value(bool v) {
  separate();
  out_ += v ? "true" : "false";
  return *this;
}
Writer& Writer::value(std::string_view s) {
  separate();
  append_quoted(out_, s);
  return *this;
}
Writer& Writer::null() {
  separate();
  out_ += "null";
  return *this;
}
Writer& Writer::raw(std::string_view json) {
  separate();
  out_ += json;
  return *this;
}
Writer& Writer::string_list(std::string_view k, const std::vector<std::string>& items) {
  key(k).begin_array();
  for (const std::string& s : items) value(s);
  return end_array();
}

}  // namespace sizer::json_out
