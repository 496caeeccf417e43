import Foundation

extension WordContainment {
    /// The pairs of adjacent ASCII letters and digits of a text as written, to rule a containment
    /// out without normalising either text.
    ///
    /// Normalising leaves ASCII letters and digits where they are (it only lower-cases them), unless a
    /// combining mark after one composes with it; so a pair followed by an ASCII byte or the end is a
    /// pair of the normalised text too (the *own* pairs). Normalising adds no pair of ASCII letters or digits
    /// to a text whose other characters are all of scripts and punctuation that normalise to no ASCII
    /// letter or digit (accented Latin, Greek, Cyrillic, CJK, kana, Hangul, quotes, dashes, emoji);
    /// for such a text every raw pair (its *possible* pairs) covers the pairs of its normalised form.
    /// Hence, when `long` has a pair of `short` neither among its possible pairs, `long` cannot
    /// contain `short` (``mayContain(_:_:)``). Full-width letters, ligatures, superscripts and the
    /// like normalise to ASCII letters: a text with one says nothing.
    package struct Letters: Sendable {
        /// One bit for each hashed pair that normalising keeps.
        private let own: (UInt64, UInt64, UInt64, UInt64)
        /// One bit for each hashed pair the normalised text may have, when ``isComplete``.
        private let possible: (UInt64, UInt64, UInt64, UInt64)
        /// Whether ``possible`` covers every pair of ASCII letters or digits of the normalised text.
        package let isComplete: Bool

        /// The pairs of `text`.
        package init(_ text: String) {
            var ownPairs: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
            var allPairs: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
            var ascii = true
            var complete = true
            var text = text
            text.withUTF8 { b in
                guard let base = b.baseAddress else { return }
                // All ASCII, eight bytes at a time: then every pair is kept.
                var high: UInt64 = 0
                var i = 0
                while i + 8 <= b.count {
                    high |= UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
                    i += 8
                }
                while i < b.count {
                    high |= UInt64(b[i])
                    i += 1
                }
                ascii = high & 0x8080_8080_8080_8080 == 0
                if !ascii {
                    // The scalars of the lead bytes, read straight from the (valid) UTF-8.
                    var i = 0
                    while i < b.count {
                        let lead = UInt32(b[i])
                        guard lead >= 0xC0 else { i += 1; continue }
                        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
                        guard i + length <= b.count else { complete = false; break }
                        var value = lead & (0x7F >> UInt32(length))
                        for k in 1..<length { value = value << 6 | UInt32(b[i + k] & 0x3F) }
                        if !Letters.normalisesToNoASCIIAlphanumeric(value) {
                            complete = false
                            break
                        }
                        i += length
                    }
                }
                WordContainment.alphanumeric.withUnsafeBufferPointer { table in
                    withUnsafeMutableBytes(of: &ownPairs) { ownRaw in
                        withUnsafeMutableBytes(of: &allPairs) { allRaw in
                            let owned = ownRaw.bindMemory(to: UInt64.self)
                            let all = allRaw.bindMemory(to: UInt64.self)
                            var previous: UInt32 = 0   // 0: not a letter or digit
                            if ascii {
                                // Every pair is kept: one set of bits, copied below.
                                for i in 0..<b.count {
                                    let byte = UInt32(table[Int(b[i])])
                                    // Without a branch per byte: word edges come every few bytes.
                                    let isPair = UInt64((byte != 0) && (previous != 0) ? 1 : 0)
                                    let hash = (previous &* 0x9E37 ^ byte) & 0xFF
                                    all[Int(hash >> 6)] |= isPair << UInt64(hash & 63)
                                    previous = byte
                                }
                                return
                            }
                            for i in 0..<b.count {
                                let byte = UInt32(table[Int(b[i])])
                                let isPair = UInt64((byte != 0) && (previous != 0) ? 1 : 0)
                                let hash = (previous &* 0x9E37 ^ byte) & 0xFF
                                let kept = i + 1 < b.count && b[i + 1] >= 0x80 ? 0 : isPair
                                owned[Int(hash >> 6)] |= kept << UInt64(hash & 63)
                                all[Int(hash >> 6)] |= isPair << UInt64(hash & 63)
                                previous = byte
                            }
                        }
                    }
                }
            }
            own = ascii ? allPairs : ownPairs
            possible = allPairs
            isComplete = complete
        }

        /// Whether every own pair of `other` may be a pair of this normalised text.
        fileprivate func holdsPairs(of other: Letters) -> Bool {
            other.own.0 & ~possible.0 == 0 && other.own.1 & ~possible.1 == 0
                && other.own.2 & ~possible.2 == 0 && other.own.3 & ~possible.3 == 0
        }

        /// Whether normalising `scalar` (NFKC, lower-casing, quote and dash unification) surely gives no
        /// ASCII letter or digit. Conservative: blocks with a character that does are left out whole,
        /// but for the few such characters named here.
        package static func normalisesToNoASCIIAlphanumeric(_ scalar: Unicode.Scalar) -> Bool {
            normalisesToNoASCIIAlphanumeric(scalar.value)
        }

        private static func normalisesToNoASCIIAlphanumeric(_ value: UInt32) -> Bool {
            switch value {
            case 0xA0, 0xAB, 0xBB, 0xC0...0xFF:                     // no-break space, guillemets, Latin-1 letters
                return true
            case 0x130, 0x132, 0x133, 0x13F, 0x140, 0x149, 0x17F:   // İ, Ĳ, ĳ, Ŀ, ŀ, ŉ, ſ
                return false
            case 0x100...0x17F,                                     // Latin Extended-A
                 0x300...0x36F,                                     // combining marks
                 0x370...0x3FF, 0x400...0x52F,                      // Greek, Cyrillic
                 0x2000...0x206F,                                   // spaces, dashes, quotes, ellipsis
                 0x3000...0x30FF, 0x3130...0x318F, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xAC00...0xD7A3,
                 0xFE00...0xFE0F,                                   // variation selectors
                 0xFF01...0xFF0F, 0xFF1A...0xFF20, 0xFF3B...0xFF40, 0xFF5B...0xFF65,  // full-width punctuation
                 0x1F300...0x1FAFF:                                 // emoji
                return true
            default:
                return false
            }
        }
    }

    /// ASCII letters (lower-cased) and digits by byte; 0 for every other byte.
    private static let alphanumeric: [UInt8] = (0..<256).map { byte in
        switch byte {
        case 0x30...0x39, 0x61...0x7A: return UInt8(byte)
        case 0x41...0x5A: return UInt8(byte | 0x20)
        default: return 0
        }
    }

    /// Whether the text summed up by `long` may contain the one summed up by `short` by whole words;
    /// `false` only when it surely does not (see ``Letters``).
    package static func mayContain(_ long: Letters, _ short: Letters) -> Bool {
        !long.isComplete || long.holdsPairs(of: short)
    }
}
