/// The coercion table (docs/Product.md §4.2): for each attribute type, what each kind of JSON token is as that
/// type, or why it is not. Both readers of profiles feed it: `Coercion.value` a token of a parsed `JSONValue`,
/// the fast binder (`ProfileBinder`) a token read in place, whose string is its bytes in the input. JSON `null`
/// is missing for every type without a reason, before the table; an array is read only as `choices`, element by
/// element (``choice(_:index:)`` per element).
extension Coercion {
  /// A JSON scalar as the table reads it: its kind, and what was decoded of it.
  enum Token<Text: CoercibleText> {
    case string(Text)
    case number(Double)
    case bool(Bool)
    /// An array or an object, which no row takes as a whole.
    case other
  }

  /// Why a token is not a value of a type; `Coercion.reason` words it for a warning.
  enum Problem: Error {
    /// A numeric string beyond the range of a number (``DecimalText/outOfRange``).
    case numberOutOfRange
    /// A Unix time or an ISO-8601 date beyond the range of an instant (``Instant/outOfRange``).
    case dateOutOfRange
    case notVersion
    case notDate
    case notOption
    /// A kind of token the type never reads.
    case mismatch
  }

  /// A version as the table reads it: a plain release as its components (`N`, `N.N`, `N.N.N`, nothing built),
  /// or any other version.
  enum VersionReading {
    case release((major: UInt64, minor: UInt64, patch: UInt64))
    case other(SemanticVersion)

    var version: SemanticVersion {
      switch self {
      case .release(let components): SemanticVersion(release: components)
      case .other(let version): version
      }
    }
  }

  @inline(__always)
  static func string<Text>(_ token: Token<Text>) -> Result<Text, Problem> {
    guard case .string(let text) = token else { return .failure(.mismatch) }
    return .success(text)
  }

  /// A number, or a numeric string (``DecimalText/read(_:)``).
  @inline(__always)
  static func number<Text>(_ token: Token<Text>) -> Result<Double, Problem> {
    switch token {
    case .number(let number): return .success(number)
    case .string(let text):
      switch text.decimal() {
      case .number(let number): return .success(number)
      case .outOfRange: return .failure(.numberOutOfRange)
      case .malformed: return .failure(.mismatch)
      }
    case .bool, .other: return .failure(.mismatch)
    }
  }

  @inline(__always)
  static func bool<Text>(_ token: Token<Text>) -> Result<Bool, Problem> {
    guard case .bool(let flag) = token else { return .failure(.mismatch) }
    return .success(flag)
  }

  /// A SemVer string.
  @inline(__always)
  static func version<Text>(_ token: Token<Text>) -> Result<VersionReading, Problem> {
    guard case .string(let text) = token else { return .failure(.mismatch) }
    if let release = text.releaseComponents() { return .success(.release(release)) }
    guard let version = text.version() else { return .failure(.notVersion) }
    return .success(.other(version))
  }

  /// A Unix time in `unit`, as a number or a numeric string, or an ISO-8601 string.
  @inline(__always)
  static func date<Text>(_ token: Token<Text>, unit: TimeUnit) -> Result<Instant, Problem> {
    switch token {
    case .number(let number):
      return Instant.fromUnix(number, unit: unit).map { .success($0) } ?? .failure(.dateOutOfRange)
    case .string(let text):
      if let instant = text.instant() { return .success(instant) }
      switch text.decimal() {
      case .number(let number):
        return Instant.fromUnix(number, unit: unit).map { .success($0) } ?? .failure(.dateOutOfRange)
      case .outOfRange: return .failure(.numberOutOfRange)
      case .malformed: return .failure(text.isBeyondDateRange() ? .dateOutOfRange : .notDate)
      }
    case .bool, .other: return .failure(.mismatch)
    }
  }

  /// A declared option id: its index, which `index` looks up.
  @inline(__always)
  static func choice<Text>(_ token: Token<Text>, index: (Text) -> Int?) -> Result<Int, Problem> {
    guard case .string(let text) = token else { return .failure(.mismatch) }
    return index(text).map { .success($0) } ?? .failure(.notOption)
  }
}

/// The text of a string token as the coercion table reads it: a decoded `String`, or printable ASCII bytes in
/// place (the fast binder's). Every reading of equal text is equal, whichever holds it.
protocol CoercibleText {
  /// The text as a decimal number (``DecimalText/read(_:)``).
  func decimal() -> DecimalText.Reading
  /// The instant the text names in ISO-8601 (``Instant/init(iso8601:)``).
  func instant() -> Instant?
  /// Whether the text has an ISO-8601 form but names an instant out of range
  /// (``Instant/isBeyondParsedRange(iso8601:)``).
  func isBeyondDateRange() -> Bool
  /// The components of a plain release (``SemanticVersion/plainReleaseComponents(utf8:)``).
  func releaseComponents() -> (major: UInt64, minor: UInt64, patch: UInt64)?
  /// The text as a SemVer version (``SemanticVersion/init(parsing:)``).
  func version() -> SemanticVersion?
}

extension String: CoercibleText {
  func decimal() -> DecimalText.Reading { DecimalText.read(self) }
  func instant() -> Instant? { Instant(iso8601: self) }
  func isBeyondDateRange() -> Bool { Instant.isBeyondParsedRange(iso8601: self) }
  func releaseComponents() -> (major: UInt64, minor: UInt64, patch: UInt64)? {
    SemanticVersion.plainReleaseComponents(utf8: utf8)
  }
  func version() -> SemanticVersion? { SemanticVersion(parsing: self) }
}
