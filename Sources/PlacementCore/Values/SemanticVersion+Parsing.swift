/// Parsing and validation of version text: the SemVer 2.0.0 grammar (the BNF at <https://semver.org>) with one
/// relaxation, per docs/Product.md §4.3.
///
/// Relaxation: a version may omit trailing core components, which are zero: `2` and `2.0` mean `2.0.0`, and
/// `2.0-rc.1` means `2.0.0-rc.1` (docs/Product.md §4.3 lists what is invalid; a short core is not on that list, and
/// the operator conformance suite labels `1-2.3+build99` a valid literal, 1.0.0 with pre-release `2.3`).
///
/// Invalid: empty text, any whitespace (also leading/trailing), a leading `v`, characters outside
/// `[0-9A-Za-z-]` (besides the `.`, `-`, `+` separators), leading zeros in core components and numeric
/// pre-release identifiers, a fourth component, empty components or identifiers, a `-` or `+` with nothing after
/// it, and numbers that do not fit in `UInt64`. Build identifiers may have leading zeros (SemVer §10).
extension SemanticVersion {
  /// Parses SemVer 2.0.0 text (with the `2` / `2.0` relaxation); `nil` when the text is not a valid version.
  ///
  /// Use ``validate(_:)`` to learn why a text is invalid.
  /// - Parameter text: The whole text; nothing is trimmed.
  package init?(parsing text: String) {
    if let release = Self.parsePlainRelease(text) {
      self = release
      return
    }
    guard case .success(let version) = Self.parse(text) else { return nil }
    self = version
  }

  /// Checks version text without building the value.
  ///
  /// - Parameter text: The whole text; nothing is trimmed.
  /// - Returns: `nil` when ``init(parsing:)`` accepts `text`; otherwise a lower-case reason without trailing
  ///   period, for compile errors (for example `a leading 'v' is not allowed`).
  package static func validate(_ text: String) -> String? {
    switch parse(text) {
    case .success: return nil
    case .failure(let error): return error.reason
    }
  }

  /// Why a text is not a valid version; `reason` is lower-case with no trailing period.
  struct SyntaxError: Error, Sendable, Equatable {
    let reason: String
  }

  /// Parses `text`, returning the version or the first problem found.
  static func parse(_ text: String) -> Result<SemanticVersion, SyntaxError> {
    do {
      return .success(try parseOrThrow(text))
    } catch {
      return .failure(error)
    }
  }

  private static func parseOrThrow(_ text: String) throws(SyntaxError) -> SemanticVersion {
    if text.isEmpty { throw SyntaxError(reason: "a version must not be empty") }
    let scalars = Array(text.unicodeScalars.prefix(2))
    if scalars[0] == "v" || scalars[0] == "V", scalars.count > 1, isDigit(scalars[1]) {
      throw SyntaxError(reason: "a leading 'v' is not allowed")
    }
    for scalar in text.unicodeScalars {
      if scalar.properties.isWhitespace { throw SyntaxError(reason: "whitespace is not allowed in a version") }
      if !(isIdentifierCharacter(scalar) || scalar == "." || scalar == "+") {
        throw SyntaxError(reason: "character '\(scalar.escaped(asASCII: false))' is not allowed in a version")
      }
    }
    // From here on the text is ASCII, so Character-level splitting is byte-level splitting.
    let plus = text.firstIndex(of: "+")
    let main = plus.map { text[..<$0] } ?? text[...]
    let build = plus.map { text[text.index(after: $0)...] }
    let dash = main.firstIndex(of: "-")
    let core = dash.map { main[..<$0] } ?? main
    let prerelease = dash.map { main[main.index(after: $0)...] }

    let numbers = try parseCore(core)
    let identifiers = try prerelease.map(parsePrerelease) ?? []
    let metadata = try build.map(parseBuild) ?? []
    return SemanticVersion(
      major: numbers[0], minor: numbers.count > 1 ? numbers[1] : 0, patch: numbers.count > 2 ? numbers[2] : 0,
      prerelease: identifiers, buildMetadata: metadata)
  }

  /// Parses `major[.minor[.patch]]`.
  private static func parseCore(_ core: Substring) throws(SyntaxError) -> [UInt64] {
    if core.isEmpty { throw SyntaxError(reason: "a version must start with its major number") }
    let parts = core.split(separator: ".", omittingEmptySubsequences: false)
    if parts.contains(where: \.isEmpty) { throw SyntaxError(reason: "a version component must not be empty") }
    if parts.count > 3 { throw SyntaxError(reason: "a version has at most three components") }
    var numbers: [UInt64] = []
    for part in parts {
      guard part.unicodeScalars.allSatisfy(isDigit) else {
        throw SyntaxError(reason: "version component '\(part)' is not a number")
      }
      numbers.append(try number(part, what: "version component"))
    }
    return numbers
  }

  private static func parsePrerelease(_ text: Substring) throws(SyntaxError) -> [PrereleaseIdentifier] {
    if text.isEmpty { throw SyntaxError(reason: "the pre-release after '-' must not be empty") }
    var identifiers: [PrereleaseIdentifier] = []
    for part in text.split(separator: ".", omittingEmptySubsequences: false) {
      if part.isEmpty { throw SyntaxError(reason: "a pre-release identifier must not be empty") }
      if part.unicodeScalars.allSatisfy(isDigit) {
        identifiers.append(.numeric(try number(part, what: "numeric pre-release identifier")))
      } else {
        identifiers.append(.alphanumeric(String(part)))
      }
    }
    return identifiers
  }

  private static func parseBuild(_ text: Substring) throws(SyntaxError) -> [String] {
    if text.isEmpty { throw SyntaxError(reason: "the build metadata after '+' must not be empty") }
    var identifiers: [String] = []
    for part in text.split(separator: ".", omittingEmptySubsequences: false) {
      if part.isEmpty { throw SyntaxError(reason: "a build identifier must not be empty") }
      if part.contains("+") { throw SyntaxError(reason: "character '+' is not allowed in build metadata") }
      identifiers.append(String(part))
    }
    return identifiers
  }

  /// Converts an all-digit part, rejecting leading zeros and values above `UInt64.max`.
  private static func number(_ digits: Substring, what: String) throws(SyntaxError) -> UInt64 {
    if digits.count > 1 && digits.first == "0" {
      throw SyntaxError(reason: "leading zeros are not allowed in '\(digits)'")
    }
    guard let value = UInt64(digits) else {
      throw SyntaxError(reason: "\(what) '\(digits)' is too large (the maximum is \(UInt64.max))")
    }
    return value
  }

  private static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
    scalar >= "0" && scalar <= "9"
  }

  /// `[0-9A-Za-z-]`, the characters of a SemVer identifier.
  private static func isIdentifierCharacter(_ scalar: Unicode.Scalar) -> Bool {
    isDigit(scalar) || (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z") || scalar == "-"
  }
}
