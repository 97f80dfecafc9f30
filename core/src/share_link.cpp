// Share links (see share_link.hpp). A fragment is `v=1&key=value&...`: keys are the request's field
// names, nested ones dotted (training.method, assumptions.decodeBandwidthEfficiency), a custom
// architecture under arch.*, an imported config.json under hf.*, UI state under ui.*. Lists are
// comma-joined (items percent-encoded, so a literal comma is %2C); hf.* lists carry a "[]" suffix.
// Decoding keeps every valid pair and reports each rejected one: a link typed by hand or cut
// short by a chat client still opens as much of the state as it can.
#include "sizer/share_link.hpp"

#include "sizer/json.hpp"
#include "sizer/record_fields.hpp"
#include "sizer/request_fields.hpp"
#include "sizer/request_json.hpp"

namespace sizer {
namespace {

using json = sizer::Json;

constexpr size_t kMaxFragmentChars = 16384;  // far above a full custom-GPU request (~2 KB)
constexpr size_t kMaxPairs = 512;
constexpr const char* kVersion = "1";

std::string dump(const json& j) { return j.dump(); }

// [SECTION] percent-encoding (RFC 3986: everything but unreserved characters is escaped)

bool unreserved(unsigned char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' ||
         c == '.' || c == '_' || c == '~';
}

std::string percent_encode(const std::string& s) {
  static const char* hex = "0123456789ABCDEF";
  std::string out;
  for (char ch : s) {
    const auto c = static_cast<unsigned char>(ch);
    if (unreserved(c)) {
      out += ch;
    } else {
      out += '%';
      out += hex[c >> 4];
      out += hex[c & 15];
    }
  }
  return out;
}

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// '+' reads as a space, as URLSearchParams does (the encoder always escapes '+').
bool percent_decode(const std::string& s, std::string& out) {
  out.clear();
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '%') {
      if (i + 2 >= s.size()) return false;
      const int hi = hex_value(s[i + 1]);
      const int lo = hex_value(s[i + 2]);
      if (hi < 0 || lo < 0) return false;
      out += static_cast<char>(hi * 16 + lo);
      i += 2;
    } else {
      out += s[i] == '+' ? ' ' : s[i];
    }
  }
  return true;
}

// [SECTION] encoding: flatten the request into key=value pairs

std::string scalar_text(const json& v) { return v.is_string() ? v.get<std::string>() : dump(v); }

void add_pair(std::string& out, const std::string& key, const std::string& encoded_value) {
  out += '&' + percent_encode(key) + '=' + encoded_value;
}

// Objects become dotted keys; lists of scalars become comma-joined values (with `list_suffix` on
// the key); nulls and lists holding objects are left out (no request field needs them).
void flatten(const json& v, const std::string& key, const char* list_suffix, std::string& out) {
  if (v.is_object()) {
    for (auto it = v.begin(); it != v.end(); ++it) {
      flatten(it.value(), key + "." + it.key(), list_suffix, out);
    }
  } else if (v.is_array()) {
    std::string joined;
    bool first = true;
    for (const json& item : v) {
      if (item.is_structured() || item.is_null()) return;
      joined += (first ? "" : ",") + percent_encode(scalar_text(item));
      first = false;
    }
    add_pair(out, key + list_suffix, joined);
  } else if (!v.is_null()) {
    add_pair(out, key, percent_encode(scalar_text(v)));
  }
}

// [SECTION] decoding: the key vocabulary and value types

enum class Kind { text, number, boolean, list, guess };

// Fields of the request with a fixed type, from the request field table. arch.*, gpu.*, hf.* and
// assumptions.* are open sets checked by scenario_from_request_json; their values are typed by
// `guess` below (or as text for the records' text fields).
Kind known_kind(const std::string& key, bool& known) {
  known = true;
  for (const RequestField& f : request_fields()) {
    if (f.shape == RequestFieldShape::special_object) continue;
    if (key != request_field_path(f)) continue;
    if (f.shape == RequestFieldShape::special_list) return Kind::list;
    switch (f.type) {
      case FieldType::text:
      case FieldType::choice:
        return Kind::text;
      case FieldType::integer:
      case FieldType::number:
        return Kind::number;
      case FieldType::boolean:
        return Kind::boolean;
    }
  }
  if (key == "model" || key == "gpu") return Kind::text;  // catalog ids (objects go under arch.*)
  known = false;
  return Kind::guess;
}

