import PlacementCore

/// Where a service keeps the sticky assignments of its profiles, so that changing a `sticky` test's weights
/// moves nobody already assigned (GrowthBook's sticky bucketing; docs/ABTests.md, "Sticky assignments").
///
/// ``RuleStore`` consults it before each resolution (the assignments a profile carries in its own
/// `assignments` win over the stored ones) and saves the assignments the resolution drew for the first time.
/// Keys are test `version_id`s, values variation ids. Implementations must be safe to call from any thread;
/// a slow one slows every request, so back a database with a cache.
public protocol AssignmentStore: Sendable {
  /// The stored assignments of the profile with this `profile_id`: `version_id` → variation id (empty when none).
  func assignments(forProfile profileID: String) -> [String: String]
  /// Records new assignments of a profile, merged into (and replacing, per version) what is stored.
  func save(_ assignments: [String: String], forProfile profileID: String)
  /// When each stored assignment of the profile was made, `version_id` → instant: a cross-placement test keeps
  /// an assignment for its stickiness window from this time (docs/ABTests.md, "Cross-placement tests"). The
  /// default stores no times (the assignments are then kept as any sticky test's, with no window).
  func assignmentTimes(forProfile profileID: String) -> [String: Instant]
  /// Records when new cross-placement assignments were made (the resolution's `now`), merged per version.
  /// The default drops them.
  func saveTimes(_ times: [String: Instant], forProfile profileID: String)
}

extension AssignmentStore {
  public func assignmentTimes(forProfile profileID: String) -> [String: Instant] { [:] }
  public func saveTimes(_ times: [String: Instant], forProfile profileID: String) {}
}

/// An ``AssignmentStore`` in memory, behind a pthread mutex (`PthreadLocked`, so Thread Sanitizer checks it):
/// for tests, single-process services and as a cache in front of a durable store. Memory grows with the number
/// of profiles assigned.
public final class InMemoryAssignmentStore: AssignmentStore {
  private let stored: PthreadLocked<[String: [String: String]]>
  private let times = PthreadLocked<[String: [String: Instant]]>([:])

  /// A store holding `initial`: `profile_id` → (`version_id` → variation id).
  public init(_ initial: [String: [String: String]] = [:]) {
    stored = PthreadLocked(initial)
  }

  public func assignments(forProfile profileID: String) -> [String: String] {
    stored.withLock { $0[profileID] ?? [:] }
  }

  public func save(_ assignments: [String: String], forProfile profileID: String) {
    stored.withLock { $0[profileID, default: [:]].merge(assignments) { _, new in new } }
  }

  public func assignmentTimes(forProfile profileID: String) -> [String: Instant] {
    times.withLock { $0[profileID] ?? [:] }
  }

  public func saveTimes(_ times: [String: Instant], forProfile profileID: String) {
    self.times.withLock { $0[profileID, default: [:]].merge(times) { _, new in new } }
  }

  /// Every stored assignment: `profile_id` → (`version_id` → variation id).
  public var all: [String: [String: String]] { stored.withLock { $0 } }
}

extension RuleStore {
  /// Resolves placements `placements` of `ruleSet` for `profile` with the ``assignments`` store: the stored
  /// assignments fill in those the profile does not carry, and the new ones are saved afterwards.
  func resolving(_ ruleSet: RuleSet, _ profile: BoundProfile, placements: [Int], options: ResolveOptions)
    -> [Decision]
  {
    guard let store = assignments, let id = profile.bucketingID, !ruleSet.stickyVersions.isEmpty else {
      let decided = ruleSet.decidingPrerequisites(profile, options: options)
      return placements.map { ruleSet.resolve($0, for: decided, options: options) }
    }
    var profile = profile
    let carried = profile.assignments
    profile.assignments.merge(store.assignments(forProfile: id)) { carried, _ in carried }
    if !ruleSet.crossPlacementTests.isEmpty {
      // A stored time goes with the stored variation: a carried assignment keeps its own (or none).
      let stored = store.assignmentTimes(forProfile: id).filter { carried[$0.key] == nil }
      if !stored.isEmpty { profile.assignmentTimes.merge(stored) { own, _ in own } }
    }
    let decided = ruleSet.decidingPrerequisites(profile, options: options)
    let decisions = placements.map { ruleSet.resolve($0, for: decided, options: options) }
    var drawn: [String: String] = [:]
    for decision in decisions { drawn.merge(ruleSet.newAssignments(decision.exposures)) { first, _ in first } }
    guard !drawn.isEmpty else { return decisions }
    store.save(drawn, forProfile: id)
    var times: [String: Instant] = [:]
    for version in drawn.keys where ruleSet.crossPlacementTests[version] != nil { times[version] = options.now }
    if !times.isEmpty { store.saveTimes(times, forProfile: id) }
    return decisions
  }
}
