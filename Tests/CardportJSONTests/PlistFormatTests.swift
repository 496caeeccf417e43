import CardportCore
@testable import CardportJSON
import CardportTestSupport
import Foundation
import Testing

/// The apps' property lists. Python's `plistlib` makes and checks the files the tests compare
/// with, so no expectation comes from Cardport's own plist code.
@Suite struct PlistFormatTests {
    private func read(_ path: String, key: String? = nil, maximumInputSize: Int? = nil) throws -> (records: [Record], notes: ReaderNotes) {
        var options = ReadOptions()
        options.plistKey = key
        if let maximumInputSize { options.limits.maximumInputSize = maximumInputSize }
        let reader = try PlistFormat().makeReader(try ByteInput(bytes: [UInt8](), name: path), options: options)
        return (try reader.readAll(), reader.notes)
    }

    private func python(_ script: String, _ arguments: [String]) throws -> String {
        guard let python = ExternalProgram.find("python3", package: "python3") else { return "" }
        let result = try ExternalProgram.run(python, ["-c", script] + arguments)
        #expect(result.status == 0, "python3 failed: \(result.errors)")
        return result.output
    }

    @Test func readsTheCitationAppsSettingsTagsAndCards() throws {
        let (records, notes) = try read(PackagePaths.sample("citation-app.plist"))
        #expect(notes.isEmpty)
        #expect(records == [
            .settings(Settings(showFavouriteOnTop: true, widgetTags: ["habits"], appearance: .dark, language: "en")),
            .tag(Tag(name: "habits", colour: .named(.teal))), .tag(Tag(name: "latin", colour: .named(.orange))), .tag(Tag(name: "time")),
            .citation(Citation(id: "5d1c6c2e-0b4a-4d0e-9a53-0f3c8e1a2b01", text: "We are what we repeatedly do.", author: "Will Durant",
                               source: "The Story of Philosophy", tags: ["habits"], isFavourite: true,
                               createdAt: Timestamp(parsing: "2026-03-05T22:15:42Z"))),
            .citation(Citation(id: "5d1c6c2e-0b4a-4d0e-9a53-0f3c8e1a2b02", text: "Carpe diem.", author: "Horace",
                               tags: ["latin", "time"], isArchived: true, note: "Odes 1.11")),
        ])
    }

    @Test func readsTheQuotesAppsFavouritesAndCountsTheKeysItDoesNotKnow() throws {
        let (records, notes) = try read(PackagePaths.sample("quotes-app.plist"))
        let texts = records.compactMap { record -> String? in if case .citation(let c) = record, c.isFavourite { c.text } else { nil } }
        #expect(texts == ["Well begun is half done.", "Happiness depends upon ourselves.", "L’enfer, c’est les autres."])
        #expect(notes["property list keys not read"] == 2)
        #expect(notes.warnings.map(\.message) == ["key 'authorFilter' (a string) is not one Cardport reads",
                                                  "key 'lastShown' (a date) is not one Cardport reads"])
    }

    @Test func aBinaryListReadsAsItsXMLTwin() throws {
        let directory = try TemporaryDirectory()
        let binary = directory.file("binary.plist")
        _ = try python("import plistlib,sys; plistlib.dump(plistlib.load(open(sys.argv[1],'rb')), open(sys.argv[2],'wb'), fmt=plistlib.FMT_BINARY)",
                       [PackagePaths.sample("citation-app.plist"), binary])
        #expect(try Data(contentsOf: URL(fileURLWithPath: binary)).prefix(8) == Data("bplist00".utf8))
        #expect(try read(binary).records == (try read(PackagePaths.sample("citation-app.plist")).records))
    }

    @Test func writesAListPythonReadsWithTheSameCardsInXMLAndBinary() throws {
        let directory = try TemporaryDirectory()
        let records = try read(PackagePaths.sample("citation-app.plist")).records
        for binary in [false, true] {
            let path = directory.file(binary ? "binary.plist" : "xml.plist")
            var options = WriteOptions()
            options.plistBinary = binary
            let output = ByteOutput()
            let writer = try PlistFormat().makeWriter(output, options: options)
            for record in records { try writer.write(record) }
            try writer.finish()
            try Data(output.bytes).write(to: URL(fileURLWithPath: path))
            let summary = try python("""
                import plistlib, json, sys
                raw = open(sys.argv[1], 'rb').read()
                d = plistlib.loads(raw)
                cards = json.loads(d['cards'])
                print(raw[:8] == b'bplist00', sorted(d), d['appearance'], d['widgetTags'], [c['text'] for c in cards],
                      [t['name'] for t in json.loads(d['tags'])], cards[1]['note'])
                """, [path])
            #expect(summary == "\(binary ? "True" : "False") ['appearance', 'cards', 'language', 'showFavouriteOnTop', 'tags', 'widgetTags'] "
                    + "dark ['habits'] ['We are what we repeatedly do.', 'Carpe diem.'] ['habits', 'latin', 'time'] Odes 1.11\n")
            #expect(try read(path).records == records)
        }
    }

    @Test func writesTheQuotesAppsFavouritesUnderItsKeyAndCountsWhatTheyCannotHold() throws {
        var options = WriteOptions()
        options.plistKey = "favourites"
        let output = ByteOutput()
        let writer = try PlistFormat().makeWriter(output, options: options)
        try writer.write(.citation(Citation(text: "Carpe diem.", author: "Horace", tags: ["latin"], isFavourite: true)))
        try writer.write(.bookmark(Bookmark(name: "Home", text: "https://example.org")))
        try writer.finish()
        let directory = try TemporaryDirectory()
        let path = directory.file("quotes.plist")
        try Data(output.bytes).write(to: URL(fileURLWithPath: path))
        let favourites = try python("import plistlib,sys; print(sorted(plistlib.load(open(sys.argv[1],'rb'))), plistlib.load(open(sys.argv[1],'rb'))['favourites'].decode())",
                                    [path])
        #expect(favourites == "['favourites'] [\n  {\"quote\":\"Carpe diem.\",\"author\":\"Horace\"}\n]\n\n")
        #expect(writer.losses.records[.bookmark] == 1)
        #expect(writer.losses.fields["citation.tags"] == 1)
    }

    @Test func sniffsBothFormsAndNothingElse() {
        let format = PlistFormat()
        #expect(format.sniff(Array("bplist00\u{0}".utf8)) == .certain)
        #expect(format.sniff(Array("<?xml version=\"1.0\"?>\n<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"\">".utf8)) == .certain)
        #expect(format.sniff(Array("<?xml version=\"1.0\"?>\n<opml version=\"2.0\">".utf8)) == .no)
        #expect(format.sniff(Array("{\"cards\": []}".utf8)) == .no)
    }

    @Test func explainsABrokenListAWrongSettingAndAMissingKey() throws {
        let directory = try TemporaryDirectory()
        let broken = directory.file("broken.plist")
        try "<?xml version=\"1.0\"?>\n<plist>\n<dict><key>x</key><strin>".write(toFile: broken, atomically: true, encoding: .utf8)
        #expect(throws: CardportError.self) { _ = try read(broken) }
        let wrong = directory.file("wrong.plist")
        _ = try python("import plistlib,sys; plistlib.dump({'appearance': 'sepia'}, open(sys.argv[1],'wb'))", [wrong])
        do {
            _ = try read(wrong)
            Issue.record("a wrong appearance was read")
        } catch {
            #expect((error as? CardportError)?.message == "'appearance' must be one of light, dark, automatic, not a string")
        }
        do {
            _ = try read(PackagePaths.sample("citation-app.plist"), key: "nothere")
            Issue.record("a missing --plist-key was read")
        } catch {
            #expect((error as? CardportError)?.message == "'\(PackagePaths.sample("citation-app.plist"))' has no key 'nothere'")
        }
    }

    /// An empty file is read without Foundation's `Data(contentsOf:)`, which leaks its buffer for
    /// one (the `FuzzPlist` finding, `Fuzz/Findings/plist-empty-file`), and said to be empty.
    @Test func anEmptyFileIsSaidToBeEmpty() throws {
        let directory = try TemporaryDirectory()
        let empty = try directory.write("empty.plist", "")
        do {
            _ = try read(empty)
            Issue.record("an empty file was read")
        } catch {
            #expect((error as? CardportError)?.message == "'\(empty)' is empty, not a property list")
            #expect((error as? CardportError)?.location?.line == 1)
        }
    }

    /// A named pipe in `directory` that a `cat` of `sample` writes to, and the process writing it.
    private func pipe(of sample: String, in directory: TemporaryDirectory) throws -> (path: String, writer: Process) {
        let pipe = directory.file("piped.plist")
        #expect(mkfifo(pipe, 0o600) == 0)
        let writer = Process()
        writer.executableURL = URL(fileURLWithPath: "/bin/sh")
        writer.arguments = ["-c", "cat \"$0\" > \"$1\" 2>/dev/null", PackagePaths.sample(sample), pipe]
        try writer.run()
        return (pipe, writer)
    }

    /// A pipe reports a size of 0 whatever it holds: it is read whole, not taken for an empty file.
    @Test func aPipeIsReadWhole() throws {
        let directory = try TemporaryDirectory()
        let (pipe, writer) = try pipe(of: "quotes-app.plist", in: directory)
        let piped = try read(pipe).records
        writer.waitUntilExit()
        #expect(piped == (try read(PackagePaths.sample("quotes-app.plist")).records))
        #expect(!piped.isEmpty)
    }

    /// A pipe has no size to check first: what it holds past --max-input-size is refused as it is read.
    @Test func aPipeLongerThanTheLimitIsRefused() throws {
        let directory = try TemporaryDirectory()
        let (pipe, writer) = try pipe(of: "quotes-app.plist", in: directory)
        defer { writer.waitUntilExit() }
        do {
            _ = try read(pipe, maximumInputSize: 100)
            Issue.record("a pipe past the limit was read")
        } catch {
            #expect((error as? CardportError)?.message == "'\(pipe)' holds more than --max-input-size (100) bytes")
            #expect((error as? CardportError)?.code == .limitExceeded)
        }
    }

    /// Two `FuzzPlist` findings, each a binary list refused before Foundation reads it (their first
    /// byte is the fuzzer's selector): a dictionary a damaged byte made a set, which crashed
    /// `PropertyListSerialization` while it bridged the set, and a value that contains itself, which
    /// a decoder that follows every reference never finishes.
    @Test(arguments: [("plist-binary-set", "value 0 is a set, which a property list does not hold"),
                      ("plist-binary-cycle", "value 5 contains itself")])
    func aDamagedBinaryListFoundByFuzzingIsAnError(_ finding: String, _ reason: String) throws {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: PackagePaths.root + "/Fuzz/Findings/" + finding))
        let directory = try TemporaryDirectory()
        let path = directory.file("damaged.plist")
        try bytes.dropFirst().write(to: URL(fileURLWithPath: path))
        do {
            _ = try read(path)
            Issue.record("\(finding) was read")
        } catch {
            #expect((error as? CardportError)?.message == "'\(path)' is not a property list Cardport can read: \(reason)")
        }
    }

    /// An XML list nested past --max-depth is refused before Foundation's parser reads it.
    @Test func anXMLListNestedPastTheDepthLimitIsRefused() throws {
        let directory = try TemporaryDirectory()
        func nested(_ levels: Int) throws -> String {
            try directory.write("nested-\(levels).plist", "<?xml version=\"1.0\"?>\n<plist version=\"1.0\">"
                                + String(repeating: "<array>", count: levels) + String(repeating: "</array>", count: levels) + "</plist>")
        }
        let deep = try nested(201)
        do {
            _ = try read(deep)
            Issue.record("a list nested 201 deep was read")
        } catch {
            #expect((error as? CardportError)?.message
                    == "the arrays and dictionaries in '\(deep)' nest deeper than the maximum depth (200)")
        }
        // At the limit it is read, and found to hold no cards.
        #expect(throws: CardportError.self) { _ = try read(try nested(200)) }
        do { _ = try read(try nested(200)) } catch { #expect((error as? CardportError)?.code != .limitExceeded) }
    }
}
