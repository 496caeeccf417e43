import Cardport
import CardportCore
import CardportTestSupport
import Testing

@Suite struct FormatResolutionTests {
    let registry = StubFormat.registry

    private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test func explicitNameWinsOverExtensionAndContent() throws {
        #expect(try registry.readFormat(named: "gamma", path: "x.json", prefix: bytes("{\"alpha\":1}")).id == "gamma")
    }

    @Test func sniffingSettlesASharedExtension() throws {
        #expect(try registry.readFormat(named: nil, path: "x.json", prefix: bytes("{\"beta\":1}")).id == "beta")
        #expect(try registry.readFormat(named: nil, path: "x.json", prefix: bytes("{\"alpha\":1}")).id == "alpha")
    }

    @Test func extensionDecidesWhenSniffingCannot() throws {
        #expect(try registry.readFormat(named: nil, path: "X.JSON", prefix: bytes("[]")).id == "alpha")
        #expect(try registry.readFormat(named: nil, path: "notes.txt", prefix: bytes("hello")).id == "gamma")
    }

    @Test func contentWinsOverAMisleadingExtension() throws {
        #expect(try registry.readFormat(named: nil, path: "clippings.json", prefix: bytes("==========\n")).id == "gamma")
        let resolution = try registry.resolveRead(named: nil, path: "clippings.json", prefix: bytes("=========="),
                                                  isWholeInput: true)
        #expect(resolution.format.id == "gamma")
        #expect(resolution.suggested?.id == "alpha")
        #expect(resolution.suggestedError?.message == "not alpha")
        #expect(resolution.suggestedError?.location == SourceLocation(file: "clippings.json", line: 1, column: 1, offset: 0))
    }

    @Test func contentNeverOverridesAnExtensionWhoseFormatReadsTheFile() throws {
        let registry = FormatRegistry([
            StubFormat("lenient", extensions: ["txt"]),
            StubFormat("marked", extensions: ["mk"], marker: "=="),
        ])
        let resolution = try registry.resolveRead(named: nil, path: "notes.txt", prefix: bytes("==========\nhello\n"),
                                                  isWholeInput: true)
        #expect(resolution.format.id == "lenient")
        #expect(!resolution.isContentOverride)
    }

    @Test func contentThatIsAmbiguousOrReadsNothingDoesNotOverride() throws {
        let ambiguous = FormatRegistry([
            StubFormat("alpha", extensions: ["json"], marker: "{"),
            StubFormat("one", extensions: ["one"], marker: "=="),
            StubFormat("two", extensions: ["two"], marker: "==="),
        ])
        #expect(try ambiguous.readFormat(named: nil, path: "x.json", prefix: bytes("====")).id == "alpha")
        let empty = FormatRegistry([
            StubFormat("alpha", extensions: ["json"], marker: "{"),
            EmptyFormat(),
        ])
        #expect(try empty.readFormat(named: nil, path: "x.json", prefix: bytes("!!")).id == "alpha")
    }

    @Test func anErrorWhereAPrefixWasCutDoesNotCount() throws {
        // alpha fails at byte 0 only when the prefix is the whole input or the error lies before
        // its last line break; a one-line prefix of a larger file proves nothing.
        let cut = try registry.resolveRead(named: nil, path: "clippings.json", prefix: bytes("=========="),
                                           isWholeInput: false)
        #expect(cut.format.id == "alpha")
    }

    @Test func anOverriddenInputsErrorNamesBothFormats() throws {
        let resolution = try registry.resolveRead(named: nil, path: "clippings.json", prefix: bytes("=========="),
                                                  isWholeInput: true)
        let error = resolution.explain(CardportError(.malformedInput, "a broken entry"))
        #expect(error.message == "read as 'gamma' because of its content, not as 'alpha' as its extension suggests: a broken entry")
        #expect(error.hint == "as 'alpha' it fails at once (at 1:1: not alpha); pass --from alpha to see that error, or --from gamma to keep this one")
        #expect(resolution.overrideWarning?.message
                == "read as 'gamma' because of its content: as 'alpha', which its extension suggests, it fails here: not alpha")
    }

    @Test func sniffingAloneForStandardInput() throws {
        #expect(try registry.readFormat(named: nil, path: "-", prefix: bytes("==")).id == "gamma")
        #expect(throws: CardportError.self) { try registry.readFormat(named: nil, path: "-", prefix: bytes("??")) }
    }

    @Test func twoCertainFormatsAreAnErrorThatAsksForFrom() {
        let registry = FormatRegistry([
            StubFormat("first", extensions: ["dat"], marker: "#!"),
            StubFormat("second", extensions: ["dat"], marker: "#"),
        ])
        #expect {
            try registry.readFormat(named: nil, path: "x.dat", prefix: Array("#!data".utf8))
        } throws: { error in
            let error = error as! CardportError
            return error.code == .ambiguousFormat && error.message == "'x.dat' could be read as first or second"
                && error.hint == "pass --from to choose"
        }
    }
}
