# The app's copies of the core catalogs (app_catalogs.py), declared once for the web build
# (imgui_app/CMakeLists.txt) and the UI tests (tests/ui/CMakeLists.txt): the prose columns each
# copy leaves out, and the column it moves to en-late.tsv with the columns that key its rows
# (logic/catalog_sources.hpp looks them up by the same keys).
set(SIZER_APP_CATALOGS "gpus:notes:source@id" "models:source,notes" "formats:source,notes"
                       "prices:notes:source@gpu_id+basis")
# Raw-string tables no first frame reads, moved whole to en-late.tsv as KEY=FILE
# (split_string_tables.py --late-text; the web app looks them up by KEY, logic/presets.cpp).
set(SIZER_SEED_TABLE_INC "${PROJECT_SOURCE_DIR}/imgui_app/presets/seed_presets.inc")
set(SIZER_APP_LATE_TEXTS --late-text "preset.table=${SIZER_SEED_TABLE_INC}")

# Adds the commands writing OUT_DIR/<stem>.csv for every catalog, and OUT_DIR/<stem>-late.tsv for
# those that move a column; sets CSV_VAR to the CSVs (in SIZER_APP_CATALOGS order) and LATE_VAR to
# the late-row files.
function(sizer_app_catalogs out_dir csv_var late_var)
  set(csvs "")
  set(lates "")
  foreach(entry ${SIZER_APP_CATALOGS})
    string(REPLACE ":" ";" entry "${entry}")
    list(GET entry 0 stem)
    list(GET entry 1 blanked)
    string(REPLACE "," ";" blanked "${blanked}")
    set(csv "${out_dir}/${stem}.csv")
    set(late_option "")
    set(late_output "")
    set(moved "")
    list(LENGTH entry parts)
    if(parts GREATER 2)
      list(GET entry 2 late)
      string(REPLACE "@" ";" late "${late}")
      list(GET late 0 late_column)
      list(GET late 1 late_keys)
      set(late_output "${out_dir}/${stem}-late.tsv")
      set(late_option "--late=${late_output}:${late_keys}:${late_column}")
      set(moved "; ${late_column} to en-late.tsv")
      list(APPEND lates "${late_output}")
    endif()
    add_custom_command(
      OUTPUT "${csv}" ${late_output}
      COMMAND "${SIZER_FONT_PYTHON}" "${PROJECT_SOURCE_DIR}/imgui_app/app_catalogs.py"
              "${PROJECT_SOURCE_DIR}/core/data/${stem}.csv" "${csv}" ${late_option} ${blanked}
      DEPENDS "${PROJECT_SOURCE_DIR}/core/data/${stem}.csv"
              "${PROJECT_SOURCE_DIR}/imgui_app/app_catalogs.py"
      COMMENT "The app's copy of core/data/${stem}.csv (without ${blanked}${moved})"
      VERBATIM)
    list(APPEND csvs "${csv}")
  endforeach()
  set(${csv_var} ${csvs} PARENT_SCOPE)
  set(${late_var} ${lates} PARENT_SCOPE)
endfunction()
