/// Resolution options.
public struct ResolveOptions: Sendable {
  /// The instant relative date conditions use (`within last 7 days`, `years_since`). Pin it for reproducible
  /// results; defaults to the caller's current time.
  public var now: Instant
  /// Record why each row did or did not decide.
  public var explain: Bool
  /// Honour a profile's run-time `force` (``BoundProfile/force``: test name → variation id). Off by default, so
  /// production traffic cannot force itself: a profile's `force` is then ignored, with a warning in the decision.
  /// Rules-declared overrides apply either way. CLI: `--allow-overrides`.
  public var allowOverrides: Bool

  /// Options for a resolution at `now` (default: the current time), without an explanation and without the
  /// profile's run-time `force` unless asked: `ResolveOptions()` is the production default.
  public init(now: Instant = .now, explain: Bool = false, allowOverrides: Bool = false) {
    self.now = now
    self.explain = explain
    self.allowOverrides = allowOverrides
  }

  /// Resolve to each placement's default row, whatever the segments, tests, layers and QA overrides of the rows
  /// above it say: what a profile gets when it belongs to no other audience (Adapty's
  /// `getPaywallForDefaultAudience`). A default row that is an A/B test draws as usual. The decision's reason is
  /// that of the default row (`DEFAULT`; `STATIC` for a placement with one row; a test's `SPLIT`, `STICKY`,
  /// `OVERRIDE` or `DISABLED`). Off by default. CLI: `--default-audience`.
  public var defaultAudience: Bool = false
}

/// Why a resolution could not start.
public enum ResolveError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The placement is not in the rule set. Carries the known names and a suggestion.
  case unknownPlacement(String, known: [String], suggestion: String?)
  /// The bound profile was bound by another rule set (its version, or nil when bound by none): its slots and
  /// string ids mean nothing to this one. Bind the profile again with the rule set that resolves it: a profile
  /// bound before a hot reload must not be read with the new rule set's slots.
  case boundForAnotherRuleSet(boundBy: String?, resolvingWith: String)

  public var description: String {
    switch self {
    case .unknownPlacement(let name, let known, let suggestion):
      let hint = suggestion.map { "; did you mean '\($0)'?" } ?? ""
      return "unknown placement '\(name)'\(hint) (known placements: \(known.joined(separator: ", ")))"
    case .boundForAnotherRuleSet(let boundBy, let resolvingWith):
      let origin = boundBy.map { "by rule set version \($0)" } ?? "without a rule set"
      return "the profile was bound \(origin), but is resolved with rule set version \(resolvingWith); "
        + "bind it with the rule set that resolves it (RuleStore.resolve(_:jsonBytes:) does both on one snapshot)"
    }
  }
}

extension ResolveError {
  /// The error for a placement `ruleSet` does not declare: the known names, and the one the caller probably
  /// meant (a typo, or the name by its first or last words: ``Suggestions/closest(to:in:wholeWords:)``).
  package static func unknown(placement name: String, in ruleSet: RuleSet) -> ResolveError {
    .unknownPlacement(
      name, known: ruleSet.placementNames,
      suggestion: Suggestions.closest(to: name, in: ruleSet.placementNames, wholeWords: true))
  }
}

extension RuleSet {
  /// The index of the placement called `name` in ``placements``.
  /// - Throws: ``ResolveError/unknownPlacement(_:known:suggestion:)``.
  package func placementIndex(of name: String) throws(ResolveError) -> Int {
    guard let index = placementIndex(named: name) else {
      throw .unknown(placement: name, in: self)
    }
    return index
  }

  /// Throws unless `profile` was bound by this rule set or one compiled from the same files.
  package func check(_ profile: BoundProfile) throws(ResolveError) {
    guard !identity.accepts(profile.boundBy) else { return }
    throw .boundForAnotherRuleSet(boundBy: profile.ruleSetVersion, resolvingWith: version)
  }

