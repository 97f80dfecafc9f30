// Writers of real-format model-file headers for tests and fuzz seeds: GGUF v3 (ggml docs/gguf.md)
// and safetensors (8-byte little-endian length + JSON). Only headers are written; a tensor table
// may describe gigabytes of data that are never produced. Block sizes below are ggml-common.h's
// block structs, written out independently of the reader's table.
#pragma once

#include <cstdint>
#include <cstring>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace sizer_test {

// ggml_type ids used by the tests: {id, values per block, bytes per block}.
struct BlockLayout {
  std::uint32_t id;
  std::uint64_t block_elements;
  std::uint64_t block_bytes;
};
inline constexpr BlockLayout kF32{0, 1, 4};
inline constexpr BlockLayout kF16{1, 1, 2};
inline constexpr BlockLayout kQ8_0{8, 32, 34};     // fp16 d + 32 x int8
inline constexpr BlockLayout kQ4_K{12, 256, 144};  // 2 fp16 + 12 scale bytes + 128 quant bytes
inline constexpr BlockLayout kQ6_K{14, 256, 210};  // 128 ql + 64 qh + 16 scales + fp16 d
inline constexpr BlockLayout kMxfp4{39, 32, 17};   // E8M0 scale + 16 bytes of E2M1 pairs
inline constexpr BlockLayout kBF16{30, 1, 2};

class GgufWriter {
 public:
  explicit GgufWriter(std::uint32_t version = 3) : version_(version) {}

  // Metadata, one method per GGUF value type (ids from gguf.md).
  void u8(const std::string& key, std::uint8_t v) {
    head(key, 0);
    put(kv_, v, 1);
  }
  void i8(const std::string& key, std::int8_t v) {
    head(key, 1);
    put(kv_, static_cast<std::uint8_t>(v), 1);
  }
  void u16(const std::string& key, std::uint16_t v) {
    head(key, 2);
    put(kv_, v, 2);
  }
  void i16(const std::string& key, std::int16_t v) {
    head(key, 3);
    put(kv_, static_cast<std::uint16_t>(v), 2);
  }
  void u32(const std::string& key, std::uint32_t v) {
    head(key, 4);
    put(kv_, v, 4);
  }
  void i32(const std::string& key, std::int32_t v) {
    head(key, 5);
    put(kv_, static_cast<std::uint32_t>(v), 4);
  }
  void f32(const std::string& key, float v) {
    std::uint32_t bits = 0;
    std::memcpy(&bits, &v, 4);
    head(key, 6);
    put(kv_, bits, 4);
  }
  void boolean(const std::string& key, bool v) {
    head(key, 7);
    put(kv_, v ? 1u : 0u, 1);
  }
  void str(const std::string& key, const std::string& v) { head(key, 8), text(kv_, v); }
  void u64(const std::string& key, std::uint64_t v) {
    head(key, 10);
    put(kv_, v, 8);
  }
  void i64(const std::string& key, std::int64_t v) {
    head(key, 11);
    put(kv_, static_cast<std::uint64_t>(v), 8);
  }
  void f64(const std::string& key, double v) {
    std::uint64_t bits = 0;
    std::memcpy(&bits, &v, 8);
    head(key, 12);
    put(kv_, bits, 8);
  }
  void i32_array(const std::string& key, const std::vector<std::int32_t>& values) {
    head(key, 9);
    put(kv_, 5, 4);
    put(kv_, values.size(), 8);
    for (std::int32_t v : values) put(kv_, static_cast<std::uint32_t>(v), 4);
  }
  void string_array(const std::string& key, const std::vector<std::string>& values) {
    head(key, 9);
    put(kv_, 8, 4);
    put(kv_, values.size(), 8);
    for (const std::string& v : values) text(kv_, v);
  }
  // An array of `outer` arrays of two uint16 each.
  void nested_array(const std::string& key, std::uint64_t outer) {
    head(key, 9);
    put(kv_, 9, 4);
    put(kv_, outer, 8);
    for (std::uint64_t i = 0; i < outer; ++i) {
      put(kv_, 2, 4);
      put(kv_, 2, 8);
      put(kv_, i, 2);
      put(kv_, i + 1, 2);
    }
  }
  // Raw bytes after a key (for hostile values).
  void raw_value(const std::string& key, std::uint32_t type,
                 const std::vector<std::uint8_t>& bytes) {
    head(key, type);
    kv_.insert(kv_.end(), bytes.begin(), bytes.end());
  }

