import CardportCore
@testable import CardportJSON
import CardportTestSupport
import Foundation
import Testing

/// Random bookmarks, awkward text and all, written as a Firefox backup and as buku's Markdown and
/// imported by buku itself: every bookmark Cardport writes arrives with its URL and tags.
@Suite struct BukuImportTests {
    /// What buku holds after importing `file`, by URL.
    private func imported(_ file: String, in scratch: TemporaryDirectory) throws -> [String: (title: String, tags: [String])]? {
        guard let buku = try BukuDatabase(in: scratch) else { return nil }
        try buku.importFile(file)
        return try buku.bookmarks()
    }

    /// Random bookmarks with URLs (buku keeps only links), each URL once.
    private func bookmarks(seed: UInt64) -> [Bookmark] {
        var rng = SplitRandom(seed: seed)
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
        // Expected from the bookmarks themselves, by Formats.md's rules for buku's Markdown: a title
        // with a line break or `](` is left out, and so are tags that are empty or hold a comma, `)`,
        // `-->`, a line break or white space (tabs too) at either end.
        #expect(found.count == bookmarks.count)
        for bookmark in bookmarks {
            let name = bookmark.name ?? ""
            let title = name.contains("\n") || name.contains("\r") || name.contains("](") ? "" : name
            let tags = bookmark.tags.filter { tag in
                !tag.isEmpty && ![",", ")", "-->", "\n", "\r"].contains { tag.contains($0) }
                    && tag.unicodeScalars.first?.properties.isWhitespace == false
                    && tag.unicodeScalars.last?.properties.isWhitespace == false
            }
            #expect(found[bookmark.text]?.title == title, "\(bookmark.text)")
            #expect(found[bookmark.text]?.tags == tags, "\(bookmark.text)")
        }
    }
}
