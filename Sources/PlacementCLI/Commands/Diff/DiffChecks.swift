import PlacementKit

/// The CI checks of `placement diff`: `--fail-on any|reassign|reassign-ids|config|content:<id>` (repeatable) and
/// `--expect equivalent`. Each check gives a verdict; the command exits 1 when one fails. A check fails closed:
/// a placement with something the diff could not decide (`unknown`, skipped by the time budget, or a changed one
/// with a pair of rows left undecided) fails every check it could hide a failure from.
struct DiffChecks {
  enum Check: Equatable {
    /// Any profile can change decision (a QA override that applies at a placement changed included), or a
    /// placement is added or removed, or a placement is not proved either way.
    case any
    /// A `reassigns-running-test` finding: profiles of a running test see other content.
    case reassign
    /// A `reassigns-running-test` or `variation-renamed` finding: profiles of a running test change variation
    /// id, content or not.
    case reassignIDs
    /// Some profile newly sees this paywall or flow id.
    case content(String)
    /// Not every placement is proved equivalent.
    case equivalent
    /// Some content's remote config changed (``ConfigChange``).
    case config
  }

  let checks: [Check]

  init(failOn: [String], expect: String?) throws(CommandFailure) {
    var checks: [Check] = []
    for value in failOn {
      switch value {
      case "any": checks.append(.any)
      case "reassign": checks.append(.reassign)
      case "reassign-ids": checks.append(.reassignIDs)
      case "config": checks.append(.config)
      case let text where text.hasPrefix("content:") && text.count > "content:".count:
        checks.append(.content(String(text.dropFirst("content:".count))))
      default:
        throw CommandFailure(
          .usage, "--fail-on must be any, reassign, reassign-ids, config or content:<id>, found '\(value)'")
      }
    }
    if let expect {
      guard expect == "equivalent" else {
        throw CommandFailure(.usage, "--expect must be 'equivalent', found '\(expect)'")
      }
      checks.append(.equivalent)
    }
    self.checks = checks
  }

  /// The outcome of one check.
  struct Verdict {
    /// `any`, `reassign`, `reassign-ids`, `config`, `content:<id>` or `equivalent`.
    let check: String
    let failed: Bool
    let reason: String
  }

  func evaluate(_ report: DiffReport, sample: SampleImpact?) -> [Verdict] {
    checks.map { check in
      switch check {
      case .any: Self.any(report, sample: sample)
      case .reassign: Self.reassign(report, kinds: [.reassignsRunningTest], check: "reassign")
      case .reassignIDs:
        Self.reassign(report, kinds: [.reassignsRunningTest, .variationRenamed], check: "reassign-ids")
      case .content(let id): Self.content(id, report, sample: sample)
      case .equivalent: Self.equivalent(report)
      case .config: Self.config(report)
      }
    }
  }

  /// The placements not proved either way, with why: `p (unknown: old row 0 'a' → new row 0 'a': …)`.
  static func undecided(_ placements: [PlacementDiff]) -> String {
    placements.map { placement in
      let first = placement.undecided.first.map { ": \($0)" } ?? ""
      let more = placement.undecided.count > 1 ? "; and \(placement.undecided.count - 1) more" : ""
      return "\(placement.name) (\(placement.status.rawValue)\(first)\(more))"
    }.joined(separator: ", ")
  }

  /// The placements with something left undecided: every `unknown` or skipped one, and a changed one (or one
  /// whose overrides changed) with a pair of rows the search neither proved nor found a witness for, which may
  /// hide another change.
  static func open(_ report: DiffReport) -> [PlacementDiff] {
    report.placements.filter { !$0.undecided.isEmpty }
  }

