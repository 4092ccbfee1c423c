import PlacementCore

/// One atomic test with a polarity: the unit of a normal form.
///
/// A literal on an attribute (`slot` set) carries the ``ValueTest``; a *free* literal (`slot == nil`) stands
/// for what the reasoner does not model at all (a rollout): it is a propositional variable named by ``key``.
struct Literal: Sendable {
  /// The attribute slot tested, or nil for a free literal.
  let slot: Int?
  let test: ValueTest?
  /// Identifies the atom: two literals with one key test the same thing (same slot, same test).
  let key: Key
  let positive: Bool
  /// The predicate as written, for messages (`age < 18`, `experience != pro`).
  let text: String
  /// True when ``text`` is a negated operator as written (`!=`, `not in`, …) over the positive ``test``.
  var writtenNegated = false
  /// For a rollout's free literal, its salt and threshold (basis points), so that a witness can be searched
  /// among `profile_id`s (``RolloutWitness``).
  var rollout: Rollout? = nil

  /// `percent(p) salt "s"`: admits the ids whose bucket is below `threshold`.
  struct Rollout: Sendable {
    let salt: String
    let threshold: Int
  }

  var negated: Literal {
    Literal(
      slot: slot, test: test, key: key, positive: !positive, text: text, writtenNegated: writtenNegated,
      rollout: rollout)
  }

  /// The literal as a person reads it: `age < 18`, `experience != pro`, or `not (age < 18)`.
  var description: String { positive != writtenNegated ? text : "not (\(text))" }

  /// The atom a literal tests, as an identity: hashed and compared, never shown. Two tests are one atom when
  /// their values are equal (`Hashable`: numbers by value, versions by precedence, strings by canonical
  /// equivalence), which is when they hold of the same values.
  enum Key: Hashable, Sendable {
    case test(slot: Int, ValueTest)
    /// A pattern by its source and case folding (its compiled program follows from them).
    case pattern(slot: Int, source: String, ignoringCase: Bool)
    case rollout(salt: String, threshold: Int)

    init(slot: Int, _ test: ValueTest) {
      if case .matches(let pattern) = test {
        self = .pattern(slot: slot, source: pattern.source, ignoringCase: pattern.ignoringCase)
      } else {
        self = .test(slot: slot, test)
      }
    }
  }
}

/// Why the reasoner gave up on a question.
package enum ReasoningLimit: Error, Sendable, Hashable {
  /// The conditions use something the reasoner does not model (patterns, `starts_with`, rollouts,
  /// `years_since`, a relative window beside a fixed date) and no example profile was found. `tests` are the
  /// tests as written that it could not decide (`name starts_with "a"`), each once; empty when it cannot say.
  case unmodeled(tests: [String])
  /// The normal form or the search grew past its cap.
  case tooLarge
  /// The conditions are not valid (a segment cycle, or a part the checker rejected).
  case invalid
}

extension ReasoningLimit {
  /// The undecided tests of ``unmodeled(tests:)`` as a phrase: `'a'`, `'a' and 'b'`, `'a', 'b' and 'c'`,
  /// `'a', 'b', 'c' and 2 more`; nil when there are none to name.
  package var undecidedTests: String? {
    guard case .unmodeled(let tests) = self, !tests.isEmpty else { return nil }
    let named = tests.prefix(3).map { "'\($0)'" }
    if tests.count > 3 { return named.joined(separator: ", ") + " and \(tests.count - 3) more" }
    return named.count == 1 ? named[0] : named.dropLast().joined(separator: ", ") + " and " + named.last!
  }
}
