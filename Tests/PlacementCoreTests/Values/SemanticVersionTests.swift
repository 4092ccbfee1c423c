import Testing

@testable import PlacementCore

private func v(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> SemanticVersion {
  guard let version = SemanticVersion(parsing: text) else {
    Issue.record("'\(text)' did not parse: \(SemanticVersion.validate(text) ?? "?")", sourceLocation: sourceLocation)
    return SemanticVersion(major: .max, minor: .max, patch: .max, prerelease: [.alphanumeric("unparsed")])
  }
  return version
}

@Suite struct SemanticVersionPrecedenceTests {
  @Test func numericComponentsCompareNumerically() {
    #expect(v("0.9.0") < v("0.10.0"))
    #expect(v("1.10.0") > v("1.9.0"))
    #expect(v("10.2.0") > v("2.10.0"))
    #expect(v("1.18.1") >= v("1.18.1"))
    #expect(!(v("1.18.0") >= v("1.18.1")))
    #expect(v("1.2.10") > v("1.2.9"))
  }

  @Test func prereleasePrecedence() {
    #expect(v("1.0.0-rc.1") < v("1.0.0"))
    #expect(v("1.0.0-beta.2") < v("1.0.0-beta.11"))
    #expect(v("1.0.0-rc.2") < v("1.0.0-rc.11"))
    #expect(v("1.0.0-alpha") < v("1.0.0-alpha.1"))
    #expect(!(v("1.0.0") < v("1.0.0-rc.1")))
    #expect(v("1.0.0-rc.1") > v("0.99.99"))
    #expect(v("1.0.0-1") < v("1.0.0-alpha"))  // numeric < alphanumeric
    #expect(v("1.0.0-Z") < v("1.0.0-a"))  // ASCII order: upper case first
    #expect(v("1.0.0-0A") > v("1.0.0-99"))
  }

  /// The example chain of semver.org §11.4, checked pairwise in both directions.
  @Test func semverOrgChain() {
    let chain = [
      "1.0.0-alpha", "1.0.0-alpha.1", "1.0.0-alpha.beta", "1.0.0-beta", "1.0.0-beta.2", "1.0.0-beta.11",
      "1.0.0-rc.1", "1.0.0",
    ].map { v($0) }
    for i in chain.indices {
      for j in chain.indices {
        #expect((chain[i] < chain[j]) == (i < j), "\(chain[i]) < \(chain[j])")
        #expect((chain[i] == chain[j]) == (i == j), "\(chain[i]) == \(chain[j])")
      }
    }
    #expect(chain.reversed().sorted() == chain)
  }

  @Test func missingComponentsMeanZero() {
    #expect(v("2.0") == v("2.0.0"))
    #expect(v("2") == v("2.0.0"))
    #expect(v("2").description == "2.0.0")
    // A short core with a pre-release or build part: the missing components are zero too.
    #expect(v("2.0-rc.1") == v("2.0.0-rc.1"))
    #expect(v("2.0-rc.1").description == "2.0.0-rc.1")
    #expect(v("2+build") == v("2.0.0"))
    #expect(v("1.2-SNAPSHOT") == v("1.2.0-SNAPSHOT"))
    #expect(v("1-2.3+build99") == v("1.0.0-2.3"))
    #expect(v("1-2-3").prerelease == [.alphanumeric("2-3")])
    #expect(v("2.1") < v("2.1.1"))
    #expect(v("3") > v("2.99.99"))
  }

  @Test func buildMetadataIsIgnoredByEqualityOrderAndHash() {
    #expect(v("1.0.0+a") == v("1.0.0+b"))
    #expect(v("1.0.0+a") == v("1.0.0"))
    #expect(!(v("1.0.0+a") < v("1.0.0+b")) && !(v("1.0.0+b") < v("1.0.0+a")))
    #expect(Set([v("1.0.0+a"), v("1.0.0+b"), v("1.0.0")]).count == 1)
    #expect(v("1.0.0+a").description == "1.0.0+a")
    #expect(v("1.0.0-rc.1+a") < v("1.0.0+0"))
  }
}

@Suite struct SemanticVersionParsingTests {
  @Test func partsAreParsed() {
    let version = v("1.2.3-0A.is.legal+build.007")
    #expect(version.major == 1 && version.minor == 2 && version.patch == 3)
    #expect(version.prerelease == [.alphanumeric("0A"), .alphanumeric("is"), .alphanumeric("legal")])
    #expect(version.buildMetadata == ["build", "007"])
    #expect(version.description == "1.2.3-0A.is.legal+build.007")
    #expect(v("1.0.0-x.7.z.92").prerelease == [.alphanumeric("x"), .numeric(7), .alphanumeric("z"), .numeric(92)])
    #expect(v("1.0.0+20130313144700").buildMetadata == ["20130313144700"])
    #expect(v("99999999999999999.0.0").major == 99_999_999_999_999_999)
    #expect(v("18446744073709551615.0.0-18446744073709551615").major == UInt64.max)
    #expect(v("1.0.0+build-1.x").prerelease.isEmpty)
    #expect(v("1.0.0-a-b").prerelease == [.alphanumeric("a-b")])
  }

  /// Valid strings from the semver.org FAQ regex test set (regex101.com/r/Ly7O1x).
  @Test(arguments: [
    "0.0.4", "1.2.3", "10.20.30", "1.1.2-prerelease+meta", "1.1.2+meta", "1.1.2+meta-valid", "1.0.0-alpha",
    "1.0.0-beta", "1.0.0-alpha.beta", "1.0.0-alpha.beta.1", "1.0.0-alpha.1", "1.0.0-alpha0.valid",
    "1.0.0-alpha.0valid", "1.0.0-alpha-a.b-c-somethinglong+build.1-aef.1-its-okay", "1.0.0-rc.1+build.1",
    "2.0.0-rc.1+build.123", "1.2.3-beta", "10.2.3-DEV-SNAPSHOT", "1.2.3-SNAPSHOT-123", "1.0.0", "2.0.0", "1.1.7",
    "2.0.0+build.1848", "2.0.1-alpha.1227", "1.0.0-alpha+beta", "1.2.3----RC-SNAPSHOT.12.9.1--.12+788",
    "1.2.3----R-S.12.9.1--.12+meta", "1.2.3----RC-SNAPSHOT.12.9.1--.12", "1.0.0+0.build.1-rc.10000aaa-kk-0.1",
    "1.0.0-0A.is.legal", "1.2.3-0A.is.legal", "1.0.0+20130313144700", "1.0.0-x.7.z.92", "99999999999999999.0.0",
    "1", "1.2", "0",
  ])
  func valid(_ text: String) {
    #expect(SemanticVersion.validate(text) == nil)
    #expect(SemanticVersion(parsing: text) != nil)
  }

  /// Invalid strings from the semver.org FAQ regex test set (minus `1`, `1.2`, `1.2-SNAPSHOT` and
  /// `1.2-RC-SNAPSHOT`, accepted by our relaxation,
  /// and the 23-digit major, which is valid SemVer but does not fit `UInt64`), plus the cases of docs/Product.md §4.3.
  @Test(arguments: [
    "1.2.3-0123", "1.2.3-0123.0123", "1.1.2+.123", "+invalid", "-invalid", "-invalid+invalid", "-invalid.01",
    "alpha", "alpha.beta", "alpha.beta.1", "alpha.1", "alpha+beta", "alpha_beta", "alpha.", "alpha..", "beta",
    "1.0.0-alpha_beta", "-alpha.", "1.0.0-alpha..", "1.0.0-alpha..1", "1.0.0-alpha...1", "01.1.1", "1.01.1",
    "1.1.01", "1.2.3.DEV", "1.2.31.2.3----RC-SNAPSHOT.12.09.1--..12+788",
    "-1.0.3-gamma+b7718", "+justmeta", "9.8.7+meta+meta", "9.8.7-whatever+meta+meta",
    "99999999999999999999999.999999999999999999.99999999999999999----RC-SNAPSHOT.12.09.1--------------------------------..12",
    "v1.2.3", "V1.2.3", "01.2.3", "1.2.3.4", "1.2.3-01", "1..2", "", " 1.2.3", "1.2.3 ", "1.2.3-", "1.2.3+", "1.",
    ".1", "2.0-rc.01", "2+", "1.2.3-é", "1.2.3\n", "18446744073709551616.0.0", "1.0.0-18446744073709551616",
    "1.2.3-a.+b",
  ])
  func invalid(_ text: String) {
    #expect(SemanticVersion(parsing: text) == nil)
    #expect(SemanticVersion.validate(text) != nil)
  }

  @Test func reasons() {
    #expect(SemanticVersion.validate("v1.2.3") == "a leading 'v' is not allowed")
    #expect(SemanticVersion.validate("01.2.3") == "leading zeros are not allowed in '01'")
    #expect(SemanticVersion.validate("1.2.3-01") == "leading zeros are not allowed in '01'")
    #expect(SemanticVersion.validate("1.2.3.4") == "a version has at most three components")
    #expect(SemanticVersion.validate("1..2") == "a version component must not be empty")
    #expect(SemanticVersion.validate("") == "a version must not be empty")
    #expect(SemanticVersion.validate(" 1.2.3") == "whitespace is not allowed in a version")
    #expect(SemanticVersion.validate("1.2.3-") == "the pre-release after '-' must not be empty")
    #expect(SemanticVersion.validate("1.2.3+") == "the build metadata after '+' must not be empty")
    #expect(SemanticVersion.validate("1.0.0-alpha..1") == "a pre-release identifier must not be empty")
    #expect(SemanticVersion.validate("1.0.0-alpha_beta") == "character '_' is not allowed in a version")
    #expect(SemanticVersion.validate("1.x.3") == "version component 'x' is not a number")
    #expect(SemanticVersion.validate("2.0-rc.01") == "leading zeros are not allowed in '01'")
    #expect(
      SemanticVersion.validate("18446744073709551616.0.0")
        == "version component '18446744073709551616' is too large (the maximum is 18446744073709551615)")
  }

  @Test func descriptionRoundTrips() {
    for text in ["0.0.0", "1.2.3-alpha.1+b.2", "1.0.0-x.7.z.92", "18446744073709551615.1.0-0.a"] {
      #expect(v(text).description == text)
      #expect(SemanticVersion(parsing: v(text).description) == v(text))
    }
  }
}
