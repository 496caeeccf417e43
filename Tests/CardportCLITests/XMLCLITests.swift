import CardportTestSupport
import Foundation
import Testing

/// Bookmark files and outlines on the command line: the links they skip, folder tags, XML errors.
@Suite struct XMLCLITests {
    @Test func convertCountsTheLinksItSkips() throws {
        let scratch = try TemporaryDirectory()
        let result = try CLIRunner.run(["convert", "Samples/firefox-bookmarks.html", "-o", scratch.file("bookmarks.opml")])
        #expect(result == CLIRunner.Result(status: 0, stdout: "", stderr: """
            read 7 records from Samples/firefox-bookmarks.html (netscape): 7 bookmarks
              place: links skipped: 1, javascript: links skipped: 1, about: links skipped: 1, chrome:// links skipped: 1
            wrote 7 records to \(scratch.file("bookmarks.opml")) (opml)

            """))
        #expect(try scratch.read("bookmarks.opml").contains(
            #"<outline type="link" text="The Need to Read" url="https://paulgraham.com/read.html" category="Reading,Essays" created="Thu, 01 Feb 2024 00:00:00 GMT" modified="Fri, 02 Feb 2024 00:00:00 GMT" shortcuturl="pg"/>"#))
    }

    @Test func inspectCountsTheLinksItSkips() throws {
        let result = try CLIRunner.run(["inspect", "Samples/chrome-bookmarks.html", "Samples/study-topics.opml"])
        #expect(result == CLIRunner.Result(status: 0, stdout: """
            Samples/chrome-bookmarks.html: netscape, 8 records (8 bookmarks)
              chrome:// links skipped: 1
            Samples/study-topics.opml: opml, 5 records (1 citation, 4 topics)

            """, stderr: ""))
    }

    @Test func foldersAsTagsChoosesWhichFolderNamesBecomeTags() throws {
        let parent = try CLIRunner.run(["convert", "Samples/chrome-bookmarks.html", "-o", "-", "--to", "jsonl",
                                        "--kind", "bookmarks", "--folders-as-tags", "parent", "-q"])
        #expect(parent.status == 0)
        #expect(parent.stdout.split(separator: "\n")[2]
                == #"{"kind":"bookmark","id":"0b8ea766-0089-85c6-8660-3591cf7579fb","name":"AWS Health Dashboard","text":"https://status.aws.amazon.com/?region=eu-central-1&tab=health","tags":["Infra & Ops"],"created_at":"2020-03-01T00:01:40Z"}"#)
        let wrong = try CLIRunner.run(["convert", "Samples/feeds.opml", "-o", "-", "--to", "jsonl", "--folders-as-tags", "some"])
        #expect(wrong.status == 64)
        #expect(wrong.stderr.hasPrefix("Error: The value 'some' is invalid for '--folders-as-tags <which>': 'some' is not one of: none, parent, all\n"))
    }

    @Test func malformedXMLIsACompilerStyleErrorAndNothingElse() throws {
        let scratch = try TemporaryDirectory()
        let input = try scratch.write("amp.opml", "<opml version=\"2.0\">\n  <body>\n    <outline text=\"a & b\"/>\n  </body>\n</opml>\n")
        let result = try CLIRunner.run(["convert", input, "-o", scratch.file("out.jsonl")])
        // Only Cardport's diagnostic: libxml2 prints nothing of its own.
        #expect(result == CLIRunner.Result(status: 65, stdout: "", stderr: """
            \(input):3:23: error: not well-formed XML: xmlParseEntityRef: no name
                3 |     <outline text="a & b"/>
                  |                       ^
              hint: check the file with 'xmllint --noout FILE'

            """))
        #expect(scratch.entries == ["amp.opml"])
    }
}
