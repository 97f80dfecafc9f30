// Fuzzes the GGUF header reader through import_model_file, both as a whole file and as the first
// slice of a longer one (the browser reads headers with Blob.slice). Seeds: tests/fuzz/corpus/gguf
// (written by `sizer_tests "[.write-corpus]"`, see tests/fuzz/CMakeLists.txt).
#include <cstddef>
#include <cstdint>

#include "fuzz_model_file_checks.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  check_model_file(sizer::import_model_file(data, size, "fuzz.gguf"), size);
  check_model_file(sizer::import_model_file(data, size, "fuzz-00001-of-00002.gguf", size + 4096),
                   size);
  return 0;
}
