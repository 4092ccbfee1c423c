// The native floor of an event line: simdjson On-Demand reads profile_id, country, app_version, and every event's
// name, `at` (a fixed-shape ISO 8601 instant turned into milliseconds) and, for events named "shown", its
// properties; counts events per name in a 7-day window; writes one small JSON line per profile.
#include <simdjson.h>
#include <cstdio>
#include <string>
static long long days_from_civil(long long y, unsigned m, unsigned d) {
  y -= m <= 2; const long long era = (y >= 0 ? y : y - 399) / 400; const unsigned yoe = (unsigned)(y - era * 400);
  const unsigned doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1; const unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return era * 146097 + (long long)doe - 719468;
}
static int two(std::string_view s, size_t i) { return (s[i] - '0') * 10 + (s[i + 1] - '0'); }
static long long iso(std::string_view s) {
  if (s.size() != 20) return -1;
  long long y = two(s, 0) * 100 + two(s, 2);
  return (days_from_civil(y, two(s, 5), two(s, 8)) * 86400 + two(s, 11) * 3600 + two(s, 14) * 60 + two(s, 17)) * 1000;
}
int main(int argc, char** argv) {
  simdjson::padded_string data;
  if (simdjson::padded_string::load(argv[1]).get(data)) return 65;
  FILE* out = std::fopen("/dev/null", "w");
  simdjson::ondemand::parser parser;
  simdjson::ondemand::document_stream docs;
  if (parser.iterate_many(data).get(docs)) return 65;
  const long long now = iso("2026-11-30T00:00:00Z"), week = 7LL * 86400 * 1000;
  std::string line;
  for (auto doc : docs) {
    std::string_view id, country, version;
    long long opens = 0, shown = 0;
    simdjson::ondemand::object obj;
    if (doc.get_object().get(obj)) continue;
    for (auto field : obj) {
      std::string_view key = field.unescaped_key();
      if (key == "profile_id") field.value().get_string().get(id) ? void() : void();
      else if (key == "country") field.value().get_string().get(country) ? void() : void();
      else if (key == "app_version") field.value().get_string().get(version) ? void() : void();
      else if (key == "events") {
        simdjson::ondemand::array events;
        if (field.value().get_array().get(events)) continue;
        for (auto e : events) {
          std::string_view name, at, placement, content;
          simdjson::ondemand::object eo;
          if (e.get_object().get(eo)) continue;
          for (auto ef : eo) {
            std::string_view k = ef.unescaped_key();
            if (k == "name") ef.value().get_string().get(name) ? void() : void();
            else if (k == "at") ef.value().get_string().get(at) ? void() : void();
            else if (k == "properties") {
              simdjson::ondemand::object po;
              if (ef.value().get_object().get(po)) continue;
              for (auto pf : po) {
                std::string_view pk = pf.unescaped_key();
                if (pk == "placement") pf.value().get_string().get(placement) ? void() : void();
                else if (pk == "content") pf.value().get_string().get(content) ? void() : void();
              }
            }
          }
          long long t = iso(at);
          if (t > now || t < now - week) continue;
          if (name == "app_open") ++opens;
          else if (name == "shown" && placement == "main_paywall" && content == "winback") ++shown;
        }
      }
    }
    line.assign("{\"placement\":\"main_paywall\",\"profile_id\":\""); line.append(id);
    line.append(opens >= 5 ? "\",\"content\":\"engaged\"}\n" : (shown >= 3 ? "\",\"content\":\"capped\"}\n" : "\",\"content\":\"standard\"}\n"));
    std::fwrite(line.data(), 1, line.size(), out);
  }
}
