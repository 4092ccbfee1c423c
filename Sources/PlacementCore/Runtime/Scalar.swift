/// A bound value as plain data, for the instructions of a ``Program``: a tag saying which case of ``Value`` it
/// holds, and the payload's bits. Strings become the id of the equal literal (``Program/stringIDs``) and release
/// versions a packed integer; a value with no plain form (a pre-release version) is tagged `.other` and read
/// through its ``Value`` instead.
package struct Scalar: Sendable, Equatable {
  enum Tag: UInt8, Sendable { case missing, string, number, bool, version, date, choice, choices, other }

  var tag: Tag
  var bits: UInt64

  static let missing = Scalar(tag: .missing, bits: 0)

  init(tag: Tag, bits: UInt64) {
    self.tag = tag
    self.bits = bits
  }

  /// The scalar of `value`; `stringIDs` are the ids of the literals its slot is compared with (a string that
  /// equals none of them gets `UInt64.max`). The one derivation of a scalar, case by case: the fast binder, which
  /// stores a value without building it when its slot does not keep it, calls the case's function itself.
  init(_ value: Value, stringIDs: [String: UInt64]) {
    switch value {
    case .missing: self = .missing
    case .string(let s): self = .string(id: stringIDs.isEmpty ? .max : stringIDs[s] ?? .max)
    case .number(let n): self = .number(n)
    case .bool(let b): self = .bool(b)
    case .version(let v): self = .version(v)
    case .date(let d): self = .date(d)
    case .choice(let index): self = .choice(index)
    case .choices(let mask): self = .choices(mask)
    }
  }

  /// The scalar of a string whose id (``Program/stringIDs``) is `id`.
  @inline(__always)
  static func string(id: UInt64) -> Scalar { Scalar(tag: .string, bits: id) }

  @inline(__always)
  static func number(_ number: Double) -> Scalar { Scalar(tag: .number, bits: number.bitPattern) }

  @inline(__always)
  static func bool(_ flag: Bool) -> Scalar { Scalar(tag: .bool, bits: flag ? 1 : 0) }

  /// A release packed (``packRelease(_:_:_:)``); `.other` for a pre-release or a component too large to pack.
  @inline(__always)
  static func version(_ version: SemanticVersion) -> Scalar {
    guard version.prerelease.isEmpty else { return Scalar(tag: .other, bits: 0) }
    return release((version.major, version.minor, version.patch))
  }

  /// ``version(_:)`` of the release `major.minor.patch`, without building the version.
  @inline(__always)
  static func release(_ components: (major: UInt64, minor: UInt64, patch: UInt64)) -> Scalar {
    guard let packed = packRelease(components.major, components.minor, components.patch) else {
      return Scalar(tag: .other, bits: 0)
    }
    return Scalar(tag: .version, bits: packed)
  }

  @inline(__always)
  static func date(_ instant: Instant) -> Scalar {
    Scalar(tag: .date, bits: UInt64(bitPattern: instant.millisecondsSince1970))
  }

  @inline(__always)
  static func choice(_ index: Int) -> Scalar { Scalar(tag: .choice, bits: UInt64(index)) }

  @inline(__always)
  static func choices(_ mask: UInt64) -> Scalar { Scalar(tag: .choices, bits: mask) }

  /// A release version (no pre-release) with every component below 2^21, packed so that integer order is
  /// SemVer precedence: `major << 42 | minor << 21 | patch`. Nil for other versions.
  static func packVersion(_ version: SemanticVersion) -> UInt64? {
    guard version.prerelease.isEmpty else { return nil }
    return packRelease(version.major, version.minor, version.patch)
  }

  /// ``packVersion(_:)`` of the release `major.minor.patch`.
  @inline(__always)
  static func packRelease(_ major: UInt64, _ minor: UInt64, _ patch: UInt64) -> UInt64? {
    let limit: UInt64 = 1 << 21
    guard major < limit, minor < limit, patch < limit else { return nil }
    return major << 42 | minor << 21 | patch
  }
}
