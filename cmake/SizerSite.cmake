# Assembles the deployable site into ${PROJECT_SOURCE_DIR}/dist/ (target `site`, web preset):
# public/* verbatim, app.js + app.wasm + app.deferred.wasm (imgui_app/, when that target exists),
# the files other directories list in the global properties SIZER_SITE_FILES (built files,
# precached), SIZER_SITE_ON_DEMAND_FILES (built files the page fetches only when needed, e.g. the
# Chinese font; not precached) and SIZER_SITE_DEPENDS (the targets that make them), and sw.js filled
# in from public/sw.js with the precache list, the on-demand list and a version that is a hash of
# every file, so each deploy with any change gets a fresh cache. Every URL is relative: the site
# works at / and under a project path such as /llm-sizer/.
#
# This file is both the CMake module (included by the top-level CMakeLists.txt) and, run with
# `cmake -P`, the build-time step that copies and hashes (the hash must see the built files).

if(CMAKE_SCRIPT_MODE_FILE)
  cmake_policy(SET CMP0057 NEW)  # if(IN_LIST) in script mode
  # [build time] inputs: DIST, PUBLIC, FILES and ON_DEMAND (|-separated absolute paths of built
  # outputs; ON_DEMAND ones are not precached)
  string(REPLACE "|" ";" FILES "${FILES}")
  string(REPLACE "|" ";" ON_DEMAND "${ON_DEMAND}")
  set(on_demand_names "")
  foreach(built IN LISTS ON_DEMAND)
    get_filename_component(name "${built}" NAME)
    list(APPEND on_demand_names "${name}")
  endforeach()
  file(REMOVE_RECURSE "${DIST}")
  file(MAKE_DIRECTORY "${DIST}")
  file(COPY "${PUBLIC}/" DESTINATION "${DIST}" PATTERN "sw.js" EXCLUDE)
  # file(COPY_FILE), not file(COPY): file(COPY) skips a file whose destination has the same
  # timestamp to the second, and a built index.html or boot.js replaces the copy of its public/
  # namesake made just before, often within the same second as it was last edited.
  foreach(built IN LISTS FILES ON_DEMAND)
    get_filename_component(name "${built}" NAME)
    file(COPY_FILE "${built}" "${DIST}/${name}")
  endforeach()

  file(GLOB_RECURSE site_files RELATIVE "${DIST}" "${DIST}/*")
  list(SORT site_files)
  set(digest_input "")
  set(precache "\"./\"")
  set(on_demand "")
  foreach(rel ${site_files})
    if(rel STREQUAL ".nojekyll")
      continue()
    endif()
    file(SHA256 "${DIST}/${rel}" file_hash)
    string(APPEND digest_input "${rel} ${file_hash}\n")
    if(rel IN_LIST on_demand_names)
      if(on_demand STREQUAL "")
        set(on_demand "\"${rel}\"")
      else()
        string(APPEND on_demand ", \"${rel}\"")
      endif()
    else()
      string(APPEND precache ", \"${rel}\"")
    endif()
  endforeach()
  string(SHA256 site_hash "${digest_input}")
  string(SUBSTRING "${site_hash}" 0 16 SIZER_SITE_VERSION)
  set(SIZER_PRECACHE_LIST "${precache}")
  set(SIZER_ON_DEMAND_LIST "${on_demand}")
  configure_file("${PUBLIC}/sw.js" "${DIST}/sw.js" @ONLY)
  file(WRITE "${DIST}/version.txt" "${SIZER_SITE_VERSION}\n")
  # The single-file build (llm-sizer.html) from the assembled files; not precached (it is the
  # same app again, for opening from disk).
  if(TARGET_SINGLE_FILE)
    execute_process(COMMAND "${NODE}" "${TARGET_SINGLE_FILE}" "${DIST}" RESULT_VARIABLE single_rc)
    if(NOT single_rc EQUAL 0)
      message(FATAL_ERROR "LLM Sizer: web/make-single-file.mjs failed (${single_rc})")
    endif()
  endif()
  message(STATUS "LLM Sizer site ${SIZER_SITE_VERSION} assembled in ${DIST}")
  return()
endif()

set(SIZER_DIST_DIR "${PROJECT_SOURCE_DIR}/dist" CACHE PATH "Where the `site` target assembles the site")
# The Embind module (sizer.mjs + sizer.wasm, web/) is not deployed: the lite page calls the app's
# own module (imgui_app/lite_api.cpp), so the site carries one engine, not two.
set(site_outputs "")
set(site_targets "")
if(TARGET llm_sizer_app)
  list(APPEND site_outputs "$<TARGET_FILE:llm_sizer_app>" "$<TARGET_FILE_DIR:llm_sizer_app>/app.wasm"
                           "$<TARGET_FILE_DIR:llm_sizer_app>/app.deferred.wasm")
  list(APPEND site_targets llm_sizer_app)
endif()
# Built files listed in SIZER_SITE_FILES are precached like the rest; copied after public/, one
# with the name of a public/ file replaces it (boot.js with short names: imgui_app/CMakeLists.txt).
get_property(site_built GLOBAL PROPERTY SIZER_SITE_FILES)
list(APPEND site_outputs ${site_built})
get_property(site_on_demand GLOBAL PROPERTY SIZER_SITE_ON_DEMAND_FILES)
get_property(site_extra_targets GLOBAL PROPERTY SIZER_SITE_DEPENDS)
list(APPEND site_targets ${site_extra_targets})
string(REPLACE ";" "|" site_outputs_arg "${site_outputs}")  # a list cannot cross COMMAND
string(REPLACE ";" "|" site_on_demand_arg "${site_on_demand}")

# llm-sizer.html needs Node (the machine's `node`, which the browser tests use too) and the app.
find_program(SIZER_NODE node)
set(single_file_args "")
if(SIZER_NODE AND TARGET llm_sizer_app)
  set(single_file_args "-DNODE=${SIZER_NODE}"
                       "-DTARGET_SINGLE_FILE=${PROJECT_SOURCE_DIR}/web/make-single-file.mjs")
endif()
add_custom_target(site
  COMMAND ${CMAKE_COMMAND} -DDIST=${SIZER_DIST_DIR} -DPUBLIC=${PROJECT_SOURCE_DIR}/public
          ${single_file_args}
          "-DFILES=${site_outputs_arg}" "-DON_DEMAND=${site_on_demand_arg}"
          -P "${CMAKE_CURRENT_LIST_FILE}"
  DEPENDS ${site_targets} "${PROJECT_SOURCE_DIR}/web/make-single-file.mjs"
  COMMENT "Assembling the site in ${SIZER_DIST_DIR}"
  VERBATIM)
