import CardportCore
@testable import CardportJSON
import Testing

@Suite struct TaskwarriorDateTests {
    @Test func readsTaskwarriorsFormAndISO8601() {
        #expect(TaskwarriorDate.parse("20231105T120000Z") == Timestamp(year: 2023, month: 11, day: 5, hour: 12))
        #expect(TaskwarriorDate.parse("2023-11-05") == Timestamp(year: 2023, month: 11, day: 5, isDateOnly: true))
        #expect(TaskwarriorDate.parse("20231305T120000Z") == nil)
        #expect(TaskwarriorDate.parse("tomorrow") == nil)
    }

    @Test func writesUTCWholeSeconds() throws {
        let local = try #require(Timestamp(year: 2023, month: 11, day: 5, hour: 13, minute: 30, second: 15,
                                           nanoseconds: 500_000_000, zone: .offset(minutes: 90), fractionDigits: 1))
        #expect(TaskwarriorDate.text(local) == "20231105T120015Z")
        #expect(TaskwarriorDate.isValid("20231105T120015Z"))
        #expect(!TaskwarriorDate.isValid("2023-11-05T12:00:15Z"))
    }
}
