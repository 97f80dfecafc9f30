# Writes OUTPUT as a C++ file defining `const char* sizer_embedded_<NAME>()` returning INPUT's
# text. The text is split into chunks so no string literal exceeds compiler limits.
file(READ "${INPUT}" content HEX)
string(LENGTH "${content}" hex_len)
set(body "")
set(pos 0)
while(pos LESS hex_len)
  string(SUBSTRING "${content}" ${pos} 64 chunk)
  string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," chunk "${chunk}")
  string(APPEND body "  ${chunk}\n")
  math(EXPR pos "${pos} + 64")
endwhile()
string(REPLACE "-" "_" ident "${NAME}")
file(WRITE "${OUTPUT}" "// Generated from ${INPUT}; do not edit.\n#include <cstddef>\nnamespace sizer {\nstatic const unsigned char k_${ident}[] = {\n${body}  0x00};\nconst char* sizer_embedded_${ident}() { return reinterpret_cast<const char*>(k_${ident}); }\nstd::size_t sizer_embedded_${ident}_size() { return sizeof(k_${ident}) - 1; }\n}  // namespace sizer\n")
