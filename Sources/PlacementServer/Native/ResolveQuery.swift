import PlacementKit

/// The query of `POST /v1/resolve` and `/v1/resolve/batch`: `placements` (comma-separated, repeatable; default
/// every placement), `explain` (`true`, `false`, `1`, `0`, or empty for true), `now` (an ISO-8601 instant; only
/// when the server allows it), `default_audience` (as `explain`: decide by each placement's default row,
/// ``ResolveOptions/defaultAudience``).
struct ResolveQuery: Sendable {
  let placements: [String]?
  let explain: Bool
  let now: Instant?
  var defaultAudience = false

  static let names = ["placements", "explain", "now", "default_audience"]

  /// Reads `query`, or returns the error to answer with (400).
  static func parse(_ query: String?, allowNow: Bool) -> Result<ResolveQuery, ServiceError> {
    guard let parsed = Query(query) else {
      return .failure(.badQuery("the query has a malformed %-escape or is not UTF-8"))
    }
    var placements: [String]?
    var explain = false
    var now: Instant?
    var defaultAudience = false
    for (name, value) in parsed.parameters {
      switch name {
      case "placements":
        placements = (placements ?? []) + value.split(separator: ",").map { String($0) }
      case "explain":
        switch value {
        case "", "true", "1": explain = true
        case "false", "0": explain = false
        default: return .failure(.badQuery("explain must be true or false, found '\(value)'"))
        }
      case "default_audience":
        switch value {
        case "", "true", "1": defaultAudience = true
        case "false", "0": defaultAudience = false
        default: return .failure(.badQuery("default_audience must be true or false, found '\(value)'"))
        }
      case "now":
        guard allowNow else {
          return .failure(.badQuery("now is not accepted: start placement serve with --allow-now to pin the clock"))
        }
        guard let instant = Instant(iso8601: value) else {
          return .failure(
            .badQuery("now must be an ISO-8601 instant with an offset (e.g. 2026-11-30T12:00:00Z), found '\(value)'"))
        }
        now = instant
      default:
        let hint = Suggestions.closest(to: name, in: names).map { "; did you mean '\($0)'?" } ?? ""
        return .failure(.badQuery("unknown query parameter '\(name)'\(hint)"))
      }
    }
    var query = ResolveQuery(placements: placements, explain: explain, now: now)
    query.defaultAudience = defaultAudience
    return .success(query)
  }

  /// The handles of the placements asked for, each once, in the order asked (default: all, in declaration
  /// order), or the error for an unknown one (404).
  func handles(in ruleSet: RuleSet) -> Result<[PlacementHandle], ServiceError> {
    guard let placements else { return .success(ruleSet.placementHandles) }
    var handles: [PlacementHandle] = []
    for name in placements {
      guard let handle = ruleSet.placementHandle(named: name) else {
        let error = ResolveError.unknownPlacement(
          name, known: ruleSet.placementNames, suggestion: Suggestions.closest(to: name, in: ruleSet.placementNames))
        return .failure(.unknownPlacement(error.description))
      }
      if !handles.contains(handle) { handles.append(handle) }
    }
    return .success(handles)
  }

  func options(at clock: Instant) -> ResolveOptions {
    var options = ResolveOptions(now: now ?? clock, explain: explain)
    options.defaultAudience = defaultAudience
    return options
  }
}
