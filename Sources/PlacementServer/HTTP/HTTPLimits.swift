/// What one request's head is held to while it is read; the body's limit is the route's (``HTTPRequestHead/contentLength``
/// is checked against it once the head is read).
public struct HTTPLimits: Sendable, Equatable {
  /// Bytes of the head: the request line, the header fields, their line ends and the empty line that ends them
  /// (empty lines before the request line count too). Over it: 431, or 414 while the request line is not complete.
  public var maxHeaderBytes: Int
  /// Header fields in one request. Over it: 431.
  public var maxHeaderCount: Int

  /// - Parameters:
  ///   - maxHeaderBytes: bytes of the head (default 16,384).
  ///   - maxHeaderCount: header fields (default 100).
  public init(maxHeaderBytes: Int = 16_384, maxHeaderCount: Int = 100) {
    self.maxHeaderBytes = maxHeaderBytes
    self.maxHeaderCount = maxHeaderCount
  }
}
