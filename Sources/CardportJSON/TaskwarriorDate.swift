import CardportCore

/// Taskwarrior's date form, `20231105T120000Z`: UTC, whole seconds, no separators.
///
/// `task export` writes every date this way and `task import` reads it; Taskwarrior 2.6 stops on a
/// date it cannot parse and crashes on one before 1980, so the writer checks every date it passes on
/// with ``isValid(_:)`` and ``isImportable(_:)``.
enum TaskwarriorDate {
    /// Parses `20231105T120000Z`; falls back to ISO 8601 (`2023-11-05T12:00:00Z`), which people
    /// write by hand. `nil` when it is neither.
    static func parse(_ text: String) -> Timestamp? {
        let utf8 = Array(text.utf8)
        guard utf8.count == 16, utf8[8] == 0x54, utf8[15] == 0x5A else { return Timestamp(parsing: text) }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for index in range {
                let digit = Int(utf8[index]) - 0x30
                guard (0...9).contains(digit) else { return nil }
                value = value * 10 + digit
            }
            return value
        }
        guard let year = number(0..<4), let month = number(4..<6), let day = number(6..<8),
              let hour = number(9..<11), let minute = number(11..<13), let second = number(13..<15) else { return nil }
        return Timestamp(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
    }

    /// Whether `text` is exactly a date in Taskwarrior's form that `task import` takes.
    static func isValid(_ text: String) -> Bool {
        guard text.utf8.count == 16, let date = parse(text) else { return false }
        return isImportable(date)
    }

    /// The earliest instant `task import` takes: Taskwarrior 2.6 reads smaller values as something
    /// other than a date and crashes (found by importing every second back from 1980).
    static let earliest: Int64 = 315_532_800   // 1980-01-01T00:00:00Z
    /// The latest instant written: Taskwarrior 2.6 crashes on the last hours of 9999 (past the year's
    /// end in local time), so dates stop a year before.
    static let latest: Int64 = 253_370_764_799   // 9998-12-31T23:59:59Z

    /// Whether Taskwarrior 2.6 imports `timestamp` without crashing.
    static func isImportable(_ timestamp: Timestamp) -> Bool {
        (earliest...latest).contains(timestamp.secondsSince1970)
    }

    /// `timestamp` in Taskwarrior's form: the instant in UTC, fraction dropped.
    static func text(_ timestamp: Timestamp) -> String {
        let utc = Timestamp(secondsSince1970: timestamp.secondsSince1970)
        let c = utc.components
        func pad(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return pad(c.year, 4) + pad(c.month, 2) + pad(c.day, 2) + "T" + pad(c.hour, 2) + pad(c.minute, 2) + pad(c.second, 2) + "Z"
    }

    /// The same instant as `timestamp` in the form Taskwarrior gives it back (UTC, whole seconds).
    static func normalised(_ timestamp: Timestamp) -> Timestamp {
        Timestamp(secondsSince1970: timestamp.secondsSince1970)
    }

    /// A due date as it is read back: a day (`2024-02-12`) when it falls at midnight UTC, else the
    /// instant in UTC.
    ///
    /// Taskwarrior has no date without a time: a day (the planner's due dates, todo.txt's
    /// `due:2024-02-12`) is written as its midnight UTC, so that instant is read as the day again.
    static func due(_ timestamp: Timestamp) -> Timestamp {
        let seconds = timestamp.secondsSince1970
        guard seconds % 86_400 == 0, timestamp.nanoseconds == 0 else { return normalised(timestamp) }
        let c = normalised(timestamp).components
        return Timestamp(year: c.year, month: c.month, day: c.day, isDateOnly: true) ?? normalised(timestamp)
    }

    /// `YYYY-MM-DD` for a due date read as a day (``due(_:)``), else `text` as written.
    static func dueText(_ text: String) -> String {
        guard let parsed = parse(text) else { return text }
        let day = due(parsed)
        return day.isDateOnly ? day.iso8601 : text
    }
}
