/// Where a custom attribute's value comes from when a profile carries flow events (docs/Product.md §3).
package struct AttributeSource: Sendable, Hashable {
  package enum Kind: String, Sendable, Hashable { case quiz, input, toggle }
  package let kind: Kind
  /// The `element_id` of the flow element.
  package let element: String
  /// The screen (`instanceId`) that qualifies the element; nil means "the one screen that has it".
  package let screen: String?
  /// Which member of an SDK 3.x select option (`{id, value, label}`) is the option id (`key id|value`).
  package var optionKey: OptionKey = .value
  /// The option a quiz takes when its screen was presented and no input came for the element
  /// (`default <option> if screen "<screen>" presented`); nil when not declared.
  package var presentedDefault: PresentedDefault? = nil

  /// Creates a source; the SDK 3.x key and the presented default keep their defaults unless given.
  package init(
    kind: Kind, element: String, screen: String?, optionKey: OptionKey = .value,
    presentedDefault: PresentedDefault? = nil
  ) {
    self.kind = kind
    self.element = element
    self.screen = screen
    self.optionKey = optionKey
    self.presentedDefault = presentedDefault
  }
}

/// A declared or built-in attribute with its slot in a bound profile.
package struct AttributeDefinition: Sendable {
  package let name: String
  package let type: AttributeType
  package let source: AttributeSource?
  package let isBuiltin: Bool
  /// Index of the attribute's value in a ``BoundProfile``.
  package let slot: Int
  /// The declaration, or nil for a built-in.
  package let span: SourceSpan?
  /// True for a prerequisite's slot (``PrerequisiteDefinition``): the resolver fills it, profiles never do.
  package internal(set) var isPrerequisite = false
  /// For a slot derived from the profile's events (``EventQuery``): its query; nil for every other attribute.
  package var event: EventQuery? = nil

  /// The memberwise initializer, for the modules above this one.
  package init(
    name: String, type: AttributeType, source: AttributeSource?, isBuiltin: Bool, slot: Int, span: SourceSpan?
  ) {
    self.name = name
    self.type = type
    self.source = source
    self.isBuiltin = isBuiltin
    self.slot = slot
    self.span = span
  }
}

/// A named segment and its resolved condition.
package struct SegmentDefinition: Sendable {
  package let name: String
  package let condition: Condition
  package let span: SourceSpan
  /// Spans of the condition's top-level text (for explanations and the audience table).
  package let conditionText: String

  /// The memberwise initializer, for the modules above this one.
  package init(name: String, condition: Condition, span: SourceSpan, conditionText: String) {
    self.name = name
    self.condition = condition
    self.span = span
    self.conditionText = conditionText
  }
}

/// What a row shows, after name resolution.
package indirect enum Content: Sendable, Hashable {
  case flow(id: String, paywall: String?)
  case paywall(id: String)
  /// Deliberately show nothing (a test's control group without content).
  case holdout
  /// Show nothing specific: continue with the next row.
  case fallthrough_
  case test(ABTest)
}

/// A weighted A/B test (docs/Product.md §4.9).
package struct ABTest: Sendable, Hashable {
  package let name: String
  /// The id mixed into the bucketing key; equal ids give equal assignments.
  package let versionID: String
  /// True when the version id was written; false when derived from placement, row and test name.
  package let hasExplicitVersion: Bool
  /// True for a row of a cross-placement test.
  package let isCrossPlacement: Bool
  /// Variations sorted for the draw: by weight ascending, then id ascending.
  package let variations: [ABVariation]
  /// When the test is live (header `from "…" until "…"`); nil: always. Applies to every row that uses the test.
  package internal(set) var schedule: Schedule? = nil
  /// The test's share of its layer, or nil when the test is in no layer (every matching profile draws).
  package internal(set) var layer: LayerShare? = nil
  /// True for a `sticky` test and for every cross-placement test: a profile's carried assignment for
  /// ``versionID`` is honoured while its variation exists (docs/ABTests.md, "Sticky assignments").
  package internal(set) var isSticky = false
  /// For a cross-placement test: how long, in milliseconds, an assignment that carries its time stays (default 90
  /// days): the test keeps it that long, even after its schedule ended, and it keeps the profile out of the
  /// other cross-placement tests. Nil for a test inside a row.
  package internal(set) var stickyWindow: Int64? = nil
  /// The rules' QA overrides of this test, in declaration order: the first whose condition holds forces its
  /// variation before any draw.
  package internal(set) var overrides: [TestOverride] = []
}

/// A rules-declared override of a test's variation, as the runtime applies it.
package struct TestOverride: Sendable, Hashable {
  /// The override's condition in the rule set's program: ``CheckedRules/segments``'s count plus the override's
  /// index in ``CheckedRules/overrides``.
  package let condition: Int
  /// The forced variation's index in ``ABTest/variations`` (draw order).
  package let variation: Int
}

