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

    func makeReader(_ input: ByteInput, options: ReadOptions) throws(CardportError) -> any RecordReader {
        throw CardportError(.usage, "stub")
    }

    func makeWriter(_ output: ByteOutput, options: WriteOptions) throws(CardportError) -> any RecordWriter {
        throw CardportError(.usage, "stub")
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
        #expect(try registry.readFormat(named: nil, path: "clippings.json", prefix: bytes("==========")).id == "gamma")
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
