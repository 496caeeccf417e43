import CardportDigests
import PropertyBased
import Testing

@Suite struct SHA256Tests {
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
         "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
        ("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
         "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"),
    ])
    func matchesTheStandardsTestVectors(message: String, digest: String) {
        #expect(SHA256.hash(Array(message.utf8)).hex == digest)
    }

    @Test func aMillionLettersA() {
        var hash = SHA256()
        let chunk = [UInt8](repeating: 0x61, count: 1000)
        for _ in 0..<1000 { hash.update(chunk) }
        #expect(hash.finalize().hex == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test func anySplitIntoPiecesGivesTheSameDigest() async {
        await propertyCheck(count: 200, input: Gen.int(in: 0...255).array(of: 0...300), Gen.int(in: 0...300)) { numbers, split in
            let bytes = numbers.map { UInt8($0) }
            let cut = min(split, bytes.count)
            var hash = SHA256()
            hash.update(Array(bytes[..<cut]))
            hash.update(Array(bytes[cut...]))
            #expect(hash.finalize() == SHA256.hash(bytes))
        }
    }
}
