/// How a profile got its variation of a test (reported as the exposure's outcome, see ``ExposureOutcome``).
package enum AssignmentSource: UInt8, Sendable {
  /// Drawn from the profile's bucket (docs/Product.md §4.9).
  case drawn
  /// The profile has no usable `profile_id`: the first variation in draw order, no bucket.
  case unbucketed
  /// Forced for this profile by a QA override.
  case override
  /// Kept from an assignment the profile carried (a sticky test).
  case sticky
  /// No variation: cross-placement test entry rules kept the profile out, its first paywall came before the
  /// test's start (``RowEvent/notNewUser``). The draw's variation is ``Draw/noVariation``.
  case notNewUser
  /// No variation: the profile is in another cross-placement test's window (``RowEvent/inOtherTest``). The draw's
  /// variation is ``Draw/noVariation``.
  case inOtherTest
}

/// A variation chosen for a profile in one test.
package struct Draw: Sendable, Equatable {
  /// Index in ``ABTest/variations`` (draw order); ``noVariation`` for a profile the test kept out.
  package var variation: Int32
  /// The bucket drawn, 0–99; ``noBucket`` when no bucket was drawn (no `profile_id`, an override, a kept assignment).
  package var bucket: Int32
  package var source: AssignmentSource

  /// The ``bucket`` of a draw that drew no bucket.
  package static let noBucket: Int32 = -1

  /// Whether a bucket was drawn (``bucket`` is 0–99).
  @inline(__always) package var hasBucket: Bool { bucket >= 0 }

  /// The ``variation`` of a profile a cross-placement test kept out (``AssignmentSource/notNewUser``,
  /// ``AssignmentSource/inOtherTest``): no variation, so no arm.
  package static let noVariation: Int32 = -1

  /// Whether this records a profile the test kept out rather than a variation (``variation`` is ``noVariation``).
  @inline(__always) package var isKeptOut: Bool { variation < 0 }

  /// The record of a profile that cross-placement test entry rule `event` kept out; nil for another event.
  package static func keptOut(_ event: RowEvent) -> Draw? {
    switch event {
    case .notNewUser: Draw(variation: noVariation, bucket: noBucket, source: .notNewUser)
    case .inOtherTest: Draw(variation: noVariation, bucket: noBucket, source: .inOtherTest)
    default: nil
    }
  }

  package init(variation: Int32, bucket: Int32, source: AssignmentSource) {
    self.variation = variation
    self.bucket = bucket
    self.source = source
  }
}

/// Whether a profile takes part in a row's test: its variation, or the row event of a profile the test leaves out.
package enum TestEntry {
  case draw(Draw)
  /// ``RowEvent/outsideLayer``, ``RowEvent/notNewUser`` or ``RowEvent/inOtherTest``.
  case skipped(RowEvent)
}

extension RuleSet {
  /// The one place a test's variation is chosen for a profile, inside the resolution's `run` (whose `now` and
  /// segment memo the overrides' conditions share); when the profile does not take part in the test at all, the
  /// row event saying why (the resolution loop then goes on with the next row, and the profile is not exposed).
  ///
  /// In order: a QA override (the profile's run-time `force`, then the rules' overrides of the test:
  /// docs/ABTests.md), a sticky test's carried assignment while its variation exists and, for a cross-placement
  /// test, while it is in the test's stickiness window (both apply whatever the layer); then a cross-placement
  /// test's entry rules (``crossPlacementExclusion(_:profile:now:)``); then, outside the test's layer share,
  /// ``RowEvent/outsideLayer`` (``admitsToLayer(_:profile:)``); else the A/B draw of docs/Product.md §4.9 on
  /// ``BoundProfile/bucketingID`` (without one, the first variation in draw order).
  func assign<Observer: EvaluationObserver>(
    _ test: ABTest, profile: borrowing BoundProfile, run: inout ProgramEvaluator<Observer>
  ) -> TestEntry {
    if let forced = overridingVariation(test, profile: profile, run: &run) {
      return .draw(Draw(variation: Int32(forced), bucket: Draw.noBucket, source: .override))
    }
    if test.isSticky, let kept = keptVariation(test, profile: profile),
      assignmentIsLive(test, profile: profile, now: run.now)
    {
      return .draw(Draw(variation: Int32(kept), bucket: Draw.noBucket, source: .sticky))
    }
    if test.stickyWindow != nil, let excluded = crossPlacementExclusion(test, profile: profile, now: run.now) {
      return .skipped(excluded)
    }
    guard admitsToLayer(test, profile: profile) else { return .skipped(.outsideLayer) }
    guard let id = profile.bucketingID else {
      return .draw(Draw(variation: 0, bucket: Draw.noBucket, source: .unbucketed))
    }
    let bucket = Bucketing.bucket(versionID: test.versionID, profileID: id)
    return .draw(
      Draw(
        variation: Int32(Bucketing.choose(bucket: bucket, sorted: test.variations)), bucket: Int32(bucket),
        source: .drawn))
  }
}
