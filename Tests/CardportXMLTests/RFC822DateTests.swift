import CardportCore
@testable import CardportXML
import Testing

@Suite struct RFC822DateTests {
    @Test func parsesTheFormsFeedsWrite() {
        let utc = Timestamp(year: 2023, month: 3, day: 5, hour: 22, minute: 15, second: 42)
        #expect(RFC822Date.parse("Sun, 05 Mar 2023 22:15:42 GMT") == utc)
        #expect(RFC822Date.parse("5 Mar 2023 22:15:42 UT") == utc)
        #expect(RFC822Date.parse("Sun, 05 March 23 22:15:42 Z") == utc)
        #expect(RFC822Date.parse("Sun, 05 Mar 2023 23:15:42 +0100")
                == Timestamp(year: 2023, month: 3, day: 5, hour: 23, minute: 15, second: 42, zone: .offset(minutes: 60)))
        #expect(RFC822Date.parse("Sun, 05 Mar 2023 17:15 EST")
                == Timestamp(year: 2023, month: 3, day: 5, hour: 17, minute: 15, zone: .offset(minutes: -300)))
        #expect(RFC822Date.parse("Sun, 05 Mar 2023 22:15:42 -0000")
                == Timestamp(year: 2023, month: 3, day: 5, hour: 22, minute: 15, second: 42, zone: .floating))
        #expect(RFC822Date.parse("Sun, 05 Mar 2023 22:15:42")?.zone == .floating)
    }

    @Test func refusesWhatIsNotADate() {
        for text in ["", "yesterday", "2023-03-05", "Sun, 31 Feb 2023 10:00:00 GMT", "05 Mar 2023 25:00:00 GMT",
                     "05 Mar 2023 10:00:00 Mars", "05 Foo 2023 10:00:00 GMT"] {
            #expect(RFC822Date.parse(text) == nil, "\(text)")
        }
    }

    @Test func writesWhatItReadsBackExactly() {
        let zones: [Timestamp.Zone] = [.utc, .offset(minutes: 330), .offset(minutes: -480), .offset(minutes: 0), .floating]
        for zone in zones {
            let time = Timestamp(year: 1999, month: 12, day: 31, hour: 23, minute: 59, second: 58, zone: zone)!
            let written = RFC822Date.format(time)
            #expect(written.flatMap(RFC822Date.parse) == time, "\(written ?? "nil")")
        }
        #expect(RFC822Date.format(Timestamp(year: 2024, month: 2, day: 29, hour: 12, zone: .offset(minutes: 120))!)
                == "Thu, 29 Feb 2024 12:00:00 +0200")
        #expect(RFC822Date.format(Timestamp(year: 1969, month: 7, day: 20, hour: 20, minute: 17)!) == "Sun, 20 Jul 1969 20:17:00 GMT")
    }

    @Test func fallsBackToISO8601ForWhatRFC822CannotHold() {
        let dateOnly = Timestamp(year: 2024, month: 5, day: 1, isDateOnly: true)!
        let fraction = Timestamp(parsing: "2024-05-01T10:00:00.250Z")!
        #expect(RFC822Date.format(dateOnly) == nil)
        #expect(RFC822Date.formatPreferred(dateOnly) == "2024-05-01")
        #expect(RFC822Date.formatPreferred(fraction) == "2024-05-01T10:00:00.250Z")
        #expect(RFC822Date.parseLenient(" 2024-05-01T10:00:00.250Z ") == fraction)
    }
}
