import PlacementKit

/// Writes a batch's text decisions (`--format text` without `--explain`) into the chunk's buffer from index
/// resolutions: a decision's line depends on its placement, row, variation and reason alone, so it is rendered
/// (``DecisionOutput/decisionLine(_:)`` through `displayRuleText`) once per chunk for each, then copied; an
/// exposure line is its test row and variation's rendered head, then its bucket and outcome. A profile with
/// warnings, or without a usable `profile_id` (its decisions may add warnings), and a decision by an override or
/// by no row, take ``DecisionOutput/text(_:)`` of the ``Decision``. The bytes are that function's in every case
/// (BatchTextOutputTests).
struct DecisionTextWriter {
  let ruleSet: RuleSet
  let output: DecisionOutput
  let placements: [PlacementHandle]
  /// Per placement position: the index of its row 0 in ``lines`` and ``exposureHeads``.
  private let rowStart: [Int]
  /// Per row of each placement: the decision lines rendered so far, by variation (-1 for none) and reason.
  private var lines: [[(variation: Int32, reason: DecisionReason, bytes: [UInt8])]]
  /// Per row of each placement: the exposure heads rendered so far, by variation.
  private var exposureHeads: [[(variation: Int32, bytes: [UInt8])]]
  /// Whether the rule set declares contents with remote configs.
  private let hasConfigs: Bool

  init(ruleSet: RuleSet, output: DecisionOutput, placements: [PlacementHandle]) {
    (self.ruleSet, self.output, self.placements) = (ruleSet, output, placements)
    var start = 0
    rowStart = placements.map { placement in
      defer { start += ruleSet.placements[placement.index].rows.count }
      return start
    }
    lines = Array(repeating: [], count: start)
    exposureHeads = Array(repeating: [], count: start)
    hasConfigs = !ruleSet.contents.isEmpty
  }

  /// Writes the header and the decisions of input line `number` for `profile` (bound from `line`, forced),
  /// resolving every placement in order, sharing `memo` (reset here) between them; `drew` gets each position
  /// whose run drew a test, with its trail and the profile (the exposure log, sticky assignments).
  mutating func write(
    profile: BoundProfile, line number: Int, bytes line: UnsafeBufferPointer<UInt8>, now: Instant,
    memo: inout SegmentMemo, trail: inout ExposureTrail, to out: inout JSONWriter,
    drew: (_ position: Int, _ trail: ExposureTrail, _ profile: BoundProfile) -> Void
  ) {
    writeHeader(profile, line: number, bytes: line, to: &out)
    let profile = ruleSet.decidingPrerequisites(profile, now: now)
    // Warnings are shown above the lead placement's decision; a profile without a usable id may get more.
    let plain = profile.warnings.isEmpty && profile.bucketingID != nil
    memo.reset()
    for (position, placement) in placements.enumerated() {
      trail.reset()
      let resolution = ruleSet.resolution(placement.index, for: profile, now: now, memo: &memo, observer: &trail)
      // A decision's config depends on the profile's locale: such rule sets take the decision's own text.
      if plain, resolution.rowDecided, !resolution.overrideDecided, !hasConfigs {
        writeDecision(resolution, trail: trail, position: position, profile: profile, to: &out)
      } else {
        out.raw(utf8: output.text(ruleSet.decision(resolution, trail: trail, for: profile, explanation: nil)))
      }
      if !trail.draws.isEmpty { drew(position, trail, profile) }
    }
  }

  /// `profile <id> (line n):` (``DecisionOutput/profileHeader(_:line:)``); an id that is its own bytes in the
  /// line, printable ASCII and at most 60 characters, is what escaping leaves unchanged, and is copied.
  private func writeHeader(
    _ profile: BoundProfile, line number: Int, bytes line: UnsafeBufferPointer<UInt8>, to out: inout JSONWriter
  ) {
    if let source = profile.profileIDSource, source.count <= 62 {
      let id = UnsafeBufferPointer(rebasing: line[(source.lowerBound + 1)..<(source.upperBound - 1)])
      if id.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
        out.raw("profile ")
        out.raw(buffer: id)
        out.raw(" (line ")
        out.rawInteger(number)
        out.raw("):\n")
        return
      }
    }
    out.raw(utf8: output.profileHeader(profile.profileID, line: number))
  }

  /// The decision line of `resolution` (a row decided) and its exposure lines, for a profile without warnings
  /// and with a usable id.
  private mutating func writeDecision(
    _ resolution: Resolution, trail: ExposureTrail, position: Int, profile: BoundProfile, to out: inout JSONWriter
  ) {
    let slot = rowStart[position] + Int(resolution.row)
    let reason = ruleSet.reason(resolution)
    if let cached = lines[slot].first(where: { $0.variation == resolution.variation && $0.reason == reason }) {
      out.raw(bytes: cached.bytes)
    } else {
      let decision = ruleSet.decision(resolution, trail: ExposureTrail(), for: profile, explanation: nil)
      let bytes = Array((displayRuleText(output.decisionLine(decision)) + "\n").utf8)
      lines[slot].append((resolution.variation, reason, bytes))
      out.raw(bytes: bytes)
    }
    guard !trail.draws.isEmpty else { return }
    let rows = ruleSet.placements[Int(resolution.placement)].rows
    for tried in trail.draws {
      guard case .test(let test) = rows[Int(tried.row)].content else { continue }
      let exposure = RuleSet.exposure(test, tried.draw, fellThrough: tried.fellThrough)
      let headSlot = rowStart[position] + Int(tried.row)
      if let head = exposureHeads[headSlot].first(where: { $0.variation == tried.draw.variation }) {
        out.raw(bytes: head.bytes)
      } else {
        let bytes = Array(displayRuleText(DecisionOutput.exposureHead(exposure)).utf8)
        exposureHeads[headSlot].append((tried.draw.variation, bytes))
        out.raw(bytes: bytes)
      }
      DecisionOutput.writeExposureTail(bucket: exposure.bucket, exposure.outcome, to: &out)
      out.raw("\n")
    }
  }
}
