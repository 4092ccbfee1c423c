/// A compiled rule set: immutable, `Sendable`, safe to share between any number of concurrent resolutions. A class:
/// resolutions hold it by reference, so passing it around never copies its tables.
///
/// Attribute references are resolved to slots at compile time and constants are folded, so resolving a
/// profile reads an array by index and never looks a name up on the hot path.
public final class RuleSet: Sendable {
  /// Built-in and declared attributes, indexed by slot.
  package let attributes: [AttributeDefinition]
  /// Segments with their folded conditions, indexed as in ``CheckedRules/segments``.
  package let segments: [SegmentDefinition]
  /// Placements in declaration order.
  package let placements: [PlacementDefinition]
  /// Layers of mutually exclusive tests, in declaration order (their tests carry ``ABTest/layer``).
  package let layers: [LayerDefinition]
  /// The folded conditions of the segments, then of the QA overrides (``TestOverride/condition``).
  let conditions: [Condition]
  /// The conditions compiled for evaluation (see ``Program``).
  let program: Program
  /// Reads profile JSON straight into bound profiles (see ``ProfileBinder``).
  let binder: ProfileBinder
  /// What bound profiles record, so that only this rule set resolves them (see ``RuleSetIdentity``).
  let identity: RuleSetIdentity
  /// The version ids of the `sticky` tests (their draws are assignments to persist: ``newAssignments(_:)``).
  package let stickyVersions: Set<String>
  /// The cross-placement tests that rows refer to, by version id (for their stickiness windows).
  package let crossPlacementTests: [String: ABTest]
  /// The QA overrides' conditions as written, in declaration order (for decisions and explanations).
  let overrideConditionTexts: [String]
  /// The QA overrides, in declaration order (for `placement audiences`).
  package let overrideDefinitions: [OverrideDefinition]
  /// The meaning the rules give negations (`dialect …`); its conditions are already rewritten to it.
  package let dialect: Dialect
  /// Whether the rules declare their dialect (`dialect placement` or `dialect adapty`).
  package let declaresDialect: Bool
  /// The declared contents with their remote configs, in declaration order (empty when none is declared).
  package let contents: [ContentDefinition]
  /// Each declared content's index in ``contents``, by id.
  let contentIndex: [String: Int]
  /// The prerequisites the conditions read, in dependency order, and what each placement needs decided.
  package let prerequisitePlan: PrerequisitePlan
  /// The relaxed conditions and rows behind the reason `PREREQUISITE_FAILED`; nil when no row reads a prerequisite.
  let prerequisiteReasons: PrerequisiteReasons?

  init(_ model: CheckedRules, version: String) {
    attributes = model.attributes
    segments = model.segments
    conditions =
      model.segments.map { Folding.fold($0.condition) }
      + model.overrides.map { Folding.fold($0.condition) }
    placements = model.placements
    layers = model.layers
    program = Program(
      conditions: conditions, attributeCount: attributes.count, placements: placements,
      eventQueries: model.attributes.compactMap { attribute in attribute.event.map { (attribute.slot, $0) } })
    identity = RuleSetIdentity(version: version)
    overrideConditionTexts = model.overrides.map(\.conditionText)
    overrideDefinitions = model.overrides
    dialect = model.dialect
    declaresDialect = model.dialectSpan != nil
    contents = model.contents
    prerequisitePlan = model.prerequisitePlan
    prerequisiteReasons = PrerequisiteReasons(
      conditions: conditions, attributes: attributes, placements: placements, eventQueries: program.eventQueries)
    contentIndex = Dictionary(
      model.contents.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
    stickyVersions = Set(
      model.placements.flatMap(\.rows).compactMap { row in
        if case .test(let test) = row.content, test.isSticky { test.versionID } else { nil }
      })
    var crossTests: [String: ABTest] = [:]
    for row in model.placements.flatMap(\.rows) {
      if case .test(let test) = row.content, test.stickyWindow != nil { crossTests[test.versionID] = test }
    }
    crossPlacementTests = crossTests
    binder = ProfileBinder(
      attributes: attributes, program: program, identity: identity,
      keeping: model.contents.isEmpty ? [] : [BuiltinAttributes.localeSlot])
  }

  /// The rule set's version (`rules_version` in outputs): the first 12 hexadecimal digits of a SHA-256 of its
  /// files' paths inside the rules folder (``RuleSource/path``) and bytes, in compile order. Rule sets compiled
  /// from the same files have the same version, and so does a rules bundle built from them; a bound profile
  /// records the version of the rule set that bound it (``BoundProfile/ruleSetVersion``), and errors name both.
  public var version: String { identity.version }

  /// Placement names in declaration order: what ``resolve(_:for:options:)-(String,BoundProfile,_)`` accepts, and
  /// the order of ``resolveAll(for:options:)-(BoundProfile,_)``'s decisions. ``placementHandles`` gives each as a
  /// ``PlacementHandle``, for a request loop.
  public var placementNames: [String] { placements.map(\.name) }

  /// The declared content with this id, or nil.
  package func content(id: String) -> ContentDefinition? { contentIndex[id].map { contents[$0] } }

  /// The placement called `name`, or nil.
  package func placement(named name: String) -> PlacementDefinition? {
    placementIndex(named: name).map { placements[$0] }
  }

  /// The index in ``placements`` of the placement called `name`, or nil: the one lookup of a placement by name.
  /// Placement names are ASCII identifiers, so ``Program/placementNames`` finds a name spelled with the same bytes
  /// without hashing a `String`; a canonically equivalent spelling (one `String` equality accepts) is found by
  /// comparing the names, off the hot path.
  package func placementIndex(named name: String) -> Int? {
    if let index = program.placementNames.value(name) { return Int(index) }
    return placements.firstIndex { $0.name == name }
  }
}

/// Constant folding over conditions: `false and x` → false, `true or x` → true, `not true` → false, and
/// single-element groups unwrapped.
enum Folding {
  static func fold(_ condition: Condition) -> Condition {
    switch condition {
    case .all(let parts):
      var kept: [Condition] = []
      for part in parts.map(fold) {
        if case .constant(let value) = part {
          if !value { return .constant(false) }
          continue
        }
        kept.append(part)
      }
      return kept.isEmpty ? .constant(true) : kept.count == 1 ? kept[0] : .all(kept)
    case .any(let parts):
      var kept: [Condition] = []
      for part in parts.map(fold) {
        if case .constant(let value) = part {
          if value { return .constant(true) }
          continue
        }
        kept.append(part)
      }
      return kept.isEmpty ? .constant(false) : kept.count == 1 ? kept[0] : .any(kept)
    case .not(let inner):
      let folded = fold(inner)
      if case .constant(let value) = folded { return .constant(!value) }
      if case .not(let twice) = folded { return twice }
      return .not(folded)
    default:
      return condition
    }
  }
}
