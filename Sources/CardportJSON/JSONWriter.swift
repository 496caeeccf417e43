import CardportCore
import Glibc

/// Builds JSON text as UTF-8 bytes, escaping only what JSON requires (quotes, backslashes,
/// control characters); everything else, emoji and all, is written as is.
///
/// The bytes live in one buffer written through a pointer: a writer appends a few bytes dozens of
/// times per record, and `Array.append(contentsOf:)` costs more per call than copying the bytes.
/// It is a class, so copies share the buffer.
final class JSONWriter {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// The number of bytes written.
    private(set) var count = 0

    init(capacity: Int = 0) {
        self.capacity = Swift.max(capacity, 64)
        base = .allocate(capacity: self.capacity)
    }

    deinit {
        base.deallocate()
    }

    /// The bytes written, valid until the next write.
    var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: count) }

    /// Makes room for `extra` more bytes.
    @inline(__always)
    private func reserve(_ extra: Int) {
        if count + extra > capacity { grow(count + extra) }
    }

    @inline(never)
    private func grow(_ needed: Int) {
        let larger = Swift.max(needed, capacity * 2)
        let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
        moved.update(from: base, count: count)
        base.deallocate()
        base = moved
        capacity = larger
    }

    @inline(__always)
    private func append(_ source: UnsafeRawPointer, _ length: Int) {
        reserve(length)
        memcpy(base + count, source, length)
        count += length
    }

    func raw(_ text: StaticString) {
        append(text.utf8Start, text.utf8CodeUnitCount)
    }

    func byte(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count += 1
    }

    /// Appends text that needs no escaping (digits, hex), as is.
    func unescaped(_ text: String) {
        var text = text
        text.withUTF8 { utf8 in
            if let start = utf8.baseAddress { append(start, utf8.count) }
        }
    }

    func string(_ value: String) {
        var value = value
        value.withUTF8 { utf8 in
            let count = utf8.count
            // Room for the string and its quotes; each escape makes room for itself and the rest.
            reserve(count + 2)
            var at = self.count
            base[at] = 0x22
            at += 1
            var runStart = 0
            var i = 0
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
                if runStart < i {
                    memcpy(base + at, utf8.baseAddress! + runStart, i - runStart)
                    at += i - runStart
                }
                if at + 6 + (count - i) + 1 > capacity {
                    self.count = at
                    grow(at + 6 + (count - i) + 1)
                }
                let out = base + at
                out[0] = 0x5C
                switch byte {
                case 0x22: out[1] = 0x22; at += 2
                case 0x5C: out[1] = 0x5C; at += 2
                case 0x0A: out[1] = 0x6E; at += 2
                case 0x0D: out[1] = 0x72; at += 2
                case 0x09: out[1] = 0x74; at += 2
                case 0x08: out[1] = 0x62; at += 2
                case 0x0C: out[1] = 0x66; at += 2
                default:
                    let hex: StaticString = "0123456789abcdef"
                    out[1] = 0x75; out[2] = 0x30; out[3] = 0x30
                    out[4] = hex.utf8Start[Int(byte >> 4)]
                    out[5] = hex.utf8Start[Int(byte & 0xF)]
                    at += 6
                }
                i += 1
                runStart = i
            }
            if runStart < count {
                memcpy(base + at, utf8.baseAddress! + runStart, count - runStart)
                at += count - runStart
            }
            base[at] = 0x22
            self.count = at + 1
        }
    }

    func int(_ value: Int) {
        // Digits backwards on the stack, then copied: `String(value)` allocates a string per number.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var magnitude = value.magnitude
            var start = digits.count
            repeat {
                start -= 1
                digits[start] = UInt8(truncatingIfNeeded: 0x30 &+ magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            if value < 0 { byte(0x2D) }
            append(digits.baseAddress! + start, digits.count - start)
        }
    }

    func bool(_ value: Bool) {
        if value { raw("true") } else { raw("false") }
    }

    func timestamp(_ value: Timestamp) {
        reserve(Timestamp.maximumISO8601Length + 2)
        base[count] = 0x22
        count += 1
        count += value.writeISO8601(to: base + count)
        base[count] = 0x22
        count += 1
    }

    func stringArray(_ values: [String]) {
        byte(0x5B)
        for (i, value) in values.enumerated() {
            if i > 0 { byte(0x2C) }
            string(value)
        }
        byte(0x5D)
    }

    /// Writes a parsed value back as compact JSON.
    func value(_ value: JSONValue) {
        switch value {
        case .null: raw("null")
        case .bool(let b): bool(b)
        case .number(let text): unescaped(text)
        case .string(let s): string(s)
        case .array(let elements):
            byte(0x5B)
            for (i, element) in elements.enumerated() {
                if i > 0 { byte(0x2C) }
                self.value(element)
            }
            byte(0x5D)
        case .object(let object):
            byte(0x7B)
            for (i, member) in object.members.enumerated() {
                if i > 0 { byte(0x2C) }
                string(member.key)
                byte(0x3A)
                self.value(member.value)
            }
            byte(0x7D)
        }
    }

    /// Hands the bytes to `output` once more than `threshold` have collected.
    func flush(to output: ByteOutput, threshold: Int = 1 << 16) throws(CardportError) {
        guard count >= threshold else { return }
        try output.write(bytes)
        count = 0
    }
}
