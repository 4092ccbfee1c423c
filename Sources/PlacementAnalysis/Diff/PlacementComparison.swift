import PlacementCore

/// Compares one placement of two rule sets: every (old row, new row) pair whose decision regions overlap is a
/// possible decision change; the reasoner finds a profile in the overlap, the A/B draws are steered by picking a
/// `profile_id` per pair of variations, and both rule sets resolve the profile: only a confirmed pair of
/// different decisions is reported.
struct PlacementComparison {
  let merged: MergedModel
  let reasoner: Reasoner
  let oldRules: RuleSet
  let newRules: RuleSet
  let old: PlacementDefinition
  let new: PlacementDefinition
  let now: Instant
  /// The slot of `profile_id` in the merged model.
  let profileSlot: Int
  let deadline: ContinuousClock.Instant

  private var oldSegments: [Int?] { old.rows.map(\.segment) }
  private var newSegments: [Int?] { new.rows.map { $0.segment.map { merged.newSegment[$0] } } }

  func run() -> PlacementDiff {
    let oldSegments = self.oldSegments
    let newSegments = self.newSegments
    if oldSegments == newSegments
      && zip(old.rows, new.rows).allSatisfy({ Self.sameRow($0, $1) })
    {
      return PlacementDiff(name: new.name, status: .equivalent, transitions: [], undecided: [])
    }
    let matching = RowMatching(old: old.rows, oldSegments: oldSegments, new: new.rows, newSegments: newSegments)
    var found: [String: Transition] = [:]
    var order: [String] = []
    var undecided: [String] = []
    var relations = SegmentRelations(reasoner: reasoner)
    // `now` first; where a matched row's schedule changed, also the instants where either schedule starts or ends.
    let instants = [now] + Self.scheduleInstants(matching).filter { $0 != now }
    // Rows above `prefix` are the same on both sides, so a profile one of them decides is decided alike: only
    // pairs below the common prefix can differ.
    var prefix = 0
    while prefix < min(old.rows.count, new.rows.count), oldSegments[prefix] == newSegments[prefix],
      Self.sameRow(old.rows[prefix], new.rows[prefix])
    {
      prefix += 1
    }
    // A transition found again with other causes keeps the first one's example and gains the causes.
    func record(_ transition: Transition) {
      let key = "\(transition.old)\u{0}\(transition.new)"
      guard let known = found[key] else {
        found[key] = transition
        order.append(key)
        return
      }
      let extra = transition.causes.filter { !known.causes.contains($0) }
      if !extra.isEmpty { found[key] = known.adding(extra) }
    }
    let oldRegions = old.rows.indices.map { Self.regions($0, segments: oldSegments, rows: old.rows) }
    let newRegions = new.rows.indices.map { Self.regions($0, segments: newSegments, rows: new.rows) }
    pairs: for i in Self.decidingRows(old.rows) where i >= prefix {
      for j in Self.decidingRows(new.rows)
      where j >= prefix && !Self.sameContent(old.rows[i].content, new.rows[j].content) {
        if ContinuousClock.now > deadline {
          undecided.append("time budget exhausted: the remaining row pairs were not compared")
          break pairs
        }
        var limit: ReasoningLimit? = nil
        var confirmed = false
        // The loosest pair of regions first; the stricter ones lie inside it.
        let candidates = oldRegions[i].flatMap { before in newRegions[j].map { before + $0 } }
        for (k, requirements) in candidates.enumerated() {
          // A segment required to hold and not to hold (the same segment above one row and on the other) needs
          // no search; no profile in the loosest pair means none in the others.
          if Self.contradicts(requirements) {
            if k == 0 { break }
            continue
          }
          let answer = reasoner.check(requirements)
          guard let witness = answer.witness else {
            if case .unknown(let reason) = answer { limit = limit ?? reason } else if k == 0 { break }
            continue
          }
          for profile in steered(witness, old.rows[i].content, new.rows[j].content) {
            guard let transition = confirm(profile, at: instants, matching: matching, relations: &relations) else {
              continue
            }
            confirmed = true
            record(transition)
          }
          // A stricter region is searched only when the looser one's witness changed nothing.
          if confirmed { break }
        }
        if let limit, !confirmed {
          undecided.append("old \(describe(old.rows, i)) → new \(describe(new.rows, j)): \(Self.reason(limit))")
        }
      }
    }
    let transitions = order.compactMap { found[$0] }.sorted { ($0.old, $0.new) < ($1.old, $1.new) }
    let status: PlacementDiff.Status =
      !transitions.isEmpty ? .changed : undecided.isEmpty ? .equivalent : .undecided
    return PlacementDiff(name: new.name, status: status, transitions: transitions, undecided: undecided)
  }

