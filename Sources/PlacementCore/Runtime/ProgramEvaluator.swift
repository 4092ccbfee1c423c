/// Evaluation of a ``Program`` against a profile bound for it: the engine's one walker. Allocation-free and
/// retain-free: instructions, scalars and the segment memo are plain data read through pointers taken once per
/// run; only `.generic` steps, and values without a plain form, read the profile's ``Value``s through
/// ``ValueTest/holds(_:now:)``.
extension Program {
  /// Runs `body` with an evaluator over `profile` (bound for this program) at `now`, observed by `observer`; `body`
  /// gets the profile back as an argument, so that it need not capture (and copy) it.
  /// One run is one resolution: segments evaluated in it are memoised until it returns, in `memo` when given (a
  /// ``SegmentMemo`` that several runs for the same profile and `now` share), else on the stack (two bit sets of
  /// ``memoWords`` words; past 64 words, i.e. 4,096 memoised segments, the standard library may place it on the
  /// heap).
  package func run<Observer: EvaluationObserver, Result>(
    _ profile: borrowing BoundProfile, now: Instant, memo: UnsafeMutableBufferPointer<UInt64>? = nil,
    observer: inout Observer, _ body: (inout ProgramEvaluator<Observer>, borrowing BoundProfile) -> Result
  ) -> Result {
    if let memo {
      precondition(memo.count == 2 * memoWords, "a segment memo made for this program")
      return run(profile, now: now, inMemo: memo, observer: &observer, body)
    }
    return withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 2 * memoWords) { memo in
      memo.initialize(repeating: 0)
      return run(profile, now: now, inMemo: memo, observer: &observer, body)
    }
  }

  private func run<Observer: EvaluationObserver, Result>(
    _ profile: borrowing BoundProfile, now: Instant, inMemo memo: UnsafeMutableBufferPointer<UInt64>,
    observer: inout Observer, _ body: (inout ProgramEvaluator<Observer>, borrowing BoundProfile) -> Result
  ) -> Result {
    if !eventQueries.isEmpty, let log = profile.eventLog {
      return withDerivedSlots(profile, log: log, now: now, inMemo: memo, observer: &observer, body)
    }
    return profile.scalars.withUnsafeBufferPointer { scalars in
      run(profile, scalars: scalars, now: now, inMemo: memo, observer: &observer, body)
    }
  }

  /// A run over `scalars` (the profile's, or a copy with its event slots derived).
  private func run<Observer: EvaluationObserver, Result>(
    _ profile: borrowing BoundProfile, scalars: UnsafeBufferPointer<Scalar>, now: Instant,
    inMemo memo: UnsafeMutableBufferPointer<UInt64>, observer: inout Observer,
    _ body: (inout ProgramEvaluator<Observer>, borrowing BoundProfile) -> Result
  ) -> Result {
    // The observer moves into the evaluator and back, never copied: a copy alive beside the evaluator's would share
    // its arrays, so that the run's first record copied them (a heap allocation per observed run).
    var moved: Observer? = consume observer
    let result = nodes.withUnsafeBufferPointer { nodes in
      steps.withUnsafeBufferPointer { steps in
        segmentPlans.withUnsafeBufferPointer { segmentPlans in
          rowPlans.withUnsafeBufferPointer { rowPlans in
            placementPlans.withUnsafeBufferPointer { placementPlans in
              stringSets.withUnsafeBufferPointer { stringSets in
                var evaluator = ProgramEvaluator(
                  program: self, nodes: nodes, steps: steps, segmentPlans: segmentPlans,
                  rowPlans: rowPlans, placementPlans: placementPlans, stringSets: stringSets, scalars: scalars,
                  memo: memo, words: memoWords, now: now, observer: moved.take()!)
                let result = body(&evaluator, profile)
                moved = evaluator.observer
                return result
              }
            }
          }
        }
      }
    }
    observer = moved.take()!
    return result
  }

  /// A run over a copy of the profile's scalars (on the stack) whose event slots hold what `log` derives at
  /// `now`: each derived slot is computed once per run, before the walk.
  @inline(never)
  private func withDerivedSlots<Observer: EvaluationObserver, Result>(
    _ profile: borrowing BoundProfile, log: EventLog, now: Instant, inMemo memo: UnsafeMutableBufferPointer<UInt64>,
    observer: inout Observer, _ body: (inout ProgramEvaluator<Observer>, borrowing BoundProfile) -> Result
  ) -> Result {
    let count = profile.scalars.count
    return withUnsafeTemporaryAllocation(of: Scalar.self, capacity: max(1, count)) { derived in
      _ = profile.scalars.withUnsafeBufferPointer { derived.initialize(fromContentsOf: $0) }
      for (slot, query) in eventQueries where slot < count { derived[slot] = log.derive(query, now: now) }
      return run(
        profile, scalars: UnsafeBufferPointer(rebasing: derived[..<count]), now: now, inMemo: memo,
        observer: &observer, body)
    }
  }

  /// Whether segment `segment`'s condition holds for `profile` at `now` (one run, nothing observed).
  func holds(segment: Int, _ profile: BoundProfile, now: Instant) -> Bool {
    var observer = NoObserver()
    return run(profile, now: now, observer: &observer) { run, profile in run.segment(segment, profile) }
  }
}

