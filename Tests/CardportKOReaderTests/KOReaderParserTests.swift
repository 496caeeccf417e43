@testable import CardportKOReader
import CardportCore
import Testing

@Suite struct KOReaderParserTests {
    func parse(_ text: String, limits: ReadLimits = .standard) throws(CardportError) -> KOReaderTable {
        let input = try ByteInput(string: text, name: "metadata.epub.lua")
        try input.fillToEnd()
        var parser = KOReaderParser(input.available, base: input.offset, input: input, limits: limits)
        return try parser.parseSidecar()
    }

    func parseJSON(_ text: String) throws(CardportError) -> KOReaderTable {
        let input = try ByteInput(string: text, name: "export.json")
        try input.fillToEnd()
        var parser = KOReaderParser(input.available, base: input.offset, input: input, limits: .standard)
        return try parser.parseJSON()
    }

    func error(_ text: String, limits: ReadLimits = .standard) -> CardportError? {
        do { _ = try parse(text, limits: limits); return nil } catch { return error }
    }

    @Test func readsEveryValueKindAfterComments() throws {
        let table = try parse("""
            -- /mnt/onboard/book.epub
            --[[ a long
            comment ]] --[==[ another ]==]
            return {
                ["s"] = "a",
                ["n"] = 42, ["f"] = 0.5, ["neg"] = -3, ["e"] = 1e3, ["h"] = 0x1F,
                ["t"] = true, ["no"] = false, ["nothing"] = nil,
                name = 'single',
                [7] = { [1] = "x", [2] = "y" },
                "positional"; "second",
                ["empty"] = {},
            };
            """)
        #expect(table["s"]?.text == "a")
        #expect(table["n"]?.text == "42")
        guard case .number(let half)? = table["f"], case .number(let negative)? = table["neg"],
              case .number(let thousand)? = table["e"], case .number(let hex)? = table["h"] else {
            Issue.record("numbers did not read as numbers")
            return
        }
        #expect(half == 0.5 && negative == -3 && thousand == 1000 && hex == 31)
        #expect(table["t"]?.isTrue == true && table["no"]?.isTrue == false)
        if case .null? = table["nothing"] {} else { Issue.record("nil did not read as nil") }
        #expect(table["name"]?.text == "single")
        let nested = table.entries.first { $0.key == .integer(7) }?.value.table
        #expect(nested?.sequence.map { $0.value.text } == ["x", "y"])
        #expect(table.sequence.map(\.index) == [1, 2, 7])
        #expect(table.sequence.prefix(2).map { $0.value.text } == ["positional", "second"])
        #expect(table["empty"]?.table?.entries.isEmpty == true)
    }

    @Test func decodesLuaEscapes() throws {
        let table = try parse(#"""
            return {
                ["a"] = "line one\
            line two\\ \"q\" \65\066 \x43 \u{44}\u{1F600} tab\tend",
                ["b"] = "joined\n\z    here",
                ["c"] = [[long "raw" \n]],
                ["d"] = [==[with ]] inside]==],
            }
            """#)
        #expect(table["a"]?.text == "line one\nline two\\ \"q\" AB C D\u{1F600} tab\tend")
        #expect(table["b"]?.text == "joined\nhere")
        #expect(table["c"]?.text == #"long "raw" \n"#)
        #expect(table["d"]?.text == "with ]] inside")
    }

    @Test func keepsEntriesInFileOrderAndSortsSequences() throws {
        let table = try parse(#"return { [3] = "c", [1] = "a", [2] = "b" }"#)
        #expect(table.entries.map(\.key) == [.integer(3), .integer(1), .integer(2)])
        #expect(table.sequence.map(\.index) == [1, 2, 3])
    }

    @Test func refusesCodeWithItsLineAndColumn() {
        let error = error("return {\n    [\"a\"] = os.execute(\"rm -rf /\"),\n}")
        #expect(error?.code == .malformedInput)
        #expect(error?.location?.line == 2 && error?.location?.column == 13)
        #expect(error?.message.contains("'os' is Lua code") == true)
        let call = self.error("return dofile(\"x\")")
        #expect(call?.location?.line == 1 && call?.location?.column == 8)
        let concatenation = self.error("return { [\"a\"] = \"x\" .. \"y\" }")
        #expect(concatenation?.location?.column == 22)
        let function = self.error("return { f = function() end }")
        #expect(function?.message.contains("'function' is Lua code") == true)
    }

    @Test func reportsBrokenLiteralsWhereTheyBreak() {
        #expect(error("{ }")?.location?.column == 1)
        #expect(error("return { [\"a\"] = 1 ")?.message.contains("line 1, column 8") == true)
        #expect(error("return { [\"a\"] = \"open\n}")?.location?.column == 18)
        #expect(error("return {} trailing")?.location?.column == 11)
        #expect(error("return { [\"a\"] 1 }")?.message.contains("'='") == true)
        #expect(error("return { [true] = 1 }")?.message.contains("a string or a whole number") == true)
        #expect(error("return { [\"a\"] = \"\\q\" }")?.message.contains("escape") == true)
        #expect(error("return { [\"a\"] = \"\\300\" }")?.location?.column == 19)
    }

    @Test func keepsToTheDepthAndFieldLimits() {
        var limits = ReadLimits.standard
        limits.maximumDepth = 3
        #expect(error("return { { { 1 } } }", limits: limits) == nil)
        let deep = error("return { { { { 1 } } } }", limits: limits)
        #expect(deep?.code == .limitExceeded && deep?.location?.column == 14)
        limits.maximumFieldSize = 4
        #expect(error("return { \"abcd\" }", limits: limits) == nil)
        #expect(error("return { \"abcde\" }", limits: limits)?.code == .limitExceeded)
        #expect(error("return { \"ab\\ncde\" }", limits: limits)?.code == .limitExceeded)
        #expect(error("return { [[abcde]] }", limits: limits)?.code == .limitExceeded)
    }

    @Test func checksTheValuesItDoesNotKeep() throws {
        let text = "return { [\"a\"] = \"kept\", [\"b\"] = { \"x\", [\"y\"] = { 1 } } }"
        let input = try ByteInput(string: text, name: "metadata.epub.lua")
        try input.fillToEnd()
        var parser = KOReaderParser(input.available, base: input.offset, input: input, limits: .standard)
        let table = try parser.parseSidecar(keeping: ["a"])
        #expect(table.entries.count == 1 && table["a"]?.text == "kept")
        let broken = try ByteInput(string: "return { [\"a\"] = 1, [\"b\"] = { io.open(\"x\") } }", name: "metadata.epub.lua")
        try broken.fillToEnd()
        var strict = KOReaderParser(broken.available, base: broken.offset, input: broken, limits: .standard)
        #expect(throws: CardportError.self) { try strict.parseSidecar(keeping: ["a"]) }
    }

    @Test func readsJSON() throws {
        let table = try parseJSON(#"{"a": "x\u00e9\ud83d\ude00\n\/", "b": [1, 2.5, true, null, {"c": []}]}"#)
        #expect(table["a"]?.text == "xé\u{1F600}\n/")
        let list = table["b"]?.table?.sequence.map(\.value)
        #expect(list?.count == 5)
        #expect(list?.first?.text == "1")
        #expect(throws: CardportError.self) { try parseJSON(#"{"a": 'single'}"#) }
        #expect(throws: CardportError.self) { try parseJSON(#"{"a": 1,}"#) }
    }
}
