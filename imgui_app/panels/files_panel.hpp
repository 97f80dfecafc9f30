// "Files and saved work": read a model file (drop, pick or paste) or an engine log, the named
// saved configurations with custom models and GPUs, export / import, and the report. Three parts,
// each in its own file: files_import.cpp, files_saved.cpp, files_report.cpp.
#pragma once

#include "app_state.hpp"

namespace app {

void draw_files_panel(App& app);

namespace files_panel {
void draw_import(App& app);
void draw_saved(App& app);
void draw_report(App& app);
}  // namespace files_panel

}  // namespace app
