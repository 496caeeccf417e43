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
    public static func citation(text: String, author: String?, source: String?) -> String {
        make("citation", text, author, source)
    }

    public static func bookmark(text: String) -> String { make("bookmark", text) }

    public static func task(description: String) -> String { make("task", description) }

    public static func topic(title: String) -> String { make("topic", title) }

    /// An id for a record that had an id in another system (`namespace` names the system, e.g.
    /// `dummyjson`), so the same foreign id always maps to the same Cardport id.
    public static func foreign(namespace: String, id: String) -> String { make("foreign", namespace, id) }

    private static func make(_ parts: String?...) -> String {
        var hasher = StableHash()
        for part in parts {
            if let part { hasher.combine(part) } else { hasher.combineNil() }
        }
        let (high, low) = hasher.finalize()
        // Version 8 in the high nibble of byte 6, variant 0b10 in the top bits of byte 8.
        let versioned = (high & 0xFFFF_FFFF_FFFF_0FFF) | 0x0000_0000_0000_8000
        let variant = (low & 0x3FFF_FFFF_FFFF_FFFF) | 0x8000_0000_0000_0000
        return uuidString(versioned, variant)
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    private static func uuidString(_ high: UInt64, _ low: UInt64) -> String {
        var bytes = [UInt8]()
        bytes.reserveCapacity(36)
        for (index, shift) in stride(from: 60, through: 0, by: -4).enumerated() {
            if index == 8 || index == 12 { bytes.append(0x2D) }
            bytes.append(hexDigits[Int((high >> UInt64(shift)) & 0xF)])
        }
        for (index, shift) in stride(from: 60, through: 0, by: -4).enumerated() {
            if index == 0 || index == 4 { bytes.append(0x2D) }
            bytes.append(hexDigits[Int((low >> UInt64(shift)) & 0xF)])
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