extension RuleSet {
  /// The one resolution loop: rows in priority order, each segment through one observed run of the program, each
  /// test's variation from ``assign(_:profile:run:)``. `memoStorage`, when given, is a ``SegmentMemo``'s storage;
  /// pass none with an observer that explains (a memo hit is not observed).
  func resolution<Observer: ResolutionObserver>(
    _ index: Int, for profile: borrowing BoundProfile, now: Instant,
    memoStorage memo: UnsafeMutableBufferPointer<UInt64>? = nil, observer: inout Observer
  ) -> Resolution {
    // The profile reaches the loop as the run's argument, not as a capture: capturing it made a copy (seven
    // retains and releases) per resolution. The rule set is captured unretained (the caller holds it), and
    // nothing else that is reference-counted is captured: each capture cost a retain and a release per resolution.
    let ruleSet = Unmanaged.passUnretained(self)
    return program.run(profile, now: now, memo: memo, observer: &observer) { run, profile in
      ruleSet._withUnsafeGuaranteedRef { $0.rows(index, now: now, run: &run, profile) }
    }
  }

  /// Runs `body` in one unobserved run of the program for `profile` at `now`, with the segment memo `memo` (a
  /// ``SegmentMemo``'s storage): the batch's run, in which ``rows(_:now:run:_:)`` resolves each placement of a
  /// line. A call of its own: opened inline in the batch loop, the run costs each decision line about 14 more
  /// instructions (PerformanceTests).
  func unobservedRun(
    _ profile: borrowing BoundProfile, now: Instant, memo: UnsafeMutableBufferPointer<UInt64>,
    _ body: (inout ProgramEvaluator<NoObserver>, borrowing BoundProfile) -> Void
  ) {
    var observer = NoObserver()
    program.run(profile, now: now, memo: memo, observer: &observer, body)
  }
}

