/// A profile laid out for one rule set: one coerced `Value` per attribute slot, resolved once so that
/// evaluation never looks anything up by name.
///
/// A bound profile belongs to the rule set that bound it (``ruleSetVersion``): resolving it with another rule set
/// throws ``ResolveError/boundForAnotherRuleSet(boundBy:resolvingWith:)``. Make one with ``RuleSet/bind(_:limits:)``
/// or ``RuleSet/bind(jsonBytes:limits:)``; ``RuleStore/resolve(_:jsonBytes:limits:options:)`` binds
/// and resolves on one snapshot.
public struct BoundProfile: Sendable {
  /// The `profile_id` as given (also the value of the `profile_id` attribute), reported in every decision.
  public internal(set) var profileID: String?
  /// Where the fast path read ``profileID``: the offsets of its JSON string, quotes included, in the bytes it
  /// bound, when the string is printable ASCII without escapes, so that those bytes are also its JSON as the
  /// writer would encode it; nil otherwise. Meaningful only beside those bytes (the batch's line).
  package internal(set) var profileIDSource: Range<Int>?
  /// Values indexed by ``AttributeDefinition/slot``.
  package internal(set) var values: [Value]
  /// Problems found while reading and coercing the profile: uncoercible values (with the attribute name and
  /// the value seen), strings over the length limit, skipped events, ambiguous answers. They never stop a
  /// resolution; every decision for the profile repeats them.
  public internal(set) var warnings: [String]
  /// Run-time QA forcing, test name → variation id (``Profile/force``); honoured only with
  /// ``ResolveOptions/allowOverrides``.
  public internal(set) var force: [String: String] {
    get { experiment?.force ?? [:] }
    set { experiment(default: newValue.isEmpty) { $0.force = newValue } }
  }
  /// Carried sticky assignments, `version_id` → variation id (``Profile/assignments``, merged with an
  /// ``AssignmentStore``'s by ``RuleStore``).
  public package(set) var assignments: [String: String] {
    get { experiment?.assignments ?? [:] }
    set { experiment(default: newValue.isEmpty) { $0.assignments = newValue } }
  }
  /// When each carried assignment was made, `version_id` → instant (``Profile/assignmentTimes``).
  public package(set) var assignmentTimes: [String: Instant] {
    get { experiment?.assignmentTimes ?? [:] }
    set { experiment(default: newValue.isEmpty) { $0.assignmentTimes = newValue } }
  }
  /// When the profile first got a paywall (``Profile/firstPaywallAt``); nil: never, or unknown.
  public package(set) var firstPaywallAt: Instant? {
    get { experiment?.firstPaywallAt }
    set { experiment(default: newValue == nil) { $0.firstPaywallAt = newValue } }
  }
  /// The profile's events and counters, for the event slots a run derives (``Program/eventQueries``); nil when
  /// the rule set reads no events, and for profiles whose slots were set directly (the linter's witnesses).
  package internal(set) var eventLog: EventLog? {
    get { experiment?.eventLog }
    set { experiment(default: newValue == nil) { $0.eventLog = newValue } }
  }
  /// What deciding the profile's prerequisites resolved (``RuleSet/decidingPrerequisites(_:now:)``): the
  /// decisions an explained decision lists. Nil until they are decided, and when the rules have none.
  var prerequisiteRecord: PrerequisiteRecord? {
    get { experiment?.prerequisiteRecord }
    set { experiment(default: newValue == nil) { $0.prerequisiteRecord = newValue } }
  }
  /// `force`, `assignments`, what a resolution made of `force`, the event log and the prerequisite record, in one
  /// optional value: nil for almost every profile, so that copying and destroying a bound profile costs no
  /// retains and releases.
  private var experiment: Experiment?
  /// The values as plain data for `program` (empty when bound without one).
  var scalars: [Scalar]
  /// The binder's guesses of the next member name, learnt from the lines bound into this storage (empty until
  /// then): they make reading faster, never different (``ProfileBinder/readKeyedMembers(_:keys:hints:_:)``).
  var memberHints: [Int32] = []
  /// The binder's notes of the lines bound into this storage that had warnings, kept for the next such line with
  /// the warnings it remembers (``ProfileBinder/Notes``): nil until a line has one.
  var warningNotes: ProfileBinder.Notes?
  /// Whether ``values`` holds every value (the default), or only those a run of ``program`` reads through it
  /// (``Program/readsValue``, the identity attributes, and values whose scalar is `.other`), the others being
  /// `.missing` beside a set scalar. Only the batch binds so (``RuleSet/bind(jsonBytes:limits:into:keepingEveryValue:)``):
  /// building a `String` or a version that nothing reads is work thrown away. Explaining needs every value.
  var keepsEveryValue = true
  /// Whether every prerequisite slot holds its decision for this profile (``RuleSet/decidingPrerequisites(_:now:)``),
  /// at the `now` of the call that decided them.
  var prerequisitesDecided = false
  /// The compiled program the scalars were made for.
  let program: Program?
  /// The rule set that bound the profile; nil only for profiles bound to bare attributes (the linter's witnesses).
  let boundBy: RuleSetIdentity?

