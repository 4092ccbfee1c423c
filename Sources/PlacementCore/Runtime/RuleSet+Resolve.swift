/// Every way to resolve a ``RuleSet``: by placement name or ``PlacementHandle``, one placement or all, for a
/// ``BoundProfile`` (or a ``Profile``, bound first), with ``ResolveOptions`` (a pinned `now`, an explanation).
/// The resolution itself is `Resolver.swift`.
extension RuleSet {
  /// Resolves one placement for a bound profile: the first row, in priority order, whose segment matches and
  /// whose content does not fall through decides (docs/Product.md §2, §4.8–4.10). Allocation-free without
  /// ``ResolveOptions/explain`` (see `docs/Performance.md`).
  /// - Parameters:
  ///   - placement: the placement's name, as declared in the rules.
  ///   - profile: a profile bound with this rule set's ``bind(_:limits:)`` or ``bind(jsonBytes:limits:)``.
  ///   - options: the instant relative date conditions use, whether to explain, whether to honour the profile's
  ///     `force`. Default: now, no explanation, no `force`.
  /// - Returns: the decision: the deciding row, the content, the A/B assignment, and warnings about the profile.
  /// - Throws: ``ResolveError/unknownPlacement(_:known:suggestion:)``, or
  ///   ``ResolveError/boundForAnotherRuleSet(boundBy:resolvingWith:)`` when `profile` was not bound by this rule set.
  public func resolve(
    _ placement: String, for profile: BoundProfile, options: ResolveOptions = ResolveOptions()
  ) throws(ResolveError) -> Decision {
    let index = try placementIndex(of: placement)
    try check(profile)
    return resolve(index, for: profile, options: options)
  }

  /// Resolves every placement for a bound profile, in declaration order.
  /// - Parameters:
  ///   - profile: a profile bound with this rule set.
  ///   - options: as for ``resolve(_:for:options:)-(String,BoundProfile,_)``.
  /// - Returns: one decision per placement, in the order the rules declare the placements.
  /// - Throws: ``ResolveError/boundForAnotherRuleSet(boundBy:resolvingWith:)`` when `profile` was not bound by this rule set.
  public func resolveAll(for profile: BoundProfile, options: ResolveOptions = ResolveOptions()) throws(ResolveError)
    -> [Decision]
  {
    try check(profile)
    let profile = decidingPrerequisites(profile, options: options)
    return placements.indices.map { resolve($0, for: profile, options: options) }
  }

  /// Decides what `profile` gets at `placement`, binding it first (coercing its values by the declared types); to
  /// resolve several placements for one profile, bind once with ``bind(_:limits:)`` and pass the ``BoundProfile``.
  /// - Parameters:
  ///   - placement: the placement's name, as declared in the rules.
  ///   - profile: the user.
  ///   - options: as for ``resolve(_:for:options:)-(String,BoundProfile,_)``.
  /// - Returns: the decision.
  /// - Throws: ``ResolveError/unknownPlacement(_:known:suggestion:)`` when no placement has that name.
  public func resolve(_ placement: String, for profile: Profile, options: ResolveOptions = ResolveOptions())
    throws(ResolveError) -> Decision
  {
    try resolve(placement, for: bind(profile), options: options)
  }

  /// Decides what `profile` gets at every placement, in declaration order, binding it first.
  /// - Parameters:
  ///   - profile: the user.
  ///   - options: as for ``resolve(_:for:options:)-(String,BoundProfile,_)``.
  /// - Returns: one decision per placement, in the order the rules declare the placements.
  public func resolveAll(for profile: Profile, options: ResolveOptions = ResolveOptions()) -> [Decision] {
    let bound = decidingPrerequisites(bind(profile), options: options)
    return placements.indices.map { resolve($0, for: bound, options: options) }
  }

  /// Decides what `profile` gets at `placement`: ``resolve(_:for:options:)-(String,Profile,_)``.
  @available(*, deprecated, message: "use resolve(_:for:options:)")
  public func resolve(placement: String, profile: Profile, now: Instant = .now, explain: Bool = false)
    throws(ResolveError) -> Decision
  {
    try resolve(placement, for: profile, options: ResolveOptions(now: now, explain: explain))
  }

  /// Decides what a bound profile gets at `placement`: ``resolve(_:for:options:)-(String,BoundProfile,_)``.
  @available(*, deprecated, message: "use resolve(_:for:options:)")
  public func resolve(placement: String, profile: BoundProfile, now: Instant = .now, explain: Bool = false)
    throws(ResolveError) -> Decision
  {
    try resolve(placement, for: profile, options: ResolveOptions(now: now, explain: explain))
  }

  /// Decides what `profile` gets at every placement: ``resolveAll(for:options:)-(Profile,_)``.
  @available(*, deprecated, message: "use resolveAll(for:options:)")
  public func resolveAll(profile: Profile, now: Instant = .now, explain: Bool = false) -> [Decision] {
    resolveAll(for: profile, options: ResolveOptions(now: now, explain: explain))
  }
}

/// A placement of one rule set, looked up by name once so that resolving it cannot fail: what a batch or a
/// request loop resolves for every profile.
///
/// ```swift
/// guard let paywall = ruleSet.placementHandle(named: "main_paywall") else { … }  // an unknown name: nil
/// let decision = try ruleSet.resolve(paywall, for: ruleSet.bind(profile))
/// ```
public struct PlacementHandle: Sendable, Hashable {
  /// The placement's index in ``RuleSet/placements``.
  package let index: Int
  /// The placement's name.
  public let name: String
}

extension RuleSet {
  /// The handle of the placement called `name`, or nil when the rule set has no such placement.
  public func placementHandle(named name: String) -> PlacementHandle? {
    placementIndex(named: name).map { PlacementHandle(index: $0, name: name) }
  }

  /// A handle for every placement, in declaration order.
  public var placementHandles: [PlacementHandle] {
    placements.enumerated().map { PlacementHandle(index: $0.offset, name: $0.element.name) }
  }

  /// Resolves the placement of `handle` for a bound profile, as ``resolve(_:for:options:)-(String,BoundProfile,_)``
  /// does by name.
  ///
  /// A handle names its placement; its index is a cache. A handle made by another rule set (one kept across a
  /// hot reload) resolves the placement of the same name here, looked up once: it is refused only when this rule
  /// set has no placement of that name.
  /// - Throws: ``ResolveError/unknownPlacement(_:known:suggestion:)`` when this rule set has no placement called
  ///   `handle.name`; ``ResolveError/boundForAnotherRuleSet(boundBy:resolvingWith:)`` when another rule set bound
  ///   `profile`.
  public func resolve(
    _ handle: PlacementHandle, for profile: BoundProfile, options: ResolveOptions = ResolveOptions()
  ) throws(ResolveError) -> Decision {
    let index =
      placements.indices.contains(handle.index) && placements[handle.index].name == handle.name
      ? handle.index : try placementIndex(of: handle.name)
    try check(profile)
    return resolve(index, for: profile, options: options)
  }
}
