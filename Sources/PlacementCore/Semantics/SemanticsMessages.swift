/// The checker's messages: every semantic diagnostic's wording, as a function of typed arguments (swift-syntax's
/// `ParserDiagnosticMessages.swift`, cel-go's `checker/errors.go`). Report sites use these, never a string
/// literal; `docs/Diagnostics.md` lists the codes they carry.
extension DiagnosticMessage {
  // MARK: Declarations and names

  static func declaredTwice(_ kind: DeclarationKind, _ name: String) -> Self {
    .init(SemanticsCatalog.duplicateDeclaration, "\(kind.rawValue) '\(name)' is declared twice")
  }

  static func redeclaresBuiltin(_ name: String) -> Self {
    .init(SemanticsCatalog.duplicateDeclaration, "'\(name)' is a built-in attribute and cannot be redeclared")
  }

  static func attributeAndSegment(_ name: String) -> Self {
    .init(SemanticsCatalog.reservedName, "'\(name)' is both an attribute and a segment")
  }

  static func reservedWord(_ name: String, naming kind: DeclarationKind) -> Self {
    .init(SemanticsCatalog.reservedName, "'\(name)' is a reserved word and cannot name a \(kind.rawValue)")
  }

  static func unknownAttribute(_ name: String) -> Self {
    .init(SemanticsCatalog.unknownAttribute, "unknown attribute '\(name)'")
  }

  static func unknownSegment(_ name: String) -> Self {
    .init(SemanticsCatalog.unknownSegment, "unknown segment '\(name)'")
  }

  static func unknownPlacement(_ name: String) -> Self {
    .init(SemanticsCatalog.unknownPlacement, "unknown placement '\(name)'")
  }

  static func unknownTest(_ name: String) -> Self { .init(SemanticsCatalog.unknownTest, "unknown test '\(name)'") }

  // MARK: QA overrides

  static func unknownVariation(_ id: String, test: String) -> Self {
    .init(SemanticsCatalog.unknownVariation, "test '\(test)' has no variation '\(id)'")
  }

  static func overrideOfPlacementNamesVariation(_ name: String) -> Self {
    .init(SemanticsCatalog.invalidOverride, "'\(name)' is a placement, not a test: an override of it forces content")
  }

  static func overrideOfTestNamesContent(_ name: String) -> Self {
    .init(
      SemanticsCatalog.invalidOverride, "'\(name)' is a test, not a placement: an override of it forces a variation")
  }

  static func overrideFallsThrough(_ placement: String) -> Self {
    .init(SemanticsCatalog.invalidOverride, "an override of placement '\(placement)' cannot fall through")
  }

  // MARK: Attribute types and sources

  static var unitOnNonDate: Self { .init(SemanticsCatalog.unitOnNonDate, "'unit' applies only to date attributes") }

  static func unknownAttributeUnit(_ word: String) -> Self {
    .init(SemanticsCatalog.unknownTimeUnit, "unknown time unit '\(word)': expected seconds or milliseconds")
  }

  static func noOptions(_ keyword: String) -> Self {
    .init(SemanticsCatalog.invalidOptions, "a \(keyword) type needs at least one option id")
  }

  static func optionListedTwice(_ id: String) -> Self {
    .init(SemanticsCatalog.invalidOptions, "option '\(id)' is listed twice")
  }

  static var emptyOptionID: Self { .init(SemanticsCatalog.invalidOptions, "an option id cannot be empty") }

  static func tooManyOptions(_ count: Int, limit: Int) -> Self {
    .init(SemanticsCatalog.invalidOptions, "\(count) options declared; a choice type has at most \(limit)")
  }

  static var emptyElementID: Self { .init(SemanticsCatalog.invalidSource, "the element id cannot be empty") }
  static var emptyScreenID: Self { .init(SemanticsCatalog.invalidSource, "the screen id cannot be empty") }

  static func sourceDoesNotFit(_ kind: String, _ typeName: String) -> Self {
    .init(SemanticsCatalog.invalidSource, "\(article(kind)) \(kind) answer cannot be a \(typeName) attribute")
  }

  /// "an" before a word that starts with a vowel letter ("an input answer"), else "a".
  private static func article(_ word: String) -> String {
    word.first.map { "aeiou".contains($0) } == true ? "an" : "a"
  }

  // MARK: Conditions

  static func nonBoolReference(_ name: String, _ typeName: String) -> Self {
    .init(
      SemanticsCatalog.nonBoolReference,
      "'\(name)' is a \(typeName) attribute; a bare name must be a segment or a bool attribute")
  }