  /// One placement, by index, for a profile bound by this rule set; with explain, observed.
  package func resolve(_ index: Int, for profile: BoundProfile, options: ResolveOptions) -> Decision {
    let profile = decidingPrerequisites(
      forcing(profile, allowOverrides: options.allowOverrides), for: index, now: options.now,
      keepingRecord: options.explain)
    guard options.explain else {
      var trail = ExposureTrail()
      let resolution = resolution(index, for: profile, options: options, observer: &trail)
      return decision(resolution, trail: trail, for: profile, explanation: nil)
    }
    var observer = ExplainObserver(nodeCount: program.nodes.count)
    let resolution = resolution(index, for: profile, options: options, observer: &observer)
    let explanation = explanation(of: observer, placement: index, profile: profile, now: options.now)
    var decision = decision(resolution, trail: observer.trail, for: profile, explanation: explanation)
    decision.prerequisites = prerequisiteDecisions(of: index, for: profile)
    return decision
  }

  /// The resolution of placement `index` for a profile bound by this rule set (checked by the caller with
  /// ``check(_:)``), observed by `observer`: the package's one entry point to a resolution. Segments that other
  /// resolutions of the same profile at the same `now` evaluated into `memo` are read from it, not evaluated again
  /// (see ``SegmentMemo``); give an observer that explains a fresh or reset memo (a memo hit is not observed).
  /// Allocation-free with ``NoObserver``, whose calls compile away, and with an ``ExposureTrail`` (which records
  /// the tests drawn and is not reset here); both are specialised here for callers in other modules.
  @_specialize(exported:true,where Observer == NoObserver)
  @_specialize(exported:true,where Observer == ExposureTrail)
  package func resolution<Observer: ResolutionObserver>(
    _ index: Int, for profile: BoundProfile, now: Instant, memo: inout SegmentMemo, observer: inout Observer
  ) -> Resolution {
    memo.withStorage { resolution(index, for: profile, now: now, memoStorage: $0, observer: &observer) }
  }

  /// The body of ``resolution(_:for:now:memoStorage:observer:)``: overrides, then rows in priority order. Also
  /// called by ``DecisionEncoder/writeLines(profile:profileID:now:memo:trail:to:drew:)`` for each placement of a
  /// batch line, inside one run.
  func rows<Observer: ResolutionObserver>(
    _ index: Int, now: Instant, run: inout ProgramEvaluator<Observer>, _ profile: borrowing BoundProfile
  ) -> Resolution {
    var resolution = Resolution(placement: Int32(truncatingIfNeeded: index))
    let span = run.placementPlans[index]
    if span.hasOverrides, let forced = overridingContent(placements[index].overrides, run: &run, profile) {
      resolution.override = Int32(forced)
      return resolution
    }
    let (start, end) = (Int(span.rowStart), Int(span.rowEnd))
    var next = start
    while case let at = run.firstMatchingRow(from: next, to: end, rowZero: start, profile), at < end {
      next = at + 1
      let (row, plan) = (at - start, run.rowPlans[at])
      let segment = plan.segment != RowPlan.noSegment ? Int(plan.segment) : nil
      var draw: Draw? = nil
      var fallsThrough = plan.kind == .fallsThrough
      let live = plan.isPlain || plan.isLive(at: now)
      if live, !plan.isPlain, plan.capSlot != RowPlan.noSegment, let shown = run.cappedShowings(plan) {
        // A capped row is skipped like a scheduled-out one: no draw, no exposure.
        run.observer.row(row, segment: segment, outcome: .capped(shown: shown, limit: Int(plan.capLimit)))
        resolution.capped = true
        continue
      }
      if !live {
        // Outside its schedule (or its test's) a matching row is skipped: no draw, no exposure; except that a
        // sticky cross-placement test keeps an assignment in its stickiness window.
        guard plan.kind == .test, let kept = keptAfterSchedule(placement: index, row: row, profile, now: now) else {
          run.observer.row(row, segment: segment, outcome: .scheduledOut)
          resolution.scheduledOut = true
          continue
        }
        (draw, fallsThrough) = (kept.draw, kept.fallsThrough)
      } else if plan.kind == .test {
        switch drawTest(placement: index, row: row, profile, run: &run) {
        case .skipped(let event):
          run.observer.row(row, segment: segment, outcome: event)
          continue
        case .drawn(let drawn, let variationFallsThrough):
          (draw, fallsThrough) = (drawn, variationFallsThrough)
        }
      }
      if fallsThrough {
        run.observer.row(row, segment: segment, outcome: .fellThrough(draw))
        continue
      }
      run.observer.row(row, segment: segment, outcome: .decided(draw))
      resolution.decide(row: row, draw)
      if prerequisiteReasons != nil, row > 0 {
        resolution.prerequisiteFailed = prerequisiteFailed(placement: index, before: row, profile, now: now)
      }
      return resolution
    }
    return resolution
  }