// A dotted path of identifiers: letters, digits, '_' and '-' between dots.
bool valid_path(const std::string& s) {
  if (s.empty() || s.size() > 128 || s.front() == '.' || s.back() == '.') return false;
  for (size_t i = 0; i < s.size(); ++i) {
    const char c = s[i];
    const bool ident = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
                       c == '_' || c == '-';
    if (c == '.' ? s[i - 1] == '.' : !ident) return false;
  }
  return true;
}

template <class T>
bool is_text_field(const std::string& key) {
  const RecordField<T>* f = find_record_field<T>(key);
  return f != nullptr && (f->type == FieldType::text || f->type == FieldType::choice);
}

// Fields of a custom model or GPU that hold text no matter how they look ("name=4090").
bool always_text(const std::string& field) {
  return field == "base" || is_text_field<ModelArch>(field) || is_text_field<Gpu>(field);
}

bool parse_number(const std::string& text, json& out) {
  if (text.empty() || text.size() > 32) return false;
  json j = json::parse(text);
  if (j.is_discarded() || !j.is_number()) return false;
  out = j;
  return true;
}

json guess(const std::string& text) {
  if (text == "true") return true;
  if (text == "false") return false;
  json n;
  if (parse_number(text, n)) return n;
  return text;
}

// Typed value, or an error message.
bool typed_value(Kind kind, const std::string& raw, json& out, std::string& error) {
  std::string text;
  if (kind == Kind::list) {
    out = json::array();
    size_t start = 0;
    while (start <= raw.size()) {
      size_t comma = raw.find(',', start);
      if (comma == std::string::npos) comma = raw.size();
      if (!percent_decode(raw.substr(start, comma - start), text)) {
        error = "bad percent-escape";
        return false;
      }
      out.push_back(guess(text));
      start = comma + 1;
    }
    return true;
  }
  if (!percent_decode(raw, text)) {
    error = "bad percent-escape";
    return false;
  }
  switch (kind) {
    case Kind::text:
      out = text;
      return true;
    case Kind::number:
      if (!parse_number(text, out)) {
        error = "not a number: '" + text.substr(0, 40) + "'";
        return false;
      }
      return true;
    case Kind::boolean:
      if (text != "true" && text != "false") {
        error = "must be true or false (got '" + text.substr(0, 40) + "')";
        return false;
      }
      out = text == "true";
      return true;
    case Kind::list:
    case Kind::guess:
      break;
  }
  out = guess(text);
  return true;
}

// Sets root[path...] = value; fails when a path segment is already a plain value or the leaf
// is already set (a link repeating a key, or holding both gpu=... and gpu.memoryGb=...).
bool set_path(json& root, const std::vector<std::string>& path, json value, std::string& error) {
  json* node = &root;
  for (size_t i = 0; i + 1 < path.size(); ++i) {
    json& child = (*node)[path[i]];
    if (child.is_null()) child = json::object();
    if (!child.is_object()) {
      error = "conflicts with an earlier key";
      return false;
    }
    node = &child;
  }
  if (node->contains(path.back())) {
    error = "repeated or conflicting key; the first one is kept";
    return false;
  }
  (*node)[path.back()] = std::move(value);
  return true;
}

std::vector<std::string> split(const std::string& s, char sep) {
  std::vector<std::string> parts;
  size_t start = 0;
  while (true) {
    const size_t at = s.find(sep, start);
    parts.push_back(s.substr(start, at == std::string::npos ? std::string::npos : at - start));
    if (at == std::string::npos) return parts;
    start = at + 1;
  }
}

struct Target {
  json* root = nullptr;
  std::vector<std::string> path;
  Kind kind = Kind::guess;
};

