/// Turns UTF-16 bytes into UTF-8 a chunk at a time, for ``ByteInput`` reading a file that starts
/// with a UTF-16 byte-order mark.
///
/// A code unit or surrogate pair cut by the end of a chunk is carried over to the next one, so the
/// chunks can be cut anywhere. Each code unit becomes at most three UTF-8 bytes (a surrogate pair,
/// two units, becomes four), so `3 * (bytes + carried) / 2` bytes of output always suffice.
///
/// ```swift
/// var transcoder = UTF16Transcoder(bigEndian: false)
/// let outcome = transcoder.transcode(chunk, into: destination)
/// ```
package struct UTF16Transcoder {
    /// What one call produced.
    package struct Outcome {
        /// UTF-8 bytes written.
        package var written: Int
        /// Whether the input held a surrogate without its partner; `written` bytes precede it.
        package var isInvalid: Bool
    }

    /// Whether the code units are big-endian (`FE FF`) rather than little-endian (`FF FE`).
    package let bigEndian: Bool
    /// The bytes of a unit or pair the last chunk ended inside.
    package private(set) var carried: [UInt8] = []

    package init(bigEndian: Bool) {
        self.bigEndian = bigEndian
    }

    /// The most UTF-8 bytes `count` more input bytes can produce.
    package func capacity(for count: Int) -> Int {
        (count + carried.count) / 2 * 3
    }

    /// Converts `bytes` (after what was carried) into UTF-8 at `destination`, which has room for
    /// ``capacity(for:)`` bytes.
    package mutating func transcode(_ bytes: UnsafeRawBufferPointer, into destination: UnsafeMutableRawPointer) -> Outcome {
        if !carried.isEmpty {
            let joined = carried + Array(bytes)
            carried = []
            return joined.withUnsafeBytes { transcode($0, into: destination) }
        }
        let count = bytes.count
        var index = 0
        var written = 0
        func unit(at offset: Int) -> UInt32 {
            bigEndian ? UInt32(bytes[offset]) << 8 | UInt32(bytes[offset + 1]) : UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset])
        }
        func put(_ byte: UInt32) {
            destination.storeBytes(of: UInt8(truncatingIfNeeded: byte), toByteOffset: written, as: UInt8.self)
            written += 1
        }
        while index + 1 < count {
            let first = unit(at: index)
            var scalar = first
            var length = 2
            if first & 0xFC00 == 0xD800 {
                guard index + 3 < count else { break }
                let second = unit(at: index + 2)
                guard second & 0xFC00 == 0xDC00 else { return Outcome(written: written, isInvalid: true) }
                scalar = 0x10000 + ((first & 0x3FF) << 10 | (second & 0x3FF))
                length = 4
            } else if first & 0xFC00 == 0xDC00 {
                return Outcome(written: written, isInvalid: true)
            }
            switch scalar {
            case ..<0x80:
                put(scalar)
            case ..<0x800:
                put(0xC0 | scalar >> 6)
                put(0x80 | scalar & 0x3F)
            case ..<0x10000:
                put(0xE0 | scalar >> 12)
                put(0x80 | scalar >> 6 & 0x3F)
                put(0x80 | scalar & 0x3F)
            default:
                put(0xF0 | scalar >> 18)
                put(0x80 | scalar >> 12 & 0x3F)
                put(0x80 | scalar >> 6 & 0x3F)
                put(0x80 | scalar & 0x3F)
            }
            index += length
        }
        carried = Array(bytes[index..<count])
        return Outcome(written: written, isInvalid: false)
    }
}