  /// The draw of the A/B test of row `row` of placement `placement`, and whether its variation falls through;
  /// or the row event of a profile the test leaves out (its layer share, a cross-placement test's entry rules).
  /// Apart from the row loop, which it would otherwise crowd with the rows' `Content`.
  @inline(never)
  func drawTest<Observer: ResolutionObserver>(
    placement: Int, row: Int, _ profile: borrowing BoundProfile, run: inout ProgramEvaluator<Observer>
  ) -> RowDraw {
    guard case .test(let test) = placements[placement].rows[row].content else { return .skipped(.outsideLayer) }
    switch assign(test, profile: profile, run: &run) {
    case .skipped(let event): return .skipped(event)
    case .draw(let draw): return .drawn(draw, Self.fallsThrough(test.variations[Int(draw.variation)].content))
    }
  }

  /// ``keptAfterSchedule(_:profile:now:)`` for the test of a row outside its schedule, and whether the kept
  /// variation falls through; nil when the row is scheduled out.
  @inline(never)
  private func keptAfterSchedule(placement: Int, row: Int, _ profile: borrowing BoundProfile, now: Instant) -> (
    draw: Draw, fallsThrough: Bool
  )? {
    guard case .test(let test) = placements[placement].rows[row].content, test.stickyWindow != nil,
      let draw = keptAfterSchedule(test, profile: profile, now: now)
    else { return nil }
    return (draw, Self.fallsThrough(test.variations[Int(draw.variation)].content))
  }

  static func fallsThrough(_ content: Content) -> Bool {
    switch content {
    case .fallthrough_, .test: true
    case .flow, .paywall, .holdout: false
    }
  }
}

/// A test row's outcome before it is observed: drawn (with whether the variation falls through) or skipped.
enum RowDraw {
  case drawn(Draw, Bool)
  case skipped(RowEvent)
}

extension ProgramEvaluator {
  /// How often the capped row of `plan` showed its content in the cap's window, when that reached the cap's
  /// limit; nil when the row may show it again (or the profile carries no events).
  @inline(never)
  func cappedShowings(_ plan: RowPlan) -> Int? {
    let scalar = scalars[Int(plan.capSlot)]
    guard scalar.tag == .number else { return nil }
    let shown = Double(bitPattern: scalar.bits)
    guard shown >= Double(plan.capLimit) else { return nil }
    return Int(shown)
  }
}

extension ProgramEvaluator where Observer: ResolutionObserver {
  /// The first of the row plans `from..<end` whose segment holds (or that has none: the default row), or `end`;
  /// each row passed over is observed as not matched (numbered from `rowZero`, the placement's first plan). The
  /// resolution loop's scan, kept apart from the rest of a row so that it runs in few registers.
  @inline(__always)
  mutating func firstMatchingRow(from: Int, to end: Int, rowZero: Int, _ profile: BoundProfile) -> Int {
    var at = from
    while at < end {
      let segment = Int(rowPlans[at].segment)
      if segment == Int(RowPlan.noSegment) || self.segment(segment, profile) { return at }
      observer.row(at - rowZero, segment: segment, outcome: .notMatched)
      at += 1
    }
    return end
  }
}
