/// Writes the decision JSON of index ``Resolution``s straight from fragments encoded once per rule set: the
/// batch hot path, with no ``Decision`` value, no string building and no allocation per decision once the
/// writer's buffer has grown. A class, so that the batch loop holds it without copying its fragments per line.
/// The bytes are those of ``Decision/write(to:)`` (ProgramDifferentialTests and DecisionJSONTests compare them).
package final class DecisionEncoder: Sendable {
  let ruleSet: RuleSet
  /// Per placement position (as the caller numbers its placements): `{"placement":"<name>","profile_id":`.
  private let heads: DecisionFragments
  /// Per position, per row: the audience, content, `ab_test` null and `,"reason":"…","exposures":[` JSON of a
  /// decision by that row; for a test row, one fragment per variation, ending just before the bucket's value.
  private let rows: DecisionFragments
  /// Per position, per row that is no test: its ``rows`` fragment closed as a decision with no exposure and no
  /// warning ends, `…"exposures":[],"warnings":[]}`, so that the common line is three copies (empty for a test row).
  private let closedRows: DecisionFragments
  /// Per position, per test row, per variation: `},"reason":"…","exposures":[`, what follows the bucket.
  private let testTails: DecisionFragments
  /// Per position, per row, per variation of a test row: the exposure's JSON up to its bucket's value,
  /// `{"test":…,"version_id":…,"variation":…,"bucket":` (empty for a row that is no test).
  private let exposureHeads: DecisionFragments
  /// Per position: whether any row is a test (a profile without `profile_id` then gets warnings, and only then
  /// can a resolution expose the profile: see ``writeLines(profile:profileID:now:memo:trail:to:drew:)``).
  private let hasTests: [Bool]
  /// Per position: the placement's index in ``RuleSet/placements``.
  private let indices: [Int]
  /// Per position: whether a row shows a content with a remote config. Such a decision's JSON depends on the
  /// profile's locale, so it is never written as a common line: ``rows`` then ends after `content` and
  /// ``afterConfigs`` holds the rest, with the chosen locale's pre-encoded config copied between.
  private let hasConfigs: [Bool]
  /// Per position, per row, per variation, flat in the order of ``rows``'s fragments
  /// (``DecisionFragments/index(position:row:variation:)``): the index in ``RuleSet/contents`` of the content whose
  /// config the decision carries, or -1.
  private let configContents: [Int]
  /// Per content (index in ``RuleSet/contents``), per config: `,"config":…,"locale":"…"`
  /// (``LocaleConfig/fragment``), and the locale's bytes, read in place on the hot path.
  private let configFragments: DecisionFragments
  private let configLocales: DecisionFragments
  /// Per content: how many configs it has, and the index of its default locale's.
  private let configCounts: [Int]
  private let defaultConfigs: [Int]
  /// Per position, per row, per variation with a config: ``rows``'s fragment from `,"ab_test":` on.
  private let afterConfigs: DecisionFragments
  /// Per position, per row: the bytes of the common reason (`,"reason":"TARGETING_MATCH","exposures":[`) that end
  /// the fragments of a row that is no test; 0 for a test's row, whose reason no skipped row changes.
  private let reasonLengths: [[Int]]

  /// Fragments for the placements at `placements` (indices into ``RuleSet/placements``), in the caller's order.
  package init(ruleSet: RuleSet, placements: [Int]) {
    self.ruleSet = ruleSet
    indices = placements
    var json = JSONWriter(reservingCapacity: 256)
    heads = DecisionFragments(
      placements.map { index in
        json.removeAll()
        json.raw(#"{"placement":"#)
        json.rawString(ruleSet.placements[index].name)
        json.raw(#","profile_id":"#)
        return [[json.bytes]]
      })
    func perVariation<T>(_ index: Int, _ body: (_ row: Int, _ draw: Draw?) -> T) -> [[T]] {
      ruleSet.placements[index].rows.indices.map { row in
        guard case .test(let test) = ruleSet.placements[index].rows[row].content else { return [body(row, nil)] }
        return test.variations.indices.map {
          body(row, Draw(variation: Int32($0), bucket: Draw.noBucket, source: .drawn))
        }
      }
    }
    let configContents = placements.map { index in
      perVariation(index) { row, draw in
        let resolution = Resolution(placement: Int32(index), row: Int32(row), draw: draw)
        let (content, _) = RuleSet.content(ruleSet.placements[index].rows[row].content, resolution.draw)
        return ruleSet.configContent(of: RuleSet.shown(content)) ?? -1
      }
    }
    let hasConfigs = configContents.map { $0.contains { $0.contains { $0 >= 0 } } }
    self.configContents = configContents.flatMap { $0.flatMap { $0 } }
    self.hasConfigs = hasConfigs
    configFragments = DecisionFragments(ruleSet.contents.map { $0.configs.map { [$0.fragment] } })
    configLocales = DecisionFragments(ruleSet.contents.map { $0.configs.map { [Array($0.locale.utf8)] } })
    configCounts = ruleSet.contents.map(\.configs.count)
    defaultConfigs = ruleSet.contents.map(\.defaultIndex)
    /// The middle of a decision without its config, cut where the config goes when the decision has one.
    func middle(_ decision: Decision, position: Int, row: Int, variation: Int) -> (head: [UInt8], tail: [UInt8]) {
      var bare = decision
      bare.config = nil
      json.removeAll()
      bare.writeMiddle(to: &json)
      let bytes = json.bytes
      guard hasConfigs[position], configContents[position][row][variation] >= 0 else { return (bytes, []) }
      // `},"ab_test":` cannot occur inside a JSON string (its quotes would be escaped): the first one ends content.
      let marker = Array(#"},"ab_test":"#.utf8)
      let cut = (0...(bytes.count - marker.count)).first { bytes[$0..<$0 + marker.count].elementsEqual(marker) }! + 1
      return (Array(bytes[..<cut]), Array(bytes[cut...]))
    }
    // The reason a fragment holds is that of the common case: a drawn variation (or no test) and no row
    // skipped above; ``write`` replaces it (``reasonLengths``) after a skipped row, and takes the general path
    // for the other cases.
    func reason(_ index: Int, _ row: Int, _ draw: Draw?) -> [UInt8] {
      var reason = JSONWriter(reservingCapacity: 64)
      let code = ruleSet.reason(Resolution(placement: Int32(index), row: Int32(row), draw: draw))
      Decision.writeExperiment(reason: code, exposures: [], to: &reason)
      return Array(reason.bytes.dropLast())  // keep the exposures array open: drop `]`
    }
    let split = placements.indices.map { position in
      let index = placements[position]
      return perVariation(index) { row, draw in
        let resolution = Resolution(placement: Int32(index), row: Int32(row), draw: draw)
        let decision = ruleSet.decision(resolution, trail: ExposureTrail(), for: .empty, explanation: nil)
        var (head, tail) = middle(decision, position: position, row: row, variation: Int(draw?.variation ?? 0))
        // A test's fragment ends before the bucket: drop `null}`.
        if tail.isEmpty {
          head = draw != nil ? Array(head.dropLast(5)) : head + reason(index, row, nil)
        } else {
          tail = draw != nil ? Array(tail.dropLast(5)) : tail + reason(index, row, nil)
        }
        return (head, tail)
      }
    }
    reasonLengths = placements.map { index in
      ruleSet.placements[index].rows.indices.map { row in
        if case .test = ruleSet.placements[index].rows[row].content { return 0 }
        return reason(index, row, nil).count
      }
    }
    rows = DecisionFragments(split.map { $0.map { $0.map { $0.0 } } })
    afterConfigs = DecisionFragments(split.map { $0.map { $0.map { $0.1 } } })
    let rows = rows
    closedRows = DecisionFragments(
      placements.indices.map { position in
        perVariation(placements[position]) { row, draw in
          draw == nil && !hasConfigs[position]
            ? Array(rows[position, row, 0]) + Array(#"],"warnings":[]}"#.utf8) : []
        }
      })
    testTails = DecisionFragments(
      placements.map { index in
        perVariation(index) { row, draw in draw.map { Array("}".utf8) + reason(index, row, $0) } ?? [] }
      })
    exposureHeads = DecisionFragments(
      placements.map { index in
        perVariation(index) { row, draw in
          guard let draw, case .test(let test) = ruleSet.placements[index].rows[row].content else { return [] }
          json.removeAll()
          json.raw("{")
          let variation = test.variations[Int(draw.variation)]
          Exposure.writeHead(test: test.name, versionID: test.versionID, variation: variation.id, to: &json)
          return json.bytes
        }
      })
    hasTests = placements.map { index in
      ruleSet.placements[index].rows.contains { if case .test = $0.content { true } else { false } }
    }
  }

  /// Writes the decision `resolution` (of the placement at `position`) stands for, for `profile`, with the
  /// exposures of `trail` (the tests the same run drew in). `profileID`, when given, is the profile's id already
  /// written as JSON (``profileIDJSON(_:line:into:)``, or the line's own bytes), written after `"profile_id":`
  /// as it is: a batch encodes it once per line, not once per placement. With `endingLine`, a line feed follows
  /// (``JSONWriter/endLine()``), in the same copy as the rest of a common line.
  package func write(
    _ resolution: Resolution, trail: ExposureTrail, position: Int, profile: BoundProfile,
    profileID: UnsafeBufferPointer<UInt8>? = nil, endingLine: Bool = false, to json: inout JSONWriter
  ) {
    let ended = writeValue(
      resolution, trail: trail, position: position, profile: profile, profileID: profileID, endingLine: endingLine,
      to: &json)
    if endingLine && !ended { json.endLine() }
  }

  /// ``write(_:trail:position:profile:profileID:endingLine:to:)``'s value; true when the line feed was written
  /// with it.
  private func writeValue(
    _ resolution: Resolution, trail: ExposureTrail, position: Int, profile: BoundProfile,
    profileID: UnsafeBufferPointer<UInt8>?, endingLine: Bool, to json: inout JSONWriter
  ) -> Bool {
    guard resolution.rowDecided, resolution.source == .drawn, !hasTests[position] || profile.bucketingID != nil
    else {
      ruleSet.decision(resolution, trail: trail, for: profile, explanation: nil).write(to: &json, idJSON: profileID)
      return false
    }
    let row = Int(resolution.row)
    let common = trail.draws.isEmpty && !hasConfigs[position] && Self.isCommon(resolution, profile)
    if common, let profileID {
      writeCommon(position: position, row: row, profileID: profileID, endingLine: endingLine, to: &json)
      return endingLine
    }
    json.rawValueStart(buffer: heads[position, 0, 0])
    if let profileID {
      json.raw(buffer: profileID)
    } else if let id = profile.profileID {
      json.rawString(id)
    } else {
      json.raw("null")
    }
    if common {
      json.rawValueEnd(buffer: closedRows[position, row, 0])
      return false
    }
    let variation = max(0, Int(resolution.variation))
    json.raw(buffer: rows[position, row, variation])
    if hasConfigs[position] { writeConfig(position: position, row: row, variation: variation, profile, to: &json) }
    if resolution.isTest {
      if resolution.hasBucket { json.rawInteger(Int(resolution.bucket)) } else { json.raw("null") }
      json.raw(buffer: testTails[position, row, variation])
    }
    if !resolution.skips.isEmpty && !resolution.isTest {
      // The fragments end with the common reason; a row skipped above gives the decision its own.
      json.removeLast(reasonLengths[position][row])
      json.raw(#","reason":"#)
      json.rawString(ruleSet.reason(resolution).rawValue)
      json.raw(#","exposures":["#)
    }
    if !trail.draws.isEmpty {
      writeExposures(trail, position: position, placement: Int(resolution.placement), to: &json)
    }
    json.raw("]")
    json.raw(#","warnings":["#)
    for (index, warning) in profile.warnings.enumerated() {
      if index > 0 { json.raw(",") }
      json.rawString(warning)
    }
    json.raw("]")
    json.endObject()
    return false
  }
}

extension DecisionEncoder {
  /// `profile`'s `profile_id` as JSON (a string, or `null`) in `json` (replaced), for
  /// ``write(_:trail:position:profile:profileID:endingLine:to:)``; followed by `,"line":` and `line` when that is
  /// given and the profile has no usable id (``BoundProfile/bucketingID``), so that a batch's decisions name the
  /// input line of a profile that no id names. A batch needs it only for an id the binder did not find written
  /// without escapes in the line (``BoundProfile/profileIDSource``: those bytes are its JSON) and usable.
  package static func profileIDJSON(_ profile: BoundProfile, line: Int? = nil, into json: inout JSONWriter) {
    json.removeAll(keepingCapacity: true)
    if let id = profile.profileID { json.rawString(id) } else { json.raw("null") }
    if let line, profile.bucketingID == nil {
      json.raw(#","line":"#)
      json.rawInteger(line)
    }
  }

  /// Resolves and writes a batch line: for `profile` at `now`, one decision line for the placement at each
  /// position, in order, all in one run of the program, so that the segments the placements share are evaluated
  /// once (into `memo`, which the caller resets once per profile). A placement with a test is resolved in a run
  /// that `trail` observes (its draws are the decision's exposures); when that run drew a test, `drew` gets the
  /// position, the trail and the profile (for the exposure log and sticky assignments). `profileID` is the
  /// profile's id as JSON, as for ``write(_:trail:position:profile:profileID:endingLine:to:)``.
  package func writeLines(
    profile: BoundProfile, profileID: UnsafeBufferPointer<UInt8>, now: Instant, memo: inout SegmentMemo,
    trail: inout ExposureTrail, to json: inout JSONWriter,
    drew: (_ position: Int, _ trail: ExposureTrail, _ profile: BoundProfile) -> Void
  ) {
    // A copy of the profile only for rules with prerequisites: copying it costs every line retains and releases.
    guard ruleSet.prerequisitePlan.isEmpty else {
      return writeDecidedLines(
        profile: ruleSet.decidingPrerequisites(profile, now: now, keepingRecord: false), profileID: profileID,
        now: now, memo: &memo,
        trail: &trail, to: &json, drew: drew)
    }
    writeDecidedLines(
      profile: profile, profileID: profileID, now: now, memo: &memo, trail: &trail, to: &json, drew: drew)
  }

  /// ``writeLines(profile:profileID:now:memo:trail:to:drew:)`` for a profile whose prerequisites are decided.
  private func writeDecidedLines(
    profile: BoundProfile, profileID: UnsafeBufferPointer<UInt8>, now: Instant, memo: inout SegmentMemo,
    trail: inout ExposureTrail, to json: inout JSONWriter,
    drew: (_ position: Int, _ trail: ExposureTrail, _ profile: BoundProfile) -> Void
  ) {
    memo.withStorage { memo in
      ruleSet.unobservedRun(profile, now: now, memo: memo) { run, profile in
        for position in indices.indices {
          guard hasTests[position] else {
            // No test, so no exposure: the common line needs no trail.
            let resolution = ruleSet.rows(indices[position], now: now, run: &run, profile)
            if !hasConfigs[position], Self.isCommon(resolution, profile) {
              writeCommon(
                position: position, row: Int(resolution.row), profileID: profileID, endingLine: true, to: &json)
            } else {
              write(
                resolution, trail: ExposureTrail(), position: position, profile: profile, profileID: profileID,
                endingLine: true, to: &json)
            }
            continue
          }
          trail.reset()
          let resolution = ruleSet.resolution(
            indices[position], for: profile, now: now, memoStorage: memo, observer: &trail)
          write(
            resolution, trail: trail, position: position, profile: profile, profileID: profileID, endingLine: true,
            to: &json)
          if !trail.draws.isEmpty { drew(position, trail, profile) }
        }
      }
    }
  }

  /// The common line (``isCommon(_:_:)``) of `row` at `position` for the profile whose id is the JSON
  /// `profileID`: three copies (and the line feed when `endingLine`), one capacity check.
  @inline(__always)
  private func writeCommon(
    position: Int, row: Int, profileID: UnsafeBufferPointer<UInt8>, endingLine: Bool, to json: inout JSONWriter
  ) {
    let (start, end) = (heads[position, 0, 0], closedRows[position, row, 0])
    if endingLine {
      json.rawLine(start: start, middle: profileID, end: end)
    } else {
      json.rawValue(start: start, middle: profileID, end: end)
    }
  }

  /// Whether the decision `resolution` stands for is written as the common line (``closedRows``: three copies):
  /// a row that is no test decided, with no row scheduled out above it, for a profile without warnings. The
  /// caller also checks that no test drew (an empty trail).
  @inline(__always)
  private static func isCommon(_ resolution: Resolution, _ profile: BoundProfile) -> Bool {
    resolution.rowDecided && !resolution.isTest && resolution.source == .drawn && resolution.skips.isEmpty
      && profile.warnings.isEmpty
  }

  /// The config of the decision by `row` (and `variation`) at `position` in the profile's locale, and the rest of
  /// the row's fragment, when its content has one: two copies of bytes encoded once per rule set; choosing the
  /// locale compares bytes and allocates nothing.
  @inline(__always)
  private func writeConfig(
    position: Int, row: Int, variation: Int, _ profile: BoundProfile, to json: inout JSONWriter
  ) {
    let index = configContents[rows.index(position: position, row: row, variation: variation)]
    guard index >= 0 else { return }
    let (chosen, _) = LocaleMatching.match(
      profile.locale, count: configCounts[index], defaultIndex: defaultConfigs[index]
    ) { configLocales[index, $0, 0] }
    json.raw(buffer: configFragments[index, chosen, 0])
    json.raw(buffer: afterConfigs[position, row, variation])
  }

  /// The exposures of `trail`, comma-separated, from the pre-encoded heads.
  private func writeExposures(_ trail: ExposureTrail, position: Int, placement: Int, to json: inout JSONWriter) {
    ruleSet.placements.withUnsafeBufferPointer { placements in
      placements[placement].rows.withUnsafeBufferPointer { rows in
        for (index, tried) in trail.draws.enumerated() {
          guard case .test(let test) = rows[Int(tried.row)].content else { continue }
          if index > 0 { json.raw(",") }
          guard !tried.draw.isKeptOut else {
            RuleSet.exposure(test, tried.draw, fellThrough: false).write(to: &json)
            continue
          }
          json.raw(buffer: exposureHeads[position, Int(tried.row), Int(tried.draw.variation)])
          if tried.draw.hasBucket { json.rawInteger(Int(tried.draw.bucket)) } else { json.raw("null") }
          json.raw(#","outcome":"#)
          let content = test.variations[Int(tried.draw.variation)].content
          json.rawString(ExposureOutcome(tried.draw.source, content, fellThrough: tried.fellThrough).rawValue)
          json.raw("}")
        }
      }
    }
  }
}

extension BoundProfile {
  /// A profile with no values, for encoding fragments that do not depend on the profile. Its id is a non-blank
  /// placeholder (never written: the encoder writes each profile's own id) so that building a fragment never
  /// takes the unbucketed-profile path, which would run the program on this profile's absent values.
  static let empty = BoundProfile(profileID: "-", values: [], warnings: [], program: nil, boundBy: nil)
}

extension Decision {
  /// ``write(to:)`` with `idJSON`, when given, written as it is after `"profile_id":` in place of the id: a batch
  /// writes there the id's JSON and, for a profile without a usable id, its input line (`null,"line":3`).
  package func write(to json: inout JSONWriter, idJSON: UnsafeBufferPointer<UInt8>?) {
    writeHead(to: &json, idJSON: idJSON)
    writeMiddle(to: &json)
    Self.writeExperiment(reason: reason, exposures: exposures, to: &json)
    writeTail(to: &json)
  }

  /// `{"placement":…,"profile_id":…`, the id's JSON being `idJSON` when given (see ``write(to:idJSON:)``).
  func writeHead(to json: inout JSONWriter, idJSON: UnsafeBufferPointer<UInt8>? = nil) {
    json.beginObject()
    json.raw(#""placement":"#)
    json.rawString(placement)
    json.raw(#","profile_id":"#)
    if let idJSON {
      json.raw(buffer: idJSON)
    } else if let profileID {
      json.rawString(profileID)
    } else {
      json.raw("null")
    }
  }
}

/// Writes many decisions of one rule set, as batch resolution does, reusing the JSON of each deciding row's
/// audience and content (which only the row determines when no A/B test is drawn). The output is byte for byte
/// that of ``Decision/write(to:)`` (DecisionJSONTests); a cached piece is reused only for a decision with the
/// same audience and content.
package struct DecisionJSONCache {
  private final class Entry {
    let audience: Audience
    let content: ShownContent
    let bytes: [UInt8]

    init(audience: Audience, content: ShownContent, bytes: [UInt8]) {
      self.audience = audience
      self.content = content
      self.bytes = bytes
    }
  }

  /// Per placement position (as the caller numbers its placements), per row index.
  private var entries: [[Entry?]] = []
  private var scratch = JSONWriter(reservingCapacity: 256)

  package init() {}

  /// Writes `decision`, the decision for the caller's placement number `position`; `idJSON` as in
  /// ``Decision/write(to:idJSON:)``.
  package mutating func write(
    _ decision: Decision, position: Int, idJSON: UnsafeBufferPointer<UInt8>? = nil, to json: inout JSONWriter
  ) {
    // An override decides before any row (audience index -1): nothing to cache it under.
    guard decision.abTest == nil, decision.audience.index >= 0, decision.config == nil else {
      return decision.write(to: &json, idJSON: idJSON)
    }
    let row = decision.audience.index
    while entries.count <= position { entries.append([]) }
    while entries[position].count <= row { entries[position].append(nil) }
    decision.writeHead(to: &json, idJSON: idJSON)
    if let entry = entries[position][row], entry.audience == decision.audience, entry.content == decision.content {
      json.raw(bytes: entry.bytes)
    } else {
      scratch.removeAll(keepingCapacity: true)
      decision.writeMiddle(to: &scratch)
      entries[position][row] = Entry(audience: decision.audience, content: decision.content, bytes: scratch.bytes)
      json.raw(bytes: scratch.bytes)
    }
    Decision.writeExperiment(reason: decision.reason, exposures: decision.exposures, to: &json)
    decision.writeTail(to: &json)
  }
}
