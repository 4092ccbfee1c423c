import Foundation
import PlacementCore

/// The shipped rules (`Rules/` of the checkout): every `*.rules` file below it, in path order, each named by its
/// path and carrying its path relative to `Rules/`, as `placement` reads a folder, then the id lists of
/// `Rules/lists` that they name.
public func shippedRuleSources() throws -> [RuleSource] {
  let folder = repositoryRoot.appendingPathComponent("Rules")
  let files = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? []
  return try files.filter { $0.hasSuffix(".rules") && !$0.split(separator: "/").contains { $0.hasPrefix(".") } }
    .sorted()
    .map { file in
      let url = folder.appendingPathComponent(file)
      return RuleSource(name: url.path, bytes: Array(try Data(contentsOf: url)), path: file)
    }
    + files.filter { $0.hasPrefix("lists/") && $0.hasSuffix(".txt") }.sorted().map { file in
      let url = folder.appendingPathComponent(file)
      return RuleSource(name: url.path, bytes: Array(try Data(contentsOf: url)), path: file, kind: .config)
    }
}

/// The shipped rules compiled (they have no errors).
public func shippedRuleSet() throws -> RuleSet {
  guard let ruleSet = Compilation.compile(try shippedRuleSources()).ruleSet else {
    throw HarnessError(message: "the shipped rules do not compile")
  }
  return ruleSet
}
