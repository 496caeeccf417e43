import CardportCore
import CardportMachinery

/// Dates as OPML writes them: RFC 822 (as updated by RFC 2822), `Sat, 05 Mar 2023 22:15:42 GMT`.
///
/// Zones map onto ``Timestamp/Zone``: `GMT`, `UT`, `UTC` and `Z` are UTC; `+0200` is an offset;
/// `-0000` (RFC 2822's "local time, zone unknown"), a missing zone and the military letters are a
/// floating time; the North American names (`EST`, `PDT`, …) become their offsets, so they are
/// written back as `-0500`, `-0700`, …. The day name is optional and not checked against the date;
/// seconds are optional (written back as `:00`); two-digit years are 1950–2049.
enum RFC822Date {
    private static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    private static let dayNames = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]
    /// Parses an RFC 822 date-time, or returns `nil`.
    static func parse(_ text: String) -> Timestamp? {
        return text.withUTF8Bytes { parse(UnsafeRawBufferPointer($0)) }
    }

    /// Up to six space-separated words of the bytes, as ranges (more words: `nil`).
    private static func words(_ bytes: UnsafeRawBufferPointer) -> [Range<Int>]? {
        var words: [Range<Int>] = []
        words.reserveCapacity(6)
        var index = 0
        while index < bytes.count {
            while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
            let start = index
            while index < bytes.count, bytes[index] != 0x20, bytes[index] != 0x09 { index += 1 }
            if index > start {
                guard words.count < 6 else { return nil }
                words.append(start..<index)
            }
        }
        return words
    }

    private static func number(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>) -> Int? {
        guard !range.isEmpty, range.count <= 9 else { return nil }
        var value = 0
        for index in range {
            let digit = Int(bytes[index]) &- 48
            guard digit >= 0 && digit <= 9 else { return nil }
            value = value * 10 + digit
        }
        return value
    }

    /// The word lower-cased into a small integer key (up to eight ASCII letters), for matching names.
    private static func key(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>) -> UInt64 {
        guard range.count <= 8 else { return 0 }
        var key: UInt64 = 0
        for index in range {
            let byte = bytes[index]
            key = key << 8 | UInt64(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte)
        }
        return key
    }

    private static func key(_ text: String) -> UInt64 {
        text.utf8.reduce(0) { $0 << 8 | UInt64($1) }
    }

    private static let monthKeys = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"].map(key)
    private static let utcKeys = ["gmt", "ut", "utc", "z"].map(key)
    private static let zoneKeys: [(UInt64, Int)] = [
        ("est", -300), ("edt", -240), ("cst", -360), ("cdt", -300), ("mst", -420), ("mdt", -360), ("pst", -480), ("pdt", -420),
    ].map { (key($0.0), $0.1) }

    private static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }

    private static func parse(_ bytes: UnsafeRawBufferPointer) -> Timestamp? {
        guard var words = words(bytes), let first = words.first else { return nil }
        if bytes[first.upperBound - 1] == 0x2C || first.allSatisfy({ isLetter(bytes[$0]) }) { words.removeFirst() }
        guard words.count == 4 || words.count == 5 else { return nil }
        guard let day = number(bytes, words[0]), words[1].count >= 3,
              let month = monthKeys.firstIndex(of: key(bytes, words[1].lowerBound..<words[1].lowerBound + 3)),
              var year = number(bytes, words[2]) else { return nil }
        if words[2].count == 2 { year += year < 50 ? 2000 : 1900 }
        let clock = words[3]
        guard clock.count == 5 || clock.count == 8, bytes[clock.lowerBound + 2] == 0x3A,
              let hour = number(bytes, clock.lowerBound..<clock.lowerBound + 2),
              let minute = number(bytes, clock.lowerBound + 3..<clock.lowerBound + 5) else { return nil }
        var second = 0
        if clock.count == 8 {
            guard bytes[clock.lowerBound + 5] == 0x3A, let value = number(bytes, clock.lowerBound + 6..<clock.upperBound) else { return nil }
            second = value
        }
        var zone = Timestamp.Zone.floating
        if words.count == 5 {
            let word = words[4]
            let name = key(bytes, word)
            let sign = bytes[word.lowerBound]
            if utcKeys.contains(name) {
                zone = .utc
            } else if let minutes = zoneKeys.first(where: { $0.0 == name })?.1 {
                zone = .offset(minutes: minutes)
            } else if sign == 0x2B || sign == 0x2D, word.count == 5, let digits = number(bytes, word.lowerBound + 1..<word.upperBound) {
                guard digits % 100 < 60 else { return nil }
                let minutes = digits / 100 * 60 + digits % 100
                zone = minutes == 0 && sign == 0x2D ? .floating : .offset(minutes: sign == 0x2D ? -minutes : minutes)
            } else if word.count == 1, isLetter(sign) {
                zone = .floating
            } else {
                return nil
            }
        }
        return Timestamp(year: year, month: month + 1, day: day, hour: hour, minute: minute, second: second, zone: zone)
    }

    /// The RFC 822 form of a timestamp, or `nil` when it has a fraction of a second or only a date
    /// (RFC 822 can write neither), or a year it cannot hold.
    static func format(_ timestamp: Timestamp) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(32)
        guard append(timestamp, to: &bytes) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the RFC 822 form of a timestamp as UTF-8; returns `false` (appending nothing) when
    /// RFC 822 cannot hold it (see ``format(_:)``).
    static func append(_ timestamp: Timestamp, to bytes: inout [UInt8]) -> Bool {
        guard timestamp.fractionDigits == 0, !timestamp.isDateOnly else { return false }
        let c = timestamp.components
        guard (1000...9999).contains(c.year) else { return false }
        let localSeconds = timestamp.secondsSince1970 + Int64(timestamp.offsetMinutes) * 60
        let days = localSeconds >= 0 ? localSeconds / 86_400 : (localSeconds - 86_399) / 86_400
        func digits(_ value: Int, _ width: Int) {
            var divisor = 1
            for _ in 1..<width { divisor *= 10 }
            while divisor > 0 {
                bytes.append(UInt8(truncatingIfNeeded: 0x30 + value / divisor % 10))
                divisor /= 10
            }
        }
        bytes.append(contentsOf: dayNames[Int(((days % 7) + 7) % 7)].utf8)
        bytes.append(contentsOf: [0x2C, 0x20])
        digits(c.day, 2)
        bytes.append(0x20)
        bytes.append(contentsOf: monthNames[c.month - 1].utf8)
        bytes.append(0x20)
        digits(c.year, 4)
        bytes.append(0x20)
        digits(c.hour, 2)
        bytes.append(0x3A)
        digits(c.minute, 2)
        bytes.append(0x3A)
        digits(c.second, 2)
        bytes.append(0x20)
        switch timestamp.zone {
        case .utc: bytes.append(contentsOf: [0x47, 0x4D, 0x54])
        case .floating: bytes.append(contentsOf: [0x2D, 0x30, 0x30, 0x30, 0x30])
        case .offset(let minutes):
            bytes.append(minutes < 0 ? 0x2D : 0x2B)
            digits(abs(minutes) / 60, 2)
            digits(abs(minutes) % 60, 2)
        }
        return true
    }

    /// Parses an OPML date: RFC 822 as the format says, else ISO 8601 (which Cardport writes when
    /// RFC 822 cannot hold a date exactly, and some tools write anyway).
    static func parseLenient(_ text: String) -> Timestamp? {
        let trimmed = text.trimmingSpaces
        return parse(trimmed) ?? Timestamp(parsing: trimmed)
    }

    /// The form Cardport writes: RFC 822 when it holds the timestamp exactly, else ISO 8601.
    static func formatPreferred(_ timestamp: Timestamp) -> String {
        var bytes: [UInt8] = []
        appendPreferred(timestamp, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends ``formatPreferred(_:)`` as UTF-8.
    static func appendPreferred(_ timestamp: Timestamp, to bytes: inout [UInt8]) {
        if !append(timestamp, to: &bytes) { timestamp.appendISO8601(to: &bytes) }
    }
}

extension String {
    /// The string without leading and trailing ASCII white space (space, tab, line feed, carriage return).
    var trimmingSpaces: String {
        let view = utf8
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        guard let first = view.first, let last = view.last else { return self }
        if !isSpace(first), !isSpace(last) { return self }
        guard let start = view.firstIndex(where: { !isSpace($0) }) else { return "" }
        let end = view.lastIndex(where: { !isSpace($0) })!
        return String(self[start...end])
    }
}
