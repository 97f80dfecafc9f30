// Saved work (named configurations, custom models and GPUs) is read and written by the core
// (sizer/saved_work.hpp); the app adds the one check only it can make: that a saved state
// restores on top of its defaults, UI fields included.
#pragma once

#include <string>

#include "sizer/saved_work.hpp"

namespace app {

using sizer::append_set_aside;
using sizer::k_saved_work_aside_key;
using sizer::k_saved_work_key;
using sizer::k_saved_work_schema;
using sizer::k_saved_work_version;
using sizer::merge_saved_work;
using sizer::SavedConfig;
using sizer::SavedGpu;
using sizer::SavedModel;
using sizer::SavedWork;
using sizer::SavedWorkMerge;
using sizer::SavedWorkRead;
using sizer::SetAside;
using sizer::unique_name;
using sizer::write_saved_work;

// The core's reader with the app's state check (merge_state on the app's defaults).
SavedWorkRead read_saved_work(const std::string& text);

}  // namespace app
