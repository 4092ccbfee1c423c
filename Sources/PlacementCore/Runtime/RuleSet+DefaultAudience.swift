/// The default audience: a placement's default row, whatever the rows above it say (Adapty's
/// `getPaywallForDefaultAudience`, its "All users" audience). ``ResolveOptions/defaultAudience`` asks for it.
extension RuleSet {
  /// The resolution `options` ask for: the rows in priority order (QA overrides first), or, with
  /// ``ResolveOptions/defaultAudience``, the default row alone.
  func resolution<Observer: ResolutionObserver>(
    _ index: Int, for profile: borrowing BoundProfile, options: ResolveOptions, observer: inout Observer
  ) -> Resolution {
    guard options.defaultAudience else { return resolution(index, for: profile, now: options.now, observer: &observer) }
    return program.run(profile, now: options.now, memo: nil, observer: &observer) { run, profile in
      self.defaultRow(index, now: options.now, run: &run, profile)
    }
  }

  /// The default row of placement `index` (checked rules end every placement with one) decides: no segment, no
  /// QA override of the placement and no row above it is evaluated. A default row that is an A/B test draws as it
  /// does when the rows reach it (a run-time `force`, a sticky assignment and a test override apply); one outside
  /// its schedule, or a test outside its layer share, decides nothing, as in a full resolution.
  func defaultRow<Observer: ResolutionObserver>(
    _ index: Int, now: Instant, run: inout ProgramEvaluator<Observer>, _ profile: borrowing BoundProfile
  ) -> Resolution {
    var resolution = Resolution(placement: Int32(truncatingIfNeeded: index))
    let span = run.placementPlans[index]
    let (start, end) = (Int(span.rowStart), Int(span.rowEnd))
    guard end > start else { return resolution }
    let row = end - 1 - start
    let plan = run.rowPlans[end - 1]
    let segment = plan.segment != RowPlan.noSegment ? Int(plan.segment) : nil
    guard plan.isLive(at: now) else {
      run.observer.row(row, segment: segment, outcome: .scheduledOut)
      resolution.scheduledOut = true
      return resolution
    }
    var draw: Draw? = nil
    if plan.kind == .test {
      guard let drawn = drawTest(placement: index, row: row, profile, run: &run) else {
        run.observer.row(row, segment: segment, outcome: .outsideLayer)
        return resolution
      }
      guard !drawn.fallsThrough else {
        run.observer.row(row, segment: segment, outcome: .fellThrough(drawn.draw))
        return resolution
      }
      draw = drawn.draw
    } else if plan.kind == .fallsThrough {
      run.observer.row(row, segment: segment, outcome: .fellThrough(nil))
      return resolution
    }
    run.observer.row(row, segment: segment, outcome: .decided(draw))
    resolution.decide(row: row, draw)
    return resolution
  }
}