/// A rules-declared override of a placement's content: profiles whose condition holds are shown `content`
/// before any row is tried.
package struct PlacementOverride: Sendable, Hashable {
  /// The override's condition in the rule set's program (as ``TestOverride/condition``).
  package let condition: Int
  package let content: Content
}

/// `override <test>: variation <id> for <condition>` or `override <placement>: <content> for <condition>`, checked.
package struct OverrideDefinition: Sendable {
  /// The overridden test's or placement's name.
  package let target: String
  /// The forced variation id (test form), or nil (placement form).
  package let variation: String?
  /// The forced content (placement form), or nil (test form).
  package let content: Content?
  package let condition: Condition
  /// The condition as written.
  package let conditionText: String
  /// The override's target name in its file.
  package let span: SourceSpan
}

/// One variation of a test: its id, integer percent weight and content.
package struct ABVariation: DrawArm, Sendable, Hashable {
  package let id: String
  package let weight: Int
  package let content: Content
}

/// One row of an audience table.
package struct AudienceRow: Sendable {
  /// The row's name: its segment name, or `default`.
  package let name: String
  /// Index of the row's segment in ``CheckedRules/segments``; nil for the default row.
  package let segment: Int?
  package let content: Content
  package let span: SourceSpan
  /// The row's own schedule (`<segment> from "…" until "…" -> …`); nil: always live.
  package internal(set) var schedule: Schedule? = nil
  /// The row's frequency cap (`limit 3 per 7 days`); nil: uncapped.
  package internal(set) var cap: RowCap? = nil
  /// What the resolver checks: the row's schedule intersected with its test's (nil when neither has one).
  package internal(set) var effectiveSchedule: Schedule? = nil
  /// ``effectiveSchedule`` as milliseconds since the epoch, `from` inclusive, `until` exclusive, open ends as
  /// `Int64.min`/`Int64.max`: two integer compares on the resolution loop's hot path.
  var liveFrom: Int64 = .min
  var liveUntil: Int64 = .max
}

extension AudienceRow {
  /// Sets the row's schedule and its test's, and the live range the resolver checks.
  mutating func setSchedule(_ own: Schedule?, test: Schedule?) {
    schedule = own
    let effective = own.map { mine in test.map { mine.intersection($0) } ?? mine } ?? test
    effectiveSchedule = effective
    (liveFrom, liveUntil) = effective?.liveMilliseconds ?? (.min, .max)
  }
}

/// A placement with its audience table in evaluation order (cross-placement rows first, then the rows as written).
package struct PlacementDefinition: Sendable {
  package enum ContentType: String, Sendable, Hashable { case flow, paywall }
  package let name: String
  package let contentType: ContentType
  package let rows: [AudienceRow]
  package let span: SourceSpan
  /// The rules' QA overrides of this placement, in declaration order: the first whose condition holds decides.
  package internal(set) var overrides: [PlacementOverride] = []
}

/// The checked model of a rule set: everything resolved and typed, ready for the compiler and the linter.
package struct CheckedRules: Sendable {
  package let attributes: [AttributeDefinition]
  /// Segments in declaration order; under ``Dialect/adapty`` their conditions are rewritten (``ThreeValued``).
  package internal(set) var segments: [SegmentDefinition]
  package let placements: [PlacementDefinition]
  /// The parsed files, for the linter and the formatter.
  package let files: [RuleFileSyntax]
  /// The `layer` declarations, in declaration order.
  package internal(set) var layers: [LayerDefinition] = []
  /// QA overrides in declaration order (their conditions follow the segments' in the program).
  package internal(set) var overrides: [OverrideDefinition] = []
  /// The meaning the rules give negations (`dialect …`); ``Dialect/placement`` unless declared.
  package internal(set) var dialect: Dialect = .placement
  /// Where the rule set declares its dialect, or nil when it does not.
  package internal(set) var dialectSpan: SourceSpan? = nil
  /// The `content` declarations with their remote configs, in declaration order.
  package internal(set) var contents: [ContentDefinition] = []
  /// The `list` declarations whose files read, in declaration order.
  package internal(set) var idLists: [IdListDefinition] = []
  /// The prerequisites the conditions read, and the placements' dependencies through them.
  package internal(set) var prerequisitePlan = PrerequisitePlan()

  /// The memberwise initializer, for the modules above this one.
  package init(
    attributes: [AttributeDefinition], segments: [SegmentDefinition], placements: [PlacementDefinition],
    files: [RuleFileSyntax], layers: [LayerDefinition] = [], overrides: [OverrideDefinition] = []
  ) {
    self.attributes = attributes
    self.segments = segments
    self.placements = placements
    self.files = files
    self.layers = layers
    self.overrides = overrides
  }
}

extension Content {
  /// The id a `shown` event names for this content: the flow's or paywall's id; nil for a test, a holdout or a
  /// fallthrough.
  package var shownID: String? {
    switch self {
    case .flow(let id, _), .paywall(let id): id
    case .holdout, .fallthrough_, .test: nil
    }
  }
}
