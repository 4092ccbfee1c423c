/// A version number following Semantic Versioning 2.0.0 (<https://semver.org>).
///
/// Shape: `MAJOR.MINOR.PATCH[-PRERELEASE][+BUILD]`, each core component an unsigned 64-bit integer.
///
/// Comparison follows SemVer §11 (precedence): the core components compare numerically
/// (`1.10.0 > 1.9.0`), a pre-release version has lower precedence than the release with the same core
/// (`1.0.0-rc.1 < 1.0.0`), and pre-release identifiers compare field by field (see ``PrereleaseIdentifier``).
/// Build metadata is kept for display only: `==`, `<` and `hash(into:)` ignore it, so
/// `1.0.0+a == 1.0.0+b` (SemVer §10).
///
/// Values come from ``init(parsing:)`` (text, validated) or from the memberwise initializer.
package struct SemanticVersion: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// One dot-separated field of a pre-release (`rc`, `1` in `1.0.0-rc.1`).
  ///
  /// Precedence (SemVer §11.4): numeric identifiers compare numerically, alphanumeric identifiers compare
  /// lexically in ASCII order, and a numeric identifier always has lower precedence than an alphanumeric one.
  package enum PrereleaseIdentifier: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// An identifier made only of digits, without leading zeros (`11` in `beta.11`).
    case numeric(UInt64)
    /// An identifier with at least one letter or hyphen (`beta`, `0A`, `x-y`); only `[0-9A-Za-z-]`.
    case alphanumeric(String)

    /// The identifier as written in a version string.
    package var description: String {
      switch self {
      case .numeric(let value): return String(value)
      case .alphanumeric(let text): return text
      }
    }

    /// SemVer §11.4 precedence between two identifiers; see the type's documentation.
    package static func < (lhs: Self, rhs: Self) -> Bool {
      switch (lhs, rhs) {
      case (.numeric(let a), .numeric(let b)): return a < b
      case (.numeric, .alphanumeric): return true
      case (.alphanumeric, .numeric): return false
      case (.alphanumeric(let a), .alphanumeric(let b)): return a.utf8.lexicographicallyPrecedes(b.utf8)
      }
    }
  }

  /// The major version (first component).
  package let major: UInt64
  /// The minor version (second component; `0` when the text omitted it, as in `2`).
  package let minor: UInt64
  /// The patch version (third component; `0` when the text omitted it, as in `2.0`).
  package let patch: UInt64
  /// The pre-release identifiers, in order; empty for a release version.
  package let prerelease: [PrereleaseIdentifier]
  /// The build metadata identifiers, in order; kept for display, ignored by comparison and hashing.
  package let buildMetadata: [String]

  /// Creates a version from its parts, without validation.
  ///
  /// The caller guarantees that alphanumeric pre-release identifiers and build identifiers are non-empty and use
  /// only `[0-9A-Za-z-]`, and that alphanumeric identifiers are not all digits; use ``init(parsing:)`` for text.
  /// - Parameters:
  ///   - major: The major version.
  ///   - minor: The minor version.
  ///   - patch: The patch version.
  ///   - prerelease: The pre-release identifiers; empty for a release.
  ///   - buildMetadata: The build metadata identifiers; empty for none.
  package init(
    major: UInt64, minor: UInt64 = 0, patch: UInt64 = 0, prerelease: [PrereleaseIdentifier] = [],
    buildMetadata: [String] = []
  ) {
    self.major = major
    self.minor = minor
    self.patch = patch
    self.prerelease = prerelease
    self.buildMetadata = buildMetadata
  }

  /// Whether the version has pre-release identifiers (and so precedes the release with the same core).
  package var isPrerelease: Bool { !prerelease.isEmpty }

  /// The canonical text: all three core components, then `-` and the pre-release, then `+` and the build.
  ///
  /// `2` parses and prints as `2.0.0`; the build metadata is printed as parsed.
  package var description: String {
    var text = "\(major).\(minor).\(patch)"
    if !prerelease.isEmpty {
      text += "-" + prerelease.map(\.description).joined(separator: ".")
    }
    if !buildMetadata.isEmpty {
      text += "+" + buildMetadata.joined(separator: ".")
    }
    return text
  }

  /// Equality of precedence: core components and pre-release identifiers; build metadata is ignored.
  package static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.major == rhs.major && lhs.minor == rhs.minor && lhs.patch == rhs.patch && lhs.prerelease == rhs.prerelease
  }

  /// Hashes the parts that ``==`` compares (build metadata is excluded).
  package func hash(into hasher: inout Hasher) {
    hasher.combine(major)
    hasher.combine(minor)
    hasher.combine(patch)
    hasher.combine(prerelease)
  }

  /// SemVer §11 precedence.
  ///
  /// Core components compare numerically in order; with equal cores a release has higher precedence than any
  /// pre-release; two pre-releases compare identifier by identifier, and when all shared identifiers are equal
  /// the one with more identifiers has higher precedence (`1.0.0-alpha < 1.0.0-alpha.1`).
  package static func < (lhs: Self, rhs: Self) -> Bool {
    if lhs.major != rhs.major { return lhs.major < rhs.major }
    if lhs.minor != rhs.minor { return lhs.minor < rhs.minor }
    if lhs.patch != rhs.patch { return lhs.patch < rhs.patch }
    switch (lhs.prerelease.isEmpty, rhs.prerelease.isEmpty) {
    case (true, _): return false
    case (false, true): return true
    case (false, false): return lhs.prerelease.lexicographicallyPrecedes(rhs.prerelease)
    }
  }
}
