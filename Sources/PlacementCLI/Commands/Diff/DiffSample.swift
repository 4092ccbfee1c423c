import PlacementKit

/// `diff --profiles FILE`: one streaming pass over a JSON Lines sample, each profile bound and resolved by both
/// rule sets with the batch engine's binder and resolver (``RuleSet/bind(jsonBytes:limits:)``,
/// ``RuleSet/resolve(_:for:options:)``), tallied in a ``SampleImpact``. A bad line is reported on stderr with
/// its line number and costs only that line.
struct DiffSample {
  let impact: SampleImpact
  /// Lines that could not be read as a profile by one of the rule sets.
  let failed: Int
  /// The sample's path as given.
  let path: String

  static func run(path: String, old: RuleSet, new: RuleSet, now: Instant, console: Console) throws(CommandFailure)
    -> DiffSample
  {
    let placements = new.placementNames.filter { old.placement(named: $0) != nil }
    // Looked up once: both rule sets have every placement of `placements`.
    let handles = placements.compactMap { name -> (PlacementHandle, PlacementHandle)? in
      guard let before = old.placementHandle(named: name), let after = new.placementHandle(named: name) else {
        return nil
      }
      return (before, after)
    }
    let absolute = path == "-" || path.hasPrefix("/") ? path : console.currentDirectory + "/" + path
    let limits = ProfileLimits.default
    var reader = try LineReader(path: absolute, console: console, maxLineBytes: limits.json.maxBytes)
    var impact = SampleImpact(placements: placements)
    let options = ResolveOptions(now: now)
    var failed = 0
    var number = 0
    var before: [Decision] = []
    var after: [Decision] = []
    while let line = reader.next() {
      number += 1
      if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
      let bound: (old: BoundProfile, new: BoundProfile)
      do throws(ProfileError) {
        if reader.lastLineLength > limits.json.maxBytes {
          throw ProfileError.tooLarge(size: reader.lastLineLength, limit: limits.json.maxBytes)
        }
        bound = (try old.bind(jsonBytes: line, limits: limits), try new.bind(jsonBytes: line, limits: limits))
      } catch {
        failed += 1
        let name = Support.displayName(path)
        let at = error.position?.located(in: name, fromLine: number) ?? "\(name):\(number)"
        console.err("\(at): error: \(error.message)\n")
        continue
      }
      before.removeAll(keepingCapacity: true)
      after.removeAll(keepingCapacity: true)
      do throws(ResolveError) {
        for (oldHandle, newHandle) in handles {
          before.append(try old.resolve(oldHandle, for: bound.old, options: options))
          after.append(try new.resolve(newHandle, for: bound.new, options: options))
        }
      } catch {
        // Not reached: each profile was bound by the rule set that resolves it, and the handles are theirs.
        throw CommandFailure(.software, error.description)
      }
      impact.add(bound.old.profileID ?? "line \(number)", old: before, new: after)
    }
    // A read error is not the end of the sample (exit 74, as `resolve --profiles`), never a silent partial count.
    if let failure = reader.commandFailure { throw failure }
    return DiffSample(impact: impact, failed: failed, path: Support.displayName(path))
  }
}
