import Foundation
import PlacementKit
import TestSupport
import Testing

/// What the embedding docs (README "Embedding" and the DocC article) tell a backend developer holds: the
/// `Package.swift` they show resolves this package under the identity they name, and the errors they list are
/// every error resolving throws.
@Suite struct EmbeddingDocsTests {
  static var root: URL { repositoryRoot }
  static var article: URL {
    root.appendingPathComponent("Sources/PlacementKit/PlacementKit.docc/EmbeddingInABackend.md")
  }

  /// The first ```swift block of `text` that is a package manifest.
  static func manifest(in text: String) -> String? {
    let lines = text.components(separatedBy: "\n")
    guard let start = lines.firstIndex(where: { $0.hasPrefix("// swift-tools-version") }),
      start > 0, lines[start - 1] == "```swift", let end = lines[start...].firstIndex(of: "```")
    else { return nil }
    return lines[start..<end].joined(separator: "\n") + "\n"
  }

  @Test func theManifestOfTheDocsResolvesThisPackageUnderTheIdentityItNames() throws {
    let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
    let article = try String(contentsOf: Self.article, encoding: .utf8)
    let manifest = try #require(Self.manifest(in: article))
    #expect(Self.manifest(in: readme) == manifest)
    // The platform and the product are the package's own.
    let package = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
    #expect(package.contains("platforms: [.macOS(.v15)]"))
    #expect(manifest.contains("platforms: [.macOS(.v15)]"))
    #expect(package.contains(#".library(name: "PlacementKit", targets: ["PlacementKit"])"#))
    #expect(manifest.contains(#".product(name: "PlacementKit", package: "placement")"#))

    // A service beside a checkout called `placement` (a link to this one), as the manifest assumes: SwiftPM reads
    // both manifests and finds the package under the identity `placement`.
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("embedding-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let service = folder.appendingPathComponent("service")
    try FileManager.default.createDirectory(
      at: service.appendingPathComponent("Sources/MyService"), withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      at: folder.appendingPathComponent("placement"), withDestinationURL: Self.root)
    try manifest.write(to: service.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
    try "import PlacementKit\n".write(
      to: service.appendingPathComponent("Sources/MyService/main.swift"), atomically: true, encoding: .utf8)
    let (status, output) = try PublicAPITests.run(["swift", "package", "describe", "--type", "json"], in: service)
    #expect(status == 0, "\(output)")
    #expect(output.contains(#""identity" : "placement""#), "\(output)")
  }

  /// The article's link for each case; a new case does not compile here until it is listed.
  static func link(_ error: ResolveError) -> String {
    switch error {
    case .unknownPlacement: "``ResolveError/unknownPlacement(_:known:suggestion:)``"
    case .boundForAnotherRuleSet: "``ResolveError/boundForAnotherRuleSet(boundBy:resolvingWith:)``"
    }
  }

  @Test func theArticleListsEveryResolveError() throws {
    let article = try String(contentsOf: Self.article, encoding: .utf8)
    let errors: [ResolveError] = [
      .unknownPlacement("x", known: [], suggestion: nil), .boundForAnotherRuleSet(boundBy: nil, resolvingWith: "1"),
    ]
    let errorsParagraph = try #require(article.components(separatedBy: "\n\n").first { $0.hasPrefix("Errors:") })
    for error in errors { #expect(errorsParagraph.contains("- " + Self.link(error)), "\(Self.link(error))") }
    #expect(!article.contains("the only one"))
  }
}
