import CardportCore
import CardportCSV
import CardportTestSupport
import Foundation
import Testing

/// Large inputs are parsed on a thread of their own: the records and errors must come back exactly
/// as the reader on the caller's thread gives them.
@Suite struct PrefetchingReaderTests {
    /// Every record and error text of a reader, in order.
    static func outcomes(_ reader: any RecordReader) -> [String] {
        var outcomes: [String] = []
        while true {
            do {
                guard let record = try reader.next() else { break }
                outcomes.append(record.id)
            } catch {
                outcomes.append("\(error.location?.line ?? 0): \(error.message)")
                if !error.isRecoverable { break }
            }
        }
        return outcomes
    }

    static func largeInput(endingWith tail: String) -> String {
        var text = "text,created_at,id\n"
        for i in 0..<30_000 {
            switch i % 7_001 {
            case 100: text += "bad date,yesterday,b\(i)\n"
            case 200: text += "too,many,fields,here\n"
            default: text += "\"Quote \(i), with a comma\",2024-01-01,c\(i)\n"
            }
        }
        return text + tail
    }

    @Test(arguments: ["", "\"never closed,2024-01-01,x\n"])
    func givesTheSameRecordsAndErrorsInTheSameOrder(_ tail: String) throws {
        let text = PrefetchingReaderTests.largeInput(endingWith: tail)
        let directory = try TemporaryDirectory()
        let path = try directory.write("large.csv", text)
        #expect(text.utf8.count > 1 << 20)
        let threaded = try CSVFormat().makeReader(try ByteInput(path: path), options: ReadOptions())
        let inline = try CSVFormat().makeReader(try ByteInput(string: text, name: path), options: ReadOptions())
        let expected = PrefetchingReaderTests.outcomes(inline)
        #expect(expected.count >= 30_000)
        #expect(PrefetchingReaderTests.outcomes(threaded) == expected)
    }

    @Test func stopsWhenDroppedEarly() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("large.csv", PrefetchingReaderTests.largeInput(endingWith: ""))
        for _ in 0..<20 {
            let reader = try CSVFormat().makeReader(try ByteInput(path: path), options: ReadOptions())
            #expect(try reader.next() != nil)
        }
    }
}
