import CardportCore

/// Dates as OPML writes them: RFC 822 (as updated by RFC 2822), `Sat, 05 Mar 2023 22:15:42 GMT`.
///
/// Zones map onto ``Timestamp/Zone``: `GMT`, `UT`, `UTC` and `Z` are UTC; `+0200` is an offset;
/// `-0000` (RFC 2822's "local time, zone unknown"), a missing zone and the military letters are a
/// floating time; the North American names (`EST`, `PDT`, …) become their offsets, so they are
/// written back as `-0500`, `-0700`, …. The day name is optional and not checked against the date;
/// seconds are optional (written back as `:00`); two-digit years are 1950–2049.
enum RFC822Date {
    private static let monthKeys = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"].map { Array($0.utf8) }
    private static let utcNames = ["gmt", "ut", "utc", "z"].map { Array($0.utf8) }
    private static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    private static let dayNames = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]
    private static let namedZones: [([UInt8], Int)] = [
        ("est", -300), ("edt", -240), ("cst", -360), ("cdt", -300), ("mst", -420), ("mdt", -360), ("pst", -480), ("pdt", -420),
    ].map { (Array($0.0.utf8), $0.1) }

    /// Parses an RFC 822 date-time, or returns `nil`.
    static func parse(_ text: String) -> Timestamp? {
        var text = text
        return text.withUTF8 { parse(words: words(in: $0)) }
    }

    /// The space-separated words of the text, lower-cased (ASCII).
    private static func words(in bytes: UnsafeBufferPointer<UInt8>) -> [[UInt8]] {
        var words: [[UInt8]] = []
        var current: [UInt8] = []
        for byte in bytes {
            if byte == 0x20 || byte == 0x09 {
                if !current.isEmpty { words.append(current); current.removeAll(keepingCapacity: true) }
            } else {
                current.append(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte)
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    private static func number(_ bytes: ArraySlice<UInt8>) -> Int? {
        guard !bytes.isEmpty, bytes.count <= 9 else { return nil }
        var value = 0
        for byte in bytes {
            guard byte >= 0x30 && byte <= 0x39 else { return nil }
            value = value * 10 + Int(byte - 0x30)
        }
        return value
    }

    private static func isLetter(_ byte: UInt8) -> Bool { byte >= 0x61 && byte <= 0x7A }

    private static func parse(words input: [[UInt8]]) -> Timestamp? {
        var words = input[...]
        guard let first = words.first else { return nil }
        if first.last == 0x2C || first.allSatisfy(isLetter) { words = words.dropFirst() }
        guard words.count >= 4 else { return nil }
        let dayWord = words[words.startIndex], monthWord = words[words.startIndex + 1]
        let yearWord = words[words.startIndex + 2], clockWord = words[words.startIndex + 3]
        guard let day = number(dayWord[...]), monthWord.count >= 3,
              let month = monthKeys.firstIndex(of: Array(monthWord.prefix(3))),
              var year = number(yearWord[...]) else { return nil }
        if yearWord.count == 2 { year += year < 50 ? 2000 : 1900 }
        let clock = clockWord.split(separator: 0x3A, omittingEmptySubsequences: false)
        guard (2...3).contains(clock.count), clock.allSatisfy({ $0.count == 2 }),
              let hour = number(clock[0]), let minute = number(clock[1]) else { return nil }
        let second = clock.count == 3 ? number(clock[2]) : 0
        guard let second else { return nil }
        var zone = Timestamp.Zone.floating
        if words.count >= 5 {
            guard words.count == 5 else { return nil }
            let name = words[words.startIndex + 4]
            if utcNames.contains(name) {
                zone = .utc
            } else if let minutes = namedZones.first(where: { $0.0 == name })?.1 {
                zone = .offset(minutes: minutes)
            } else if let sign = name.first, sign == 0x2B || sign == 0x2D, name.count == 5,
                      let digits = number(name.dropFirst()) {
                guard digits % 100 < 60 else { return nil }
                let minutes = digits / 100 * 60 + digits % 100
                zone = minutes == 0 && sign == 0x2D ? .floating : .offset(minutes: sign == 0x2D ? -minutes : minutes)
            } else if name.count == 1, isLetter(name[0]) {
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
        guard timestamp.fractionDigits == 0, !timestamp.isDateOnly else { return nil }
        let c = timestamp.components
        guard (1000...9999).contains(c.year) else { return nil }
        let localDays = (timestamp.secondsSince1970 + Int64(timestamp.offsetMinutes) * 60)
        let days = Int(localDays >= 0 ? localDays / 86_400 : (localDays - 86_399) / 86_400)
        let weekday = dayNames[((days % 7) + 7) % 7]
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        var text = "\(weekday), \(two(c.day)) \(monthNames[c.month - 1]) \(c.year) \(two(c.hour)):\(two(c.minute)):\(two(c.second)) "
        switch timestamp.zone {
        case .utc: text += "GMT"
        case .floating: text += "-0000"
        case .offset(let minutes):
            text += (minutes < 0 ? "-" : "+") + two(abs(minutes) / 60) + two(abs(minutes) % 60)
        }
        return text
    }

    /// Parses an OPML date: RFC 822 as the format says, else ISO 8601 (which Cardport writes when
    /// RFC 822 cannot hold a date exactly, and some tools write anyway).
    static func parseLenient(_ text: String) -> Timestamp? {
        let trimmed = text.trimmingSpaces
        return parse(trimmed) ?? Timestamp(parsing: trimmed)
    }

    /// The form Cardport writes: RFC 822 when it holds the timestamp exactly, else ISO 8601.
    static func formatPreferred(_ timestamp: Timestamp) -> String {
        format(timestamp) ?? timestamp.iso8601
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
