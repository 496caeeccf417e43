import CardportCore
import Testing

/// A format that claims what it is told to, for testing resolution without real formats.
struct StubFormat: CardFormat {
    let descriptor: FormatDescriptor
    let marker: String?

    init(_ id: String, aliases: [String] = [], extensions: [String], marker: String? = nil,
         reads: Set<RecordKind> = [.citation], writes: Set<RecordKind> = [.citation]) {
        descriptor = FormatDescriptor(id: id, aliases: aliases, extensions: extensions, mediaType: "text/plain",
                                      reads: reads, writes: writes, summary: id)
        self.marker = marker
    }

    func sniff(_ prefix: [UInt8]) -> SniffResult {
        guard let marker else { return .no }
        return String(decoding: prefix, as: UTF8.self).hasPrefix(marker) ? .certain : .no
    }

    /// Reads one record from input that starts with the marker (anything, for a stub without one),
    /// and fails at the first byte of any other.
    func makeReader(_ input: ByteInput, options: ReadOptions) throws(CardportError) -> any RecordReader {
        StubReader(input: input, marker: marker, id: descriptor.id)
    }

    func makeWriter(_ output: ByteOutput, options: WriteOptions) throws(CardportError) -> any RecordWriter {
        throw CardportError(.usage, "stub")
    }
}

final class StubReader: RecordReader {
    let input: ByteInput
    let marker: String?
    let id: String
    var done = false

    init(input: ByteInput, marker: String?, id: String) {
        self.input = input
        self.marker = marker
        self.id = id
    }

    func next() throws(CardportError) -> Record? {
        guard !done else { return nil }
        done = true
        let text = String(decoding: input.available, as: UTF8.self)
        if let marker, !text.hasPrefix(marker) {
            throw input.error(.malformedInput, "not \(id)", at: 0)
        }
        return .citation(Citation(text: text))
    }
}

@Suite struct FormatRegistryTests {
    let registry = FormatRegistry([
        StubFormat("alpha", aliases: ["a"], extensions: ["json"], marker: "{\"alpha\""),
        StubFormat("beta", extensions: ["json"], marker: "{\"beta\""),
        StubFormat("gamma", extensions: ["txt"], marker: "=="),
        StubFormat("readonly", extensions: ["ro"], writes: []),
    ])

    private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test func findsByIdAndAliasInAnyCase() throws {
        #expect(try registry.format(named: "alpha").id == "alpha")
        #expect(try registry.format(named: "A").id == "alpha")
    }

    @Test func unknownNamesListTheKnownOnes() {
        #expect {
            try registry.format(named: "yaml")
        } throws: { error in
            let error = error as! CardportError
            return error.code == .unknownFormat && error.message == "unknown format 'yaml'; known formats: alpha, beta, gamma, readonly"
        }
    }

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

    @Test func writingUsesTheExtensionsFirstFormat() throws {
        #expect(try registry.writeFormat(named: nil, path: "out.json").id == "alpha")
        #expect(try registry.writeFormat(named: "beta", path: "out.json").id == "beta")
    }

    @Test func writingNeedsAFormat() {
        for (path, message) in [("-", "cannot tell which format to write to standard output"),
                                ("out", "cannot tell which format to write to 'out': it has no extension"),
                                ("out.xyz", "no format writes '.xyz' files")] {
            #expect {
                try registry.writeFormat(named: nil, path: path)
            } throws: { error in
                (error as! CardportError).message == message
            }
        }
        #expect(throws: CardportError.self) { try registry.writeFormat(named: "readonly", path: nil) }
    }

    @Test func refusesDuplicateNames() {
        var copy = registry
        #expect(throws: CardportError.self) { try copy.register(StubFormat("a", extensions: [])) }
        #expect(throws: Never.self) { try copy.register(StubFormat("delta", extensions: ["d"])) }
        #expect(copy.ids.last == "delta")
    }

    @Test func pathExtensions() {
        #expect(FormatRegistry.pathExtension("dir.v2/My.Quotes.JSON") == "json")
        #expect(FormatRegistry.pathExtension(".hidden") == nil)
        #expect(FormatRegistry.pathExtension("-") == nil)
        #expect(FormatRegistry.pathExtension("noext") == nil)
    }
}

/// A format certain of `!` whose reader reads nothing.
struct EmptyFormat: CardFormat {
    let descriptor = FormatDescriptor(id: "empty", extensions: ["empty"], mediaType: "text/plain",
                                      reads: [.citation], writes: [], summary: "empty")

    func sniff(_ prefix: [UInt8]) -> SniffResult { prefix.first == 0x21 ? .certain : .no }

    func makeReader(_ input: ByteInput, options: ReadOptions) throws(CardportError) -> any RecordReader {
        EmptyReader()
    }

    func makeWriter(_ output: ByteOutput, options: WriteOptions) throws(CardportError) -> any RecordWriter {
        throw CardportError(.usage, "stub")
    }
}

final class EmptyReader: RecordReader {
    func next() throws(CardportError) -> Record? { nil }
}

@Suite struct AmbiguousFormatTests {
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

    @Test func namesMatchInAnyCase() throws {
        let registry = FormatRegistry([StubFormat("MyFormat", aliases: ["Mine"], extensions: ["my"])])
        #expect(try registry.format(named: "myformat").id == "MyFormat")
        #expect(try registry.format(named: "MINE").id == "MyFormat")
    }
}
