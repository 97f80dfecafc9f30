// The input column: mode tabs, model, precision, workload and hardware. Widgets edit app.inputs
// (and app.ui) and set app.dirty; nothing here computes results.
#pragma once

#include "app_state.hpp"

namespace app {

void draw_inputs_column(App& app);

// The Inference / Fine-tune / Pre-train tabs (with the fine-tune method) and the "Plan" button
// that opens the Plan view (panels/plan.hpp) or returns from it.
void draw_mode_tabs(App& app);

// Pieces of the column (one file each).
void draw_model_section(App& app);     // inputs_model.cpp
void draw_hardware_section(App& app);  // inputs_hardware.cpp
void draw_host(App& app);              // inputs_host.cpp: host profile, CPU, GPU layers, mmap
void draw_workload_section(App& app);  // inputs_workload.cpp
void draw_cost_section(App& app);      // inputs_cost.cpp
void draw_custom_gpu(App& app);        // inputs_custom_gpu.cpp: "copy and edit" and the form

// A custom copy of the chosen catalog card, with the form open; for a custom card, just opens it.
void start_custom_gpu(App& app);
void open_custom_gpu_form(App& app);  // and scrolls it into view

}  // namespace app
