/// Resolving for a backend: one placement or all, at an optional pinned `now`, with an optional explanation.
extension RuleSet {
  /// Decides what `profile` gets at `placement`.
  ///
  /// Binds the profile first (coercing its values by the declared types); to resolve several placements for one
  /// profile, bind once with ``bind(_:)`` and pass the ``BoundProfile`` instead.
  /// - Parameters:
  ///   - placement: the placement's name, as declared in the rules.
  ///   - profile: the user.
  ///   - now: the instant relative date conditions use (`within last 7 days`, `years_since`); pin it for
  ///     reproducible results. Default: the current time.
  ///   - explain: record, in ``Decision/explanation``, why each row did or did not decide (slower; for tools).
  /// - Returns: the decision: the deciding row, the content, the A/B assignment, and warnings about the profile.
  /// - Throws: ``ResolveError/unknownPlacement(_:known:suggestion:)`` when no placement has that name.
  public func resolve(placement: String, profile: Profile, now: Instant = .now, explain: Bool = false)
    throws(ResolveError) -> Decision
  {
    try resolve(placement, for: bind(profile), options: ResolveOptions(now: now, explain: explain))
  }

  /// Decides what a bound profile gets at `placement`. Allocation-free without `explain` (see
  /// `docs/Performance.md`); the profile must have been bound by this rule set.
  /// - Parameters:
  ///   - placement: the placement's name, as declared in the rules.
  ///   - profile: a profile bound with this rule set's ``bind(_:)`` or ``bind(jsonBytes:limits:)``.
  ///   - now: the instant relative date conditions use. Default: the current time.
  ///   - explain: record why each row did or did not decide.
  /// - Returns: the decision.
  /// - Throws: ``ResolveError/unknownPlacement(_:known:suggestion:)`` when no placement has that name.
  public func resolve(placement: String, profile: BoundProfile, now: Instant = .now, explain: Bool = false)
    throws(ResolveError) -> Decision
  {
    try resolve(placement, for: profile, options: ResolveOptions(now: now, explain: explain))
  }

  /// Decides what `profile` gets at every placement, in declaration order.
  /// - Parameters:
  ///   - profile: the user.
  ///   - now: the instant relative date conditions use. Default: the current time.
  ///   - explain: record why each row did or did not decide.
  /// - Returns: one decision per placement, in the order the rules declare the placements.
  public func resolveAll(profile: Profile, now: Instant = .now, explain: Bool = false) -> [Decision] {
    let bound = bind(profile)
    return placements.indices.map { resolve($0, for: bound, options: ResolveOptions(now: now, explain: explain)) }
  }
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension Instant {
  /// The current time from the system's real-time clock, truncated to the millisecond.
  public static var now: Instant {
    var spec = timespec()
    clock_gettime(CLOCK_REALTIME, &spec)
    return Instant(millisecondsSince1970: Int64(spec.tv_sec) * 1_000 + Int64(spec.tv_nsec) / 1_000_000)
  }
}
