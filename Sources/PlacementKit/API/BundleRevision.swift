import Foundation
import PlacementCore

/// The order of bundle revisions, and the cache of the last good bundle.
///
/// A revision is *sequenced* when it starts with decimal digits followed by `-`: a build number or a commit time
/// before a commit id (`1733220000-c256b63`, `4812-c256b63`). Two sequenced revisions are ordered by that
/// number; any other pair is not ordered. A plain commit id is never sequenced, even one made only of digits
/// (a short SHA-1 is all digits about 4% of the time), since ordering two of them would refuse a real update.
enum BundleRevision {
  /// The number a sequenced revision starts with, without leading zeros; nil when it is not sequenced.
  static func sequence(of revision: String?) -> Substring? {
    guard let revision, let dash = revision.firstIndex(of: "-") else { return nil }
    let digits = revision[..<dash]
    guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
    let significant = digits.drop { $0 == "0" }
    return significant.isEmpty ? "0" : significant
  }

  /// True when both revisions are sequenced and `revision`'s number is smaller than `served`'s.
  static func isOlder(_ revision: String?, than served: String?) -> Bool {
    guard let new = sequence(of: revision), let old = sequence(of: served) else { return false }
    return new.count != old.count ? new.count < old.count : new < old
  }

  /// The reason a bundle of `revision` is refused while `served` serves.
  static func olderMessage(_ name: String, _ revision: String?, than served: String?) -> String {
    "'\(name)': bundle revision '\(revision ?? "")' is older than the served revision '\(served ?? "")'"
  }

  /// Writes `bytes` to `path` atomically (a temporary file in the same folder, renamed over it), so a reader
  /// never sees half a bundle.
  /// - Returns: nil, or why the file could not be written (one line).
  static func writeCache(_ bytes: [UInt8], to path: String) -> String? {
    do {
      try Data(bytes).write(to: URL(fileURLWithPath: path), options: .atomic)
      return nil
    } catch {
      return "cannot write the cache '\(path)': \(HTTPBundleReader.reason(error))"
    }
  }
}
