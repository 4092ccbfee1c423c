extension RuleSet {
  /// Binds a profile to this rule set's attribute slots, coercing values by declared type (docs/Product.md §4.2).
  ///
  /// A value that cannot be coerced, or that holds a string longer than `limits.maxStringBytes`, makes only its
  /// attribute missing, with a warning that every decision for the profile carries.
  /// - Parameters:
  ///   - profile: the user, read from JSON or built in code.
  ///   - limits: the per-value string limit (default 1,024 UTF-8 bytes); the other limits apply to reading.
  /// - Returns: the profile bound to this rule set; only this rule set (or one compiled from the same files)
  ///   resolves it.
  public func bind(_ profile: Profile, limits: ProfileLimits = .default) -> BoundProfile {
    BoundProfile(profile, attributes: attributes, program: program, boundBy: identity, limits: limits)
  }

  /// Reads a profile from JSON and binds it to this rule set in one step.
  ///
  /// The result is the same as `bind(try Profile(jsonBytes: bytes, limits: limits), limits: limits)`, values,
  /// warnings and errors included, but a profile of the common shape (built-in attributes, `profile_id`, and a
  /// `custom_attributes` object of plain values, without `events`) is read straight from the bytes, without
  /// building a JSON tree: this is the path batch resolution takes. A leading UTF-8 byte-order mark is skipped.
  /// - Parameters:
  ///   - bytes: UTF-8 JSON text of one profile object (one line of JSON Lines).
  ///   - limits: size, depth and string-length limits (defaults: 1 MiB, depth 64, strings up to 1,024 bytes).
  /// - Returns: the profile bound to this rule set's attribute slots.
  /// - Throws: ``ProfileError`` only for whole-document problems: the document over `limits.json.maxBytes`
  ///   (naming its size and the limit in bytes), invalid JSON (with its line and column in ``ProfileError/position``), nesting deeper than
  ///   `limits.json.maxDepth`, or a document that is not an object.
  public func bind(jsonBytes bytes: some Collection<UInt8>, limits: ProfileLimits = .default) throws(ProfileError)
    -> BoundProfile
  {
    var bound = binder.emptyProfile()
    if bindFast(contiguous: bytes, limits: limits, into: &bound) { return bound }
    return bind(try Profile(jsonBytes: bytes, limits: limits), limits: limits)
  }

  /// A profile of this rule set with every value missing: the storage ``bind(jsonBytes:limits:into:keepingEveryValue:)``
  /// fills, learning the feed's member order as it goes (``BoundProfile/memberHints``).
  package func emptyProfile() -> BoundProfile { binder.emptyProfile(learnsMemberOrder: true) }
}