  /// A profile's rare members: its experiment members (``force``, ``assignments``), the judgement of `force`,
  /// its event log, and what deciding its prerequisites resolved.
  private struct Experiment {
    var eventLog: EventLog?
    var prerequisiteRecord: PrerequisiteRecord?
    var force: [String: String] = [:]
    var assignments: [String: String] = [:]
    var assignmentTimes: [String: Instant] = [:]
    var firstPaywallAt: Instant?
    /// The part of `force` a resolution honours, once ``RuleSet/forcing(_:allowOverrides:)`` judged it (its
    /// warnings are then in ``warnings``); nil until then, so a path that never asked for overrides ignores
    /// `force`.
    var honoured: [String: String]?
  }

  /// Whether the profile has a ``force`` that ``RuleSet/forcing(_:allowOverrides:)`` has not judged yet.
  var hasUnjudgedForce: Bool { experiment?.honoured == nil && experiment?.force.isEmpty == false }

  /// Records the judgement of ``force``: `honoured` is the part a resolution honours (see ``hasUnjudgedForce``).
  mutating func judgeForce(honouring honoured: [String: String]) {
    experiment(default: false) { $0.honoured = honoured }
  }

  /// The variation id the honoured ``force`` sets for the test named `test`; nil when it sets none.
  @inline(__always)
  func forcedVariation(_ test: String) -> String? {
    guard experiment?.honoured?.isEmpty == false else { return nil }
    return experiment?.honoured?[test]
  }

  /// Applies `change` to ``experiment``, creating it unless `isDefault` (the change would store a default
  /// while there is none).
  private mutating func experiment(default isDefault: Bool, _ change: (inout Experiment) -> Void) {
    if experiment == nil {
      if isDefault { return }
      experiment = Experiment()
    }
    change(&experiment!)
  }

  /// The version of the rule set that bound this profile (``RuleSet/version``); nil when bound without one.
  public var ruleSetVersion: String? { boundBy?.version }

  /// The id A/B draws and rollouts hash: ``profileID`` unless it is missing, empty or only white space (such an id
  /// would put every such profile in one bucket, so it is treated like a missing id).
  public var bucketingID: String? {
    guard let profileID else { return nil }
    // Most ids start with a printable ASCII byte, which is not white space: no Unicode property lookup.
    if let first = profileID.utf8.first, first > 0x20, first < 0x7F { return profileID }
    guard profileID.unicodeScalars.contains(where: { !$0.properties.isWhitespace }) else { return nil }
    return profileID
  }

  /// No id, no warnings, no experiment members: with every value and scalar missing (which the binder sets in
  /// the buffers it writes, ``ProfileBinder/reset(_:_:stored:kept:)``), the state the binder fills.
  mutating func resetMembers() {
    prerequisitesDecided = false
    profileID = nil
    profileIDSource = nil
    if !warnings.isEmpty { warnings.removeAll(keepingCapacity: true) }
    experiment = nil
  }

  /// A bound profile from its parts; `scalars`, when given, must be the scalars of `values` for `program`.
  package init(
    profileID: String?, values: [Value], warnings: [String], program: Program?, boundBy: RuleSetIdentity?,
    scalars: [Scalar]? = nil
  ) {
    self.profileID = profileID
    self.values = values
    self.warnings = warnings
    self.program = program
    self.boundBy = boundBy
    if let scalars {
      self.scalars = scalars
    } else if let program {
      self.scalars = values.indices.map { Scalar(values[$0], stringIDs: program.stringIDs[$0]) }
    } else {
      self.scalars = []
    }
  }

  /// Binds a profile to bare attributes, with no rule set: for the linter's witness profiles and tests, which
  /// evaluate conditions directly. ``RuleSet/resolve(_:for:options:)-(String,BoundProfile,_)`` refuses such a profile.
  init(_ profile: Profile, attributes: [AttributeDefinition], limits: ProfileLimits = .default) {
    self.init(profile, attributes: attributes, program: nil, boundBy: nil, limits: limits)
  }

  /// Warnings kept per profile; every decision repeats them, so a profile of 100,000 unknown members must not
  /// turn one 1 MiB line into megabytes of output per placement.
  public static let maxWarnings = 20

  /// The first ``maxWarnings`` warnings, then one counting the rest.
  static func capped(_ warnings: [String]) -> [String] {
    var capped: [String] = []
    append(capped: warnings, to: &capped)
    return capped
  }

  /// Appends the first ``maxWarnings`` of `warnings` to `list`, then one counting the rest.
  static func append(capped warnings: some Collection<String>, to list: inout [String]) {
    guard warnings.count > maxWarnings else { return list.append(contentsOf: warnings) }
    list.append(contentsOf: warnings.prefix(maxWarnings))
    list.append("\(warnings.count - maxWarnings) more warnings not shown")
  }
}
