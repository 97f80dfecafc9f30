// The file facts kept beside a custom model are the core's (sizer/file_model_info.hpp).
#pragma once

#include "sizer/file_model_info.hpp"

namespace app {

using sizer::file_model_ui_fields;
using sizer::FileModelInfo;
using sizer::is_file_model_ui_key;
using sizer::read_file_model_ui_field;

}  // namespace app