  static func segmentCompared(_ name: String) -> Self {
    .init(SemanticsCatalog.segmentCompared, "'\(name)' is a segment; only attributes can be compared")
  }

  static func ignoringCaseNotApplicable(_ op: String, _ typeName: String, _ name: String) -> Self {
    .init(
      SemanticsCatalog.ignoringCaseNotApplicable,
      "'ignoring case' does not apply to '\(op)' on \(typeName) attribute '\(name)'")
  }

  static func expectedList(_ op: String) -> Self {
    .init(SemanticsCatalog.expectedList, "'\(op)' takes a list literal")
  }

  static func unsupportedOperator(_ op: String, _ typeName: String, _ name: String) -> Self {
    .init(SemanticsCatalog.unsupportedOperator, "operator '\(op)' does not apply to \(typeName) attribute '\(name)'")
  }

  static func functionTypeMismatch(_ function: String, needs typeName: String, _ name: String, is actual: String)
    -> Self
  {
    .init(
      SemanticsCatalog.functionTypeMismatch,
      "\(function)(...) applies to \(typeName) attributes; '\(name)' is \(actual)")
  }

  static func functionOperator(_ function: String) -> Self {
    .init(SemanticsCatalog.functionOperator, "'\(function)(...)' takes ==, !=, <, <=, >, >=")
  }

  static func choicesCompared(_ name: String, _ op: String) -> Self {
    .init(
      SemanticsCatalog.choicesEquality,
      "'\(name)' is a set of options: use 'has', 'has any' or 'has all' instead of '\(op)'")
  }

  /// A literal of the wrong kind: `found` describes it (`number 3`, `string "yes"`, `the bare word pro`).
  static func cannotCompare(_ typeName: String, _ name: String, with literal: LiteralSyntax) -> Self {
    .init(
      SemanticsCatalog.typeMismatch, "cannot compare \(typeName) attribute '\(name)' with \(literal.shownInMismatch)")
  }

  static func notANumber(_ text: String) -> Self { .init(SemanticsCatalog.invalidLiteral, "'\(text)' is not a number") }

  static func numberOutOfRange(_ text: String) -> Self {
    .init(SemanticsCatalog.invalidLiteral, "number \(text) is out of range")
  }

  /// `value` is the `Double` the literal reads as.
  static func inexactNumber(_ text: String, reads value: Double) -> Self {
    let sign = value < 0 ? "-" : ""
    return .init(
      SemanticsCatalog.inexactNumber,
      "\(text) has no exact value as a number; it reads as \(sign)\(value.magnitude.exactIntegerDigits)")
  }

  /// `reason` is ``SemanticVersion/validate(_:)``'s, or nil when it names none.
  static func invalidVersion(_ text: String, _ reason: String?) -> Self {
    .init(SemanticsCatalog.invalidLiteral, "invalid version '\(text)': \(reason ?? "not a SemVer 2.0.0 version")")
  }

  static func invalidDate(_ text: String) -> Self { .init(SemanticsCatalog.invalidLiteral, "invalid date \"\(text)\"") }

  static func invalidUnixTime(_ text: String) -> Self {
    .init(SemanticsCatalog.invalidLiteral, "invalid Unix time \(text)")
  }

  static func notAnOption(_ text: String, of name: String) -> Self {
    .init(SemanticsCatalog.unknownOption, "'\(text)' is not an option of '\(name)'")
  }

  static func unknownWindowUnit(_ word: String) -> Self {
    .init(SemanticsCatalog.unknownTimeUnit, "unknown time unit '\(word)': expected \(TimeWindow.unitNames)")
  }

  /// A window's amount outside what `use` accepts.
  static func invalidWindow(_ use: TimeWindow.Use) -> Self {
    .init(
      SemanticsCatalog.invalidLiteral,
      "\(use.noun) must be a whole number from \(use.minimum) to \(TimeWindow.maxAmount)")
  }

  /// `reason` is the regular-expression stage's message (``PatternError/message``).
  static func invalidPattern(_ reason: String) -> Self {
    .init(SemanticsCatalog.invalidPattern, "invalid pattern: \(reason)")
  }

  static var reversedBetween: Self {
    .init(SemanticsCatalog.reversedBetween, "'between' bounds are reversed: the range is empty and never matches")
  }

  // MARK: Rollouts

  static func invalidRolloutPercentage(_ text: String) -> Self {
    .init(
      SemanticsCatalog.invalidRollout,
      "rollout percentage must be a number from 0 to 100 with at most two decimals, found \(text)")
  }

  static var emptySalt: Self { .init(SemanticsCatalog.invalidRollout, "a rollout salt cannot be empty") }

