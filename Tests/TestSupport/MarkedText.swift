/// Text with position markers (swift-format's `MarkedText`): the markers are removed, and the UTF-8 offset of the
/// clean text where each stood is kept, so a test says where something must land by writing a marker there. A
/// marker is matched by whole characters.
public struct MarkedText: Sendable {
  /// The text without its markers.
  public let text: String
  /// Each marker found, in text order, with the UTF-8 offset in ``text`` where it stood.
  public let markers: [(marker: String, offset: Int)]

  public init(_ marked: String, markers: [String]) {
    var clean = ""
    var found: [(marker: String, offset: Int)] = []
    var rest = Substring(marked)
    while !rest.isEmpty {
      if let marker = markers.first(where: { rest.hasPrefix($0) }) {
        found.append((marker, clean.utf8.count))
        rest = rest.dropFirst(marker.count)
      } else {
        clean.append(rest.removeFirst())
      }
    }
    text = clean
    self.markers = found
  }
}
