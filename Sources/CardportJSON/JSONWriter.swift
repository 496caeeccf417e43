import CardportCore
import CardportMachinery

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

    /// The timestamp last written and its text, which the next timestamp reuses when it is the same.
    private var lastTimestamp: Timestamp?
    private let lastTimestampText = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: Timestamp.maximumISO8601Length)
    private var lastTimestampLength = 0

    init(capacity: Int = 0) {
        self.capacity = Swift.max(capacity, 64)
        base = .allocate(capacity: self.capacity)
    }

    deinit {
        base.deallocate()
        lastTimestampText.deallocate()
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
        JSONWriter.copy(source, to: base + count, length)
        count += length
    }

    /// Copies bytes; up to sixteen with two overlapping loads and stores instead of a call to
    /// `memcpy`, whose set-up costs more than the few bytes of a member name or a short value.
    @inline(__always)
    static func copy(_ source: UnsafeRawPointer, to target: UnsafeMutablePointer<UInt8>, _ length: Int) {
        let out = UnsafeMutableRawPointer(target)
        if length > 16 {
            out.copyMemory(from: source, byteCount: length)
        } else if length >= 8 {
            let head = source.loadUnaligned(as: UInt64.self)
            let tail = source.loadUnaligned(fromByteOffset: length - 8, as: UInt64.self)
            out.storeBytes(of: head, as: UInt64.self)
            out.storeBytes(of: tail, toByteOffset: length - 8, as: UInt64.self)
        } else if length >= 4 {
            let head = source.loadUnaligned(as: UInt32.self)
            let tail = source.loadUnaligned(fromByteOffset: length - 4, as: UInt32.self)
            out.storeBytes(of: head, as: UInt32.self)
            out.storeBytes(of: tail, toByteOffset: length - 4, as: UInt32.self)
        } else {
            for i in 0..<length { target[i] = source.load(fromByteOffset: i, as: UInt8.self) }
        }
    }

    /// Appends text that needs no escaping, known when compiled (a member name, a literal);
    /// inlined, so each copy is a few moves of a length known in advance.
    @inline(__always)
    func raw(_ text: StaticString) {
        append(text.utf8Start, text.utf8CodeUnitCount)
    }

    /// Appends a member's name, quoted, and its colon, after a comma unless it is the object's first.
    @inline(__always)
    func member(_ name: StaticString, first: Bool) {
        let length = name.utf8CodeUnitCount
        reserve(length + 4)
        if !first {
            base[count] = 0x2C
            count += 1
        }
        base[count] = 0x22
        JSONWriter.copy(name.utf8Start, to: base + count + 1, length)
        count += length + 1
        base[count] = 0x22
        base[count + 1] = 0x3A
        count += 2
    }

    @inline(__always)
    func byte(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count += 1
    }

    /// Appends text that needs no escaping (digits, hex), as is.
    func unescaped(_ text: String) {
        text.withUTF8Bytes { utf8 in
            if let start = utf8.baseAddress { append(start, utf8.count) }
        }
    }

    func string(_ value: String) {
        value.withUTF8Bytes { quoted($0) }
    }

    /// Writes UTF-8 as a JSON string, quotes included.
    private func quoted(_ utf8: UnsafeBufferPointer<UInt8>) {
        let count = utf8.count
        // Room for the string and its quotes; each escape makes room for itself and the rest.
        reserve(count + 2)
        var at = self.count
        base[at] = 0x22
        at += 1
        guard let source = utf8.baseAddress else {
            base[at] = 0x22
            self.count = at + 1
            return
        }
        let raw = UnsafeRawPointer(source)
        var runStart = 0
        var i = 0
        while true {
            i = ByteScan.plainEnd(raw, from: i, count: count)
            guard i < count else { break }
            let byte = utf8[i]
            if runStart < i {
                JSONWriter.copy(source + runStart, to: base + at, i - runStart)
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
            JSONWriter.copy(source + runStart, to: base + at, count - runStart)
            at += count - runStart
        }
        base[at] = 0x22
        self.count = at + 1
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
        // A card's two dates are often the same: the second is copied from the first.
        if value == lastTimestamp {
            JSONWriter.copy(lastTimestampText.baseAddress!, to: base + count, lastTimestampLength)
            count += lastTimestampLength
        } else {
            let length = value.writeISO8601(to: base + count)
            lastTimestampText.baseAddress!.update(from: base + count, count: length)
            lastTimestamp = value
            lastTimestampLength = length
            count += length
        }
        base[count] = 0x22
        count += 1
    }

    func stringArray(_ values: [String]) {
        byte(0x5B)
        // By index: each element is read where it lies, not copied out (a retain and a release).
        for i in values.indices {
            if i > 0 { byte(0x2C) }
            string(values[i])
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
