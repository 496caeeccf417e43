import CardportCore
@testable import CardportCSV
import CardportTestSupport
import Testing

@Suite struct CSVRepeatedCellsTests {
    @Test func makesAValueOnceForTheSameBytes() throws {
        var cells = CSVRepeatedCells()
        var made = 0
        for _ in 0..<3 {
            for text in ["Émile Zola", "Horace", "Émile Zola"] {
                let value = try Array(text.utf8).withUnsafeBytes { bytes throws(CardportError) in
                    try cells.string(bytes) { bytes in
                        made += 1
                        return String(decoding: bytes, as: UTF8.self)
                    }
                }
                #expect(value == text)
            }
        }
        #expect(made == 2)
    }

    @Test func makesAValueAgainWhenMakingItFailed() {
        var cells = CSVRepeatedCells()
        var tries = 0
        for _ in 0..<2 {
            #expect(throws: CardportError.self) {
                try [UInt8(0xC3), 0x28].withUnsafeBytes { bytes throws(CardportError) in
                    try cells.list(bytes) { _ throws(CardportError) in
                        tries += 1
                        throw CardportError(.malformedInput, "not UTF-8")
                    }
                }
            }
        }
        #expect(tries == 2)
    }

    @Test func keepsAtMostItsCapacityAndStillMakesTheRest() throws {
        var cells = CSVRepeatedCells()
        var made = 0
        for round in 0..<2 {
            for number in 0..<(CSVRepeatedCells.capacity + 10) {
                let value = try Array("author \(number)".utf8).withUnsafeBytes { bytes throws(CardportError) in
                    try cells.string(bytes) { bytes in
                        made += 1
                        return String(decoding: bytes, as: UTF8.self)
                    }
                }
                #expect(value == "author \(number)", "round \(round)")
            }
        }
        // The first `capacity` are kept; the ten past it are made in both rounds.
        #expect(made == CSVRepeatedCells.capacity + 20)
    }

    @Test func repeatedAuthorsAndTagsReadAsTheyAreAndBadBytesFailEveryTime() throws {
        let rows = Array("text,author,tags\none,Émile Zola,a;b\ntwo,Émile Zola,a;b\nthree,".utf8) + [0xC3, 0x28]
            + Array(",c\nfour,".utf8) + [0xC3, 0x28] + Array(",c\nfive,Émile Zola,\"a;b\"\n".utf8)
        var read: [Result<Record, CardportError>] = []
        let reader = try CSVFormat().makeReader(try ByteInput(bytes: rows, name: "r.csv"), options: ReadOptions())
        while true {
            do {
                guard let record = try reader.next() else { break }
                read.append(.success(record))
            } catch {
                read.append(.failure(error))
            }
        }
        let citations = read.compactMap { item -> Citation? in
            if case .success(.citation(let c)) = item { return c }
            return nil
        }
        #expect(citations.map(\.text) == ["one", "two", "five"])
        #expect(citations.map(\.author) == ["Émile Zola", "Émile Zola", "Émile Zola"])
        #expect(citations.map(\.tags) == [["a", "b"], ["a", "b"], ["a", "b"]])
        let lines = read.compactMap { item -> Int? in
            if case .failure(let error) = item { return error.location?.line }
            return nil
        }
        #expect(lines == [4, 5])
    }
}
