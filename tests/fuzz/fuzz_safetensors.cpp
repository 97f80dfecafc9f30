// Fuzzes the safetensors header reader, and the JSON readers behind it (index, config.json),
// through import_model_file, as a whole file and as a slice. Seeds: tests/fuzz/corpus/safetensors.
#include <cstddef>
#include <cstdint>

#include "fuzz_model_file_checks.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  check_model_file(sizer::import_model_file(data, size, "model.safetensors"), size);
  check_model_file(
      sizer::import_model_file(data, size, "model.safetensors.index.json", size + 4096), size);
  return 0;
}
