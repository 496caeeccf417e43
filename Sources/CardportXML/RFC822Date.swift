import CardportCore

/// Dates as OPML writes them: RFC 822 (as updated by RFC 2822), `Sat, 05 Mar 2023 22:15:42 GMT`.
///
/// Zones map onto ``Timestamp/Zone``: `GMT`, `UT`, `UTC` and `Z` are UTC; `+0200` is an offset;
/// `-0000` (RFC 2822's "local time, zone unknown"), a missing zone and the military letters are a
/// floating time; the North American names (`EST`, `PDT`, …) become their offsets, so they are
/// written back as `-0500`, `-0700`, …. The day name is optional and not checked against the date;
/// seconds are optional (written back as `:00`); two-digit years are 1950–2049.
enum RFC822Date {
    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
    private static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    private static let dayNames = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]
    private static let namedZones: [String: Int] = [
        "est": -300, "edt": -240, "cst": -360, "cdt": -300, "mst": -420, "mdt": -360, "pst": -480, "pdt": -420,
    ]

    /// Parses an RFC 822 date-time, or returns `nil`.
    static func parse(_ text: String) -> Timestamp? {
        var words = text.split(whereSeparator: { $0 == " " || $0 == "\t" }).map { $0.lowercased() }
        guard !words.isEmpty else { return nil }
        if words[0].hasSuffix(",") || words[0].allSatisfy(\.isLetter) { words.removeFirst() }
        guard words.count >= 4, let day = Int(words[0]),
              let month = months.firstIndex(of: String(words[1].prefix(3))), var year = Int(words[2]) else { return nil }
        if words[2].count == 2 { year += year < 50 ? 2000 : 1900 }
        let clock = words[3].split(separator: ":", omittingEmptySubsequences: false)
        guard (2...3).contains(clock.count), clock.allSatisfy({ $0.count == 2 }),
              let hour = Int(clock[0]), let minute = Int(clock[1]) else { return nil }
        let second = clock.count == 3 ? Int(clock[2]) : 0
        guard let second else { return nil }
        var zone = Timestamp.Zone.floating
        if words.count >= 5 {
            let name = words[4]
            if ["gmt", "ut", "utc", "z"].contains(name) {
                zone = .utc
            } else if let minutes = namedZones[name] {
                zone = .offset(minutes: minutes)
            } else if let sign = name.first, sign == "+" || sign == "-", name.count == 5,
                      let digits = Int(name.dropFirst()) {
                let minutes = digits / 100 * 60 + digits % 100
                guard digits % 100 < 60 else { return nil }
                zone = minutes == 0 && sign == "-" ? .floating : .offset(minutes: sign == "-" ? -minutes : minutes)
            } else if name.count == 1, name.first!.isLetter {
                zone = .floating
            } else {
                return nil
            }
            guard words.count == 5 else { return nil }
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
    /// The string without leading and trailing ASCII whitespace.
    var trimmingSpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[first...last])
    }
}
