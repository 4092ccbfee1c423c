import Foundation
import PlacementKit

/// The access log: one JSON line per response on standard error, written with one `write(2)` so lines from
/// different loops do not interleave.
///
/// ```json
/// {"time":"2026-12-03T10:00:00.123Z","remote":"127.0.0.1:50312","method":"POST","path":"/v1/resolve",
///  "route":"/v1/resolve","status":200,"bytes":412,"duration_us":38,"rules_version":"35bffb338311"}
/// ```
/// `bytes` counts the response body (for a streamed batch, its decision lines); `duration_us` runs from the
/// request's last byte read to its response queued; `rules_version` is present when the response was decided.
enum AccessLog {
  static func write(
    remote: String, head: HTTPRequestHead?, route: Route, status: Int, bytes: Int, microseconds: Int,
    rulesVersion: String?
  ) {
    var json = JSONWriter(reservingCapacity: 256)
    json.beginObject()
    json.key("time")
    json.value(Instant.now.iso8601)
    json.key("remote")
    json.value(remote)
    json.key("method")
    if let head { json.value(head.method) } else { json.null() }
    json.key("path")
    if let head { json.value(head.path) } else { json.null() }
    json.key("route")
    json.value(route.label)
    json.key("status")
    json.value(status)
    json.key("bytes")
    json.value(bytes)
    json.key("duration_us")
    json.value(microseconds)
    if let rulesVersion {
      json.key("rules_version")
      json.value(rulesVersion)
    }
    json.endObject()
    var line = json.bytes
    line.append(0x0A)
    SocketIO.writeAll(line, to: 2)
  }
}
