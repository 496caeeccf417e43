package import CardportMachinery

/// Deterministic ids for records that arrive without one.
///
/// An id is a version-8 UUID (RFC 9562, "custom") whose bits come from a ``StableHash`` of the
/// record's kind and content, so converting the same input twice gives the same ids, and two copies
/// of the same card get the same id (the merge engine folds them later).
///
/// ```swift
/// RecordID.citation(text: "Carpe diem.", author: "Horace", source: nil)
/// // "5f0c…-…-8…-…" (always the same)
/// ```
public enum RecordID {
    /// The id of a citation: from its text, author and source.
    public static func citation(text: String, author: String?, source: String?) -> String {
        citation(textHash: citationHash(text: text), author: author, source: source)
    }

    /// The first half of a citation's id: a hasher that has taken in its kind and text.
    ///
    /// A reader that needs a digest of each text anyway (to find repeated texts) hashes the text
    /// once, keeps this hasher, and finishes the id with ``citation(textHash:author:source:)``.
    ///
    /// ```swift
    /// let hash = RecordID.citationHash(text: "Carpe diem.")
    /// RecordID.citation(textHash: hash, author: "Horace", source: nil)
    ///     == RecordID.citation(text: "Carpe diem.", author: "Horace", source: nil)   // true
    /// ```
    package static func citationHash(text: String) -> StableHash {
        var hasher = citationSeed
        hasher.combine(text)
        return hasher
    }

    /// The id of a citation whose text is already in `textHash` (from ``citationHash(text:)``).
    package static func citation(textHash: StableHash, author: String?, source: String?) -> String {
        var hasher = textHash
        hasher.combine(author)
        hasher.combine(source)
        return uuid(hasher)
    }

    /// The id of a bookmark: from its text (its URL).
    public static func bookmark(text: String) -> String { make("bookmark", text) }

    /// The id of a task: from its description.
    public static func task(description: String) -> String { make("task", description) }

    /// The id of a topic: from its title.
    public static func topic(title: String) -> String { make("topic", title) }

    /// An id for a record that had an id in another system (`namespace` names the system, e.g.
    /// `dummyjson`), so the same foreign id always maps to the same Cardport id.
    public static func foreign(namespace: String, id: String) -> String {
        var hasher = StableHash()
        hasher.combine("foreign")
        hasher.combine(namespace)
        hasher.combine(id)
        return uuid(hasher)
    }

    private static func make(_ kind: String, _ content: String) -> String {
        var hasher = StableHash()
        hasher.combine(kind)
        hasher.combine(content)
        return uuid(hasher)
    }

    private static func uuid(_ hasher: StableHash) -> String {
        let (high, low) = hasher.finalize()
        // Version 8 in the high nibble of byte 6, variant 0b10 in the top bits of byte 8.
        let versioned = (high & 0xFFFF_FFFF_FFFF_0FFF) | 0x0000_0000_0000_8000
        let variant = (low & 0x3FFF_FFFF_FFFF_FFFF) | 0x8000_0000_0000_0000
        return uuidString(versioned, variant)
    }

    private static func uuidString(_ high: UInt64, _ low: UInt64) -> String {
        // Eight hex digits per word, dashes after digits 8, 12, 16 and 20 (8-4-4-4-12).
        String(unsafeUninitializedCapacity: 36) { buffer in
            let out = UnsafeMutableRawPointer(buffer.baseAddress!)
            let middle = hexDigits(UInt32(truncatingIfNeeded: high))
            let fourth = hexDigits(UInt32(truncatingIfNeeded: low >> 32))
            out.storeBytes(of: hexDigits(UInt32(truncatingIfNeeded: high >> 32)), as: UInt64.self)
            out.storeBytes(of: 0x2D, toByteOffset: 8, as: UInt8.self)
            out.storeBytes(of: UInt32(truncatingIfNeeded: middle), toByteOffset: 9, as: UInt32.self)
            out.storeBytes(of: 0x2D, toByteOffset: 13, as: UInt8.self)
            out.storeBytes(of: UInt32(truncatingIfNeeded: middle >> 32), toByteOffset: 14, as: UInt32.self)
            out.storeBytes(of: 0x2D, toByteOffset: 18, as: UInt8.self)
            out.storeBytes(of: UInt32(truncatingIfNeeded: fourth), toByteOffset: 19, as: UInt32.self)
            out.storeBytes(of: 0x2D, toByteOffset: 23, as: UInt8.self)
            out.storeBytes(of: UInt32(truncatingIfNeeded: fourth >> 32), toByteOffset: 24, as: UInt32.self)
            out.storeBytes(of: hexDigits(UInt32(truncatingIfNeeded: low)), toByteOffset: 28, as: UInt64.self)
            return 36
        }
    }

    /// The eight lower-case hex digits of `value`, most significant first, as the bytes of a word
    /// in memory order (the first digit in the lowest byte): all eight at once, without a table.
    @inline(__always)
    static func hexDigits(_ value: UInt32) -> UInt64 {
        // One nibble per byte, the most significant nibble in the highest byte.
        var x = UInt64(value)
        x = (x | x << 16) & 0x0000_FFFF_0000_FFFF
        x = (x | x << 8) & 0x00FF_00FF_00FF_00FF
        x = (x | x << 4) & 0x0F0F_0F0F_0F0F_0F0F
        // '0'…'9' for 0…9; nibbles from ten up (those that reach 16 when 6 is added) go 0x27 further, to 'a'…'f'.
        let letters = ((x &+ 0x0606_0606_0606_0606) >> 4) & 0x0101_0101_0101_0101
        x = x &+ 0x3030_3030_3030_3030 &+ letters &* 0x27
        return UInt64(bigEndian: x)
    }

    /// The id of a citation from the UTF-8 bytes of its text, author and source (`nil` when
    /// absent); the same as ``citation(text:author:source:)`` of the strings of those bytes.
    ///
    /// For readers that have the bytes at hand: hashing them costs less than reaching the bytes
    /// of the strings made from them.
    package static func citation(text: UnsafeRawBufferPointer, author: UnsafeRawBufferPointer?,
                                 source: UnsafeRawBufferPointer?) -> String {
        var hasher = citationSeed
        hasher.combine(bytes: text)
        hasher.combine(bytes: author)
        hasher.combine(bytes: source)
        return uuid(hasher)
    }

    /// The hash after the kind's name, which every citation id starts with.
    private static let citationSeed: StableHash = {
        var hasher = StableHash()
        hasher.combine("citation")
        return hasher
    }()
}
