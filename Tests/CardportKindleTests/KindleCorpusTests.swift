@testable import CardportKindle
import CardportCore
import CardportTestSupport
import Foundation
import Testing

/// Every real clippings file in the shared corpus reads with no entry lost: each entry's text is in
/// the output unless a later edit replaced it, and every entry is counted.
///
/// The corpus is the folder `../shared/corpus/kindle` next to the checkout (or the folder named by
/// `CARDPORT_KINDLE_CORPUS`). Where there is none, the suite is reported as skipped, saying why;
/// in CI (`CI=true`) it runs and fails instead.
@Suite(.enabled(if: KindleCorpus.exists || KindleCorpus.isCI, "no Kindle corpus at ../shared/corpus/kindle (or CARDPORT_KINDLE_CORPUS)"))
struct KindleCorpusTests {
    static let folder = KindleCorpus.folder

    static var files: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { $0.hasSuffix(".txt") }.sorted()
    }

    @Test func theCorpusIsComplete() {
        #expect(KindleCorpus.exists, "CI=true and no Kindle corpus at \(Self.folder)")
        // The folder is there: all 26 files must be, so a partial copy cannot pass unnoticed.
        #expect(Self.files.count >= 26, "expected the 26 Kindle corpus files in \(Self.folder)")
    }

    @Test(arguments: files)
    func readsEveryEntry(_ name: String) throws {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Self.folder + "/" + name)))
        let parsed = KindleParser.parse(bytes, name: name)
        #expect(parsed.unreadable == 0, "\(parsed.problems.map(\.description))")
        #expect(parsed.problems.isEmpty, "\(parsed.problems.map(\.description))")
        let folded = KindleReplay.replay(parsed.clippings)
        let s = folded.statistics
        // Every entry is accounted for.
        let highlights = (s.entries[.highlight] ?? 0) + (s.entries[.article] ?? 0)
        let notes = s.entries[.note] ?? 0
        #expect(folded.citations.count + s.replacedVersions + s.replacedRepeats + s.notesAttached
                + s.skippedBookmarks + s.skippedEmpty == highlights + notes + (s.entries[.bookmark] ?? 0))
        #expect(s.notesAttached + s.notesAlone + folded.citations.filter { $0.text.isEmpty }.count <= notes)
        // Every citation has a date, a source without a byte-order mark, and its text.
        for citation in folded.citations {
            #expect(citation.createdAt != nil)
            #expect(!(citation.source ?? "").contains("\u{FEFF}"))
            #expect(!citation.text.isEmpty)
            #expect(!citation.text.contains("\r"))
        }
        // The same title line is one source: no book splits on a byte-order mark.
        let sources = Set(folded.citations.map { "\($0.source ?? "")\u{0}\($0.author ?? "")" })
        #expect(sources.count <= s.books)
    }

    @Test(arguments: files)
    func linesOfOneShapeReadAsTheFullParserReadsThem(_ name: String) throws {
        let text = try String(contentsOfFile: Self.folder + "/" + name, encoding: .utf8)
        var plans = KindleMetadataPlans()
        for line in text.split(whereSeparator: \.isNewline) where line.hasPrefix("- ") || line.hasPrefix("– ") {
            let bytes = Array(line.utf8)
            let planned = bytes.withUnsafeBytes { plans.parse($0) }
            #expect(planned == KindleMetadataLine(parsing: bytes), "\(line)")
        }
    }

    @Test func knownFilesGiveKnownCounts() throws {
        func statistics(_ name: String) throws -> (Int, KindleStatistics) {
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Self.folder + "/" + name)))
            let folded = KindleReplay.replay(KindleParser.parse(bytes, name: name).clippings)
            return (folded.citations.count, folded.statistics)
        }
        let (japanese, ja) = try statistics("ja-2021-2023-large.txt")
        #expect(ja.entries[.highlight] == 3209 && ja.entries[.bookmark] == 65 && ja.entries[.note] == 6)
        // Empty texts: 33 written empty, and those that hold nothing but the clipping-limit marker.
        let jaText = try String(contentsOfFile: Self.folder + "/ja-2021-2023-large.txt", encoding: .utf8)
        let markerOnly = jaText.split(whereSeparator: \.isNewline).filter {
            $0.trimmingCharacters(in: .whitespacesAndNewlines) == "<このアイテムのクリップの上限に達しました>"
        }.count
        #expect(markerOnly > 0)
        #expect(ja.skippedEmpty == 33 + markerOnly)
        #expect(japanese == 3209 - ja.skippedEmpty - ja.replacedRepeats - ja.replacedVersions + ja.notesAlone)
        // The Japanese clipping-limit marker is removed like the English one.
        #expect(ja.truncated > 0)
        let (_, limit) = try statistics("en-us-2020-clip-limit-large.txt")
        #expect(limit.truncated == 46)
        let (_, portuguese) = try statistics("pt-br-2019-bom-every-entry.txt")
        #expect(portuguese.books == 8 && portuguese.skippedBookmarks == 3)
        let (_, articles) = try statistics("en-articles-same-location-diff-titles.txt")
        #expect(articles.replacedVersions == 0 && articles.replacedRepeats == 0)
    }
}

/// Where the real clippings files are.
enum KindleCorpus {
    static let folder = ProcessInfo.processInfo.environment["CARDPORT_KINDLE_CORPUS"]
        ?? PackagePaths.root + "/../shared/corpus/kindle"

    static var exists: Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// Whether the tests run in CI, where a missing corpus is a failure, not a skip.
    static var isCI: Bool { ProcessInfo.processInfo.environment["CI"] == "true" }
}
