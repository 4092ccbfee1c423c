extension RuleSet {
  /// Reads a profile from JSON and binds it to this rule set in one step.
  ///
  /// The result is the same as `bind(try Profile(jsonBytes: bytes, limits: limits))`, values, warnings and
  /// errors included, but a profile of the common shape (built-in attributes, `profile_id`, and a
  /// `custom_attributes` object of plain values, without `events`) is read straight from the bytes, without
  /// building a JSON tree: this is the path batch resolution takes.
  /// - Parameters:
  ///   - bytes: UTF-8 JSON text of one profile object (one line of JSON Lines).
  ///   - limits: size, depth and string-length limits (defaults: 1 MiB, depth 64, strings up to 1,024 bytes).
  /// - Returns: the profile bound to this rule set's attribute slots.
  /// - Throws: ``ProfileError`` when the JSON is invalid (with the byte offset), a limit is exceeded, or a
  ///   string is too long, or a member has the wrong type, exactly as ``Profile/init(jsonBytes:limits:)``.
  public func bind(jsonBytes bytes: some Collection<UInt8>, limits: ProfileLimits = .default) throws(ProfileError)
    -> BoundProfile
  {
    let fast = bytes.withContiguousStorageIfAvailable { binder.bind($0, limits: limits) }
    if let fast, let bound = fast { return bound }
    return bind(try Profile(jsonBytes: bytes, limits: limits))
  }
}
