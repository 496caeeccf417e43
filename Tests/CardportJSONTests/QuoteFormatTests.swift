import CardportCore
import CardportJSON
import CardportTestSupport
import Foundation
import Testing

@Suite struct DummyJSONFormatTests {
    let format = DummyJSONFormat()

    @Test func conformsToTheFormatContract() async {
        await FormatConformance.check(format, brokenInput: "{\"quotes\":[{\"id\":1,\"quote\":\"a\",\"author\":\"b\"},]}",
                                      project: { library in
            // Quotes get their DummyJSON id from their position, and the Cardport id from that.
            Library(citations: library.citations.enumerated().map { index, citation in
                Citation(id: RecordID.foreign(namespace: "dummyjson", id: "\(index + 1)"), text: citation.text,
                         author: citation.author, extras: [DummyJSONFormat.idKey: "\(index + 1)"])
            })
        })
    }

    @Test(arguments: [("dummyjson-quotes-page.json", 5), ("dummyjson-random-3.json", 3), ("dummyjson-random.json", 1)])
    func readsEveryShapeTheAPIReturns(_ sample: String, _ count: Int) throws {
        let input = try ByteInput(path: PackagePaths.sample(sample))
        let records = try format.makeReader(input, options: ReadOptions()).readAll()
        // The expected quotes, read with Foundation's JSON parser: a page, an array or one object.
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: PackagePaths.sample(sample))))
        let page = (json as? [String: Any])?["quotes"] as? [[String: Any]]
        let objects = try page ?? (json as? [[String: Any]]) ?? [#require(json as? [String: Any])]
        #expect(objects.count == count)
        let expected = objects.map { object -> Record in
            let id = "\(object["id"] as! Int)"
            return .citation(Citation(id: RecordID.foreign(namespace: "dummyjson", id: id), text: object["quote"] as! String,
                                      author: object["author"] as? String, extras: [DummyJSONFormat.idKey: id]))
        }
        #expect(records == expected)
    }

    @Test func writesThePageObjectAndReportsLosses() throws {
        let written = try FormatHarness.write(format, [
            .citation(Citation(text: "Rumi's line", author: "Rumi", extras: [DummyJSONFormat.idKey: "1"])),
            .citation(Citation(text: "Mine", source: "Book", tags: ["a", "b"], isFavourite: true)),
        ])
        #expect(written.text == """
            {"quotes":[
            {"id":1,"quote":"Rumi's line","author":"Rumi"},
            {"id":2,"quote":"Mine","author":""}
            ],"total":2,"skip":0,"limit":2}

            """)
        // Neither citation has the id that reading its quote back would give.
        #expect(written.losses.fields == ["citation.source": 1, "citation.tags": 1, "citation.favourite": 1, "citation.id": 2])
    }

    @Test func aNonNumericIDCountsOnceWithTheOtherExtras() throws {
        let written = try FormatHarness.write(format, [
            .citation(Citation(text: "q", author: "a", extras: [DummyJSONFormat.idKey: "abc", "lang": "en"])),
        ])
        #expect(written.text.contains("{\"id\":1,"))
        #expect(written.losses.fields == ["citation.extras": 1, "citation.id": 1])
    }

    @Test func refusesOtherDocuments() {
        #expect(FormatHarness.error(reading: "{\"message\":\"Not found\"}", as: format)?.message
                == "this is not a DummyJSON quotes response")
    }

    @Test func sniffsTheQuotesShapes() {
        #expect(format.sniff(Array("{\"quotes\":[".utf8)) == .certain)
        #expect(format.sniff(Array("[{\"id\":1,\"quote\":\"a\"".utf8)) == .certain)
        #expect(format.sniff(Array("{\"id\":1,\"quote\":\"a\",\"author\":\"b\"}".utf8)) == .certain)
        #expect(format.sniff(Array("[{\"quote\":\"a\",\"author\":\"b\"}]".utf8)) == .no)
    }
}

@Suite struct FavouritesFormatTests {
    let format = FavouritesFormat()

    @Test func conformsToTheFormatContract() async {
        await FormatConformance.check(format, brokenInput: "[\n  {\"quote\": \"a\"\n  {\"quote\": \"b\"}\n]",
                                      project: { library in
            Library(citations: library.citations.map { Citation(text: $0.text, author: $0.author, isFavourite: true) })
        })
    }

    @Test func everyQuoteIsAFavourite() throws {
        let records = try format.makeReader(try ByteInput(path: PackagePaths.sample("favourites.json")), options: ReadOptions()).readAll()
        let citations = records.compactMap { if case .citation(let citation) = $0 { citation } else { nil } }
        #expect(citations.count == records.count)
        #expect(citations.map(\.text) == ["Well begun is half done.", "The only true wisdom is in knowing you know nothing.",
                                          "L\u{2019}enfer, c\u{2019}est les autres.", "Happiness depends upon ourselves."])
        #expect(citations.map(\.author) == ["Aristotle", "Socrates", "Jean-Paul Sartre", "Aristotle"])
        #expect(citations.allSatisfy { $0.isFavourite })
    }

    @Test func writesQuoteAndAuthorOnly() throws {
        let written = try FormatHarness.write(format, [
            .citation(Citation(text: "Well begun is half done.", author: "Aristotle", isFavourite: true)),
            .citation(Citation(text: "Not a favourite", note: "n")),
        ])
        #expect(written.text == """
            [
              {"quote":"Well begun is half done.","author":"Aristotle"},
              {"quote":"Not a favourite","author":""}
            ]

            """)
        #expect(written.losses.fields == ["citation.note": 1, "citation.favourite": 1])
    }

    @Test func aListIsRequired() {
        #expect(FormatHarness.error(reading: "{\"quote\":\"a\"}", as: format)?.message
                == "a favourites list is a JSON array, not an object")
    }
}

@Suite struct QuoteListLocationTests {
    /// Errors in quote documents read from disk point at the quote's own line, not past the end.
    @Test func errorsPointAtTheQuoteInAFile() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("favourites.json")
        try "[\n  {\"quote\": \"a\", \"author\": \"b\"},\n  {\"author\": \"no quote\"}\n]\n".write(toFile: path, atomically: true, encoding: .utf8)
        let reader = try FavouritesFormat().makeReader(try ByteInput(path: path), options: ReadOptions())
        #expect(try reader.next() != nil)
        #expect {
            try reader.next()
        } throws: { error in
            let error = error as! CardportError
            return error.location?.line == 3 && error.location?.column == 3 && error.sourceLine == "  {\"author\": \"no quote\"}"
                && error.isRecoverable
        }
        #expect(try reader.next() == nil)
    }
}
