# Header-only third-party libraries from Debian's packages, for tests and tools only (nothing shipped:
# core, web and app read JSON with sizer/json.hpp). Under Emscripten the toolchain hides host
# include paths, so the headers are copied into the build tree (never into the source tree).
set(SIZER_HOST_INCLUDE "/usr/include" CACHE PATH "Where Debian's header-only packages live")

function(sizer_require_file path package)
  if(NOT EXISTS "${path}")
    message(FATAL_ERROR "LLM Sizer: ${path} not found. Run tools/install-deps.sh (Debian package: ${package}).")
  endif()
endfunction()

sizer_require_file("${SIZER_HOST_INCLUDE}/nlohmann/json.hpp" "nlohmann-json3-dev")
sizer_require_file("${SIZER_HOST_INCLUDE}/catch2/catch.hpp" "catch2")

set(SIZER_VENDOR_INCLUDE "${CMAKE_BINARY_DIR}/vendor-include")
file(MAKE_DIRECTORY "${SIZER_VENDOR_INCLUDE}/catch2")
file(COPY "${SIZER_HOST_INCLUDE}/nlohmann" DESTINATION "${SIZER_VENDOR_INCLUDE}")
configure_file("${SIZER_HOST_INCLUDE}/catch2/catch.hpp" "${SIZER_VENDOR_INCLUDE}/catch2/catch.hpp" COPYONLY)

add_library(sizer_vendor INTERFACE)
target_include_directories(sizer_vendor SYSTEM INTERFACE "${SIZER_VENDOR_INCLUDE}")
