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
        read(bytes).flatMap(timestamp)
    }

    /// The parts of a date and where each number was, so lines of the same shape can reuse the reading.
    struct Reading {
        /// A number of the date: its value, digit count, and offset in the line (`nil` for a value
        /// the words gave, like a month name).
        struct Field {
            var value: Int
            var digits: Int
            var offset: Int?
        }
        enum Clock { case twentyFourHour, morning, afternoon }

        var year: Field
        var month: Field
        var day: Field
        var hour: Field?
        var minute: Field?
        var second: Field?
        var clock = Clock.twentyFourHour
    }

    /// The date's parts, before they are checked.
    static func read(_ bytes: ArraySlice<UInt8>) -> Reading? {
        let time = findTime(in: bytes)
        let dateEnd = time?.start ?? bytes.endIndex
        guard let date = eastAsianDate(in: bytes[..<dateEnd]) ?? westernDate(in: bytes[..<dateEnd]) else {
            return nil
        }
        var reading = Reading(year: date.year, month: date.month, day: date.day)
        guard let time else { return reading }
        reading.hour = time.hour
        reading.minute = time.minute
        reading.second = time.second
        let before = bytes[..<dateEnd]
        let after = bytes[time.end...].drop { $0 == 0x20 }
        if KindleVocabulary.afternoonAfter.contains(where: { after.starts(withWord: $0) })
            || KindleVocabulary.afternoonBefore.contains(where: { before.contains(word: $0) }) {
            reading.clock = .afternoon
        } else if KindleVocabulary.morningAfter.contains(where: { after.starts(withWord: $0) })
                    || KindleVocabulary.morningBefore.contains(where: { before.contains(word: $0) }) {
            reading.clock = .morning
        }
        return reading
    }

    /// The timestamp of a reading, or `nil` when a part is out of range.
    static func timestamp(_ reading: Reading) -> Timestamp? {
        let year = fullYear(reading.year.value, digits: reading.year.digits)
        guard let hourField = reading.hour, let minute = reading.minute else {
            return Timestamp(year: year, month: reading.month.value, day: reading.day.value, zone: .floating,
                             isDateOnly: true)
        }
        var hour = hourField.value
        if reading.clock != .twentyFourHour {
            guard (1...12).contains(hour) else { return nil }
            if hour == 12 { hour = 0 }
            if reading.clock == .afternoon { hour += 12 }
        }
        return Timestamp(year: year, month: reading.month.value, day: reading.day.value, hour: hour,
                         minute: minute.value, second: reading.second?.value ?? 0, zone: .floating)
    }

    /// Whether the bytes hold a time of day.
    static func hasTime(_ bytes: ArraySlice<UInt8>) -> Bool { findTime(in: bytes) != nil }

    /// The first `H:MM[:SS]` and where it starts and ends.
    private static func findTime(in bytes: ArraySlice<UInt8>)
        -> (hour: Reading.Field, minute: Reading.Field, second: Reading.Field?, start: Int, end: Int)? {
        var i = bytes.startIndex
        while i < bytes.endIndex {
            if bytes[i] == 0x3A, i > bytes.startIndex, isDigit(bytes[i - 1]),
               let minute = twoDigits(bytes, i + 1) {
                var start = i - 1
                if start > bytes.startIndex, isDigit(bytes[start - 1]) { start -= 1 }
                guard start == bytes.startIndex || !isDigit(bytes[start - 1]) else { i += 1; continue }
                var hour = 0
                for digit in bytes[start..<i] { hour = hour * 10 + Int(digit - 0x30) }
                var end = i + 3
                var second: Reading.Field?
                if end < bytes.endIndex, bytes[end] == 0x3A, let value = twoDigits(bytes, end + 1) {
                    second = Reading.Field(value: value, digits: 2, offset: end + 1)
                    end += 3
                }
                return (Reading.Field(value: hour, digits: i - start, offset: start),
                        Reading.Field(value: minute, digits: 2, offset: i + 1), second, start, end)
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
    private static func eastAsianDate(in bytes: ArraySlice<UInt8>) -> (year: Reading.Field, month: Reading.Field, day: Reading.Field)? {
        guard let year = number(before: KindleVocabulary.yearMarkers, in: bytes, from: bytes.startIndex),
              let month = number(before: KindleVocabulary.monthMarkers, in: bytes, from: year.end),
              let day = number(before: KindleVocabulary.dayMarkers, in: bytes, from: month.end) else { return nil }
        return (year.field, month.field, day.field)
    }

    /// The first number (spaces allowed) directly before one of `markers` at or after `from`.
    private static func number(before markers: [[UInt8]], in bytes: ArraySlice<UInt8>, from: Int)
        -> (field: Reading.Field, end: Int)? {
        var i = from
        while i < bytes.endIndex {
            for marker in markers where bytes[i...].starts(with: marker) {
                var j = i
                while j > from, bytes[j - 1] == 0x20 { j -= 1 }
                var k = j
                while k > from, isDigit(bytes[k - 1]) { k -= 1 }
                if k < j, j - k <= 4 {
                    var value = 0
                    for digit in bytes[k..<j] { value = value * 10 + Int(digit - 0x30) }
                    return (Reading.Field(value: value, digits: j - k, offset: k), i + marker.count)
                }
            }
            i += 1
        }
        return nil
    }

    /// A month name with the day and year around it, in either order.
    private static func westernDate(in bytes: ArraySlice<UInt8>) -> (year: Reading.Field, month: Reading.Field, day: Reading.Field)? {
        var numbers: [Reading.Field] = []
        var month: (value: Int, offset: Int)?
        var i = bytes.startIndex
        while i < bytes.endIndex {
            let byte = bytes[i]
            if isDigit(byte) {
                var j = i
                var value = 0
                while j < bytes.endIndex, isDigit(bytes[j]) {
                    value = value &* 10 &+ Int(bytes[j] - 0x30)
                    j += 1
                }
                if j - i <= 4 { numbers.append(Reading.Field(value: value, digits: j - i, offset: i)) }
                i = j
            } else if isLetter(byte) {
                var j = i
                while j < bytes.endIndex, isLetter(bytes[j]) { j += 1 }
                if month == nil, j - i <= 16, let value = KindleVocabulary.months[MonthKey(bytes[i..<j])] { month = (value, i) }
                i = j
            } else {
                i += 1
            }
        }
        guard let month else { return nil }
        let year: Reading.Field
        let day: Reading.Field
        if let four = numbers.firstIndex(where: { $0.digits == 4 }) {
            year = numbers[four]
            numbers.remove(at: four)
            guard let nearest = numbers.min(by: { abs($0.offset! - month.offset) < abs($1.offset! - month.offset) }) else {
                return nil
            }
            day = nearest
        } else {
            // Two-digit years: `3 December 12` (day first) or `December 3, 12`.
            guard numbers.count >= 2 else { return nil }
            if let before = numbers.last(where: { $0.offset! < month.offset }),
               let after = numbers.first(where: { $0.offset! > month.offset }) {
                day = before
                year = after
            } else {
                day = numbers[0]
                year = numbers[1]
            }
        }
        return (year, Reading.Field(value: month.value, digits: 0, offset: nil), day)
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
    /// Whether `word` occurs in the bytes.
    func contains(word: [UInt8]) -> Bool {
        guard let first = word.first, word.count <= count else { return false }
        var i = startIndex
        while i <= endIndex - word.count {
            if self[i] == first && self[i..<(i + word.count)].elementsEqual(word) { return true }
            i += 1
        }
        return false
    }

    /// Whether the bytes start with `word` and no letter follows it (`pm`, not `pmx`).
    func starts(withWord word: [UInt8]) -> Bool {
        guard starts(with: word) else { return false }
        let next = startIndex + word.count
        return next >= endIndex || !((self[next] >= 0x61 && self[next] <= 0x7A))
    }
}
