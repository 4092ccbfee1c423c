/// The type of an attribute (docs/Product.md §2).
package typealias TimeUnit = Instant.TimeUnit

package enum AttributeType: Sendable, Hashable, CustomStringConvertible {
  case string
  /// A `Double`; numeric strings are accepted from profiles (number inputs arrive as strings).
  case number
  case bool
  /// SemVer 2.0.0, with `2` and `2.0` accepted as `2.0.0`.
  case version
  /// An instant. Profile numbers are Unix time in the given unit (milliseconds unless declared otherwise).
  case date(TimeUnit)
  /// One option id out of a declared set (a single-choice quiz).
  case choice(Options)
  /// A set of option ids (a multi-choice quiz).
  case choices(Options)

  package var description: String {
    switch self {
    case .string: "string"
    case .number: "number"
    case .bool: "bool"
    case .version: "version"
    case .date: "date"
    case .choice(let options): "choice(\(options.ids.joined(separator: ", ")))"
    case .choices(let options): "choices(\(options.ids.joined(separator: ", ")))"
    }
  }

  /// The type name without options, for messages: `choice`, `choices`, `date`, …
  package var kindName: String {
    switch self {
    case .choice: "choice"
    case .choices: "choices"
    default: description
    }
  }

  /// The options of a `choice`/`choices` type.
  package var options: Options? {
    switch self {
    case .choice(let o), .choices(let o): o
    default: nil
    }
  }
}

/// The declared options of a choice type, in declaration order. At most 64 (a bit set holds a `choices` value).
package struct Options: Sendable, Hashable {
  package let ids: [String]
  /// The option titles as declared (localised text the app shows; never used for matching).
  package let titles: [String?]
  private let indexByID: [String: Int]

  package static let maximumCount = 64

  package init(ids: [String], titles: [String?]) {
    self.ids = ids
    self.titles = titles
    self.indexByID = Dictionary(ids.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
  }

  /// The index of an option id, or nil when the id is not declared.
  package func index(of id: String) -> Int? { indexByID[id] }
}
