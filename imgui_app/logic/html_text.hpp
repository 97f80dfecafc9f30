// Text placed inside HTML that the app writes (the report, the loading screen's answer).
#pragma once

#include <string>

namespace app {

// `text` with &, <, > and " as entities, safe inside an element or a quoted attribute.
std::string html_escape(const std::string& text);

}  // namespace app
