import Foundation
import Testing

/// `placement diff` over two versions of an id list: the churn in text, JSON and markdown, and the placements
/// that test the list changed, with witnesses whose tested attribute entered or left the list.
@Suite struct DiffListsTests {
  static let rules = """
    list vip_ids from "lists/vip.txt"
    segment vip = profile_id in list vip_ids
    placement p: flow {
      vip -> flow vip
      default -> flow other
    }
    """

  /// The two sides in `scratch` (kept by the caller: the folder goes when it does).
  func sides(_ scratch: ScratchFolder, old: String, new: String) -> (String, String) {
    scratch.file("old/p.rules", Self.rules)
    scratch.file("new/p.rules", Self.rules)
    scratch.file("old/lists/vip.txt", old)
    scratch.file("new/lists/vip.txt", new)
    return (scratch.path + "/old", scratch.path + "/new")
  }

  @Test func churnIsCountedWithExamplesInEveryFormat() throws {
    let scratch = ScratchFolder()
    let (old, new) = sides(scratch, old: "u1\nu2\nu3\n", new: "# renewed\nu1\nu3\nu4\nu5\n")
    let text = placement(["diff", old, new, "--now", "2026-12-01T00:00:00Z"])
    #expect(text.status == 0)
    #expect(
      text.out.contains(
        "lists (ids added and removed):\n  vip_ids (lists/vip.txt): 3 → 4 ids, 2 added (u4, u5), 1 removed (u2)\n"))
    #expect(text.out.hasPrefix("placement p: 2 decision changes\n"))
    #expect(text.out.contains(#"e.g. {"profile_id":"u2"}"#))
    #expect(text.out.contains(#"e.g. {"profile_id":"u4"}"#))
    let json = placement(["diff", old, new, "--now", "2026-12-01T00:00:00Z", "--format", "json"])
    let object = try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as! [String: Any]
    let changes = try #require(object["list_changes"] as? [[String: Any]])
    #expect(changes.count == 1)
    #expect(changes[0]["added"] as? Int == 2)
    #expect(changes[0]["removed_examples"] as? [String] == ["u2"])
    #expect(object["equivalent"] as? Bool == false)
    let placements = try #require(object["placements"] as? [[String: Any]])
    #expect(placements[0]["status"] as? String == "changed")
    let transitions = try #require(placements[0]["transitions"] as? [[String: Any]])
    let moves = transitions.map { transition in
      let witness = transition["witness"] as? [String: Any]
      let old = (transition["old"] as? [String: Any])?["content"] ?? "?"
      let new = (transition["new"] as? [String: Any])?["content"] ?? "?"
      return "\(old) → \(new): \(witness?["profile_id"] ?? "?")"
    }
    #expect(moves.sorted() == ["flow other → flow vip: u4", "flow vip → flow other: u2"])
    let markdown = placement(["diff", old, new, "--now", "2026-12-01T00:00:00Z", "--format", "markdown"])
    #expect(
      markdown.out.contains("#### Id lists\n\n- vip_ids (lists/vip.txt): 3 → 4 ids, 2 added (u4, u5), 1 removed (u2)\n")
    )
    let failing = placement(["diff", old, new, "--now", "2026-12-01T00:00:00Z", "--expect", "equivalent"])
    #expect(failing.status == 1)
  }

  @Test func examplesStopAtFiveAndAnUnchangedListIsNotReported() throws {
    let many = (1...8).map { "n\($0)" }.joined(separator: "\n")
    let scratch = ScratchFolder()
    let other = ScratchFolder()
    let (old, new) = sides(scratch, old: "u1\n", new: "u1\n" + many + "\n")
    #expect(
      placement(["diff", old, new, "--now", "2026-12-01T00:00:00Z"]).out.contains("8 added (n1, n2, n3, n4, n5, …)"))
    let (same, reordered) = sides(other, old: "u1\nu2\n", new: "u2\n\nu1\nu1\n")
    let run = placement(["diff", same, reordered, "--now", "2026-12-01T00:00:00Z"])
    #expect(run.status == 0)
    #expect(!run.out.contains("lists"))
    #expect(run.out.hasPrefix("placement p: equivalent"))
  }

  @Test func aNegatedListOnAnotherAttributeIsWitnessedByAnIdThatEnteredIt() throws {
    let scratch = ScratchFolder()
    let rules = """
      attribute email: string
      list blocked from "lists/blocked.txt"
      segment allowed = email not in list blocked
      placement p: flow {
        allowed -> flow open
        default -> flow closed
      }
      """
    scratch.file("old/p.rules", rules)
    scratch.file("new/p.rules", rules)
    scratch.file("old/lists/blocked.txt", "a@x.io\n")
    scratch.file("new/lists/blocked.txt", "a@x.io\nb@x.io\n")
    let old = scratch.path + "/old"
    let new = scratch.path + "/new"
    let text = placement(["diff", old, new, "--now", "2026-12-01T00:00:00Z"])
    #expect(text.status == 0)
    #expect(text.out.hasPrefix("placement p: 1 decision change\n"))
    #expect(text.out.contains(#"e.g. {"custom_attributes":{"email":"b@x.io"}}"#))
    let json = placement(["diff", old, new, "--now", "2026-12-01T00:00:00Z", "--format", "json"])
    let object = try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as! [String: Any]
    let placements = try #require(object["placements"] as? [[String: Any]])
    let transitions = try #require(placements[0]["transitions"] as? [[String: Any]])
    #expect(transitions.count == 1)
    #expect((transitions[0]["old"] as? [String: Any])?["content"] as? String == "flow open")
    #expect((transitions[0]["new"] as? [String: Any])?["content"] as? String == "flow closed")
    let witness = transitions[0]["witness"] as? [String: Any]
    #expect((witness?["custom_attributes"] as? [String: Any])?["email"] as? String == "b@x.io")
  }
}
