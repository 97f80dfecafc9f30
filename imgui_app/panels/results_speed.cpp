// Speed (inference): time to first token, per-user decode speed, aggregate throughput, and a
// chart of throughput and per-user speed against batch size (log x) marking where memory runs out.
#include <cmath>
#include <string>

#include "imgui.h"
#include "logic/format.hpp"
#include "logic/i18n.hpp"
#include "panels/results_parts.hpp"
#include "panels/results_series.hpp"
#include "widgets/line_chart.hpp"
#include "widgets/palette.hpp"

namespace app::results {
namespace {

std::string tokens_per_second(double v) { return trf("res.unit.tok_s", {fmt::number(v)}); }

// Under the time to first token: the images' tokens (part of the prompt) and the encoder's
// time, with its share of the TTFT it is part of.
template <typename Running>
void draw_image_rows(const App& app, const Running& running, const std::string& not_fit) {
  const sizer::InferenceResult& r = app.results.inference;
  if (!(r.image_tokens_per_sequence > 0)) return;
  value_row(app, "res.speed.image_tokens",
            trf("res.speed.tokens_value", {fmt::integer(r.image_tokens_per_sequence)}),
            "inference.imageTokensPerSequence");
  publish_last_item(app, "speed-image-tokens");
  const double share = r.ttft_seconds > 0 ? r.vision_encoder_seconds / r.ttft_seconds : 0;
  value_row(app, "res.speed.vision_encoder",
            running(trf("res.speed.encoder_value",
                        {fmt::seconds(r.vision_encoder_seconds), fmt::percent(share)})),
            "inference.visionEncoderSeconds", not_fit);
  publish_last_item(app, "speed-vision-encoder");
}

void draw_figures(const App& app) {
  const sizer::InferenceResult& r = app.results.inference;
  if (!ImGui::BeginTable("##speed", 2, ImGuiTableFlags_SizingStretchProp | ImGuiTableFlags_RowBg)) {
    return;
  }
  ImGui::TableSetupColumn("##label", ImGuiTableColumnFlags_WidthStretch, 1.6f);
  ImGui::TableSetupColumn("##value", ImGuiTableColumnFlags_WidthStretch, 1.0f);
  // A plan that does not fit runs at no speed: its times and speeds are dashes, with why.
  const bool fits = app.results.memory.fits;
  const std::string not_fit = fits ? std::string() : std::string(tr("res.speed.not_fit"));
  const auto running = [&](const std::string& value) {
    return fits ? value : std::string(fmt::k_dash);
  };
  value_row(app, "res.speed.ttft", running(fmt::seconds(r.ttft_seconds)), "inference.ttftSeconds",
            not_fit);
  draw_image_rows(app, running, not_fit);
  value_row(app, "res.speed.decode", running(tokens_per_second(r.decode_tokens_per_second)),
            "inference.decodeTokensPerSecond", not_fit);
  // Aggregate below per-user looks wrong; it is the prefill time counted in (batch 1 above all).
  const std::string why_aggregate =
      !fits ? not_fit
      : r.throughput_tokens_per_second < r.decode_tokens_per_second
          ? trf("res.speed.why_aggregate_low", {fmt::seconds(r.ttft_seconds)})
          : std::string();
  value_row(app, "res.speed.throughput", running(tokens_per_second(r.throughput_tokens_per_second)),
            "inference.throughputTokensPerSecond", why_aggregate);
  value_row(app, "res.speed.prefill", running(tokens_per_second(r.prefill_tokens_per_second)),
            "inference.prefillTokensPerSecond", not_fit);
  value_row(app, "res.speed.end_to_end", running(fmt::seconds(r.end_to_end_seconds)),
            "inference.endToEndSeconds", not_fit);
  value_row(app, "res.speed.kv_per_token", fmt::bytes(r.kv_cache_bytes_per_token),
            "inference.kvCacheBytesPerToken");
  // 0 users and 0 tokens look odd: they are what fits when the plan itself does not.
  value_row(app, "res.speed.max_batch", fmt::integer(r.max_batch), "inference.maxBatch", not_fit);
  value_row(app, "res.speed.max_context", fmt::integer(r.max_context_tokens),
            "inference.maxContextTokens", not_fit);
  if (r.throughput_at_max_batch > 0) {
    value_row(app, "res.speed.throughput_max_batch", tokens_per_second(r.throughput_at_max_batch),
              "inference.throughputAtMaxBatch");
  }
  if (fits && r.communication_seconds_per_step > 0) {
    value_row(app, "res.speed.comm", fmt::seconds(r.communication_seconds_per_step),
              "inference.communicationSecondsPerStep");
  }
  if (fits && r.sampling_seconds_per_step > 0) {
    value_row(app, "res.speed.sampling", fmt::seconds(r.sampling_seconds_per_step),
              "inference.samplingSecondsPerStep");
    publish_last_item(app, "speed-sampling");
  }
  const sizer::CostResult& c = app.results.cost;
  if (c.price_known && fits) {
    value_row(app, "res.cost.per_hour", fmt::usd(c.usd_per_hour), "cost.usdPerHour");
    value_row(app, "res.cost.per_million", fmt::usd(c.usd_per_million_tokens),
              "cost.usdPerMillionTokens");
  }
  draw_price_rows(app);
  ImGui::EndTable();
}

void draw_chart(const App& app) {
  const BatchSeries s = batch_series(app.batch_curve);
  if (s.batch.empty()) return;
  const float em = ImGui::GetFontSize();
  widgets::LineChartSpec spec;
  spec.x = s.batch;
  spec.series.push_back({tr("res.speed.series_throughput"), widgets::series_color(0),
                         s.throughput_tokens_per_second});
  spec.series.push_back(
      {tr("res.speed.series_per_user"), widgets::series_color(1), s.decode_tokens_per_second});
  spec.x_label = tr("res.speed.axis_batch");
  spec.y_label = tr("res.speed.axis_tokens");
  std::string marker;
  if (s.max_batch >= 1) {
    spec.marker_x = s.max_batch;
    marker = trf("res.speed.memory_full", {fmt::integer(s.max_batch)});
    spec.marker_label = marker.c_str();
  } else {
    // Not even batch 1 fits: every point is hypothetical.
    spec.marker_x = 0.5;
  }
  spec.highlight_x = app.inputs.inference.batch;
  ImGui::BeginGroup();
  const widgets::ChartHover hover = widgets::line_chart("speed-chart", spec, ImVec2(0, 16 * em));
  ImGui::EndGroup();
  publish_last_item(app, "speed-chart");
  // Names the limit the chart marks, so a browser test can check it against the estimate.
  publish_last_item(app, "speed-chart-memory-full-" + std::to_string(s.max_batch));
  if (hover.series >= 0) {
    const double batch = s.batch[hover.point];
    const bool fits = s.max_batch >= 1 && batch <= s.max_batch;
    std::string head = trf("res.speed.tip_batch", {fmt::integer(batch)}) + "\n" +
                       tr("res.speed.series_throughput") + ": " +
                       tokens_per_second(s.throughput_tokens_per_second[hover.point]) + "\n" +
                       tr("res.speed.series_per_user") + ": " +
                       tokens_per_second(s.decode_tokens_per_second[hover.point]) + "\n" +
                       trf("res.speed.tip_memory", {fmt::bytes(s.per_gpu_bytes[hover.point])});
    if (!fits) head += std::string("\n") + tr("res.speed.tip_no_fit");
    formula_tooltip(app.results,
                    hover.series == 0 ? "inference.throughputTokensPerSecond"
                                      : "inference.decodeTokensPerSecond",
                    head);
  }
}

}  // namespace

void draw_speed(const App& app) {
  if (!section("res.speed.title")) return;
  ImGui::PushID("speed");
  draw_figures(app);
  ImGui::Spacing();
  draw_chart(app);
  ImGui::PopID();
}

}  // namespace app::results
