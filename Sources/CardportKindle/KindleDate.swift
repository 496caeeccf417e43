public import CardportCore

/// Reads the date of a clipping's metadata line in any device language, by its shape.
///
/// The time is the first `H:MM` or `H:MM:SS`; `PM`/`AM` after it or `下午`/`上午` (`午後`, `오후`, …)
/// before it make a 12-hour clock. East Asian dates are read by their `年 月 日` markers; others by a
/// month name (``KindleVocabulary/months``), a four-digit year (or a two-digit one: `3 December 12`
/// is 2012) and the day. Zone words after the time (`GMT+00:59`, `Greenwich Mean Time`) are ignored:
/// the device writes its own wall-clock time, so the result is a ``Timestamp`` with a floating zone.
///
/// ```swift
/// KindleDate.parse("Added on Monday, 3 December 12 19:00:12 Greenwich Mean Time")?.iso8601
/// // "2012-12-03T19:00:12"
/// ```
public enum KindleDate {
    /// The date in `text`, or `nil` when it cannot be read.
    public static func parse(_ text: String) -> Timestamp? {
        var bytes = Array(text.utf8)
        for i in bytes.indices where bytes[i] >= 0x41 && bytes[i] <= 0x5A { bytes[i] |= 0x20 }
        return parse(bytes[...])
    }

    /// The date in ASCII-lower-cased bytes.
    static func parse(_ bytes: ArraySlice<UInt8>) -> Timestamp? {
        let time = findTime(in: bytes)
        let dateEnd = time?.start ?? bytes.endIndex
        guard let (year, month, day) = eastAsianDate(in: bytes[..<dateEnd]) ?? westernDate(in: bytes[..<dateEnd]) else {
            return nil
        }
        guard let (parsedHour, minute, second, _, end) = time else {
            return Timestamp(year: year, month: month, day: day, zone: .floating, isDateOnly: true)
        }
        var hour = parsedHour
        let before = bytes[..<dateEnd]
        let after = bytes[end...].drop { $0 == 0x20 }
        let isAfternoon = KindleVocabulary.afternoonAfter.contains { after.starts(withWord: $0) }
            || KindleVocabulary.afternoonBefore.contains { before.contains(word: $0) }
        let isMorning = KindleVocabulary.morningAfter.contains { after.starts(withWord: $0) }
            || KindleVocabulary.morningBefore.contains { before.contains(word: $0) }
        if isAfternoon || isMorning {
            guard (1...12).contains(hour) else { return nil }
            if hour == 12 { hour = 0 }
            if isAfternoon { hour += 12 }
        }
        return Timestamp(year: year, month: month, day: day, hour: hour, minute: minute, second: second,
                         zone: .floating)
    }

    /// Whether the bytes hold a time of day.
    static func hasTime(_ bytes: ArraySlice<UInt8>) -> Bool { findTime(in: bytes) != nil }

    /// The first `H:MM[:SS]` and where it starts and ends.
    private static func findTime(in bytes: ArraySlice<UInt8>) -> (Int, Int, Int, start: Int, end: Int)? {
        var i = bytes.startIndex
        while i < bytes.endIndex {
            if bytes[i] == 0x3A, i > bytes.startIndex, isDigit(bytes[i - 1]),
               let minute = twoDigits(bytes, i + 1) {
                var start = i - 1
                if start > bytes.startIndex, isDigit(bytes[start - 1]) { start -= 1 }
                guard start == bytes.startIndex || !isDigit(bytes[start - 1]) else { i += 1; continue }
                let hour = Int(String(decoding: bytes[start..<i], as: UTF8.self))!
                var end = i + 3
                var second = 0
                if end < bytes.endIndex, bytes[end] == 0x3A, let value = twoDigits(bytes, end + 1) {
                    second = value
                    end += 3
                }
                return (hour, minute, second, start, end)
            }
            i += 1
        }
        return nil
    }

