/// A typed, name-resolved condition. Negated operators are expressed as `.not` of the positive form, which
/// makes them exact complements on missing values (docs/Product.md §4.1).
package indirect enum Condition: Sendable {
  case all([Condition])
  case any([Condition])
  case not(Condition)
  /// A reference to another segment by index.
  case segment(Int)
  case predicate(Predicate)
  /// A percentage rollout: true when the profile's rollout bucket (0–9,999) is below `threshold`. A ramp has
  /// `steps` (in time order): at `now` it admits buckets below the current step's threshold
  /// (``RampStep/threshold(_:at:)``), and `threshold` is its last step's, the most it ever admits.
  case rollout(salt: String, threshold: Int, text: String, steps: [RampStep] = [])
  case constant(Bool)
}

/// One test of one attribute's value. False on a missing value, except `isSet` which tests presence.
package struct Predicate: Sendable {
  package let slot: Int
  package let attribute: String
  package let test: ValueTest
  /// The predicate's source text, e.g. `experience == pro` (for explanations).
  package let text: String
  package let span: SourceSpan
  /// True when the source wrote a negated operator (`!=`, `not in`, …): the predicate holds the positive test
  /// and is wrapped in `.not`, but its ``text`` is the negated form as written.
  package var isWrittenNegated: Bool = false

  /// The memberwise initializer, for the modules above this one.
  package init(
    slot: Int, attribute: String, test: ValueTest, text: String, span: SourceSpan, isWrittenNegated: Bool = false
  ) {
    self.slot = slot
    self.attribute = attribute
    self.test = test
    self.text = text
    self.span = span
    self.isWrittenNegated = isWrittenNegated
  }
}

/// Comparison operators (the negations are compiled as `.not`).
package enum Comparison: Sendable, Hashable {
  case equal, less, lessEqual, greater, greaterEqual

  /// Applies the comparison to two comparable values.
  @inline(__always)
  package func holds<T: Comparable>(_ lhs: T, _ rhs: T) -> Bool {
    switch self {
    case .equal: lhs == rhs
    case .less: lhs < rhs
    case .lessEqual: lhs <= rhs
    case .greater: lhs > rhs
    case .greaterEqual: lhs >= rhs
    }
  }
}

/// String operators with list operands meaning "any of".
package enum StringMatch: Sendable, Hashable { case equal, startsWith, endsWith, contains }

/// The typed test applied to a value. Two equal tests hold of the same values (the lint reasoner identifies its
/// atoms by them).
package enum ValueTest: Sendable, Hashable {
  case isSet
  /// Any literal matches (`==` with one, `in` with several), literals as written. With `ignoring case`,
  /// `folded` holds the lower-cased literals, tried against the lower-cased value when no literal matched as
  /// written: the case-insensitive form can only widen the match, never narrow it.
  case string(StringMatch, [String], folded: [String]?)
  case matches(Pattern)
  case number(Comparison, Double)
  case numberIn([Double])
  case numberBetween(Double, Double)
  case bool(Bool)
  case version(Comparison, SemanticVersion)
  case versionIn([SemanticVersion])
  case date(Comparison, Instant)
  case dateBetween(Instant, Instant)
  /// `within last <n> <unit>`: now − window ≤ value ≤ now (milliseconds).
  case dateWithinLast(milliseconds: Int64)
  /// `more than <n> <unit> ago`: value < now − window (milliseconds).
  case dateOlderThan(milliseconds: Int64)
  /// `years_since(<date>) <op> <n>`: whole years from the value until now.
  case yearsSince(Comparison, Double)
  /// The option index is in the mask (`==` one option, `in` several).
  case choiceIn(UInt64)
  /// `has` / `has all`: every option of the mask is selected.
  case choicesHasAll(UInt64)
  /// `has all … ignoring case`: each mask (the options one literal names) has at least one selected option.
  case choicesHasEach([UInt64])
  /// `has any`: at least one option of the mask is selected.
  case choicesHasAny(UInt64)
  case choicesIsEmpty
  /// `count(<choices>) <op> <n>`.
  case choicesCount(Comparison, Double)
  /// `in list <name>`: the string is one of the ids of list `name` (``IdList``).
  case idList(name: String, IdList)
}
