/// Which rule set a ``BoundProfile`` belongs to: a bound profile holds one value per attribute slot of the rule
/// set that bound it, and string ids of that rule set's literals, so only that rule set (or one compiled from the
/// very same files) may resolve it (issue 10, review defect 2).
///
/// A class so that the usual check is one pointer comparison; the version settles the rare case of a rule set
/// compiled again from identical files (a hot reload that changed nothing).
package final class RuleSetIdentity: Sendable {
  /// The first 12 hexadecimal digits of the MD5 digest of the rule files' names and texts, in order.
  let version: String

  /// The identity of rules compiled from `files`.
  init(files: [SourceFile]) {
    var hasher = MD5Hasher()
    for file in files {
      // Length-prefixed, so that moving text between a name and its file changes the digest.
      for part in [Array(file.name.utf8), file.bytes] {
        var count = UInt64(part.count).littleEndian
        withUnsafeBytes(of: &count) { hasher.update($0) }
        hasher.update(part)
      }
    }
    let (a, b, _, _) = hasher.finish()
    let digits = Array("0123456789abcdef".utf8)
    var out: [UInt8] = []
    for word in [a, b] {
      for shift in stride(from: 0, to: 32, by: 8) {
        let byte = UInt8(truncatingIfNeeded: word >> UInt32(shift))
        out += [digits[Int(byte >> 4)], digits[Int(byte & 15)]]
      }
    }
    version = String(decoding: out.prefix(12), as: UTF8.self)
  }

  /// Whether a profile bound by `other` may be resolved by the rule set of `self`.
  func accepts(_ other: RuleSetIdentity?) -> Bool {
    guard let other else { return false }
    return other === self || other.version == version
  }
}
