public import Foundation

/// A point in time that remembers how it was written.
///
/// Cards move between files that write dates differently (`2023-03-05T22:15:42Z`,
/// `2023-03-05T22:15:42.123+02:00`, `2023-03-05`, a Kindle's local wall-clock time with no zone).
/// A `Timestamp` keeps the instant together with the form it was written in, so a conversion writes
/// the date back exactly as it came, and two timestamps still compare by the instant they denote.
///
/// ```swift
/// let t = try Timestamp(iso8601: "2023-03-05T22:15:42.120+02:00")
/// t.iso8601          // "2023-03-05T22:15:42.120+02:00"
/// t.secondsSince1970 // 1678047342
/// ```
///
/// Two timestamps are equal only when they denote the same instant in the same written form;
/// ordering is by instant first.
public struct Timestamp: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// How the zone was written.
    public enum Zone: Sendable, Hashable {
        /// `Z`: the time is UTC.
        case utc
        /// `+HH:MM` or `-HH:MM`: the local time at this offset from UTC, in minutes.
        case offset(minutes: Int)
        /// No zone: a wall-clock time of unknown zone (Kindle writes these); taken as UTC for ordering.
        case floating
    }

    // Sixteen bytes in all, and no more as an optional (the flag's spare values mark "none"): a
    // million records carry two timestamps each, and every copy of a record copies them.

    /// Whole seconds since 1970-01-01T00:00:00Z.
    public let secondsSince1970: Int64
    /// Nanoseconds past `secondsSince1970`, in `0..<1_000_000_000`.
    public let nanoseconds: Int32
    /// The zone: an offset in minutes, or ``utcZone`` or ``floatingZone``.
    private let zoneCode: Int16
    private let digits: UInt8
    /// Whether only a date was written (`2024-05-01`), no time of day.
    public let isDateOnly: Bool

    private static let utcZone = Int16.min
    private static let floatingZone = Int16.min + 1
    /// The largest offset kept, in minutes (about 546 hours, clear of the two codes above); real
    /// offsets stay within 18 hours.
    public static let largestOffset = 32_766

    /// The zone the time was written in.
    public var zone: Zone {
        switch zoneCode {
        case Timestamp.utcZone: return .utc
        case Timestamp.floatingZone: return .floating
        default: return .offset(minutes: Int(zoneCode))
        }
    }

    /// Digits of the fractional second as written (0 when there were none), at most 9.
    public var fractionDigits: Int { Int(digits) }

    /// Creates a timestamp from its parts; `fractionDigits` is clamped to `0...9`, and an offset
    /// to ±32,766 minutes.
    public init(secondsSince1970: Int64, nanoseconds: Int32 = 0, zone: Zone = .utc,
                fractionDigits: Int = 0, isDateOnly: Bool = false) {
        self.secondsSince1970 = secondsSince1970
        self.nanoseconds = nanoseconds
        switch zone {
        case .utc: zoneCode = Timestamp.utcZone
        case .floating: zoneCode = Timestamp.floatingZone
        case .offset(let minutes):
            zoneCode = Int16(min(max(minutes, -Timestamp.largestOffset), Timestamp.largestOffset))
        }
        digits = UInt8(min(max(fractionDigits, 0), 9))
        self.isDateOnly = isDateOnly
    }

    /// Creates a UTC timestamp at whole-second precision (the fraction is kept to milliseconds when present).
    public init(_ date: Date) {
        let interval = date.timeIntervalSince1970
        let seconds = interval.rounded(.down)
        let nanos = Int32(((interval - seconds) * 1_000).rounded() * 1_000_000)
        if nanos >= 1_000_000_000 {
            self.init(secondsSince1970: Int64(seconds) + 1, zone: .utc)
        } else {
            self.init(secondsSince1970: Int64(seconds), nanoseconds: nanos, zone: .utc,
                      fractionDigits: nanos == 0 ? 0 : 3)
        }
    }

    /// The instant as a Foundation `Date`.
    public var date: Date {
        Date(timeIntervalSince1970: Double(secondsSince1970) + Double(nanoseconds) / 1e9)
    }

    /// The offset from UTC in minutes that the time was written at (0 for UTC and floating times).
    public var offsetMinutes: Int {
        if case .offset(let minutes) = zone { return minutes }
        return 0
    }

    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool {
        if lhs.secondsSince1970 != rhs.secondsSince1970 { return lhs.secondsSince1970 < rhs.secondsSince1970 }
        if lhs.nanoseconds != rhs.nanoseconds { return lhs.nanoseconds < rhs.nanoseconds }
        // Same instant: order by form so that `<` agrees with `==`.
        return lhs.formRank < rhs.formRank
    }

    private var formRank: (Int, Int, Int) {
        let zoneRank: Int
        switch zone {
        case .utc: zoneRank = 0
        case .floating: zoneRank = 1
        case .offset(let minutes): zoneRank = 2 + minutes + 24 * 60
        }
        return (isDateOnly ? 1 : 0, zoneRank, fractionDigits)
    }

    public var description: String { iso8601 }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let parsed = Timestamp(parsing: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not an ISO 8601 date: \(text)")
        }
        self = parsed
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(iso8601)
    }
}

// MARK: - Civil calendar arithmetic (proleptic Gregorian, after H. Hinnant's days_from_civil)

extension Timestamp {
    /// Days since 1970-01-01 for a proleptic Gregorian date.
    static func daysSince1970(year: Int, month: Int, day: Int) -> Int64 {
        let y = Int64(month <= 2 ? year - 1 : year)
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let m = Int64(month)
        let doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + Int64(day) - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// The proleptic Gregorian date of a day number since 1970-01-01.
    static func civilDate(daysSince1970 days: Int64) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yoe + era * 400 + (month <= 2 ? 1 : 0)
        return (Int(year), Int(month), Int(day))
    }

    static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// The calendar fields of the local time as written (UTC shifted by the written offset).
    public var components: (year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) {
        let local = secondsSince1970 + Int64(offsetMinutes) * 60
        var days = local / 86_400
        var secondOfDay = local % 86_400
        if secondOfDay < 0 { secondOfDay += 86_400; days -= 1 }
        let (year, month, day) = Timestamp.civilDate(daysSince1970: days)
        return (year, month, day, Int(secondOfDay / 3600), Int(secondOfDay / 60 % 60), Int(secondOfDay % 60))
    }

    /// Creates a timestamp from calendar fields of a local time and the zone they were written in.
    ///
    /// Returns `nil` when a field is out of range (month 13, February 30, hour 24, …).
    public init?(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0,
                 nanoseconds: Int32 = 0, zone: Zone = .utc, fractionDigits: Int = 0, isDateOnly: Bool = false) {
        guard (1...9999).contains(year), (1...12).contains(month),
              (1...Timestamp.daysInMonth(year: year, month: month)).contains(day),
              (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second),
              (0..<1_000_000_000).contains(nanoseconds) else { return nil }
        if case .offset(let minutes) = zone, abs(minutes) > 18 * 60 { return nil }
        let days = Timestamp.daysSince1970(year: year, month: month, day: day)
        var offset = 0
        if case .offset(let minutes) = zone { offset = minutes }
        let seconds = days * 86_400 + Int64(hour * 3600 + minute * 60 + second) - Int64(offset * 60)
        self.init(secondsSince1970: seconds, nanoseconds: nanoseconds, zone: zone,
                  fractionDigits: fractionDigits, isDateOnly: isDateOnly)
    }
}
