#include "csv.hpp"

namespace sizer::csv {
namespace {

struct Reader {
  std::string_view text;
  std::size_t pos = 0;
  int row = 1;     // record number, 1-based (the header is record 1)
  int column = 1;  // field number within the record, 1-based

  bool at_end() const { return pos >= text.size(); }
  char peek() const { return text[pos]; }
};

ParseResult fail(const Reader& r, const std::string& what) {
  ParseResult result;
  result.error_row = r.row;
  result.error_column = r.column;
  result.error =
      "row " + std::to_string(r.row) + ", column " + std::to_string(r.column) + ": " + what;
  return result;
}

bool at_record_end(const Reader& r) { return r.at_end() || r.peek() == '\n' || (r.peek() == '\r'); }

// Consumes the end of a record (LF, CRLF or a lone CR).
void skip_record_end(Reader& r) {
  if (r.at_end()) return;
  if (r.peek() == '\r') ++r.pos;
  if (!r.at_end() && r.peek() == '\n') ++r.pos;
}

}  // namespace

ParseResult parse(std::string_view text) {
  Reader r{text};
  // A UTF-8 byte-order mark is not part of the first header name.
  if (text.size() >= 3 && text.substr(0, 3) == "\xEF\xBB\xBF") r.pos = 3;

  std::vector<std::vector<std::string>> records;
  std::vector<int> record_rows;  // the row number each record started on
  while (!r.at_end()) {
    std::vector<std::string> fields;
    r.column = 1;
    for (;;) {
      std::string field;
      if (!r.at_end() && r.peek() == '"') {
        ++r.pos;
        bool closed = false;
        while (!r.at_end()) {
          char c = r.peek();
          ++r.pos;
          if (c != '"') {
            field.push_back(c);
          } else if (!r.at_end() && r.peek() == '"') {
            field.push_back('"');
            ++r.pos;
          } else {
            closed = true;
            break;
          }
        }
        if (!closed) return fail(r, "quoted field is not closed");
        if (!at_record_end(r) && r.peek() != ',') {
          return fail(r, "unexpected character after a closing quote");
        }
      } else {
        while (!at_record_end(r) && r.peek() != ',') {
          if (r.peek() == '"') return fail(r, "quote inside an unquoted field");
          field.push_back(r.peek());
          ++r.pos;
        }
      }
      fields.push_back(std::move(field));
      if (!r.at_end() && r.peek() == ',') {
        ++r.pos;
        ++r.column;
        continue;
      }
      break;
    }
    skip_record_end(r);
    // A blank line (one empty field) carries no record but still counts as a row.
    if (!(fields.size() == 1 && fields[0].empty())) {
      records.push_back(std::move(fields));
      record_rows.push_back(r.row);
    }
    ++r.row;
  }

  ParseResult result;
  if (records.empty()) {
    r.row = 1;
    r.column = 1;
    return fail(r, "no header row");
  }
  result.table.header = std::move(records[0]);
  const std::size_t width = result.table.header.size();
  for (std::size_t i = 1; i < records.size(); ++i) {
    if (records[i].size() != width) {
      Reader at{text};
      at.row = record_rows[i];
      at.column = static_cast<int>(records[i].size() < width ? records[i].size() : width + 1);
      return fail(at, "expected " + std::to_string(width) + " fields, found " +
                          std::to_string(records[i].size()));
    }
    result.table.rows.push_back(std::move(records[i]));
  }
  result.ok = true;
  return result;
}

int column_index(const Table& table, std::string_view name) {
  for (std::size_t i = 0; i < table.header.size(); ++i) {
    if (table.header[i] == name) return static_cast<int>(i);
  }
  return -1;
}

}  // namespace sizer::csv