  static func saltUsedTwice(_ salt: String) -> Self {
    .init(SemanticsCatalog.duplicateSalt, "rollout salt \"\(salt)\" is used twice")
  }

  static func versionOfAnotherTest(_ version: String, test: String, other: String) -> Self {
    .init(
      SemanticsCatalog.sharedVersion,
      "test '\(test)' has the version id \"\(version)\" of test '\(other)', with other variations or weights")
  }

  static func saltIsVersionID(_ salt: String, test: String) -> Self {
    .init(SemanticsCatalog.duplicateSalt, "rollout salt \"\(salt)\" equals the version id of test '\(test)'")
  }

  // MARK: Layers

  static func invalidLayerBound(_ text: String) -> Self {
    .init(
      SemanticsCatalog.invalidLayerShare,
      "a layer share's bound must be a percentage from 0 to 100 with at most two decimals, found \(text)%")
  }

  /// `lower` and `upper` as written (percentages without the `%`).
  static func emptyLayerShare(test: String, lower: String, upper: String) -> Self {
    .init(
      SemanticsCatalog.invalidLayerShare, "the share of test '\(test)' is empty: \(lower)% to \(upper)%")
  }

  static func overlappingLayerShares(
    _ test: String, _ share: String, other: String, _ otherShare: String, overlap: String
  )
    -> Self
  {
    .init(
      SemanticsCatalog.overlappingLayerShares,
      "the share of test '\(test)' (\(share)) overlaps the share of test '\(other)' (\(otherShare)) in \(overlap)")
  }

  static func layeredTwice(_ test: String, layer: String, first: String) -> Self {
    .init(
      SemanticsCatalog.layeredTwice,
      layer == first
        ? "test '\(test)' is listed twice in layer '\(layer)'"
        : "test '\(test)' is in layer '\(first)' and cannot also be in layer '\(layer)'")
  }

  static func ambiguousLayerTest(_ test: String, count: Int) -> Self {
    .init(SemanticsCatalog.ambiguousLayerTest, "\(count) tests are called '\(test)'; a layer must name one test")
  }

  static func layeredDefault(_ test: String, layer: String) -> Self {
    .init(
      SemanticsCatalog.layeredDefault,
      "the default row cannot hold test '\(test)' of layer '\(layer)': profiles outside its share would get nothing")
  }

  static func layerSaltIsVersionID(_ salt: String, layer: String, test: String) -> Self {
    .init(
      SemanticsCatalog.duplicateSalt, "the salt \"\(salt)\" of layer '\(layer)' equals the version id of test '\(test)'"
    )
  }

  static func layerSaltUsedTwice(_ salt: String, layer: String, other: SaltOwner) -> Self {
    .init(
      SemanticsCatalog.duplicateSalt, "layer '\(layer)' has the salt \"\(salt)\" of \(other.description)")
  }

  // MARK: Segment graph and limits

  static func prerequisiteCycle(_ names: [String]) -> Self {
    .init(
      SemanticsCatalog.prerequisiteCycle,
      "placements depend on each other's decisions in a cycle: \(names.joined(separator: " -> "))")
  }

  static func tooManyPrerequisiteOptions(_ subject: String, _ count: Int) -> Self {
    .init(
      SemanticsCatalog.invalidOptions,
      "\(subject) can take \(count) ids, more than the \(Options.maximumCount) a choice holds")
  }

  static func segmentCycle(_ names: [String]) -> Self {
    .init(SemanticsCatalog.segmentCycle, "segments refer to each other in a cycle: \(names.joined(separator: " -> "))")
  }

  static func segmentTooDeep(_ name: String, depth: Int, limit: Int) -> Self {
    .init(
      SemanticsCatalog.segmentTooDeep,
      "segment '\(name)' nests \(depth) levels deep with the segments it refers to, over the limit of \(limit)")
  }

  /// `cost` is shown as a count, or as `more than <cap>` when it saturated at `cap`.
  static func segmentTooCostly(_ name: String, cost: Int, cap: Int, limit: Int) -> Self {
    let shown = cost >= cap ? "more than \(cap)" : "\(cost)"
    return .init(
      SemanticsCatalog.segmentTooCostly,
      "segment '\(name)' evaluates \(shown) conditions with the segments it refers to, over the limit of \(limit)")
  }

  // MARK: Audience tables

  static var noPlacements: Self { .init(SemanticsCatalog.noPlacements, "the rule set declares no placement") }

  static func secondDefault(_ placement: String) -> Self {
    .init(SemanticsCatalog.duplicateDefault, "placement '\(placement)' has a second default row")
  }

