import Foundation
import PlacementKit
import Testing

@testable import PlacementServer

/// A decision's remote config reaches an OFREP client as metadata: `config` (the JSON text of the native
/// routes' `config`) and `locale`; `value` stays the content id, and a content without a config adds neither.
@Suite struct OFREPConfigTests {
  @Test func theConfigIsJSONTextInMetadataAndTheValueStaysTheContentID() throws {
    let profile = try Profile(
      json: .object([
        "profile_id": .string("u-7"), "app_version": .string("2.4.0"), "locale": .string("de-AT"),
        "custom_attributes": .object(["experience": .string("pro")]),
      ]))
    let decision = try OFREPTests.ruleSet.resolve("main_paywall", for: profile)
    let config = try #require(decision.config)
    try withServer { server in
      let response = try #require(
        OFREPTests.evaluate(
          server, "main_paywall",
          #"{"context":{"targetingKey":"u-7","app_version":"2.4.0","experience":"pro","locale":"de-AT"}}"#))
      #expect(response.status == 200)
      let json = try #require(response.json as? [String: Any])
      #expect(json["value"] as? String == "pro_annual")
      let metadata = try #require(json["metadata"] as? [String: Any])
      #expect(metadata["locale"] as? String == "de")
      let text = try #require(metadata["config"] as? String)
      #expect(Array(text.utf8) == config.encoded)
      #expect(
        text
          == #"{"cta":"Gratiswoche starten","features":["plans","stats"],"title":"Werde Profi","trial_days":7}"#)
      #expect(try JSONReader.parse(text) == config.value)

      let plain = try #require(
        OFREPTests.evaluate(server, "onboarding_end", #"{"context":{"targetingKey":"u-7","experience":"pro"}}"#))
      let plainMetadata = try #require((plain.json as? [String: Any])?["metadata"] as? [String: Any])
      #expect(plainMetadata["config"] == nil)
      #expect(plainMetadata["locale"] == nil)
    }
  }
}