  static func any(_ report: DiffReport, sample: SampleImpact?) -> Verdict {
    let changed = report.placements.filter { $0.status == .changed || !$0.overrides.isEmpty }.map(\.name)
    // The placements where the sample saw a change the proof did not (the reasoner can be incomplete).
    let sampled =
      sample.map { impact in
        impact.placements.indices.filter { impact.changedCount($0) > 0 }.map { impact.placements[$0] }
      }?.filter { !changed.contains($0) } ?? []
    let names = changed + report.addedPlacements + report.removedPlacements
    let open = Self.open(report).filter { !sampled.contains($0.name) && !changed.contains($0.name) }
    var parts: [String] = []
    if !names.isEmpty || !sampled.isEmpty {
      parts.append(
        "decisions change (placements: " + names.joined(separator: ", ")
          + (sampled.isEmpty ? "" : (names.isEmpty ? "" : "; ") + "in the sample: " + sampled.joined(separator: ", "))
          + ")")
    }
    if !open.isEmpty { parts.append("not proved equivalent: \(undecided(open))") }
    return Verdict(
      check: "any", failed: !parts.isEmpty,
      reason: parts.isEmpty ? "no profile changes decision" : parts.joined(separator: "; "))
  }

  static func reassign(_ report: DiffReport, kinds: Set<TestFinding.Kind>, check: String) -> Verdict {
    let found = report.tests.filter { kinds.contains($0.kind) }
    let names = found.map(\.test).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
    // A placement not proved either way may take profiles out of a running test it holds.
    let open = Self.open(report).filter { !$0.runningTests.isEmpty }
    var parts: [String] = []
    if !found.isEmpty {
      let kind = kinds.count == 1 ? "reassigns-running-test" : "reassignment or rename"
      parts.append("\(found.count) \(kind) finding\(found.count == 1 ? "" : "s"): " + names.joined(separator: ", "))
    }
    if !open.isEmpty {
      parts.append(
        "not proved that no profile leaves a running test: "
          + open.map { "\($0.name) holds \($0.runningTests.joined(separator: ", "))" }.joined(separator: "; ")
          + " (\(undecided(open)))")
    }
    let quiet = kinds.count == 1 ? "no running test reassigns profiles" : "no running test reassigns or renames"
    return Verdict(check: check, failed: !parts.isEmpty, reason: parts.isEmpty ? quiet : parts.joined(separator: "; "))
  }

  static func content(_ id: String, _ report: DiffReport, sample: SampleImpact?) -> Verdict {
    let newly = report.transitions.filter { $0.new.ids.contains(id) && !$0.old.ids.contains(id) }
    let sampled =
      sample.map { impact in
        impact.placements.indices.flatMap { impact.changes($0) }.filter {
          $0.new.ids.contains(id) && !$0.old.ids.contains(id)
        }
        .reduce(0) { $0 + $1.count }
      } ?? 0
    // A placement not proved either way that can show the id may show it to new profiles.
    let open = Self.open(report).filter { $0.newContentIDs.contains(id) }
    let failed = !newly.isEmpty || sampled > 0 || !open.isEmpty
    let places = Set(newly.map(\.placement)).sorted().joined(separator: ", ")
    var reason =
      !newly.isEmpty || sampled > 0
      ? "profiles newly see '\(id)'" + (places.isEmpty ? "" : " at \(places)")
        + (sampled > 0 ? " (\(sampled) of the sample)" : "")
      : ""
    if !open.isEmpty {
      reason += (reason.isEmpty ? "" : "; ") + "not proved that no profile newly sees '\(id)': \(undecided(open))"
    }
    return Verdict(check: "content:\(id)", failed: failed, reason: failed ? reason : "no profile newly sees '\(id)'")
  }

  static func equivalent(_ report: DiffReport) -> Verdict {
    let failed = !report.isEquivalent
    var parts = report.placements.filter { $0.status != .equivalent && $0.status != .unknown && $0.status != .skipped }
      .map { "\($0.name) \($0.status.rawValue)" }
    let open = Self.open(report).filter { $0.status == .unknown || $0.status == .skipped }
    if !open.isEmpty { parts.append(undecided(open)) }
    parts += report.addedPlacements.map { "\($0) added" } + report.removedPlacements.map { "\($0) removed" }
    // An override that applies at no placement (of a test no row holds) is named on its own.
    let placed = Set(report.placements.flatMap { $0.overrides.map(\.target) })
    parts += report.tests.filter { $0.kind == .overridesChanged && !placed.contains($0.test) }
      .map { "an override of \($0.test) changed" }
    return Verdict(
      check: "equivalent", failed: failed,
      reason: failed ? "not equivalent: \(parts.joined(separator: ", "))" : "equivalent: no profile can change decision"
    )
  }
}
