// The seeds' teaching tables computed live by the engine: weights per precision (seed 000),
// inference and training memory per model size (seed 004, "实际案例"), and cards per model size
// (seed 001). Rows (models) and columns (formats) are the user's picks; where a pick matches the
// seed's own row and column, the seed's figure stands beside the engine's and a note says when
// they differ (docs/SEEDS.md explains each difference). Pure C++: no ImGui.
#pragma once

#include <string>
#include <vector>

namespace app {

enum class SeedTableKind { precision, practical, cards };

// What the user picked: one model id per row; for the precision table one format id per column.
struct SeedTablePicks {
  std::vector<std::string> precision_models = {"llama-2-7b", "llama-2-70b"};
  std::vector<std::string> precision_formats = {"fp32", "fp16", "int8", "int4"};
  std::vector<std::string> practical_models = {"llama-2-7b", "llama-2-13b", "yi-34b",
                                               "llama-2-70b"};
  std::vector<std::string> cards_models = {"tinyllama-1.1b", "llama-2-7b", "llama-2-70b",
                                           "kimi-k2"};
};
bool operator==(const SeedTablePicks& a, const SeedTablePicks& b);

struct SeedCell {
  double engine = 0;  // bytes, or cards for the cards table
  bool engine_known = false;
  std::string seed_text;  // the seed's figure as it prints it ("~28 GB", "4-8"); "" = none
  double seed_low = 0;    // the seed's figure (a range is low..high), same unit as engine
  double seed_high = 0;
  bool differs = false;  // the engine's figure lies outside the seed's (±10% around a point)
  std::string gpu_id;    // the cards table: the card counted
};

struct SeedTable {
  SeedTableKind kind;
  std::vector<std::string> row_models;   // model ids
  std::vector<std::string> column_keys;  // i18n keys of the headers (precision: none, the
                                         // headers are the formats' names)
  std::vector<std::string> column_ids;   // format ids (precision) or column ids
  std::vector<std::vector<SeedCell>> cells;
  std::string seed_source_key;  // "tables.source.precision": which seed, which SEEDS.md item
};

std::vector<SeedTable> compute_seed_tables(const SeedTablePicks& picks);

// A seed's printed figure is a point (±10%) or a range; true when `engine` falls outside.
bool differs_from_seed(double engine, double seed_low, double seed_high);

}  // namespace app
