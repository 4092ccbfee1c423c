/// Bounds on one profile document: a profile file, or one line of a JSON Lines batch. Profiles come from apps in
/// the wild, so every bound is checked and reported as a ``ProfileError`` for that profile only.
///
/// | bound | default | over it |
/// |---|---|---|
/// | `json.maxBytes` (also the longest batch line) | 1 MiB | `profile is N bytes, over the limit of M bytes` |
/// | `json.maxDepth` | 64 levels | `invalid JSON: nesting deeper than the limit of 64 levels at byte N` |
/// | `json.maxStringBytes` | 64 KiB | `invalid JSON: string longer than the limit …` (cheap early stop) |
/// | `maxStringBytes` | 1,024 bytes | `<path>: string of N bytes is over the limit of 1024 bytes` |
public struct ProfileLimits: Sendable, Equatable {
  /// Limits of the JSON reader. `json.maxBytes` is also the longest line a batch reads: a longer line is
  /// reported without being read.
  public var json: JSONLimits
  /// The longest string value anywhere in a profile, in UTF-8 bytes: ids, built-in and custom attribute values,
  /// strings inside lists and objects, and event members. Default 1,024 (1,024 ASCII characters). Member names
  /// are bounded only by `json.maxStringBytes`: an unknown member is ignored whatever its name.
  public var maxStringBytes: Int

  /// Creates limits; every argument defaults to the value of `ProfileLimits.default`.
  /// - Parameters:
  ///   - json: Size, depth and string bounds of the JSON reader.
  ///   - maxStringBytes: Longest string in the profile (UTF-8 bytes).
  public init(json: JSONLimits = .default, maxStringBytes: Int = 1_024) {
    self.json = json
    self.maxStringBytes = maxStringBytes
  }

  /// 1 MiB documents, depth 64, strings of at most 1,024 bytes.
  public static let `default` = ProfileLimits()

  /// Finds the first string value longer than ``maxStringBytes``, walking the value with an explicit stack (no
  /// recursion). A first pass only compares lengths (no allocation beyond the stack, so valid profiles cost
  /// little); when it finds a long string, a second pass names it, visiting object members in key order so the
  /// report is deterministic.
  /// - Throws: ``ProfileError`` whose `field` is the path of the string, e.g. `custom_attributes.nickname` or
  ///   `events[2].value`.
  public func checkStrings(in value: JSONValue) throws(ProfileError) {
    guard hasLongString(value) else { return }
    var pending: [(path: String, value: JSONValue)] = [("", value)]
    while let (path, value) = pending.popLast() {
      switch value {
      case .string(let text):
        try check(text, at: path)
      case .array(let elements):
        for (index, element) in elements.enumerated().reversed() { pending.append(("\(path)[\(index)]", element)) }
      case .object(let members):
        for (key, member) in members.sorted(by: { $0.key > $1.key }) {
          let name = UntrustedText.escaped(key)
          pending.append((path.isEmpty ? name : "\(path).\(name)", member))
        }
      case .null, .bool, .number:
        break
      }
    }
  }

  /// Whether any string value in `value` is longer than ``maxStringBytes`` (lengths only).
  private func hasLongString(_ value: JSONValue) -> Bool {
    var pending = [value]
    while let value = pending.popLast() {
      switch value {
      case .string(let text): if text.utf8.count > maxStringBytes { return true }
      case .array(let elements): pending.append(contentsOf: elements)
      case .object(let members): pending.append(contentsOf: members.values)
      case .null, .bool, .number: break
      }
    }
    return false
  }

  private func check(_ text: String, at path: String) throws(ProfileError) {
    let count = text.utf8.count
    guard count > maxStringBytes else { return }
    let field = path.isEmpty ? "profile" : path
    throw ProfileError(
      field: field, message: "\(field): string of \(count) bytes is over the limit of \(maxStringBytes) bytes")
  }
}
