extension WordContainment {
    /// A text normalised once, with a summary of its byte pairs, for comparing with many others.
    ///
    /// Every pair of adjacent bytes of a text that another contains is a pair of the other, so a
    /// pair the one has and the other lacks settles most comparisons without a search.
    ///
    /// ```swift
    /// let long = WordContainment.Normalised("Truth is a matter of the imagination. The soundest fact")
    /// WordContainment.eitherContains(long, WordContainment.Normalised("the imagination"))   // true
    /// ```
    package struct Normalised: Sendable {
        /// The normalised UTF-8 (``TextNormalisation``).
        package let bytes: [UInt8]
        /// One bit for each hashed pair of adjacent bytes.
        private let pairs: (UInt64, UInt64, UInt64, UInt64)

        /// Normalises `text`.
        package init(_ text: String) {
            var bytes: [UInt8] = []
            TextNormalisation.normalise(text, into: &bytes)
            self.init(normalised: bytes)
        }

        /// A text already normalised by ``TextNormalisation``.
        package init(normalised bytes: [UInt8]) {
            self.bytes = bytes
            var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
            withUnsafeMutableBytes(of: &words) { raw in
                let words = raw.bindMemory(to: UInt64.self)
                bytes.withUnsafeBufferPointer { b in
                    guard b.count > 1 else { return }
                    var previous = UInt32(b[0])
                    for i in 1..<b.count {
                        let byte = UInt32(b[i])
                        // An indexed store, not a branch per byte: which word a pair lands in is random.
                        let hash = (previous &* 0x9E37 ^ byte) & 0xFF
                        words[Int(hash >> 6)] |= 1 << UInt64(hash & 63)
                        previous = byte
                    }
                }
            }
            pairs = words
        }

        /// Whether every byte pair of `other` may be one of this text's (no false "no").
        func mayContain(_ other: Normalised) -> Bool {
            other.pairs.0 & ~pairs.0 == 0 && other.pairs.1 & ~pairs.1 == 0
                && other.pairs.2 & ~pairs.2 == 0 && other.pairs.3 & ~pairs.3 == 0
        }
    }

    /// Whether either normalised text contains the other by whole words.
    package static func eitherContains(_ a: Normalised, _ b: Normalised) -> Bool {
        let (long, short) = a.bytes.count >= b.bytes.count ? (a, b) : (b, a)
        return long.mayContain(short) && contains(normalised: long.bytes, short.bytes)
    }
}
