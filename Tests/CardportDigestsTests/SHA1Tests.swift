import CardportDigests
import Testing

@Suite struct SHA1Tests {
    /// FIPS 180 examples, and a message that fills more than one block.
    @Test(arguments: [
        ("", "da39a3ee5e6b4b0d3255bfef95601890afd80709"),
        ("abc", "a9993e364706816aba3e25717850c26c9cd0d89d"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "84983e441c3bd26ebaae4aa1f95129e5e54670f1"),
        (String(repeating: "a", count: 1000), "291e9a6c66994949b57ba5e650361e98fc36b1ba"),
    ])
    func digestsKnownMessages(_ message: String, _ expected: String) {
        let hex = SHA1.digest(Array(message.utf8)).map { String($0, radix: 16) }.map { $0.count == 1 ? "0" + $0 : $0 }.joined()
        #expect(hex == expected)
    }
}
