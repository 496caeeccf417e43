import CardportCore
@testable import CardportJSON
import CardportTestSupport
import Foundation
import Testing

/// Random bookmarks, awkward text and all, written as a Firefox backup and as buku's Markdown and
/// imported by buku itself: every bookmark Cardport writes arrives with its URL and tags.
@Suite struct BukuImportTests {
    /// What buku holds after importing `file`, by URL: title and tags as buku prints them.
    private func imported(_ file: String, in scratch: TemporaryDirectory) throws -> [String: (title: String, tags: [String])]? {
        guard let buku = ExternalProgram.find("buku", package: "buku") else { return nil }
        let home = scratch.file("home")
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        let environment = ["HOME": home, "XDG_DATA_HOME": home + "/.local/share"]
        let result = try ExternalProgram.run(buku, ["--nostdin", "--np", "--tacit", "-i", file], environment: environment)
        #expect(result.status == 0, "buku -i failed: \(result.errors)")
        let listed = try ExternalProgram.run(buku, ["--nostdin", "--np", "-p", "-j"], environment: environment)
        // An empty database prints nothing at all.
        let text = listed.output.trimmingCharacters(in: .whitespacesAndNewlines)
        let json = text.isEmpty ? [] : try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]] ?? []
        var found: [String: (title: String, tags: [String])] = [:]
        for entry in json {
            let tags = (entry["tags"] as? String ?? "").split(separator: ",").map(String.init)
            found[entry["uri"] as? String ?? ""] = (entry["title"] as? String ?? "", tags)
        }
        return found
    }

    /// Random bookmarks with URLs (buku keeps only links), each URL once.
    private func bookmarks(seed: UInt64) -> [Bookmark] {
        var rng = SeededRandom(seed: seed)
        var seen = Set<String>()
        return RandomCards.randomLibrary(using: &rng, kinds: [.bookmark]).bookmarks.filter {
            $0.text.hasPrefix("https://") && seen.insert($0.text).inserted
        }
    }

    @Test(arguments: 1...4)
    func bukuImportsRandomFirefoxBackups(_ seed: UInt64) throws {
        let bookmarks = bookmarks(seed: seed)
        let scratch = try TemporaryDirectory()
        let file = try scratch.write("bookmarks.json", try FormatHarness.write(FirefoxBookmarksFormat(), bookmarks.map(Record.bookmark)).text)
        guard let found = try imported(file, in: scratch) else { return }
        #expect(found.count == bookmarks.count)
        for bookmark in bookmarks {
            // buku lower-cases, sorts and unites the tags of a Firefox backup.
            let tags = Set(bookmark.tags.filter(BookmarkTagList.canHold).map { $0.lowercased() }).sorted()
            #expect(found[bookmark.text]?.tags == tags, "\(bookmark.text)")
        }
    }

    @Test(arguments: 1...4)
    func bukuImportsRandomMarkdown(_ seed: UInt64) throws {
        let bookmarks = bookmarks(seed: seed)
        let scratch = try TemporaryDirectory()
        let written = try FormatHarness.write(BukuFormat(), bookmarks.map(Record.bookmark))
        let file = try scratch.write("bookmarks.md", written.text)
        guard let found = try imported(file, in: scratch) else { return }
        // What Cardport reads back from its own Markdown is what buku must hold.
        let expected = try FormatHarness.read(BukuFormat(), written.text).compactMap { record -> Bookmark? in
            if case .bookmark(let bookmark) = record { bookmark } else { nil }
        }
        #expect(found.count == expected.count)
        for bookmark in expected {
            #expect(found[bookmark.text]?.title == (bookmark.name ?? ""), "\(bookmark.text)")
            #expect(found[bookmark.text]?.tags == bookmark.tags, "\(bookmark.text)")
        }
    }
}
