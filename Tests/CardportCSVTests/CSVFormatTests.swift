import CardportCore
import CardportCSV
import CardportTestSupport
import Testing

@Suite struct CSVFormatTests {
    @Test func placeholder() {
        #expect(CSVFormat().id == "csv")
    }
}
