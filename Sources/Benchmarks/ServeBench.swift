import Foundation
import PlacementKit
import PlacementServer

/// `placement-bench serve-handler [ROUNDS]`: CPU ns per request of `placement serve`'s handlers in-process (no
/// socket, no HTTP framing) for the bodies scripts/serve-bench.sh sends, on the rules of Rules/: the decision's
/// share of the server's CPU per request (docs/Performance.md, "placement serve").
enum ServeBench {
  static func run(rounds: Int) throws {
    let rules = ServedRules(source: .folder("Rules"))
    try rules.load()
    var service = InProcessService(rules: rules)
    let ofrep = Array(
      #"{"context":{"targetingKey":"bench-7","interests":["music"],"birthday":"1990-06-15","app_version":"2.4.0","country":"DE"}}"#
        .utf8)
    let profile = Array(try Data(contentsOf: URL(fileURLWithPath: "Examples/profiles/lapsed.json")))
    let cases: [(String, String, [UInt8])] = [
      ("ofrep", "/ofrep/v1/evaluate/flags/main_paywall", ofrep),
      ("ofrep-bulk", "/ofrep/v1/evaluate/flags", ofrep),
      ("resolve", "/v1/resolve", profile),
    ]
    for (name, target, body) in cases {
      precondition(service.answer("POST", target, body: body).status == 200, "\(name) did not answer 200")
      var samples: [Double] = []
      for _ in 0..<rounds {
        let perRound = 2_000
        let start = Measure.threadCPUNanoseconds()
        for _ in 0..<perRound { _ = service.answer("POST", target, body: body) }
        samples.append(Double(Measure.threadCPUNanoseconds() - start) / Double(perRound))
      }
      samples.sort()
      let padded = name.padding(toLength: 11, withPad: " ", startingAt: 0)
      print(
        padded
          + String(format: " %7.0f ns per request (median of %d rounds of 2,000)", samples[samples.count / 2], rounds))
    }
  }
}
