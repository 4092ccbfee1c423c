import PlacementCore

/// Binding and resolving a request's profile on one snapshot, so that a reload between the two steps can never
/// pair a profile bound by one rule set with another.
///
/// ```swift
/// // request path: the body is the profile JSON
/// let decision = try store.resolve("onboarding_end", jsonBytes: request.body)
/// ```
extension RuleStore {
  /// Reads `jsonBytes` as a profile, binds it and resolves `placement`, all with the one installed rule set.
  /// - Parameters:
  ///   - placement: the placement's name, as declared in the rules.
  ///   - jsonBytes: UTF-8 JSON text of one profile object (`Data`, `[UInt8]`, a `String`'s `utf8`, a `ByteBuffer`
  ///     view).
  ///   - limits: size, depth and string-length limits (defaults: 1 MiB, depth 64, strings up to 1,024 bytes).
  ///   - options: the instant relative date conditions use, whether to explain, whether to honour the profile's
  ///     `force` (``ResolveOptions/allowOverrides``; keep it off for production traffic). Default: now, no
  ///     explanation, no `force`.
  /// - Returns: the decision (to log the rules' version with it, read ``snapshot`` and use its rule set instead).
  /// - Throws: ``RequestError/profile(_:)`` when the document cannot be read as a profile (map it to HTTP 400),
  ///   ``RequestError/resolve(_:)`` for an unknown placement (HTTP 404).
  public func resolve(
    _ placement: String, jsonBytes: some Collection<UInt8>, limits: ProfileLimits = .default,
    options: ResolveOptions = ResolveOptions()
  ) throws(RequestError) -> Decision {
    let ruleSet = self.ruleSet
    let bound: BoundProfile
    do {
      bound = try ruleSet.bind(jsonBytes: jsonBytes, limits: limits)
    } catch {
      throw .profile(error)
    }
    do {
      let index = try ruleSet.placementIndex(of: placement)
      return resolving(ruleSet, bound, placements: [index], options: options)[0]
    } catch {
      throw .resolve(error)
    }
  }

  /// Reads `jsonBytes` as a profile, binds it and resolves every placement, all with the one installed rule set.
  /// - Parameters:
  ///   - jsonBytes: UTF-8 JSON text of one profile object.
  ///   - limits: size, depth and string-length limits (defaults: 1 MiB, depth 64, strings up to 1,024 bytes).
  ///   - options: as for ``resolve(_:jsonBytes:limits:options:)``.
  /// - Returns: one decision per placement, in declaration order.
  /// - Throws: ``ProfileError`` when the document cannot be read as a profile.
  public func resolveAll(
    jsonBytes: some Collection<UInt8>, limits: ProfileLimits = .default, options: ResolveOptions = ResolveOptions()
  ) throws(ProfileError) -> [Decision] {
    let ruleSet = self.ruleSet
    let bound = try ruleSet.bind(jsonBytes: jsonBytes, limits: limits)
    return resolving(ruleSet, bound, placements: Array(ruleSet.placements.indices), options: options)
  }

  /// Reads, binds and resolves `placement`: ``resolve(_:jsonBytes:limits:options:)``.
  @available(*, deprecated, message: "use resolve(_:jsonBytes:limits:options:)")
  public func resolve(
    placement: String, jsonBytes: some Collection<UInt8>, limits: ProfileLimits = .default, now: Instant = .now,
    explain: Bool = false, allowOverrides: Bool = false
  ) throws(RequestError) -> Decision {
    let options = ResolveOptions(now: now, explain: explain, allowOverrides: allowOverrides)
    return try resolve(placement, jsonBytes: jsonBytes, limits: limits, options: options)
  }

  /// Reads, binds and resolves every placement: ``resolveAll(jsonBytes:limits:options:)``.
  @available(*, deprecated, message: "use resolveAll(jsonBytes:limits:options:)")
  public func resolveAll(
    jsonBytes: some Collection<UInt8>, limits: ProfileLimits = .default, now: Instant = .now, explain: Bool = false,
    allowOverrides: Bool = false
  ) throws(ProfileError) -> [Decision] {
    let options = ResolveOptions(now: now, explain: explain, allowOverrides: allowOverrides)
    return try resolveAll(jsonBytes: jsonBytes, limits: limits, options: options)
  }
}

/// Why ``RuleStore/resolve(_:jsonBytes:limits:options:)`` could not answer a request.
public enum RequestError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The request's profile could not be read (invalid JSON, over a size limit, not an object).
  case profile(ProfileError)
  /// The profile was read, but resolution could not start (an unknown placement).
  case resolve(ResolveError)

  public var description: String {
    switch self {
    case .profile(let error): "bad profile: \(error.description)"
    case .resolve(let error): error.description
    }
  }
}
