/// `Authorization: Bearer TOKEN` (RFC 6750), compared in time independent of where the tokens differ.
enum BearerToken {
  static func authorizes(_ authorization: String?, token: String) -> Bool {
    guard let authorization, authorization.count > 7 else { return false }
    let scheme = authorization.prefix(7)
    guard scheme.lowercased() == "bearer " else { return false }
    let given = Array(authorization.utf8.dropFirst(7).drop { $0 == 0x20 })
    let expected = Array(token.utf8)
    var difference = UInt8(given.count == expected.count ? 0 : 1)
    for index in expected.indices { difference |= expected[index] ^ (index < given.count ? given[index] : 0) }
    return difference == 0
  }
}
