import PlacementCore

/// How each layer's bucket space is allocated: the tests' shares, proved disjoint, and what is left.
///
/// A `layer` gives each of its tests a share of one bucket space (10,000 buckets of the layer's salt), so a
/// profile enters at most one of them. The compiler rejects overlapping shares (`overlapping-layer-shares`);
/// this finding restates the proof and says how much of the layer is unallocated: profiles there enter no test
/// of the layer and see the rows below its tests' rows. Room left is room for the next test, so this is an
/// info finding, never a failure (not even with `--strict`).
///
/// Example:
/// <!-- rules context:
/// segment music_fans = interests has music
/// segment yoga_fans = interests has yoga
/// attribute interests: choices(music, yoga) from quiz "interests"
/// placement main_paywall: paywall {
///   music_fans -> test music_paywalls { paywall music_a 50%, paywall music_b 50% }
///   yoga_fans  -> test yoga_paywalls { paywall yoga_a 50%, paywall yoga_b 50% }
///   default    -> paywall standard
/// }
/// -->
/// ```
/// layer paywall_experiments version "paywall-layer-2026-12" {
///   music_paywalls 0% to 30%
///   yoga_paywalls  30% to 50%
/// }
/// ```
/// reports `layer 'paywall_experiments' allocates 50% to 2 tests with disjoint shares (music_paywalls 0% to
/// 30%, yoga_paywalls 30% to 50%); 50% unallocated (50% to 100%) enters no test of the layer`.
/// A layer with a compiler error in its declaration (a line naming an unknown test, a bad share, a syntax error)
/// gets no finding: its allocation as checked would leave out the lines in error.
///
/// Fix: nothing to fix; give the unallocated range to the next test of the layer.
struct LayerAllocation: LintRule {
  static let id: DiagnosticCode = "layer-allocation"
  static let severity: Severity = .info
  static let summary = "how a layer's buckets are allocated to its tests (disjoint), and how much is left"

  func check(_ context: LintContext) -> [Diagnostic] {
    context.model.layers.filter { !context.hasErrors(inLayer: $0) }.map { layer in
      finding(
        .layerAllocation(layer), at: layer.span, notes: layer.allocations.map { .shareOfTest($0.test, at: $0.span) })
    }
  }
}