  /// Resolves the witness with both rule sets at each instant in turn; a transition at the first where the
  /// decisions differ (an instant other than `now` is reported as the example's `--now`).
  private func confirm(
    _ witness: Witness, at instants: [Instant], matching: RowMatching, relations: inout SegmentRelations
  ) -> Transition? {
    let profile = witness.profile(merged.model.attributes)
    for instant in instants {
      guard let before = try? oldRules.resolve(placement: old.name, profile: profile, now: instant),
        let after = try? newRules.resolve(placement: new.name, profile: profile, now: instant)
      else { return nil }
      if Outcome(before) != Outcome(after) {
        return transition(
          witness, before, after, at: instant == now ? witness.now : instant, matching: matching,
          relations: &relations)
      }
    }
    return nil
  }

  /// The transition between two differing decisions for the witness, with its causes.
  private func transition(
    _ witness: Witness, _ before: Decision, _ after: Decision, at instant: Instant?, matching: RowMatching,
    relations: inout SegmentRelations
  ) -> Transition {
    let was = Outcome(before)
    let becomes = Outcome(after)
    let i = before.audience.index
    let j = after.audience.index
    let causes = matching.causes(
      old: i, new: j, bothTests: Self.isTest(old.rows[i].content) && Self.isTest(new.rows[j].content),
      matches: { reasoner.witness(witness, matches: $0) }, relation: { relations.relation(old: $0, new: $1) },
      oldRef: { ref(old.rows, $0) }, newRef: { ref(new.rows, $0) })
    return Transition(
      placement: new.name, old: was, new: becomes, witness: witness.json(merged.model.attributes), now: instant,
      oldRow: ref(old.rows, i), newRow: ref(new.rows, j), causes: causes)
  }

  /// The witness with a `profile_id` chosen for each pair of variations the two rows can draw, and the witness
  /// as found (without an added id): first when neither row is a test, last otherwise.
  private func steered(_ witness: Witness, _ before: Content, _ after: Content) -> [Witness] {
    guard witness.values[profileSlot] == nil else { return [witness] }
    let tests = [Self.test(before), Self.test(after)]
    var targets: [[BucketTarget]] = [[]]
    for test in tests.compactMap({ $0 }) {
      let options = Self.targets(test)
      targets = targets.flatMap { partial in options.map { partial + $0 } }
    }
    var out: [Witness] = []
    for (number, constraints) in targets.enumerated() {
      guard let id = Self.profileID(meeting: constraints, prefix: "witness-\(number)-") else { continue }
      var values = witness.values
      values[profileSlot] = .string(id)
      out.append(Witness(values: values, now: witness.now))
    }
    // Without a test on either row the id matters only to an earlier test that may fall through: try the
    // witness as found first, so examples carry no id they do not need.
    return tests.allSatisfy({ $0 == nil }) ? [witness] + out : out + [witness]
  }

  private func describe(_ rows: [AudienceRow], _ index: Int) -> String { "row \(index) '\(rows[index].name)'" }

  private func ref(_ rows: [AudienceRow], _ index: Int) -> RowRef {
    RowRef(index: index, name: rows[index].name, span: rows[index].span)
  }
}

extension Transition {
  func adding(_ extra: [Cause]) -> Transition {
    Transition(
      placement: placement, old: old, new: new, witness: witness, now: now, oldRow: oldRow, newRow: newRow,
      causes: causes + extra)
  }
}