/// One run over a program: pointers into the program, the profile's scalars and the run's segment memo, valid
/// inside ``Program/run(_:now:observer:_:)``. The profile itself is passed down as a (borrowed) argument, for
/// the rare paths that need more than its scalars (rollouts, generic tests).
package struct ProgramEvaluator<Observer: EvaluationObserver> {
  unowned(unsafe) let program: Program
  let nodes: UnsafeBufferPointer<Node>
  /// Each leaf's test and jumps (``Program/steps``).
  let steps: UnsafeBufferPointer<Step>
  /// Each segment's first leaf and memo slot (``Program/segmentPlans``).
  let segmentPlans: UnsafeBufferPointer<SegmentPlan>
  /// The program's ``Program/rowPlans``, for the resolution loop (read here, not through the rule set: taking
  /// the array's pointer there retained and released it once per resolution).
  let rowPlans: UnsafeBufferPointer<RowPlan>
  /// The program's ``Program/placementPlans``.
  let placementPlans: UnsafeBufferPointer<PlacementPlan>
  /// The program's ``Program/stringSets``.
  let stringSets: UnsafeBufferPointer<UInt64>
  let scalars: UnsafeBufferPointer<Scalar>
  /// `words` "known" words, then `words` "holds" words.
  let memo: UnsafeMutableBufferPointer<UInt64>
  let words: Int
  let now: Instant
  /// The caller's observer, moved in for the run and handed back when it ends. Held by value: a pointer to the
  /// caller's made every unobserved run copy each step it reads (+470 instructions per profile with 1 placement,
  /// +1,500 with 5, `../shared/bench/side-by-side.sh`).
  var observer: Observer

  /// Whether segment `segment` holds: from the memo when this run already evaluated it. The walk of its
  /// condition is inlined here (the resolution loop's call), so a row's segment costs no call of its own.
  @inline(__always)
  package mutating func segment(_ segment: Int, _ profile: BoundProfile) -> Bool {
    let plan = segmentPlans[segment]
    return self.segment(entry: Int(plan.entry), memoSlot: Int(plan.memoSlot), inPlace: true, profile)
  }

  /// Whether the segment whose condition starts at leaf `entry` and whose memo bit is `memoSlot` (or
  /// ``SegmentPlan/noMemoSlot``)
  /// holds: its condition walked in place (`inPlace`, a constant at each call) or through ``condition(from:_:)``.
  @inline(__always)
  private mutating func segment(entry: Int, memoSlot slot: Int, inPlace: Bool, _ profile: BoundProfile) -> Bool {
    // One call site of the walk: inlined twice, it made the row loop too large for the inliner, which then
    // called the walk instead (+78 instructions per resolution).
    let memoised = slot != Int(SegmentPlan.noMemoSlot)
    let word = slot >> 6
    let bit: UInt64 = 1 << UInt64(slot & 63)
    if memoised, memo[word] & bit != 0 { return memo[words + word] & bit != 0 }
    let result = inPlace ? walk(from: entry, profile) : condition(from: entry, profile)
    if memoised {
      memo[word] |= bit
      if result { memo[words + word] |= bit }
    }
    return result
  }

  /// ``walk(from:_:)`` as a call of its own: where a condition refers to a segment (the walk would otherwise
  /// contain itself).
  @inline(never)
  private mutating func condition(from entry: Int, _ profile: BoundProfile) -> Bool {
    walk(from: entry, profile)
  }

  /// Whether the condition whose first leaf is `entry` holds: from leaf to leaf along the ``BranchGraph``'s
  /// jumps until one exits, reading one ``Step`` per leaf. Each leaf's result is observed, then each enclosing
  /// node its jump decides.
  @inline(__always)
  private mutating func walk(from entry: Int, _ profile: BoundProfile) -> Bool {
    var index = entry
    while true {
      let step = steps[index]
      let result =
        step.kind == .segment
        ? segment(entry: step.segmentEntry, memoSlot: step.memoSlot, inPlace: false, profile)
        : leaf(step, index, profile)
      if Observer.observesNodes {
        let edge = program.graph.edges[index]
        observer.node(index, holds: result)
        observeDecided(from: result ? edge.trueCloses : edge.falseCloses)
      }
      // The jumps are read again after the leaf rather than kept from the read before it: kept, they hold two
      // registers across the leaf's calls, and the row loop around an inlined walk spills its own values instead.
      let next = result ? steps[index].onTrue : steps[index].onFalse
      if next < 0 { return next == BranchGraph.holds }
      index = Int(next)
    }
  }

  /// Whether leaf `index` (not a segment reference), whose step is `step`, holds. This and the calls off the fast
  /// path are `mutating` though they change nothing, so that the evaluator is passed to them by reference: a
  /// non-mutating call from the walk passes a copy of it.
  @inline(__always)
  mutating func leaf(_ step: Step, _ index: Int, _ profile: BoundProfile) -> Bool {
    if step.kind.readsBits {
      let scalar = scalars[Int(step.slot)]
      if scalar.tag == step.tag { return step.holds(scalar.bits, sets: stringSets) }
      // Every test but `is set` fails on a missing value; a value the fast form cannot read goes off the fast
      // path, to the reference path.
      if scalar.tag == .missing { return false }
    } else if step.kind == .isSet {
      return scalars[Int(step.slot)].tag != .missing
    }
    return other(index, profile)
  }

  /// Observes the enclosing nodes a jump decided, from the chain link `link` outwards.
  @inline(never)
  private mutating func observeDecided(from link: Int32) {
    var link = Int(link)
    while link != Int(BranchGraph.noCloses) {
      let close = program.graph.closes[link]
      observer.node(close.node, holds: close.holds)
      link = Int(close.next)
    }
  }

  /// Leaf `index` off the walk's fast path: a step of a kind after ``Step/Kind/segment``, or a bit kind's whose
  /// scalar has another tag. The tests relative to `now` and `count` call the functions that
  /// ``ValueTest/holds(_:now:)`` calls (the one meaning of each), on the slot's scalar, which holds a date or a set
  /// of options exactly; every other test goes through `holds` itself.
  @inline(never)
  mutating func other(_ index: Int, _ profile: BoundProfile) -> Bool {
    let step = steps[index]
    if step.kind.readsNoAttribute {
      switch step.kind {
      case .constant: return step.constant
      case .rollout: return rollout(step.rollout, profile)
      case .ramp: return ramp(step.rollout, profile)
      default: preconditionFailure("a `not`, or an `and`/`or` with children, is never a leaf")
      }
    }
    let scalar = scalars[Int(step.slot)]
    switch (step.kind, scalar.tag) {
    case (_, .missing): return false
    case (.choicesCount, .choices): return ValueTest.choicesCount(scalar.bits, step.comparison, step.literal)
    case (.dateWithinLast, .date): return ValueTest.dateWithinLast(Self.instant(scalar.bits), step.window, now: now)
    case (.dateOlderThan, .date): return ValueTest.dateOlderThan(Self.instant(scalar.bits), step.window, now: now)
    case (.yearsSince, .date):
      return ValueTest.yearsSince(Self.instant(scalar.bits), step.comparison, step.literal, now: now)
    default: return generic(index, slot: Int(step.slot), profile)
    }
  }

  /// Whether rollout `rollout` (an index into ``Program/rollouts``) admits the profile.
  func rollout(_ rollout: Int, _ profile: BoundProfile) -> Bool {
    guard let id = profile.bucketingID else { return false }
    let rollout = program.rollouts[rollout]
    return Bucketing.rolloutBucket(salt: rollout.salt, profileID: id) < rollout.threshold
  }

  /// Whether ramp `ramp` (an index into ``Program/ramps``) admits the profile at the run's `now`: its current
  /// step's rollout, with the ramp's one salt, so a profile admitted at one step is admitted at every later one.
  func ramp(_ ramp: Int, _ profile: BoundProfile) -> Bool {
    guard let id = profile.bucketingID else { return false }
    let ramp = program.ramps[ramp]
    let threshold = RampStep.threshold(ramp.steps, at: now)
    return threshold > 0 && Bucketing.rolloutBucket(salt: ramp.salt, profileID: id) < threshold
  }

  /// The reference path for tests without a fast step and values without a plain form: leaf `index`'s original
  /// test on the value in attribute slot `slot`.
  @inline(never)
  mutating func generic(_ index: Int, slot: Int, _ profile: BoundProfile) -> Bool {
    program.tests[nodes[index].test].holds(profile.values[slot], now: now)
  }

  @inline(__always)
  static func instant(_ bits: UInt64) -> Instant { Instant(millisecondsSince1970: Int64(bitPattern: bits)) }
}

/// The segment memo of one profile at one instant, shared by the resolutions of several placements: a segment
/// holds or fails by the profile and `now` alone, so a batch line that resolves five placements evaluates each
/// segment at most once, not once per placement. ``reset()`` it before each profile (and each `now`). Never
/// share it with an explained resolution: a memo hit is not observed, and an explanation must see the nodes.
package struct SegmentMemo {
  /// Two bit sets of ``Program/memoWords`` words: "known", then "holds".
  private var words: [UInt64]

  /// An empty memo for the profiles `ruleSet` resolves.
  package init(for ruleSet: RuleSet) {
    words = Array(repeating: 0, count: 2 * ruleSet.program.memoWords)
  }

  /// Forgets every segment: the next profile starts unknown.
  package mutating func reset() {
    words.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
  }

  /// Runs `body` with the memo's storage, for ``Program/run(_:now:memo:observer:_:)``.
  package mutating func withStorage<Result>(_ body: (UnsafeMutableBufferPointer<UInt64>) -> Result) -> Result {
    words.withUnsafeMutableBufferPointer { body($0) }
  }
}
