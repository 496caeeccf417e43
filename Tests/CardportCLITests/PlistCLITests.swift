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
}