  static func rowAfterDefault(_ segment: String) -> Self {
    .init(SemanticsCatalog.rowAfterDefault, "row '\(segment)' comes after the default row and is never reached")
  }

  static func missingDefault(_ placement: String) -> Self {
    .init(SemanticsCatalog.missingDefault, "placement '\(placement)' has no default row")
  }

  static var defaultFallsThrough: Self {
    .init(SemanticsCatalog.defaultFallsThrough, "the default row cannot fall through: no row follows it")
  }

  static func defaultVariationFallsThrough(_ variation: String, test: String) -> Self {
    .init(
      SemanticsCatalog.defaultFallsThrough,
      "variation '\(variation)' of test '\(test)' falls through, but no row follows the default row")
  }

  static func crossPlacementDefault(_ test: String) -> Self {
    .init(SemanticsCatalog.crossPlacementDefault, "the default row cannot be a row of cross-placement test '\(test)'")
  }

  static func paywallPlacementShowsFlow(_ placement: String) -> Self {
    .init(SemanticsCatalog.contentTypeMismatch, "paywall placement '\(placement)' cannot show a flow")
  }

  static func flowPlacementShowsPaywall(_ placement: String) -> Self {
    .init(SemanticsCatalog.contentTypeMismatch, "flow placement '\(placement)' cannot show a paywall on its own")
  }

  // MARK: A/B tests

  static func duplicateVariation(test: String, id: String) -> Self {
    .init(SemanticsCatalog.duplicateVariation, "test '\(test)' has two variations with id '\(id)'")
  }

  static func invalidWeight(_ text: String) -> Self {
    .init(SemanticsCatalog.invalidWeights, "a weight is a whole percentage from 1 to 100, found \(text)%")
  }

  static func zeroWeight(_ variation: String) -> Self {
    .init(SemanticsCatalog.invalidWeights, "variation '\(variation)' has weight 0%; remove it instead")
  }

  static func weightsSum(test: String, sum: Int, written: String) -> Self {
    .init(SemanticsCatalog.invalidWeights, "weights of test '\(test)' sum to \(sum)%, not 100% (\(written))")
  }

  static func variationCount(test: String, count: Int) -> Self {
    .init(
      SemanticsCatalog.invalidTest, "test '\(test)' has \(count) variation\(count == 1 ? "" : "s"); a test has 2 to 20")
  }

  static func crossTestNeedsVersion(_ test: String) -> Self {
    .init(SemanticsCatalog.invalidTest, "cross-placement test '\(test)' needs a version: 'version \"<id>\"'")
  }

  static func variationsCoverDifferentPlacements(
    _ variation: String, covers: [String], first: String, coversFirst: [String]
  ) -> Self {
    .init(
      SemanticsCatalog.invalidTest,
      "variation '\(variation)' covers placements \(covers) but '\(first)' covers \(coversFirst)")
  }

  static func placementGivenTwice(variation: String, placement: String) -> Self {
    .init(SemanticsCatalog.invalidTest, "variation '\(variation)' gives placement '\(placement)' two contents")
  }

  static func noContentForPlacement(test: String, placement: String) -> Self {
    .init(SemanticsCatalog.invalidTest, "test '\(test)' has no content for placement '\(placement)'")
  }

  static func unreferencedTestContent(test: String, placement: String) -> Self {
    .init(
      SemanticsCatalog.unreferencedTestContent,
      "cross-placement test '\(test)' gives content for placement '\(placement)', but no row of '\(placement)' refers to it"
    )
  }

  // MARK: Schedules

  static func instantWithoutOffset(_ text: String, isDate: Bool) -> Self {
    let what = isDate ? "is a date, not an instant" : "is a local time"
    return .init(
      SemanticsCatalog.instantWithoutOffset,
      "\"\(UntrustedText.escaped(text, limit: 40))\" \(what): a schedule needs an offset or 'Z'")
  }

  static func invalidInstant(_ text: String) -> Self {
    .init(SemanticsCatalog.invalidInstant, "\"\(UntrustedText.escaped(text, limit: 40))\" is not an instant")
  }

  static func emptySchedule(from: String, until: String, same: Bool) -> Self {
    .init(
      SemanticsCatalog.emptySchedule,
      "the schedule is never live: until \(until) is \(same ? "the same instant as" : "before") from \(from)")
  }

  static var scheduledDefault: Self {
    .init(
      SemanticsCatalog.scheduledDefault,
      "the default row cannot be scheduled: outside its schedule nothing would decide")
  }
}
