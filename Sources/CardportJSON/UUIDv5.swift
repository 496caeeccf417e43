import CardportCore
import CardportDigests
import CardportMachinery

/// Name-based UUIDs (RFC 9562, version 5): the same namespace and name always give the same UUID.
///
/// ```swift
/// UUIDv5.make(namespace: UUIDv5.dns, name: "www.example.com")
/// // "2ed6657d-e927-568b-95e1-2665a8aea6a2"
/// ```
enum UUIDv5 {
    /// The namespace RFC 9562 assigns to domain names (for checking against published values).
    static let dns = "6ba7b810-9dad-11d1-80b4-00c04fd430c8"

    /// The version-5 UUID of `name` in `namespace` (a UUID in its text form), lower case.
    static func make(namespace: String, name: String) -> String {
        guard let space = bytes(of: namespace) else { preconditionFailure("'\(namespace)' is not a UUID") }
        var hash = SHA1.digest(space + Array(name.utf8))
        hash[6] = (hash[6] & 0x0F) | 0x50
        hash[8] = (hash[8] & 0x3F) | 0x80
        return text(of: hash[0..<16])
    }

    /// Whether `text` is a UUID in the 8-4-4-4-12 hex form (either case).
    static func isUUID(_ text: String) -> Bool { bytes(of: text) != nil }

    /// The 16 bytes of a UUID's text form, or `nil` when it is not one.
    static func bytes(of text: String) -> [UInt8]? {
        let utf8 = Array(text.utf8)
        guard utf8.count == 36 else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(16)
        var high: UInt8?
        for (index, byte) in utf8.enumerated() {
            if index == 8 || index == 13 || index == 18 || index == 23 {
                guard byte == 0x2D else { return nil }
                continue
            }
            let nibble: UInt8
            switch byte {
            case 0x30...0x39: nibble = byte - 0x30
            case 0x61...0x66: nibble = byte - 0x61 + 10
            case 0x41...0x46: nibble = byte - 0x41 + 10
            default: return nil
            }
            if let first = high {
                out.append(first << 4 | nibble)
                high = nil
            } else {
                high = nibble
            }
        }
        return out
    }

    private static func text(of bytes: ArraySlice<UInt8>) -> String {
        let hex = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(36)
        for (index, byte) in bytes.enumerated() {
            if index == 4 || index == 6 || index == 8 || index == 10 { out.append(0x2D) }
            out.append(hex[Int(byte >> 4)])
            out.append(hex[Int(byte & 0xF)])
        }
        return String(decoding: out, as: UTF8.self)
    }
}
