// What people bring to the page, read into the app: the header of a GGUF or safetensors file
// (a few MB of a file of tens of GB: the page reads growing slices from its start until the core
// stops asking for more), config.json or model.safetensors.index.json text, and pasted engine
// logs. A file that does not read gives a message and changes nothing else. Pure C++: the page
// (platform_web.cpp) does the slicing; tests call these directly.
#pragma once

#include <cstdint>
#include <string>

#include "app_state.hpp"

namespace app {

// The first slice the page reads (most GGUF headers, tokenizer included, are 1-10 MB).
constexpr std::uint64_t k_first_slice_bytes = 1u << 20;

// The most the page reads of one file: real headers are a few MB (a GGUF tokenizer), the
// core's own limit is 1 GiB, and the page's wasm memory (2 GiB at most) must hold the slice twice.
constexpr std::uint64_t k_max_head_bytes = 256u << 20;

// Takes the first `head.size()` bytes of a file of `file_size` bytes. Returns how many bytes from
// its start to read next (always more than given, at most the file), or 0 when done: the model
// was imported, or app.files.messages says why not.
std::uint64_t take_file_head(App& app, const std::string& file_name, std::uint64_t file_size,
                             const std::string& head);

// Pasted text, or a text file read whole: a JSON model file (config.json, index.json) when it
// starts with '{', else an engine log (vLLM, SGLang, llama.cpp, llama-bench).
void take_text(App& app, const std::string& text, const std::string& source_name);

// The exact figures belong to the model read from the file: picking another model drops them.
void drop_stale_file_info(App& app);

}  // namespace app
