import CardportCore
import Testing

@Suite struct ModelValueTests {
    @Test func tagColoursAreNamedOrHex() throws {
        #expect(try TagColour(parsing: "Teal") == .named(.teal))
        #expect(try TagColour(parsing: "#1e90ff") == .rgb(0x1E, 0x90, 0xFF))
        #expect(try TagColour(parsing: "#1e90ff").description == "#1E90FF")
        #expect(TagColour.Name.allCases.count == 10)
    }

    @Test(arguments: ["sky", "#12345", "#GGGGGG", "1E90FF", "", "#1E90FF0"])
    func otherColoursAreErrors(_ text: String) {
        #expect {
            try TagColour(parsing: text)
        } throws: { error in
            guard let error = error as? CardportError else { return false }
            return error.code == .invalidValue && error.hint?.contains("#RRGGBB") == true
        }
    }

    @Test func progressIsAMultipleOfFive() throws {
        #expect(try TaskProgress(percent: 0).percent == 0)
        #expect(try TaskProgress(percent: 35).percent == 35)
        #expect(try TaskProgress(percent: 100) == .done)
        for bad in [-5, 33, 101, 105] {
            #expect(throws: CardportError.self) { try TaskProgress(percent: bad) }
        }
    }

    @Test func locationsHaveATextForm() throws {
        let location = CitationLocation(page: "12", start: 123, end: 125)
        #expect(location.description == "page 12, location 123-125")
        #expect(CitationLocation(parsing: location.description) == location)
        #expect(CitationLocation(parsing: "location 88") == CitationLocation(start: 88, end: 88))
        #expect(CitationLocation(parsing: "page xii") == CitationLocation(page: "xii"))
        #expect(CitationLocation(parsing: "location 9-3") == nil)
        #expect(CitationLocation(parsing: "chapter 2") == nil)
    }

    @Test func emptyOptionalsAreAbsent() {
        let citation = Citation(text: "x", author: "", source: "", note: "")
        #expect(citation.author == nil && citation.source == nil && citation.note == nil)
    }

    @Test func kindsHaveNames() {
        #expect(RecordKind(name: "Citations") == .citation)
        #expect(RecordKind(name: "task") == .task)
        #expect(RecordKind(name: "settings") == .settings)
        #expect(RecordKind(name: "quotes") == nil)
    }

    @Test func libraryKeepsKindsApart() {
        var library = Library()
        library.append(.citation(Citation(text: "a")))
        library.append(.tag(Tag(name: "t")))
        library.append(.settings(Settings(appearance: .dark)))
        library.append(.citation(Citation(text: "b")))
        #expect(library.count == 4)
        #expect(library.records.map(\.kind) == [.settings, .tag, .citation, .citation])
        #expect(Library(library.records) == library)
    }
}
