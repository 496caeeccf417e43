import CardportMachinery

extension Timestamp {
    /// Parses an ISO 8601 / RFC 3339 date or date-time, or returns `nil`.
    ///
    /// Accepted forms: `2024-05-01`; `2024-05-01T10:15`, `2024-05-01T10:15:42` with an optional
    /// fraction of 1–9 digits; `T`, `t` or a space between date and time; a zone of `Z`, `z`,
    /// `+02:00`, `+0200`, `+02`, or none (a floating wall-clock time). Out-of-range fields are rejected,
    /// not rolled over.
    public init?(parsing text: String) {
        let parsed: Timestamp? = text.withUTF8Bytes { Timestamp.parse(UnsafeRawBufferPointer($0)) }
        guard let parsed else { return nil }
        self = parsed
    }

    /// Parses an ISO 8601 date or date-time from UTF-8 bytes; see ``init(parsing:)``.
    package static func parse(_ bytes: UnsafeRawBufferPointer) -> Timestamp? {
        let count = bytes.count
        // The date, `YYYY-MM-DD`, at fixed places.
        guard count >= 10, let base = bytes.baseAddress,
              let high = twoDigits(base), let low = twoDigits(base + 2), let month = twoDigits(base + 5),
              let day = twoDigits(base + 8),
              base.load(fromByteOffset: 4, as: UInt8.self) == 0x2D,
              base.load(fromByteOffset: 7, as: UInt8.self) == 0x2D else { return nil }
        let year = high * 100 + low
        if count == 10 {
            return Timestamp(year: year, month: month, day: day, isDateOnly: true)
        }
        // The time, `THH:MM`, then optional seconds, fraction and zone.
        let separator = base.load(fromByteOffset: 10, as: UInt8.self)
        guard separator == 0x54 || separator == 0x74 || separator == 0x20, count >= 16,
              let hour = twoDigits(base + 11), base.load(fromByteOffset: 13, as: UInt8.self) == 0x3A,
              let minute = twoDigits(base + 14) else { return nil }
        var index = 16
        var second = 0
        var nanos: Int32 = 0
        var fractionDigits = 0
        if index < count, bytes[index] == 0x3A {
            guard index + 3 <= count, let s = twoDigits(base + index + 1) else { return nil }
            second = s
            index += 3
            if index < count, bytes[index] == 0x2E || bytes[index] == 0x2C {
                index += 1
                var value: Int32 = 0
                while index < count, bytes[index] >= 0x30, bytes[index] <= 0x39 {
                    guard fractionDigits < 9 else { return nil }
                    value = value * 10 + Int32(bytes[index] - 0x30)
                    fractionDigits += 1
                    index += 1
                }
                guard fractionDigits > 0 else { return nil }
                var scale: Int32 = 1
                for _ in fractionDigits..<9 { scale *= 10 }
                nanos = value * scale
            }
        }
        var zone = Zone.floating
        if index < count {
            let sign = bytes[index]
            if sign == 0x5A || sign == 0x7A {
                index += 1
                zone = .utc
            } else if sign == 0x2B || sign == 0x2D {
                // `+HH`, `+HHMM` or `+HH:MM`.
                guard index + 3 <= count, let hh = twoDigits(base + index + 1) else { return nil }
                index += 3
                var mm = 0
                if index < count {
                    if bytes[index] == 0x3A { index += 1 }
                    guard index + 2 <= count, let m = twoDigits(base + index) else { return nil }
                    mm = m
                    index += 2
                }
                guard hh <= 18, mm <= 59 else { return nil }
                let minutes = hh * 60 + mm
                zone = .offset(minutes: sign == 0x2D ? -minutes : minutes)
            } else {
                return nil
            }
        }
        guard index == count else { return nil }
        return Timestamp(year: year, month: month, day: day, hour: hour, minute: minute, second: second,
                         nanoseconds: nanos, zone: zone, fractionDigits: fractionDigits)
    }

    /// The two ASCII digits at `pointer` as a number, or `nil` when either is not a digit.
    @inline(__always)
    private static func twoDigits(_ pointer: UnsafeRawPointer) -> Int? {
        let tens = pointer.load(as: UInt8.self) &- 0x30
        let ones = pointer.load(fromByteOffset: 1, as: UInt8.self) &- 0x30
        guard tens < 10, ones < 10 else { return nil }
        return Int(tens) * 10 + Int(ones)
    }

    /// The timestamp in the ISO 8601 form it was written in (normalised: `T`, `Z`, `±HH:MM`).
    public var iso8601: String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(32)
        appendISO8601(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends ``iso8601`` as UTF-8 to a byte buffer, without building a `String`.
    public func appendISO8601(to bytes: inout [UInt8]) {
        // Formatted on the stack and appended once: an append per byte costs more than the digits.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Timestamp.maximumISO8601Length) { buffer in
            let n = writeISO8601(to: buffer.baseAddress!)
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<n]))
        }
    }

    /// The most bytes ``writeISO8601(to:)`` writes.
    public static let maximumISO8601Length = 40

    /// Writes ``iso8601`` as UTF-8 at `buffer`, which has room for ``maximumISO8601Length`` bytes;
    /// returns the number of bytes written.
    package func writeISO8601(to buffer: UnsafeMutablePointer<UInt8>) -> Int {
        let c = components
        // Every field but the year is below 100: each is written as a pair of digits at its fixed
        // place, one division by ten per pair (the year as two pairs).
        @inline(__always) func pair(_ value: Int, at index: Int) {
            let tens = value / 10
            buffer[index] = UInt8(truncatingIfNeeded: 48 + tens)
            buffer[index + 1] = UInt8(truncatingIfNeeded: 48 + value - 10 * tens)
        }
        if c.year >= 0 {
            // The last four digits, as the form has room for.
            let year = c.year % 10_000
            let century = year / 100
            pair(century, at: 0)
            pair(year - 100 * century, at: 2)
        } else {
            for (index, scale) in [1000, 100, 10, 1].enumerated() {
                buffer[index] = UInt8(truncatingIfNeeded: 48 + c.year / scale % 10)
            }
        }
        buffer[4] = 0x2D
        pair(c.month, at: 5)
        buffer[7] = 0x2D
        pair(c.day, at: 8)
        if isDateOnly { return 10 }
        buffer[10] = 0x54
        pair(c.hour, at: 11)
        buffer[13] = 0x3A
        pair(c.minute, at: 14)
        buffer[16] = 0x3A
        pair(c.second, at: 17)
        var n = 19
        if fractionDigits > 0 {
            buffer[n] = 0x2E
            n += 1
            var scale: Int32 = 100_000_000
            var rest = nanoseconds
            for _ in 0..<fractionDigits {
                buffer[n] = UInt8(48 + rest / scale)
                n += 1
                rest %= scale
                scale /= 10
            }
        }
        switch zone {
        case .utc:
            buffer[n] = 0x5A
            n += 1
        case .floating: break
        case .offset(let minutes):
            buffer[n] = minutes < 0 ? 0x2D : 0x2B
            pair(abs(minutes) / 60 % 100, at: n + 1)
            buffer[n + 3] = 0x3A
            pair(abs(minutes) % 60, at: n + 4)
            n += 6
        }
        return n
    }
}