// Where a decoded key goes in the request or UI object; false for keys outside the vocabulary.
bool route(const std::string& key, json& request, json& ui, Target& t) {
  bool known = false;
  t.kind = known_kind(key, known);
  if (known) {
    t.root = &request;
    t.path = split(key, '.');
    return true;
  }
  std::string name = key;
  const bool list = name.size() > 2 && name.compare(name.size() - 2, 2, "[]") == 0;
  if (list) name.resize(name.size() - 2);
  if (!valid_path(name)) return false;
  const std::vector<std::string> parts = split(name, '.');
  if (parts.size() < 2) return false;
  const std::vector<std::string> rest(parts.begin() + 1, parts.end());
  t.kind = list ? Kind::list : Kind::guess;
  if (parts[0] == "ui" && parts.size() == 2 && !list) {
    t.root = &ui;
    t.path = rest;
    t.kind = Kind::text;
  } else if (parts[0] == "hf") {
    t.root = &request;
    t.path = {"model", "hfConfig"};
    t.path.insert(t.path.end(), rest.begin(), rest.end());
  } else if ((parts[0] == "arch" || parts[0] == "gpu") && parts.size() == 2 && !list) {
    t.root = &request;
    t.path = parts[0] == "arch" ? std::vector<std::string>{"model", "arch", parts[1]} : parts;
    if (always_text(parts[1])) t.kind = Kind::text;
  } else if (parts[0] == "assumptions" && parts.size() == 2 && !list) {
    t.root = &request;
    t.path = parts;
    t.kind = Kind::number;
  } else {
    return false;
  }
  return true;
}

std::string shown(const std::string& s) { return s.size() > 40 ? s.substr(0, 40) + "..." : s; }

}  // namespace

std::string encode_share_fragment(const std::string& request_json, const std::string& ui_json) {
  std::string out = std::string("v=") + kVersion;
  // flatten() recurses once per level; deeper input is not a request.
  if (!json_depth_within(request_json, kMaxJsonDepth) ||
      !json_depth_within(ui_json, kMaxJsonDepth)) {
    return out;
  }
  const json request = json::parse(request_json);
  if (request.is_object()) {
    for (auto it = request.begin(); it != request.end(); ++it) {
      const json& v = it.value();
      if (it.key() == "model" && v.is_object()) {
        if (v.contains("hfConfig")) flatten(v["hfConfig"], "hf", "[]", out);
        if (v.contains("arch")) flatten(v["arch"], "arch", "", out);
      } else {
        flatten(v, it.key(), "", out);
      }
    }
  }
  const json ui = json::parse(ui_json);
  if (ui.is_object()) {
    for (auto it = ui.begin(); it != ui.end(); ++it) {
      if (it.value().is_primitive() && !it.value().is_null()) {
        add_pair(out, "ui." + it.key(), percent_encode(scalar_text(it.value())));
      }
    }
  }
  return out;
}

DecodedLink decode_share_fragment(const std::string& fragment) {
  DecodedLink d;
  json request = json::object();
  json ui = json::object();
  d.request_json = "{}";
  d.ui_json = "{}";
  if (fragment.size() > kMaxFragmentChars) {
    d.errors.push_back("link: longer than " + std::to_string(kMaxFragmentChars) +
                       " characters; ignored");
    return d;
  }
  const std::string body = !fragment.empty() && fragment[0] == '#' ? fragment.substr(1) : fragment;
  size_t pairs = 0;
  bool any = false;
  for (const std::string& pair : split(body, '&')) {
    if (pair.empty()) continue;
    if (++pairs > kMaxPairs) {
      d.errors.push_back("link: more than " + std::to_string(kMaxPairs) +
                         " keys; the rest ignored");
      break;
    }
    const size_t eq = pair.find('=');
    std::string key;
    if (!percent_decode(pair.substr(0, eq), key)) {
      d.errors.push_back(shown(pair) + ": bad percent-escape in the key; ignored");
      continue;
    }
    if (eq == std::string::npos) {
      d.errors.push_back(shown(key) + ": no value; ignored");
      continue;
    }
    const std::string raw = pair.substr(eq + 1);
    if (key == "v") {
      if (raw != kVersion) {
        d.errors.push_back("v: unknown version '" + shown(raw) + "'; read as version 1");
      }
      continue;
    }
    Target t;
    if (!route(key, request, ui, t)) {
      d.errors.push_back(shown(key) + ": unknown key; ignored");
      continue;
    }
    json value;
    std::string error;
    if (!typed_value(t.kind, raw, value, error) ||
        !set_path(*t.root, t.path, std::move(value), error)) {
      d.errors.push_back(shown(key) + ": " + error + "; ignored");
      continue;
    }
    any = true;
  }
  d.ok = any;
  d.request_json = dump(request);
  d.ui_json = dump(ui);
  return d;
}

}  // namespace sizer
