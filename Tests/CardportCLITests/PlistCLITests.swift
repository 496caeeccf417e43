import CardportTestSupport
import Foundation
import Testing

@Suite struct PlistCLITests {
    @Test func inspectNamesTheKeysItDidNotRead() throws {
        let result = try CLIRunner.run(["inspect", "Samples/quotes-app.plist"])
        #expect(result == CLIRunner.Result(status: 0, stdout: """
            Samples/quotes-app.plist: plist, 3 records (3 citations)
              property list keys not read: 2
              2 warnings:
            Samples/quotes-app.plist:1:1: warning: key 'authorFilter' (a string) is not one Cardport reads
              hint: if it holds cards as JSON, read it with --plist-key authorFilter
            Samples/quotes-app.plist:1:1: warning: key 'lastShown' (a date) is not one Cardport reads
              hint: if it holds cards as JSON, read it with --plist-key lastShown

            """, stderr: ""))
    }

    @Test func aMissingKeyIsAnErrorThatListsTheKeys() throws {
        let scratch = try TemporaryDirectory()
        let result = try CLIRunner.run(["convert", "Samples/citation-app.plist", "--plist-key", "quotes", "-o", scratch.file("x.jsonl")])
        #expect(result == CLIRunner.Result(status: 65, stdout: "", stderr: """
            error: 'Samples/citation-app.plist' has no key 'quotes'
              hint: its keys are 'appearance', 'cards', 'language', 'showFavouriteOnTop', 'tags', 'widgetTags'

            """))
        #expect(!FileManager.default.fileExists(atPath: scratch.file("x.jsonl")))
    }

    @Test func favouritesGoBackIntoTheQuotesAppsKeyAsABinaryList() throws {
        let scratch = try TemporaryDirectory()
        let output = scratch.file("quotes.plist")
        let result = try CLIRunner.run(["convert", "Samples/favourites.json", "-o", output, "--plist-key", "favourites",
                                        "--plist-format", "binary"])
        #expect(result == CLIRunner.Result(status: 0, stdout: "", stderr: """
            read 4 records from Samples/favourites.json (favourites): 4 citations
            wrote 4 records to \(output) (plist)

            """))
        #expect(try Data(contentsOf: URL(fileURLWithPath: output)).prefix(8) == Data("bplist00".utf8))
        let back = try CLIRunner.run(["convert", output, "-o", "-", "--to", "favourites", "--plist-key", "favourites", "-q"])
        #expect(back.stdout == (try String(contentsOfFile: PackagePaths.sample("favourites.json"), encoding: .utf8)
            .replacingOccurrences(of: "{\"quote\": ", with: "{\"quote\":").replacingOccurrences(of: ", \"author\": ", with: ",\"author\":")))
    }

    @Test func aBaseListKeepsTheKeysOfTheAppsDomainThatCardportDoesNotWrite() throws {
        let scratch = try TemporaryDirectory()
        let base = scratch.file("domain.plist")
        let output = scratch.file("restored.plist")
        // The app's domain from a backup, binary, with keys of its own and an old card list.
        let python = try #require(ExternalProgram.find("python3", package: "python3"))
        let made = try ExternalProgram.run(python, ["-c", """
            import plistlib, sys
            plistlib.dump({"NSLanguages": ["de", "en"], "launchCount": 7, "cards": b"[]", "showFavouriteOnTop": False},
                          open(sys.argv[1], "wb"), fmt=plistlib.FMT_BINARY)
            """, base])
        #expect(made.status == 0, "\(made.errors)")
        let result = try CLIRunner.run(["convert", "Samples/quotes.csv", "-o", output, "--plist-base", base, "-q"])
        #expect(result == CLIRunner.Result(status: 0, stdout: "", stderr: ""))
        let read = try ExternalProgram.run(python, ["-c", """
            import json, plistlib, sys
            domain = plistlib.load(open(sys.argv[1], "rb"))
            print(sorted(domain), domain["NSLanguages"], domain["launchCount"], domain["showFavouriteOnTop"],
                  [card["text"][:12] for card in json.loads(domain["cards"])])
            """, output])
        #expect(read.output == "['NSLanguages', 'cards', 'launchCount', 'showFavouriteOnTop'] ['de', 'en'] 7 False "
                + "['Simplicity i', 'Das Leben wi', '知之为知之，不知为不知，', '=SUM(A1:A3) ']\n", "\(read.errors)")
        // A base that is not an app's domain is refused before anything is written.
        try scratch.write("list.plist", "<?xml version=\"1.0\"?><plist version=\"1.0\"><array><string>x</string></array></plist>")
        let refused = try CLIRunner.run(["convert", "Samples/quotes.csv", "-o", scratch.file("x.plist"), "--plist-base", scratch.file("list.plist")])
        #expect(refused == CLIRunner.Result(status: 65, stdout: "", stderr: """
            error: the --plist-base '\(scratch.file("list.plist"))' holds an array, not a dictionary of keys
              hint: name an app's domain: a property list whose root is a dictionary

            """))
        #expect(!FileManager.default.fileExists(atPath: scratch.file("x.plist")))
    }
}
