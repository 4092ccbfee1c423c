import PlacementKit

extension Service {
  /// `GET /v1/rules`: what is served and how fresh it is, ``RulesStatus/jsonValue(at:)``'s members and the
  /// server's, keys sorted (docs/Serve.md, "Probes and the manifest"); 503 before rules are loaded.
  ///
  /// ```json
  /// {"cache_error": null, "consecutive_failures": 0, "failures": 0, "installed_at": "2026-12-03T10:00:00.000Z",
  ///  "last_check": null, "last_error": null, "last_success": "2026-12-03T10:00:00.000Z",
  ///  "placements": ["onboarding_end", …], "reload_failures": 0, "reloads": 0, "revision": "c256b63",
  ///  "rules_version": "35bffb338311", "served_from_cache": false, "source": "rules.bundle",
  ///  "staleness_seconds": 0, "started_at": "…", "tool_version": "0.1.0", "version": 1}
  /// ```
  func manifest() -> HTTPResponse {
    guard let (snapshot, status) = rules.consistentStatus, case .object(var members) = status.jsonValue(at: .now)
    else {
      return ServiceError.rulesNotLoaded(rules.unavailable ?? "").response
    }
    let counts = rules.reloadCounts
    members["placements"] = .array(snapshot.ruleSet.placementNames.map(JSONValue.string))
    members["reloads"] = .number(Double(counts.attempted))
    members["reload_failures"] = .number(Double(counts.failed))
    members["tool_version"] = .string(options.toolVersion)
    members["started_at"] = .string(startedAt.iso8601)
    var json = JSONWriter(reservingCapacity: 1_024)
    json.value(.object(members), sortedKeys: true)
    return HTTPResponse(status: 200, fields: [HTTPResponse.jsonContentType], body: json.bytes + [0x0A])
  }

  /// `GET /metrics`: the Prometheus text exposition format, version 0.0.4 (docs/Serve.md, "Metrics").
  func metricsPage() -> HTTPResponse {
    var counters = MetricsShard.Counters()
    for shard in shards { counters.add(shard.snapshot) }
    var page = MetricsPage()
    page.family("placement_http_requests_total", "counter", "HTTP responses sent, by route and status.")
    for (key, count) in counters.requests.sorted(by: {
      ($0.key.route.rawValue, $0.key.status) < ($1.key.route.rawValue, $1.key.status)
    }) {
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
    for (key, count) in counters.decisions.sorted(by: {
      ($0.key.placement, $0.key.reason.rawValue) < ($1.key.placement, $1.key.reason.rawValue)
    }) {
      page.sample("placement_decisions_total", ["placement": key.placement, "reason": key.reason.rawValue], count)
    }
    rulesMetrics(&page)
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

extension Service {
  /// The rules' families: reloads and their failures, whether rules are loaded, which (an info metric), since
  /// when, and how fresh (``RulesStatus``).
  func rulesMetrics(_ page: inout MetricsPage) {
    let reloads = rules.reloadCounts
    page.family("placement_rules_reloads_total", "counter", "Rules reloads attempted.")
    page.sample("placement_rules_reloads_total", [:], reloads.attempted)
    page.family(
      "placement_rules_reload_failures_total", "counter",
      "Rules reloads that installed nothing: the source could not be read or reached, its bundle was refused, "
        + "or its rules had errors.")
    page.sample("placement_rules_reload_failures_total", [:], reloads.failed)
    let status = rules.status
    page.family("placement_rules_loaded", "gauge", "1 once rules are loaded (the server is ready), else 0.")
    page.sample("placement_rules_loaded", [:], status == nil ? 0 : 1)
    guard let status else { return }
    page.family("placement_rules_info", "gauge", "The rules served: always 1, the labels say which.")
    page.sample(
      "placement_rules_info",
      [
        "rules_version": status.rulesVersion, "revision": status.revision ?? "",
        "source": status.source?.description ?? "",
      ], 1)
    page.family("placement_rules_loaded_timestamp_seconds", "gauge", "When the rules served were installed.")
    page.sample("placement_rules_loaded_timestamp_seconds", [:], Self.seconds(status.installedAt))
    if let success = status.lastSuccess {
      page.family(
        "placement_rules_last_success_timestamp_seconds", "gauge",
        "When the source last confirmed or gave the rules served.")
      page.sample("placement_rules_last_success_timestamp_seconds", [:], Self.seconds(success))
    }
    page.family(
      "placement_rules_staleness_seconds", "gauge",
      "Seconds since the source last confirmed the rules served (or since they were installed).")
    page.sample("placement_rules_staleness_seconds", [:], Int(status.staleness().components.seconds))
    page.family(
      "placement_rules_consecutive_failures", "gauge", "Polls of the source that failed since the last success.")
    page.sample("placement_rules_consecutive_failures", [:], status.consecutiveFailures)
    page.family(
      "placement_rules_served_from_cache", "gauge",
      "1 while the rules served are the cached bundle loaded at start because the source was down.")
    page.sample("placement_rules_served_from_cache", [:], status.servedFromCache ? 1 : 0)
  }

  static func seconds(_ instant: Instant) -> String {
    MetricsPage.number(Double(instant.millisecondsSince1970) / 1000)
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