    private static func twoDigits(_ bytes: ArraySlice<UInt8>, _ i: Int) -> Int? {
        guard i + 1 < bytes.endIndex, isDigit(bytes[i]), isDigit(bytes[i + 1]),
              i + 2 == bytes.endIndex || !isDigit(bytes[i + 2]) else { return nil }
        return Int(bytes[i] - 0x30) * 10 + Int(bytes[i + 1] - 0x30)
    }

    /// `2023年2月9日`, `2024년 3월 5일`: each number right before its marker.
    private static func eastAsianDate(in bytes: ArraySlice<UInt8>) -> (Int, Int, Int)? {
        guard let year = number(before: KindleVocabulary.yearMarkers, in: bytes, from: bytes.startIndex),
              let month = number(before: KindleVocabulary.monthMarkers, in: bytes, from: year.end),
              let day = number(before: KindleVocabulary.dayMarkers, in: bytes, from: month.end) else { return nil }
        return (fullYear(year.value, digits: year.digits), month.value, day.value)
    }

    /// The first number (spaces allowed) directly before one of `markers` at or after `from`.
    private static func number(before markers: [[UInt8]], in bytes: ArraySlice<UInt8>, from: Int)
        -> (value: Int, digits: Int, end: Int)? {
        var i = from
        while i < bytes.endIndex {
            for marker in markers where bytes[i...].starts(with: marker) {
                var j = i
                while j > from, bytes[j - 1] == 0x20 { j -= 1 }
                var k = j
                while k > from, isDigit(bytes[k - 1]) { k -= 1 }
                if k < j, j - k <= 4 {
                    return (Int(String(decoding: bytes[k..<j], as: UTF8.self))!, j - k, i + marker.count)
                }
            }
            i += 1
        }
        return nil
    }

    /// A month name with the day and year around it, in either order.
    private static func westernDate(in bytes: ArraySlice<UInt8>) -> (Int, Int, Int)? {
        var numbers: [(value: Int, digits: Int, offset: Int)] = []
        var month: (value: Int, offset: Int)?
        var i = bytes.startIndex
        while i < bytes.endIndex {
            let byte = bytes[i]
            if isDigit(byte) {
                var j = i
                while j < bytes.endIndex, isDigit(bytes[j]) { j += 1 }
                if j - i <= 4 { numbers.append((Int(String(decoding: bytes[i..<j], as: UTF8.self))!, j - i, i)) }
                i = j
            } else if isLetter(byte) {
                var j = i
                while j < bytes.endIndex, isLetter(bytes[j]) { j += 1 }
                if month == nil, let value = KindleVocabulary.months[Array(bytes[i..<j])] { month = (value, i) }
                i = j
            } else {
                i += 1
            }
        }
        guard let month else { return nil }
        let year: (value: Int, digits: Int, offset: Int)
        let day: (value: Int, digits: Int, offset: Int)
        if let four = numbers.firstIndex(where: { $0.digits == 4 }) {
            year = numbers[four]
            numbers.remove(at: four)
            guard let nearest = numbers.min(by: { abs($0.offset - month.offset) < abs($1.offset - month.offset) }) else {
                return nil
            }
            day = nearest
        } else {
            // Two-digit years: `3 December 12` (day first) or `December 3, 12`.
            guard numbers.count >= 2 else { return nil }
            if let before = numbers.last(where: { $0.offset < month.offset }),
               let after = numbers.first(where: { $0.offset > month.offset }) {
                day = before
                year = after
            } else {
                day = numbers[0]
                year = numbers[1]
            }
        }
        return (fullYear(year.value, digits: year.digits), month.value, day.value)
    }

    private static func fullYear(_ value: Int, digits: Int) -> Int {
        digits <= 2 ? 2000 + value : value
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    /// Letters of a word: ASCII letters and every byte of a non-ASCII character (`März`, `декабря`).
    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || byte >= 0x80
    }
}

extension ArraySlice<UInt8> {
    /// Whether the bytes start with `word` and no letter follows it (`pm`, not `pmx`).
    func starts(withWord word: [UInt8]) -> Bool {
        guard starts(with: word) else { return false }
        let next = startIndex + word.count
        return next >= endIndex || !((self[next] >= 0x61 && self[next] <= 0x7A))
    }
}
