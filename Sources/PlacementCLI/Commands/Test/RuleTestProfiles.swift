import Foundation
import PlacementKit

/// Builds the profile of a rule test case: inline or from `profile_file`, then the flow events of `events_file`
/// (paths relative to the test file).
enum RuleTestProfiles {
  /// - Throws: ``RuleTestError`` at the case's path for a missing or invalid profile or events file, or an
  ///   invalid flow event (with its line number).
  static func profile(for testCase: RuleTestCase, testFile: String) throws(RuleTestError) -> Profile {
    let folder = (testFile as NSString).deletingLastPathComponent
    var profile = Profile()
    if let inline = testCase.profile.inline {
      do {
        profile = try Profile(json: inline)
      } catch {
        throw RuleTestError(path: testCase.path + ".profile", message: error.message)
      }
    }
    if let file = testCase.profile.file {
      let bytes = try read(file, relativeTo: folder, path: testCase.path + ".profile_file")
      do {
        profile = try Profile(jsonBytes: bytes)
      } catch {
        let at = error.position?.located(in: file) ?? file
        throw RuleTestError(path: testCase.path + ".profile_file", message: "\(at): \(error.message)")
      }
    }
    if let events = testCase.profile.events {
      let path = testCase.path + ".events_file"
      let bytes = try read(events, relativeTo: folder, path: path)
      for (number, line) in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated() {
        if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
        do {
          if let event = try FlowEvent.decode(try JSONReader.parse(line)) { profile.answers.apply(event) }
        } catch let error as JSONError {
          let at = error.location(in: line).located(in: events, fromLine: number + 1)
          throw RuleTestError(path: path, message: "\(at): invalid JSON: \(error.message)")
        } catch let error as IngestError {
          throw RuleTestError(path: path, message: "\(events):\(number + 1): \(error.message)")
        } catch {
          throw RuleTestError(path: path, message: "\(events):\(number + 1): \(error)")
        }
      }
    }
    return profile
  }

  static func read(_ file: String, relativeTo folder: String, path: String) throws(RuleTestError) -> [UInt8] {
    let full = file.hasPrefix("/") ? file : (folder.isEmpty ? file : folder + "/" + file)
    guard let data = FileManager.default.contents(atPath: full) else {
      throw RuleTestError(path: path, message: "cannot read '\(file)' (looked for \(full))" + outside(file, folder))
    }
    return [UInt8](data)
  }

  /// For a relative path that leaves the rules folder of the tests (`../../Examples/…` from `Rules/tests`): why it
  /// may be missing (the rules folder was copied or moved without it) and where fixtures belong.
  static func outside(_ file: String, _ folder: String) -> String {
    let rules = RuleTestDiscovery.rulesFolder(of: folder)
    // Components, `.` and `..` folded (standardizingPath folds `..` in absolute paths only).
    func folded(_ path: String) -> [String] {
      path.split(separator: "/").reduce(into: [String]()) { parts, part in
        if part == ".." && !parts.isEmpty && parts.last != ".." {
          parts.removeLast()
        } else if part != "." {
          parts.append(String(part))
        }
      }
    }
    let base = folded(rules)
    guard !file.hasPrefix("/"), Array(folded(folder + "/" + file).prefix(base.count)) != base else { return "" }
    return "; it is outside the rules folder '\(rules)', which does not take it along when copied: keep profiles"
      + " and events beside the tests (\(folder.isEmpty ? "" : folder + "/")profiles/; docs/RuleTests.md)"
  }
}
