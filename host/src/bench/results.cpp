#include "results.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <nlohmann/json.hpp>

namespace host {

void print_bench_table(const BenchRun& run) {
  if (run.bandwidth_gbs > 0)
    fmt::print("\nmqlcl bench on {}: copy bandwidth {:.1f} GB/s, FP32 {:.1f} GFLOP/s (measured in this run)\n", run.device,
               run.bandwidth_gbs, run.fp32_gflops);
  else
    fmt::print("\nmqlcl bench on {} (ceilings: the \"ceiling\" rows measured in this run, if any)\n", run.device);
  fmt::print("{:<9} | {:>3} | {:<30} | {:<17} | {:>11} | {:>11} | {:>8} | {:>8} | {}\n", "group", "#", "name", "size", "median ms",
             "rate", "% ceil", "vs st.1", "result");
  fmt::print("{:-<9}-+-{:->3}-+-{:-<30}-+-{:-<17}-+-{:->11}-+-{:->11}-+-{:->8}-+-{:->8}-+-{:-<10}\n", "", "", "", "", "", "", "",
             "", "");
  for (const auto& r : run.rows) {
    if (!r.ok && r.ms == 0) {
      fmt::print("{:<9} | {:>3} | {:<30} | {:<17} | {:>11} | {:>11} | {:>8} | {:>8} | {}\n", r.group, r.id, r.name, r.size, "-", "-",
                 "-", "-", r.note.substr(0, 80));
      continue;
    }
    // A ratio ("x", no time of its own) with three digits; rates with one decimal.
    const std::string rate = r.unit == "x" ? fmt::format("{:>9.3g} x", r.rate)
                                           : fmt::format("{:>6.1f} {:<4}", r.rate, r.unit == "GFLOP/s" ? "GF/s" : r.unit == "steps/s" ? "st/s" : r.unit);
    fmt::print("{:<9} | {:>3} | {:<30} | {:<17} | {:>11} | {:>11} | {:>8} | {:>8} | {}{}\n", r.group, r.id, r.name, r.size,
               r.ms > 0 ? fmt::format("{:.4f}", r.ms) : "-", rate,
               r.pct_ceiling > 0 ? fmt::format("{:.1f}%", r.pct_ceiling) : "-",
               r.speedup > 0 ? fmt::format("{:.1f}x", r.speedup) : "-", r.ok ? "OK" : "WRONG", r.note.empty() ? "" : "; " + r.note);
  }
}

void write_bench_json(const BenchRun& run, const std::string& path) {
  nlohmann::json j;
  j["device"] = run.device;
  j["command"] = run.command;
  j["bandwidth_gbs"] = run.bandwidth_gbs;
  j["fp32_gflops"] = run.fp32_gflops;
  j["rows"] = nlohmann::json::array();
  for (const auto& r : run.rows)
    j["rows"].push_back({{"group", r.group}, {"id", r.id}, {"name", r.name}, {"size", r.size}, {"median_ms", r.ms},
                         {"rate", r.rate}, {"unit", r.unit}, {"pct_ceiling", r.pct_ceiling}, {"speedup_vs_stage1", r.speedup},
                         {"ok", r.ok}, {"note", r.note}});
  std::ofstream(path) << j.dump(2) << "\n";
}

void write_bench_csv(const BenchRun& run, const std::string& path) {
  std::ofstream out(path);
  out << "group,id,name,size,median_ms,rate,unit,pct_ceiling,speedup_vs_stage1,ok,note\n";
  for (const auto& r : run.rows) {
    std::string note = r.note;
    std::replace(note.begin(), note.end(), '"', '\'');
    out << r.group << ',' << r.id << ',' << r.name << ",\"" << r.size << "\"," << r.ms << ',' << r.rate << ',' << r.unit << ','
        << r.pct_ceiling << ',' << r.speedup << ',' << (r.ok ? 1 : 0) << ",\"" << note << "\"\n";
  }
}

void write_ladder_svg(const BenchRun& run, const std::string& size, const std::string& path) {
  std::vector<const BenchRow*> bars;
  double peer = 0, mma = 0, highest = 0;  // mma: the tensor cores' TF32 ceiling, where measured
  for (const auto& r : run.rows) {
    if (r.group == "ceiling" && r.name.rfind("mma.sync TF32", 0) == 0) mma = r.rate;
    if (r.size != size || r.rate <= 0) continue;
    if (r.group == "matmul") bars.push_back(&r), highest = std::max(highest, r.rate);
    if (r.group == "peer" && r.name == "CLBlast SGEMM") peer = r.rate;
  }
  const double top = std::max({run.fp32_gflops, peer, mma, highest, 1.0}) * 2;
  double bottom = top;
  for (const auto* b : bars) bottom = std::min(bottom, b->rate);
  bottom = std::pow(10.0, std::floor(std::log10(std::max(bottom, 1e-3))));
  const int w = 70 + 44 * static_cast<int>(bars.size() + 1), h = 420, plot_top = 40, plot_h = 300;
  auto y = [&](double v) { return plot_top + plot_h * (1 - (std::log10(v) - std::log10(bottom)) / (std::log10(top) - std::log10(bottom))); };
  std::ofstream out(path);
  out << fmt::format("<svg xmlns='http://www.w3.org/2000/svg' width='{}' height='{}' font-family='sans-serif' font-size='11'>\n", w, h);
  out << fmt::format("<text x='10' y='20' font-size='14'>mqlcl matmul ladder, {} on {} (GFLOP/s, log scale)</text>\n", size, run.device);
  for (double v = bottom; v <= top; v *= 10) {
    out << fmt::format("<line x1='60' x2='{}' y1='{:.1f}' y2='{:.1f}' stroke='#ddd'/>", w - 10, y(v), y(v));
    out << fmt::format("<text x='55' y='{:.1f}' text-anchor='end'>{:g}</text>\n", y(v) + 4, v);
  }
  auto line = [&](double v, const char* colour, const std::string& label) {
    if (v <= 0) return;
    out << fmt::format("<line x1='60' x2='{}' y1='{:.1f}' y2='{:.1f}' stroke='{}' stroke-dasharray='6,3'/>", w - 10, y(v), y(v), colour);
    out << fmt::format("<text x='{}' y='{:.1f}' text-anchor='end' fill='{}'>{}</text>\n", w - 12, y(v) - 4, colour, label);
  };
  line(run.fp32_gflops, "#c00", fmt::format("FP32 ceiling {:.0f}", run.fp32_gflops));
  line(peer, "#070", fmt::format("CLBlast SGEMM {:.0f}", peer));
  line(mma, "#80c", fmt::format("mma.sync TF32 ceiling {:.0f}", mma));
  int x = 70;
  for (const auto* b : bars) {
    const double yt = y(b->rate);
    out << fmt::format("<rect x='{}' y='{:.1f}' width='34' height='{:.1f}' fill='{}'/>", x, yt, plot_top + plot_h - yt,
                       b->ok ? "#3a6ea5" : "#a33");
    const std::string label = b->rate >= 100 ? fmt::format("{:.0f}", b->rate) : fmt::format("{:.3g}", b->rate);
    out << fmt::format("<text x='{}' y='{:.1f}' text-anchor='middle' font-size='9'>{}</text>", x + 17, yt - 3, label);
    out << fmt::format("<text x='{}' y='{}' text-anchor='middle'>{}</text>\n", x + 17, plot_top + plot_h + 15, b->id);
    x += 44;
  }
  out << fmt::format("<text x='{}' y='{}' text-anchor='middle'>stage</text>\n", w / 2, plot_top + plot_h + 35);
  out << "</svg>\n";
}

}  // namespace host
