import CardportCore

/// Builds JSON text as UTF-8 bytes, escaping only what JSON requires (quotes, backslashes,
/// control characters); everything else, emoji and all, is written as is.
struct JSONWriter {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    mutating func raw(_ text: StaticString) {
        bytes.append(contentsOf: UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    mutating func byte(_ byte: UInt8) { bytes.append(byte) }

    /// Appends text that needs no escaping (digits, hex), as is.
    mutating func unescaped(_ text: String) { bytes.append(contentsOf: text.utf8) }

    mutating func string(_ value: String) {
        var value = value
        value.withUTF8 { utf8 in
            bytes.append(0x22)
            var runStart = 0
            var i = 0
            let count = utf8.count
            let raw = UnsafeRawBufferPointer(utf8)
            while i < count {
                while i + 8 <= count,
                      !ByteScan.hasQuoteBackslashOrControl(raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)) {
                    i += 8
                }
                guard i < count else { break }
                let byte = utf8[i]
                if byte >= 0x20 && byte != 0x22 && byte != 0x5C {
                    i += 1
                    continue
                }
                if runStart < i { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<i])) }
                switch byte {
                case 0x22: bytes.append(0x5C); bytes.append(0x22)
                case 0x5C: bytes.append(0x5C); bytes.append(0x5C)
                case 0x0A: bytes.append(0x5C); bytes.append(0x6E)
                case 0x0D: bytes.append(0x5C); bytes.append(0x72)
                case 0x09: bytes.append(0x5C); bytes.append(0x74)
                case 0x08: bytes.append(0x5C); bytes.append(0x62)
                case 0x0C: bytes.append(0x5C); bytes.append(0x66)
                default:
                    let hex: [UInt8] = Array("0123456789abcdef".utf8)
                    bytes.append(contentsOf: [0x5C, 0x75, 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
                }
                i += 1
                runStart = i
            }
            if runStart < count { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<count])) }
            bytes.append(0x22)
        }
    }

    mutating func int(_ value: Int) {
        // Digits on the stack, backwards: `String(value)` allocates a string per number.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var magnitude = value.magnitude
            var start = digits.count
            repeat {
                start -= 1
                digits[start] = UInt8(truncatingIfNeeded: 0x30 &+ magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            if value < 0 { bytes.append(0x2D) }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start...]))
        }
    }

    mutating func bool(_ value: Bool) {
        if value { raw("true") } else { raw("false") }
    }

    mutating func timestamp(_ value: Timestamp) {
        bytes.append(0x22)
        value.appendISO8601(to: &bytes)
        bytes.append(0x22)
    }

    mutating func stringArray(_ values: [String]) {
        bytes.append(0x5B)
        for (i, value) in values.enumerated() {
            if i > 0 { bytes.append(0x2C) }
            string(value)
        }
        bytes.append(0x5D)
    }

    /// Writes a parsed value back as compact JSON.
    mutating func value(_ value: JSONValue) {
        switch value {
        case .null: raw("null")
        case .bool(let b): bool(b)
        case .number(let text): bytes.append(contentsOf: text.utf8)
        case .string(let s): string(s)
        case .array(let elements):
            bytes.append(0x5B)
            for (i, element) in elements.enumerated() {
                if i > 0 { bytes.append(0x2C) }
                self.value(element)
            }
            bytes.append(0x5D)
        case .object(let object):
            bytes.append(0x7B)
            for (i, member) in object.members.enumerated() {
                if i > 0 { bytes.append(0x2C) }
                string(member.key)
                bytes.append(0x3A)
                self.value(member.value)
            }
            bytes.append(0x7D)
        }
    }

    /// Hands the bytes to `output` once more than `threshold` have collected.
    mutating func flush(to output: ByteOutput, threshold: Int = 1 << 16) throws(CardportError) {
        guard bytes.count >= threshold else { return }
        try output.write(bytes)
        bytes.removeAll(keepingCapacity: true)
    }
}
