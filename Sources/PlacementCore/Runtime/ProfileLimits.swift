/// Bounds on one profile document: a profile file, or one line of a JSON Lines batch. Profiles come from apps in
/// the wild, so every bound is checked: a whole-document bound is a ``ProfileError`` for that profile only, the
/// per-value bound (`maxStringBytes`) costs only the attribute that holds the value.
///
/// | bound | default | over it |
/// |---|---|---|
/// | `json.maxBytes` (also the longest batch line) | 1 MiB | `profile is N bytes, over the limit of M bytes` |
/// | `json.maxDepth` | 64 levels | `invalid JSON: nesting deeper than the limit of 64 levels` at `LINE:COLUMN` |
/// | `json.maxStringBytes` | 64 KiB | `invalid JSON: string longer than the limit …` (cheap early stop) |
/// | `maxStringBytes` | 1,024 bytes | only that attribute is missing, with the warning `attribute 'x': value of N bytes is over the limit of 1024 bytes; treated as missing` |
public struct ProfileLimits: Sendable, Equatable {
  /// Limits of the JSON reader. `json.maxBytes` is also the longest line a batch reads: a longer line is
  /// reported without being read.
  public var json: JSONLimits
  /// The longest string an attribute may hold, in UTF-8 bytes: `profile_id`, built-in and custom attribute
  /// values, strings inside their lists, and flow answers. Default 1,024 (1,024 ASCII characters). A longer
  /// value makes its attribute missing with a warning; values nobody declared are not read and not checked.
  /// Member names are bounded only by `json.maxStringBytes`.
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
}
