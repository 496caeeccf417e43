/// Whether bytes are all ASCII, eight at a time: the test that lets a reader take the fast way
/// for a cell or a whole record.
///
/// ASCII bytes are valid UTF-8 on their own, so a string made from them needs no further check,
/// and the standard library's own check of such a string is a quick pass over whole words.
///
/// ```swift
/// ASCIIScan.isASCII(UnsafeRawBufferPointer(...))  // true for "Carpe diem.", false for "Zoë"
/// ```
enum ASCIIScan {
    /// Whether every byte is below 0x80.
    @inline(__always)
    static func isASCII(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let count = bytes.count
        guard count > 0 else { return true }
        let base = bytes.baseAddress!
        let highs: UInt64 = 0x8080_8080_8080_8080
        var i = 0
        // Two words a turn: one branch per sixteen bytes.
        while i + 16 <= count {
            let word = base.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                | base.loadUnaligned(fromByteOffset: i + 8, as: UInt64.self)
            if word & highs != 0 { return false }
            i += 16
        }
        if count >= 8 {
            // The rest, as one or two words that overlap bytes already checked.
            var word = base.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
            if i + 8 < count { word |= base.loadUnaligned(fromByteOffset: i, as: UInt64.self) }
            return word & highs == 0
        }
        var any: UInt8 = 0
        while i < count {
            any |= base.load(fromByteOffset: i, as: UInt8.self)
            i += 1
        }
        return any & 0x80 == 0
    }
}
