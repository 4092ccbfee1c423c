extension Checker {
  /// Reports each cycle in the segment reference graph once, naming the whole cycle (docs/Product.md §4.7).
  ///
  /// The depth-first search keeps its path on a heap stack, so a chain of any length cannot overflow the native
  /// stack. Returns the segments in post-order (every segment after the segments it refers to, for the acyclic
  /// part of the graph), which ``checkLimits(_:order:)`` walks.
  mutating func checkCycles() -> [Int] {
    enum Mark { case unvisited, active, done }
    var marks = Array(repeating: Mark.unvisited, count: segmentDecls.count)
    var path: [Int] = []
    var nextEdge: [Int] = []
    var order: [Int] = []
    var reported = Set<Set<Int>>()
    for root in segmentDecls.indices where marks[root] == .unvisited {
      marks[root] = .active
      path.append(root)
      nextEdge.append(0)
      while let node = path.last {
        let edge = nextEdge[nextEdge.count - 1]
        guard edge < references[node].count else {
          path.removeLast()
          nextEdge.removeLast()
          marks[node] = .done
          order.append(node)
          continue
        }
        nextEdge[nextEdge.count - 1] += 1
        let (target, via) = references[node][edge]
        switch marks[target] {
        case .active:
          let cycle = Array(path[path.lastIndex(of: target)!...])
          if reported.insert(Set(cycle)).inserted {
            let names = (cycle + [target]).map { segmentDecls[$0].decl.name.text }
            diagnostics.append(
              Diagnostic(
                .segmentCycle(names),
                at: via, notes: [.segmentCycle]))
          }
        case .unvisited:
          marks[target] = .active
          path.append(target)
          nextEdge.append(0)
        case .done:
          break
        }
      }
    }
    return order
  }

  /// Salts must be unique and differ from every test's version id (correlated samples otherwise).
  mutating func checkSalts() {
    let versions = testVersionIDs()
    for (salt, place) in salts.sorted(by: { $0.key < $1.key }) {
      if let test = versions[salt] {
        diagnostics.append(
          Diagnostic(
            .saltIsVersionID(salt, test: test),
            at: place,
            notes: [.rolloutAndTestShareKey]))
      }
    }
    checkLayerSalts(versions)
  }

  /// Test names by version id: every inline test's (written or derived) and every cross-placement test's.
  func testVersionIDs() -> [String: String] {
    var versions: [String: String] = [:]
    for entry in placementDecls {
      for row in entry.decl.rows {
        if case .test(let test) = row.content {
          versions[
            test.version?.text
              ?? Self.derivedVersionID(placement: entry.decl.name.text, row: row.segment.text, test: test.name.text)] =
            test.name.text
        }
      }
    }
    for (name, entry) in testDecls { if let v = entry.decl.version?.text { versions[v] = name } }
    return versions
  }

  /// The version id of a test without an explicit `version`: `<placement>/<row segment>/<test name>`.
  /// Editing the test's content or weights keeps assignments; renaming the placement, segment or test re-draws.
  package static func derivedVersionID(placement: String, row: String, test: String) -> String {
    "\(placement)/\(row)/\(test)"
  }
}
