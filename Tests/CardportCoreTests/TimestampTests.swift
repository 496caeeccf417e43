import CardportCore
import Testing

@Suite struct TimestampTests {
    /// Every zone comes back as it was given, the largest offsets included, and an offset past
    /// them is clamped rather than read as another zone.
    @Test func zonesComeBackAsGiven() {
        let zones: [Timestamp.Zone] = [.utc, .floating, .offset(minutes: 0), .offset(minutes: -1), .offset(minutes: 330),
                                       .offset(minutes: Timestamp.largestOffset), .offset(minutes: -Timestamp.largestOffset)]
        for zone in zones {
            let time = Timestamp(secondsSince1970: 1_700_000_000, nanoseconds: 5, zone: zone, fractionDigits: 3, isDateOnly: false)
            #expect(time.zone == zone)
            #expect(time.fractionDigits == 3)
            #expect(time.nanoseconds == 5)
        }
        #expect(Timestamp(secondsSince1970: 0, zone: .offset(minutes: 100_000)).zone == .offset(minutes: Timestamp.largestOffset))
        #expect(Timestamp(secondsSince1970: 0, zone: .offset(minutes: -100_000)).zone == .offset(minutes: -Timestamp.largestOffset))
        #expect(Timestamp(secondsSince1970: 0, zone: .utc) != Timestamp(secondsSince1970: 0, zone: .floating))
        #expect(Timestamp(secondsSince1970: 0, fractionDigits: 12).fractionDigits == 9)
        // Two timestamps a record carries cost no more than sixteen bytes each, present or not.
        #expect(MemoryLayout<Timestamp?>.size == 16)
    }

    @Test(arguments: [
        "2023-03-05T22:15:42Z",
        "2023-03-05T22:15:42.123Z",
        "2023-03-05T22:15:42.120+02:00",
        "2023-03-05T22:15:42-08:00",
        "2023-03-05T22:15:42+05:30",
        "2023-03-05T22:15:42",
        "2023-03-05T22:15:42.123456789Z",
        "2024-02-29",
        "1969-12-31T23:59:59Z",
        "0001-01-01T00:00:00Z",
    ])
    func writesBackAsWritten(_ text: String) throws {
        let timestamp = try #require(Timestamp(parsing: text))
        #expect(timestamp.iso8601 == text)
    }

    @Test func normalisesEquivalentSpellings() throws {
        #expect(Timestamp(parsing: "2023-03-05 22:15:42z")?.iso8601 == "2023-03-05T22:15:42Z")
        #expect(Timestamp(parsing: "2023-03-05t22:15:42+0200")?.iso8601 == "2023-03-05T22:15:42+02:00")
        #expect(Timestamp(parsing: "2023-03-05T22:15:42+02")?.iso8601 == "2023-03-05T22:15:42+02:00")
        #expect(Timestamp(parsing: "2023-03-05T22:15Z")?.iso8601 == "2023-03-05T22:15:00Z")
    }

    @Test func knowsTheInstant() throws {
        let utc = try #require(Timestamp(parsing: "2023-03-05T22:15:42Z"))
        #expect(utc.secondsSince1970 == 1_678_054_542)
        let offset = try #require(Timestamp(parsing: "2023-03-06T00:15:42+02:00"))
        #expect(offset.secondsSince1970 == utc.secondsSince1970)
        #expect(offset != utc)
        #expect(Timestamp(parsing: "1969-12-31T23:59:59Z")?.secondsSince1970 == -1)
        #expect(Timestamp(parsing: "2023-03-05T22:15:42.5Z")?.nanoseconds == 500_000_000)
    }

    @Test(arguments: [
        "", "2023", "2023-3-5", "2023-02-30", "2023-13-01", "2023-03-05T24:00:00Z", "2023-03-05T22:60:00Z",
        "2023-03-05T22:15:61Z", "2023-03-05T22:15:42.Z", "2023-03-05T22:15:42+25:00", "2023-03-05T22:15:42 Z",
        "2023-03-05T22:15:42Zjunk", "March 5, 2023", "2023-03-05T22:15:42.1234567890Z",
        "2023-03-05T22:15:42+02:", "2023-03-05T22:15:42+0", "2023-03-05T22:15:42+020", "2023-03-05T2",
        "2023-03-05X22:15:42", "2023-03-05T22:15:4", "2023-03-05T22-15", "2023/03/05", "2023-03-0x",
    ])
    func rejects(_ text: String) {
        #expect(Timestamp(parsing: text) == nil)
    }

    @Test func ordersByInstant() throws {
        let early = try #require(Timestamp(parsing: "2023-03-05T23:00:00+02:00"))
        let late = try #require(Timestamp(parsing: "2023-03-05T22:00:00Z"))
        #expect(early < late)
        let same = try #require(Timestamp(parsing: "2023-03-05T21:00:00Z"))
        #expect(!(same < early) || !(early < same))
        #expect([late, early].max() == late)
    }

    @Test func convertsFromDate() throws {
        let timestamp = Timestamp(try #require(Timestamp(parsing: "2020-01-01T00:00:00.250Z")).date)
        #expect(timestamp.iso8601 == "2020-01-01T00:00:00.250Z")
    }

    @Test func writesEveryFieldAtItsPlaceAcrossTheCalendar() {
        func padded(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        // From year 1 to 9999 in uneven steps, with each kind of zone.
        var seconds: Int64 = -62_135_596_800
        while seconds < 253_402_300_799 {
            for zone in [Timestamp.Zone.utc, .floating, .offset(minutes: -570), .offset(minutes: 345)] {
                let stamp = Timestamp(secondsSince1970: seconds, zone: zone)
                let c = stamp.components
                var expected = "\(padded(c.year, 4))-\(padded(c.month, 2))-\(padded(c.day, 2))T"
                    + "\(padded(c.hour, 2)):\(padded(c.minute, 2)):\(padded(c.second, 2))"
                switch zone {
                case .utc: expected += "Z"
                case .floating: break
                case .offset(let minutes):
                    expected += (minutes < 0 ? "-" : "+") + padded(abs(minutes) / 60, 2) + ":" + padded(abs(minutes) % 60, 2)
                }
                #expect(stamp.iso8601 == expected)
                if c.year >= 1 { #expect(Timestamp(parsing: expected) == stamp) }
            }
            seconds += 2_718_281_828 + seconds % 86_399
        }
    }

    @Test func writesTheLastFourDigitsOfAYearPastTheForm() {
        // 10000-01-01T00:00:00Z: the form has four digits for the year.
        #expect(Timestamp(secondsSince1970: 253_402_300_800).iso8601 == "0000-01-01T00:00:00Z")
    }
}
