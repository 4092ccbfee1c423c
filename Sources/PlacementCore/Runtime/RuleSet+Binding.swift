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
    if bytes.withContiguousStorageIfAvailable({ bindFast($0, limits: limits, into: &bound) }) == true { return bound }
    return bind(try Profile(jsonBytes: bytes, limits: limits), limits: limits)
  }

  /// ``bind(jsonBytes:limits:)`` into `profile`, reusing its storage when it was bound by this rule set and is
  /// uniquely held: the batch path binds every line into one profile, with no allocation per line. Without
  /// `keepingEveryValue`, the fast path keeps only the values a resolution reads (``BoundProfile/keepsEveryValue``):
  /// for profiles that are resolved, never explained nor shown.
  /// - Throws: ``ProfileError`` as ``bind(jsonBytes:limits:)`` does; `profile` is then unchanged or empty.
  package func bind(
    jsonBytes bytes: UnsafeBufferPointer<UInt8>, limits: ProfileLimits, into profile: inout BoundProfile,
    keepingEveryValue: Bool = true
  ) throws(ProfileError) {
    if bindFast(bytes, limits: limits, into: &profile, keepingEveryValue: keepingEveryValue) { return }
    // What the storage learnt survives a line the fast path declines.
    let (hints, notes) = (profile.memberHints, profile.warningNotes)
    profile = bind(try Profile(jsonBytes: bytes, limits: limits), limits: limits)
    (profile.memberHints, profile.warningNotes) = (hints, notes)
  }

  /// The binder's fast path on `bytes` after a leading byte-order mark; false when it declines the shape.
  private func bindFast(
    _ bytes: UnsafeBufferPointer<UInt8>, limits: ProfileLimits, into profile: inout BoundProfile,
    keepingEveryValue: Bool = true
  ) -> Bool {
    let skipped = Profile.byteOrderMarkLength(bytes)
    guard
      binder.bind(
        UnsafeBufferPointer(rebasing: bytes[skipped...]), limits: limits, into: &profile,
        keepingEveryValue: keepingEveryValue)
    else { return false }
    // Offsets in `bytes`, not in the bytes after the mark.
    if skipped > 0, let source = profile.profileIDSource { profile.profileIDSource = source.shifted(by: skipped) }
    return true
  }

  /// A profile of this rule set with every value missing: the storage ``bind(jsonBytes:limits:into:keepingEveryValue:)``
  /// fills, learning the feed's member order as it goes (``BoundProfile/memberHints``).
  package func emptyProfile() -> BoundProfile { binder.emptyProfile(learnsMemberOrder: true) }
}

extension Range<Int> {
  fileprivate func shifted(by offset: Int) -> Range<Int> { lowerBound + offset..<upperBound + offset }
}