  // A tensor in ggml order (dims[0] = row length). Data offsets follow each other, aligned to 32.
  void tensor(const std::string& name, const std::vector<std::uint64_t>& dims, BlockLayout type) {
    text(tensors_, name);
    put(tensors_, dims.size(), 4);
    std::uint64_t elements = 1;
    for (std::uint64_t d : dims) {
      put(tensors_, d, 8);
      elements *= d;
    }
    put(tensors_, type.id, 4);
    put(tensors_, data_bytes_, 8);
    const std::uint64_t bytes = elements / type.block_elements * type.block_bytes;
    data_bytes_ += (bytes + 31) / 32 * 32;
    ++tensor_count_;
  }

  // The header (magic, version, counts, metadata, tensor table) padded to 32 bytes.
  std::vector<std::uint8_t> header() const {
    std::vector<std::uint8_t> out = {'G', 'G', 'U', 'F'};
    put(out, version_, 4);
    put(out, tensor_count_, 8);
    put(out, kv_count_, 8);
    out.insert(out.end(), kv_.begin(), kv_.end());
    out.insert(out.end(), tensors_.begin(), tensors_.end());
    while (out.size() % 32 != 0) out.push_back(0);
    return out;
  }
  // Size of the whole file the header describes (header + data).
  std::uint64_t file_size() const { return header().size() + data_bytes_; }

 private:
  static void put(std::vector<std::uint8_t>& out, std::uint64_t v, int bytes) {
    for (int i = 0; i < bytes; ++i) out.push_back(static_cast<std::uint8_t>(v >> (8 * i)));
  }
  static void text(std::vector<std::uint8_t>& out, const std::string& s) {
    put(out, s.size(), 8);
    out.insert(out.end(), s.begin(), s.end());
  }
  void head(const std::string& key, std::uint32_t type) {
    text(kv_, key);
    put(kv_, type, 4);
    ++kv_count_;
  }

  std::uint32_t version_;
  std::vector<std::uint8_t> kv_;
  std::vector<std::uint8_t> tensors_;
  std::uint64_t kv_count_ = 0;
  std::uint64_t tensor_count_ = 0;
  std::uint64_t data_bytes_ = 0;
};

// safetensors: tensors laid end to end in insertion order.
class SafetensorsWriter {
 public:
  void tensor(const std::string& name, const std::string& dtype,
              const std::vector<std::uint64_t>& shape) {
    static const std::map<std::string, std::uint64_t> bytes_per = {
        {"BF16", 2}, {"F16", 2}, {"F32", 4}, {"F8_E4M3", 1}, {"I32", 4}, {"U8", 1}, {"I64", 8}};
    std::uint64_t bytes = bytes_per.at(dtype);
    for (std::uint64_t d : shape) bytes *= d;
    header_[name] = {
        {"dtype", dtype}, {"shape", shape}, {"data_offsets", {data_bytes_, data_bytes_ + bytes}}};
    data_bytes_ += bytes;
  }
  void metadata(const std::string& key, const std::string& value) {
    header_["__metadata__"][key] = value;
  }

  std::vector<std::uint8_t> header() const { return with_json(header_.dump()); }
  std::uint64_t file_size() const { return header().size() + data_bytes_; }

  // 8-byte length + the given JSON text, space-padded to a multiple of 8 like the reference writer.
  static std::vector<std::uint8_t> with_json(std::string text) {
    while ((text.size() + 8) % 8 != 0) text.push_back(' ');
    std::vector<std::uint8_t> out;
    for (int i = 0; i < 8; ++i)
      out.push_back(static_cast<std::uint8_t>(std::uint64_t{text.size()} >> (8 * i)));
    out.insert(out.end(), text.begin(), text.end());
    return out;
  }

 private:
  nlohmann::ordered_json header_ = nlohmann::ordered_json::object();
  std::uint64_t data_bytes_ = 0;
};

}  // namespace sizer_test
