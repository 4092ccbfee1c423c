import TestSupport
import Testing

@testable import PlacementCore

/// QA overrides: declared in the rules next to the test, or forced at run time from the profile
/// when the caller allows it; applied before bucketing, reported as exposures with outcome `override`.
@Suite struct OverrideTests {
  static let text = ABFixtures.overrides

  /// Ids whose own bucket draws each variation of `home-1` (a: 0–49, b: 50–99), so an override is seen to win.
  static let drawsA = profileID(withBucket: 7, in: "home-1")
  static let drawsB = profileID(withBucket: 93, in: "home-1")

  @Test func overrideProfileGetsTheForcedVariationWhateverItsBucket() throws {
    let rules = try #require(ruleSet(Self.text))
    for id in ["qa-pixel-7", "qa-iphone-15"] {
      let drawn = Bucketing.bucket(versionID: "home-1", profileID: id)
      let decision = rules.decide("home", id: id)
      // Bucket 89 draws 'b' (a: 0–49, b: 50–99): the override is what gives 'a'.
      #expect(drawn == 89)
      #expect(decision.content == .flow(id: "home_a", paywall: nil))
      #expect(decision.reason == .override)
      #expect(decision.abTest == ABAssignment(name: "home_copy", versionID: "home-1", variation: "a", bucket: nil))
      #expect(
        decision.exposures == [
          Exposure(test: "home_copy", versionID: "home-1", variation: "a", bucket: nil, outcome: .override)
        ])
    }
    // Everyone else draws.
    let other = rules.decide("home", id: Self.drawsB)
    #expect(other.reason == .split)
    #expect(other.exposures.map(\.outcome) == [.decided])
    #expect(other.abTest?.variation == "b")
    #expect(other.abTest?.bucket == 93)
  }

  @Test func placementOverrideShowsItsContentBeforeAnyRow() throws {
    let rules = try #require(ruleSet(Self.text))
    let decision = rules.decide("main", id: "qa-iphone-15", explain: true)
    #expect(decision.content == .paywall(id: "qa_preview"))
    #expect(decision.reason == .override)
    #expect(decision.audience == Audience(index: -1, name: "override", segment: "qa_devices"))
    #expect(decision.exposures.isEmpty)
    #expect(
      decision.explanation == [
        RowTrace(index: -1, name: "override", outcome: .decided(reason: "forced by an override for qa_devices"))
      ])
    #expect(decision.jsonString.contains(#""audience":{"index":-1,"name":"override","segment":"qa_devices"}"#))
    #expect(rules.decide("main", id: "qa-pixel-7").content == .paywall(id: "standard"))
  }

  @Test func forcingFromTheProfileIsRefusedWithoutTheOption() throws {
    let rules = try #require(ruleSet(Self.text))
    let json = #"{"profile_id":"\#(Self.drawsA)","force":{"home_copy":"b"}}"#
    let profile = try rules.bind(jsonBytes: Array(json.utf8))
    #expect(profile.force == ["home_copy": "b"])

    let refused = try rules.resolve("home", for: profile, options: ResolveOptions(now: pinnedNow))
    #expect(refused.abTest?.variation == "a")
    #expect(refused.reason == .split)
    #expect(refused.exposures.map(\.outcome) == [.decided])
    #expect(
      refused.warnings == [
        "'force' ignored: run-time overrides need ResolveOptions.allowOverrides (placement resolve --allow-overrides)"
      ])

    let allowed = try rules.resolve(
      "home", for: profile, options: ResolveOptions(now: pinnedNow, allowOverrides: true))
    #expect(allowed.abTest == ABAssignment(name: "home_copy", versionID: "home-1", variation: "b", bucket: nil))
    #expect(allowed.reason == .override)
    #expect(allowed.exposures.map(\.outcome) == [.override])
    #expect(allowed.warnings.isEmpty)
  }

  @Test func forcingAnUnknownTestOrVariationIsAWarningNotAnError() throws {
    let rules = try #require(ruleSet(Self.text))
    var profile = Profile(profileID: Self.drawsA)
    profile.force = ["home_copy": "c", "hom_copy": "b"]
    let decision = try rules.resolve(
      "home", for: rules.bind(profile), options: ResolveOptions(now: pinnedNow, allowOverrides: true))
    #expect(decision.abTest?.variation == "a")
    #expect(
      decision.warnings == [
        "'force': test 'hom_copy' is not in the rules; ignored",
        "'force': test 'home_copy' has no variation 'c'; ignored",
      ])
  }

  @Test func thousandsOfUnknownForcedTestsCostTwentyOneWarnings() throws {
    let rules = try #require(ruleSet(Self.text))
    var profile = Profile(profileID: Self.drawsA)
    profile.force = Dictionary(uniqueKeysWithValues: (0..<5_000).map { ("t\($0)", "v") })
    let decision = try rules.resolve(
      "home", for: rules.bind(profile), options: ResolveOptions(now: pinnedNow, allowOverrides: true))
    #expect(decision.warnings.count == 21)
    #expect(decision.warnings.last == "4980 more warnings not shown")
  }

  @Test func aForceThatIsNotAnObjectOfStringsCostsOnlyThatMember() throws {
    let profile = try Profile(jsonBytes: Array(#"{"profile_id":"p","force":{"t":1,"u":"x"},"assignments":[]}"#.utf8))
    #expect(profile.force == ["u": "x"])
    #expect(profile.assignments.isEmpty)
    #expect(
      profile.warnings == [
        "'assignments' must be an object of strings, found array; ignored",
        "'force.t' must be a variation id string, found number; ignored",
      ])
  }

  @Test func theFastBinderReadsForceAndAssignmentsAsTheReferencePathDoes() throws {
    let rules = try #require(ruleSet(Self.text))
    let json = #"{"profile_id":"p","force":{"home_copy":"b"},"assignments":{"home-1":"a","x":"y"}}"#
    let fast = try #require(Array(json.utf8).withUnsafeBufferPointer { rules.binder.bind($0, limits: .default) })
    let reference = rules.bind(try Profile(jsonBytes: Array(json.utf8)))
    #expect(fast.force == ["home_copy": "b"])
    #expect(fast.assignments == ["home-1": "a", "x": "y"])
    #expect(fast.force == reference.force)
    #expect(fast.assignments == reference.assignments)
  }

  /// The batch encoder (fragments) writes the same bytes as the decision for forced, kept and overridden
  /// decisions, as the batch path calls it (force honoured first).
  @Test func batchEncoderAgreesWithTheDecisionOnOverridesAndStickyDraws() throws {
    let rules = try #require(
      ruleSet(Self.text.replacingOccurrences(of: #"version "home-1" {"#, with: #"version "home-1" sticky {"#)))
    let encoder = DecisionEncoder(ruleSet: rules, placements: [0, 1])
    var trail = ExposureTrail()
    let lines = [
      #"{"profile_id":"qa-pixel-7"}"#, #"{"profile_id":"qa-iphone-15"}"#, #"{"profile_id":"\#(Self.drawsA)"}"#,
      #"{"profile_id":"\#(Self.drawsA)","assignments":{"home-1":"b"}}"#,
      #"{"profile_id":"\#(Self.drawsB)","force":{"home_copy":"a"}}"#, #"{"force":{"home_copy":"b"}}"#,
    ]
    var reasons: Set<DecisionReason> = []
    for allow in [false, true] {
      for line in lines {
        let profile = rules.forcing(try rules.bind(jsonBytes: Array(line.utf8)), allowOverrides: allow)
        for (position, placement) in ["home", "main"].enumerated() {
          let options = ResolveOptions(now: pinnedNow, allowOverrides: allow)
          let decision = try rules.resolve(placement, for: profile, options: options)
          reasons.insert(decision.reason)
          var writer = JSONWriter()
          var memo = SegmentMemo(for: rules)
          trail.reset()
          let resolution = rules.resolution(position, for: profile, now: pinnedNow, memo: &memo, observer: &trail)
          encoder.write(resolution, trail: trail, position: position, profile: profile, to: &writer)
          #expect(writer.string == decision.jsonString, "\(line) at \(placement)")
        }
      }
    }
    #expect(reasons == [.override, .sticky, .split, .staticContent])
  }

  /// Records which program nodes a run evaluated.
  struct SeenNodes: ResolutionObserver {
    var seen: Set<Int> = []
    mutating func node(_ index: Int, holds: Bool) { seen.insert(index) }
    mutating func row(_ row: Int, segment: Int?, outcome: RowEvent) {}
  }

  /// A test override's condition is evaluated in the run that decides (review: it used to take a second,
  /// unobserved run of the program): an observer of the resolution sees its nodes, and its segment memo is the
  /// resolution's own.
  @Test func testOverrideConditionIsEvaluatedInTheDecidingRun() throws {
    let rules = try #require(ruleSet(Self.text))
    let index = try rules.placementIndex(of: "home")
    let bound = rules.bind(Profile(profileID: "qa-iphone-15"))
    var observer = SeenNodes()
    var memo = SegmentMemo(for: rules)
    let resolution = rules.resolution(
      index, for: bound, now: Instant(millisecondsSince1970: 0), memo: &memo, observer: &observer)
    #expect(resolution.source == .override)
    // The override's condition is the first condition after the one segment.
    let root = Int(rules.program.roots[1])
    #expect(observer.seen.contains(root))
  }
}
