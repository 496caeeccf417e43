import CardportCore
import CardportTestSupport
import Testing

@Suite struct FormatRegistryTests {
    let registry = StubFormat.registry

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

@Suite struct FormatNameTests {
    @Test func namesMatchInAnyCase() throws {
        let registry = FormatRegistry([StubFormat("MyFormat", aliases: ["Mine"], extensions: ["my"])])
        #expect(try registry.format(named: "myformat").id == "MyFormat")
        #expect(try registry.format(named: "MINE").id == "MyFormat")
    }
}
