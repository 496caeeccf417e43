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
        var hasher = StableHash()
        hasher.combine("citation")
        hasher.combine(text)
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

    /// Lower-case hex digits of each byte value, two per entry (high digit in the low byte).
    private static let hexPairs: [UInt16] = (0..<256).map { byte in
        let digits = Array("0123456789abcdef".utf8)
        return UInt16(digits[byte >> 4]) | UInt16(digits[byte & 0xF]) << 8
    }

    private static func uuidString(_ high: UInt64, _ low: UInt64) -> String {
        // Two hex digits per byte from a table; dashes after bytes 4, 6, 8 and 10 (8-4-4-4-12).
        hexPairs.withUnsafeBufferPointer { pairs in
            String(unsafeUninitializedCapacity: 36) { buffer in
                let out = UnsafeMutableRawPointer(buffer.baseAddress!)
                var position = 0
                for byteIndex in 0..<16 {
                    if byteIndex == 4 || byteIndex == 6 || byteIndex == 8 || byteIndex == 10 {
                        out.storeBytes(of: 0x2D, toByteOffset: position, as: UInt8.self)
                        position += 1
                    }
                    let word = byteIndex < 8 ? high : low
                    let byte = Int((word >> UInt64(56 - 8 * (byteIndex & 7))) & 0xFF)
                    out.storeBytes(of: pairs[byte], toByteOffset: position, as: UInt16.self)
                    position += 2
                }
                return position
            }
        }
    }

    /// The id of a citation from the UTF-8 bytes of its text, author and source (`nil` when
    /// absent); the same as ``citation(text:author:source:)`` of the strings of those bytes.
    ///
    /// For readers that have the bytes at hand: hashing them costs less than reaching the bytes
    /// of the strings made from them.
    public static func citation(text: UnsafeRawBufferPointer, author: UnsafeRawBufferPointer?,
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
