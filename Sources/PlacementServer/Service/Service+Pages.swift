import PlacementKit

extension Service {
  /// `GET /v1/rules`: what is served.
  ///
  /// ```json
  /// {"rules_version": "35bffb338311", "revision": "c256b63", "source": "rules.bundle",
  ///  "loaded_at": "2026-12-03T10:00:00.000Z", "store_version": 1, "placements": ["onboarding_end", …],
  ///  "reloads": 0, "reload_failures": 0, "tool_version": "0.1.0", "started_at": "…"}
  /// ```
  func manifest() -> HTTPResponse {
    let (snapshot, provenance) = rules.current
    let counts = rules.reloadCounts
    var json = JSONWriter(reservingCapacity: 512)
    json.beginObject()
    json.key("rules_version")
    json.value(snapshot.ruleSet.version)
    json.key("revision")
    if let revision = provenance.revision { json.value(revision) } else { json.null() }
    json.key("source")
    json.value(provenance.source)
    json.key("loaded_at")
    json.value(provenance.loadedAt.iso8601)
    json.key("store_version")
    json.value(snapshot.version)
    json.key("placements")
    json.beginArray()
    for name in snapshot.ruleSet.placementNames { json.value(name) }
    json.endArray()
    json.key("reloads")
    json.value(counts.attempted)
    json.key("reload_failures")
    json.value(counts.failed)
    json.key("tool_version")
    json.value(options.toolVersion)
    json.key("started_at")
    json.value(startedAt.iso8601)
    json.endObject()
    return HTTPResponse(status: 200, fields: [HTTPResponse.jsonContentType], body: json.bytes + [0x0A])
  }

  /// `GET /metrics`: the Prometheus text exposition format, version 0.0.4 (docs/Serve.md, "Metrics").
  func metricsPage() -> HTTPResponse {
    var counters = MetricsShard.Counters()
    for shard in shards { counters.add(shard.snapshot) }
    let (snapshot, provenance) = rules.current
    var page = MetricsPage()
    page.family("placement_http_requests_total", "counter", "HTTP responses sent, by route and status.")
    for (key, count) in counters.requests.sorted(by: { ($0.key.route.rawValue, $0.key.status) < ($1.key.route.rawValue, $1.key.status) }) {
      page.sample("placement_http_requests_total", ["route": key.route.label, "status": String(key.status)], count)
    }
    page.family(
      "placement_http_request_duration_seconds", "histogram",
      "Time from a request's last byte read to its response queued, by route.")
    for route in Route.allCases {
      let buckets = counters.latency[route.rawValue]
      let total = buckets.reduce(0, +)
      guard total > 0 else { continue }
      var cumulated = 0
      for (index, bound) in Metrics.latencyBounds.enumerated() {
        cumulated += buckets[index]
        page.sample(
          "placement_http_request_duration_seconds_bucket", ["route": route.label, "le": MetricsPage.number(bound)],
          cumulated)
      }
      page.sample("placement_http_request_duration_seconds_bucket", ["route": route.label, "le": "+Inf"], total)
      page.sample(
        "placement_http_request_duration_seconds_sum", ["route": route.label],
        MetricsPage.number(counters.latencySum[route.rawValue]))
      page.sample("placement_http_request_duration_seconds_count", ["route": route.label], total)
    }
    page.family("placement_decisions_total", "counter", "Decisions made, by placement and reason.")
    for (key, count) in counters.decisions.sorted(by: { ($0.key.placement, $0.key.reason.rawValue) < ($1.key.placement, $1.key.reason.rawValue) }) {
      page.sample("placement_decisions_total", ["placement": key.placement, "reason": key.reason.rawValue], count)
    }
    let reloads = rules.reloadCounts
    page.family("placement_rules_reloads_total", "counter", "Rules reloads attempted.")
    page.sample("placement_rules_reloads_total", [:], reloads.attempted)
    page.family(
      "placement_rules_reload_failures_total", "counter",
      "Rules reloads that installed nothing: the rules could not be read or had errors.")
    page.sample("placement_rules_reload_failures_total", [:], reloads.failed)
    page.family("placement_rules_info", "gauge", "The rules served: always 1, the labels say which.")
    page.sample(
      "placement_rules_info",
      ["rules_version": snapshot.ruleSet.version, "revision": provenance.revision ?? "", "source": provenance.source], 1)
    page.family("placement_rules_loaded_timestamp_seconds", "gauge", "When the rules served were installed.")
    page.sample(
      "placement_rules_loaded_timestamp_seconds", [:],
      MetricsPage.number(Double(provenance.loadedAt.millisecondsSince1970) / 1000))
    page.family("placement_http_connections_open", "gauge", "Connections open now.")
    page.sample("placement_http_connections_open", [:], connections.open.load(ordering: .relaxed))
    page.family("placement_http_connections_total", "counter", "Connections accepted (refused ones included).")
    page.sample("placement_http_connections_total", [:], connections.accepted.load(ordering: .relaxed))
    page.family("placement_http_connections_refused_total", "counter", "Connections refused at the connection limit.")
    page.sample("placement_http_connections_refused_total", [:], connections.refused.load(ordering: .relaxed))
    page.family("placement_http_connections_timed_out_total", "counter", "Connections closed by a timeout.")
    page.sample("placement_http_connections_timed_out_total", [:], connections.timedOut.load(ordering: .relaxed))
    return HTTPResponse(
      status: 200, fields: [(name: "Content-Type", value: "text/plain; version=0.0.4; charset=utf-8")],
      body: Array(page.text.utf8))
  }
}

/// Text in the Prometheus exposition format: `# HELP` and `# TYPE` lines, then samples with escaped labels.
struct MetricsPage {
  private(set) var text = ""

  mutating func family(_ name: String, _ type: String, _ help: String) {
    text += "# HELP \(name) \(help)\n# TYPE \(name) \(type)\n"
  }

  mutating func sample(_ name: String, _ labels: KeyValuePairs<String, String>, _ value: Int) {
    sample(name, labels, String(value))
  }

  mutating func sample(_ name: String, _ labels: KeyValuePairs<String, String>, _ value: String) {
    text += name
    if labels.count > 0 {
      text += "{" + labels.map { "\($0.key)=\"\(Self.escaped($0.value))\"" }.joined(separator: ",") + "}"
    }
    text += " \(value)\n"
  }

  /// A label value with `\`, `"` and line feeds escaped.
  static func escaped(_ value: String) -> String {
    var result = ""
    for character in value {
      switch character {
      case "\\": result += "\\\\"
      case "\"": result += "\\\""
      case "\n": result += "\\n"
      default: result.append(character)
      }
    }
    return result
  }

  /// A number as Prometheus reads it (`0.00025`, `1`, `1764460800.5`).
  static func number(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : "\(value)"
  }
}
