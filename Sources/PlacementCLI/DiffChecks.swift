import PlacementKit

/// The CI checks of `placement diff`: `--fail-on any|reassign|content:<id>` (repeatable) and
/// `--expect equivalent`. Each check gives a verdict; the command exits 1 when one fails.
struct DiffChecks {
  enum Check: Equatable {
    /// Any profile can change decision (a QA override that applies at a placement changed included), or a
    /// placement is added or removed.
    case any
    /// A `reassigns-running-test` finding.
    case reassign
    /// Some profile newly sees this paywall or flow id.
    case content(String)
    /// Not every placement is proved equivalent.
    case equivalent
  }

  let checks: [Check]

  init(failOn: [String], expect: String?) throws(CommandFailure) {
    var checks: [Check] = []
    for value in failOn {
      switch value {
      case "any": checks.append(.any)
      case "reassign": checks.append(.reassign)
      case let text where text.hasPrefix("content:") && text.count > "content:".count:
        checks.append(.content(String(text.dropFirst("content:".count))))
      default:
        throw CommandFailure(.usage, "--fail-on must be any, reassign or content:<id>, found '\(value)'")
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
    /// `any`, `reassign`, `content:<id>` or `equivalent`.
    let check: String
    let failed: Bool
    let reason: String
  }

  func evaluate(_ report: DiffReport, sample: SampleImpact?) -> [Verdict] {
    checks.map { check in
      switch check {
      case .any:
        let changed = report.placements.filter { $0.status == .changed || !$0.overrides.isEmpty }.map(\.name)
        // The placements where the sample saw a change the proof did not (the reasoner can be incomplete).
        let sampled =
          sample.map { impact in
            impact.placements.indices.filter { impact.changedCount($0) > 0 }.map { impact.placements[$0] }
          }?.filter { !changed.contains($0) } ?? []
        let names = changed + report.addedPlacements + report.removedPlacements
        let listed = names.joined(separator: ", ")
          + (sampled.isEmpty ? "" : (names.isEmpty ? "" : "; ") + "in the sample: " + sampled.joined(separator: ", "))
        return Verdict(
          check: "any", failed: !names.isEmpty || !sampled.isEmpty,
          reason: !names.isEmpty || !sampled.isEmpty ? "decisions change (placements: \(listed))" : "no profile changes decision")
      case .reassign:
        let found = report.tests.filter { $0.kind == .reassignsRunningTest }
        return Verdict(
          check: "reassign", failed: !found.isEmpty,
          reason: found.isEmpty
            ? "no running test reassigns profiles"
            : "\(found.count) reassigns-running-test finding\(found.count == 1 ? "" : "s"): "
              + found.map(\.test).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
              .joined(separator: ", "))
      case .content(let id):
        let newly = report.transitions.filter { $0.new.ids.contains(id) && !$0.old.ids.contains(id) }
        let sampled =
          sample.map { impact in
            impact.placements.indices.flatMap { impact.changes($0) }.filter {
              $0.new.ids.contains(id) && !$0.old.ids.contains(id)
            }
            .reduce(0) { $0 + $1.count }
          } ?? 0
        let failed = !newly.isEmpty || sampled > 0
        let places = Set(newly.map(\.placement)).sorted().joined(separator: ", ")
        return Verdict(
          check: "content:\(id)", failed: failed,
          reason: failed
            ? "profiles newly see '\(id)'" + (places.isEmpty ? "" : " at \(places)")
              + (sampled > 0 ? " (\(sampled) of the sample)" : "")
            : "no profile newly sees '\(id)'")
      case .equivalent:
        let open = report.placements.filter { $0.status != .equivalent }
        let failed = !report.isEquivalent
        var parts = open.map { "\($0.name) \($0.status.rawValue)" }
        parts += report.addedPlacements.map { "\($0) added" } + report.removedPlacements.map { "\($0) removed" }
        // An override that applies at no placement (of a test no row holds) is named on its own.
        let placed = Set(report.placements.flatMap { $0.overrides.map(\.target) })
        parts += report.tests.filter { $0.kind == .overridesChanged && !placed.contains($0.test) }
          .map { "an override of \($0.test) changed" }
        return Verdict(
          check: "equivalent", failed: failed,
          reason: failed
            ? "not equivalent: \(parts.joined(separator: ", "))" : "equivalent: no profile can change decision")
      }
    }
  }
}
