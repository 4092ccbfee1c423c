/// A segment condition as written.
package indirect enum Expr: Sendable {
  case and(Expr, Expr)
  case or(Expr, Expr)
  /// `not <expr>`; the range covers the keyword and the operand.
  case not(Expr, range: SourceRange)
  /// `( <expr> )`, kept so the formatter and explanations can show the grouping.
  case group(Expr, range: SourceRange)
  /// A bare name: a segment reference or a `bool` attribute (meaning `== true`).
  case reference(Name)
  /// `<subject> <predicate>`.
  case predicate(PredicateSyntax)
  /// `percent(<n>) salt "<salt>"`: a percentage rollout.
  case rollout(percent: Name, salt: Name, range: SourceRange)
  /// `percent(<n> from "<instant>", …) salt "<salt>"`: a rollout whose percentage follows a schedule.
  case ramp(RampSyntax)
  /// Recovery placeholder where an expression was expected.
  case missing(range: SourceRange)

  package var range: SourceRange {
    switch self {
    case .and(let l, let r), .or(let l, let r): l.range.union(r.range)
    case .not(_, let range), .group(_, let range), .rollout(_, _, let range), .missing(let range): range
    case .reference(let name): name.range
    case .predicate(let p): p.range
    case .ramp(let ramp): ramp.range
    }
  }
}

extension Expr {
  /// The names the expression refers to as written: bare names (segments, `bool` attributes) and the attributes
  /// its predicates test, in source order. For what a declaration refers to even when it does not compile.
  package var referencedNames: [Name] {
    var names: [Name] = []
    var pending = [self]
    while let expr = pending.popLast() {
      switch expr {
      case .and(let l, let r), .or(let l, let r): pending += [r, l]
      case .not(let inner, _), .group(let inner, _): pending.append(inner)
      case .reference(let name): names.append(name)
      case .predicate(let predicate): names.append(predicate.subject.attribute)
      case .rollout, .ramp, .missing: break
      }
    }
    return names
  }
}

/// What a predicate tests: an attribute, or a helper applied to one.
package struct SubjectSyntax: Sendable {
  package enum Function: String, Sendable {
    case count, years_since
    /// Prerequisites: another placement's content or deciding row, or a test's variation, for the same profile.
    case content, row, variation

    /// True for the subjects that read another decision (``content``, ``row``, ``variation``).
    package var isPrerequisite: Bool { self == .content || self == .row || self == .variation }
  }
  package let attribute: Name
  /// `count(<choices>)`, `years_since(<date>)`, or a prerequisite (`content(<placement>)`, `row(<placement>)`,
  /// `variation(<test>)`), whose ``attribute`` is then the placement's or the test's name.
  package let function: Function?
  package let range: SourceRange
  /// An event query (`count(event "…")`, `first_at(…)`, `last_at(…)`): ``attribute`` is then its text.
  package var event: EventSubjectSyntax? = nil
}

/// A literal value in a condition.
package indirect enum LiteralSyntax: Sendable {
  case string(String, range: SourceRange)
  /// A number or version as written (`25`, `-3.5`, `2.3`, `1.0.0-rc.1`); typing decides which.
  case number(String, range: SourceRange)
  case bool(Bool, range: SourceRange)
  /// A bare word: an option id of a choice attribute (or a mistake the checker reports).
  case word(String, range: SourceRange)
  case list([LiteralSyntax], range: SourceRange)
  case regex(String, range: SourceRange)
  case missing(range: SourceRange)

  package var range: SourceRange {
    switch self {
    case .string(_, let r), .number(_, let r), .bool(_, let r), .word(_, let r), .list(_, let r), .regex(_, let r),
      .missing(let r):
      r
    }
  }
}

/// The operator of a predicate, as written.
package enum OperatorSyntax: Sendable, Hashable {
  case equal, notEqual, less, lessEqual, greater, greaterEqual
  case inList, notInList
  /// `in list <name>`, `not in list <name>`: membership in a declared id list (the operand is the list's name).
  case inIdList, notInIdList
  case isSet, isNotSet
  case has, hasAny, hasAll, isEmpty, isNotEmpty
  case startsWith, endsWith, contains, notContains
  case matches
  case between
  case before, after
  /// `within last <n> <unit>`
  case withinLast
  /// `more than <n> <unit> ago`
  case moreThanAgo

  /// The operator as the language spells it.
  package var spelling: String {
    switch self {
    case .equal: "=="
    case .notEqual: "!="
    case .less: "<"
    case .lessEqual: "<="
    case .greater: ">"
    case .greaterEqual: ">="
    case .inList: "in"
    case .notInList: "not in"
    case .inIdList: "in list"
    case .notInIdList: "not in list"
    case .isSet: "is set"
    case .isNotSet: "is not set"
    case .has: "has"
    case .hasAny: "has any"
    case .hasAll: "has all"
    case .isEmpty: "is empty"
    case .isNotEmpty: "is not empty"
    case .startsWith: "starts_with"
    case .endsWith: "ends_with"
    case .contains: "contains"
    case .notContains: "not contains"
    case .matches: "matches"
    case .between: "between"
    case .before: "before"
    case .after: "after"
    case .withinLast: "within last"
    case .moreThanAgo: "more than … ago"
    }
  }
}

/// `<subject> <operator> [<operands>] [ignoring case]`.
package struct PredicateSyntax: Sendable {
  package let subject: SubjectSyntax
  package let op: OperatorSyntax
  package let opRange: SourceRange
  /// Zero operands (`is set`), one, or two (`between a and b`). For relative date windows: the amount.
  package let operands: [LiteralSyntax]
  /// For relative date windows: `days`, `hours`, `weeks`, …
  package let unit: Name?
  package let ignoringCase: Bool
  package let range: SourceRange
}
