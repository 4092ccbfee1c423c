/// Cross-placement tests as Adapty runs them (docs/ABTests.md, "Cross-placement tests"): only new users join, an
/// assignment stays for the test's stickiness window, even after the test's schedule ended, and a profile in one
/// cross-placement test joins no other.
extension RuleSet {
  /// Whether a carried assignment for `test`'s version is in its stickiness window at `now`: true for an
  /// assignment without a time (kept as by any sticky test), and for every assignment of a test that has no
  /// window (a test inside a row). A timed one stays from its `at` for ``ABTest/stickyWindow``.
  @inline(__always)
  func assignmentIsLive(_ test: ABTest, profile: borrowing BoundProfile, now: Instant) -> Bool {
    guard let window = test.stickyWindow, let at = profile.assignmentTimes[test.versionID] else { return true }
    return Self.isLive(at: at, window: window, now: now)
  }

  /// `now` is before the end of a window of `window` ms that opened at `at` (an assignment made "in the future",
  /// by a clock ahead of ours, is live).
  static func isLive(at: Instant, window: Int64, now: Instant) -> Bool {
    now.millisecondsSince1970 < at.millisecondsSince1970 &+ window
  }

  /// For a row whose cross-placement test (sticky, as every one is) is outside its schedule: the variation the
  /// profile carries with a time inside the test's stickiness window, kept (reason `STICKY`); nil otherwise (the
  /// row is scheduled out).
  func keptAfterSchedule(_ test: ABTest, profile: borrowing BoundProfile, now: Instant) -> Draw? {
    guard test.isSticky, let window = test.stickyWindow, let at = profile.assignmentTimes[test.versionID],
      Self.isLive(at: at, window: window, now: now), let kept = keptVariation(test, profile: profile)
    else { return nil }
    return Draw(variation: Int32(kept), bucket: Draw.noBucket, source: .sticky)
  }

  /// Why cross-placement test `test` does not enter `profile` at `now`; nil when it does (or the test is no
  /// cross-placement test). In order: the profile carries a live timed assignment of another cross-placement test
  /// (``RowEvent/inOtherTest``); the profile's first paywall came before the test's start
  /// (``RowEvent/notNewUser``). A profile without `first_paywall_at` counts as new.
  @inline(__always)
  func crossPlacementExclusion(_ test: ABTest, profile: borrowing BoundProfile, now: Instant) -> RowEvent? {
    guard test.stickyWindow != nil else { return nil }
    if otherCrossPlacementTest(than: test, profile: profile, now: now) != nil { return .inOtherTest }
    if let start = test.schedule?.from?.instant, let first = profile.firstPaywallAt, first < start {
      return .notNewUser
    }
    return nil
  }

  /// The other cross-placement test the profile carries a live timed assignment of (the first by version id),
  /// with the assignment's time and the window's end.
  func otherCrossPlacementTest(than test: ABTest, profile: borrowing BoundProfile, now: Instant) -> (
    test: ABTest, at: Instant, until: Instant
  )? {
    let times = profile.assignmentTimes
    guard !times.isEmpty else { return nil }
    for (version, at) in times.sorted(by: { $0.key < $1.key }) where version != test.versionID {
      guard let other = crossPlacementTests[version], let window = other.stickyWindow,
        profile.assignments[version] != nil, Self.isLive(at: at, window: window, now: now)
      else { continue }
      return (other, at, Instant(millisecondsSince1970: at.millisecondsSince1970 &+ window))
    }
    return nil
  }

  /// Why a row was skipped for a profile its cross-placement test does not enter, for explanations.
  func crossPlacementReason(_ row: AudienceRow, _ event: RowEvent, _ profile: BoundProfile, now: Instant) -> String {
    guard case .test(let test) = row.content else { return "the profile does not enter the row's test" }
    if case .inOtherTest = event, let other = otherCrossPlacementTest(than: test, profile: profile, now: now) {
      return "the profile is in cross-placement test '\(other.test.name)' (assigned \(other.at.iso8601), kept until "
        + "\(other.until.iso8601)): it joins no other cross-placement test"
    }
    let start = test.schedule?.from?.text ?? "?"
    let first = profile.firstPaywallAt?.iso8601 ?? "?"
    return "first paywall at \(first), before cross-placement test '\(test.name)' started (\(start)): "
      + "only new users join"
  }

  /// With explain, for a profile without `first_paywall_at`: one warning per cross-placement test with a start
  /// that the run drew it into, treating it as a new user.
  func unknownFirstPaywallWarnings(_ trail: ExposureTrail, placement: PlacementDefinition, _ profile: BoundProfile)
    -> [String]
  {
    guard profile.firstPaywallAt == nil else { return [] }
    return trail.draws.compactMap { tried in
      guard tried.draw.source == .drawn || tried.draw.source == .unbucketed,
        case .test(let test) = placement.rows[Int(tried.row)].content, test.stickyWindow != nil,
        let start = test.schedule?.from
      else { return nil }
      return "profile has no first_paywall_at: treated as a new user of cross-placement test '\(test.name)' "
        + "(started \(start.text))"
    }
  }
}
