@testable import CardportKindle
import CardportCore
import Foundation
import Testing

/// The content invariant on real files: every highlight's and note's text, as this test reads it
/// with its own small splitter, is in the reader's output, unless a *later* entry of the same book
/// edits it (holds it or is held by it, overlapping its location).
///
/// The test reads entries without the reader: entries end at lines that are exactly `==========`;
/// an entry is a title line, a metadata line, an optional blank line and the text. Its numbers are
/// every run of digits in the metadata line before the last `|`; two entries overlap when a range
/// of one meets a range of the other, or either has none (so the test excuses more than the rule,
/// never less). Texts are compared after NFKC, lower-casing, quote unification, whitespace
/// collapsing and edge punctuation trimming, and held by plain substring (again more lenient).
@Suite(.enabled(if: KindleCorpus.exists || KindleCorpus.isCI, "no Kindle corpus at ../shared/corpus/kindle (or CARDPORT_KINDLE_CORPUS)"))
struct KindleCorpusContentTests {
    struct Entry {
        var title: String
        var ranges: [ClosedRange<Int>]
        var text: String
        var normalised: String
    }

    static let markers = ["<You have reached the clipping limit for this item>", "<このアイテムのクリップの上限に達しました>"]

    /// The file's entries with text, in file order.
    static func entries(_ data: Data) -> [Entry] {
        // Lines end at `\n`; a `\r` before it (one or more) belongs to the ending.
        let lines = data.split(separator: 0x0A, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        var entries: [Entry] = []
        var current: [String] = []
        func clean(_ line: String) -> String {
            var line = Substring(line)
            while line.hasPrefix("\u{FEFF}") { line = line.dropFirst() }
            while line.hasSuffix("\r") { line = line.dropLast() }
            return String(line)
        }
        func finish() {
            let block = current.drop { $0.trimmingCharacters(in: .whitespaces).isEmpty }
            current = []
            guard block.count >= 2 else { return }
            let title = block[block.startIndex].trimmingCharacters(in: .whitespaces.union(CharacterSet(charactersIn: "\u{FEFF}")))
            let meta = block[block.startIndex + 1]
            var body = Array(block.dropFirst(2))
            if body.first?.isEmpty == true { body.removeFirst() }
            var text = body.joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
            for marker in markers where text.hasSuffix(marker) {
                text = String(text.dropLast(marker.count)).trimmingCharacters(in: .whitespacesAndNewlines)
            }
            guard !text.isEmpty else { return }
            let place = meta.split(separator: "|").dropLast().joined(separator: "|")
            var ranges: [ClosedRange<Int>] = []
            var numbers: [Int] = []
            var digits = ""
            var afterDash = false
            for character in place + " " {
                if character.isASCII, character.isNumber {
                    digits.append(character)
                    continue
                }
                if let number = Int(digits) {
                    if afterDash, let first = numbers.popLast() {
                        ranges.append(first...max(first, number, first - first % 100 + number % 100))
                        ranges.append(number...number)
                    } else {
                        numbers.append(number)
                    }
                    afterDash = false
                }
                digits = ""
                if character == "-" || character == "–" { afterDash = true } else if character != " " { afterDash = false }
            }
            ranges += numbers.map { $0...$0 }
            entries.append(Entry(title: title, ranges: ranges, text: text, normalised: normalise(text)))
        }
        for raw in lines {
            let line = clean(raw)
            if line == "==========" { finish() } else { current.append(line) }
        }
        finish()
        return entries
    }

    static func normalise(_ text: String) -> String {
        var folded = text.precomposedStringWithCompatibilityMapping.lowercased()
        for (from, to) in [("“", "\""), ("”", "\""), ("„", "\""), ("«", "\""), ("»", "\""), ("‘", "'"), ("’", "'")] {
            folded = folded.replacingOccurrences(of: from, with: to)
        }
        folded = folded.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return folded.trimmingCharacters(in: .punctuationCharacters.union(.whitespaces).union(.symbols))
    }

    static func overlap(_ a: Entry, _ b: Entry) -> Bool {
        a.ranges.isEmpty || b.ranges.isEmpty || a.ranges.contains { x in b.ranges.contains { x.overlaps($0) } }
    }

    @Test(arguments: KindleCorpusTests.files)
    func everyTextIsInTheOutputUnlessALaterEntryEditsIt(_ name: String) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: KindleCorpus.folder + "/" + name))
        let entries = Self.entries(data)
        #expect(!entries.isEmpty)
        let citations = KindleReplay.replay(KindleParser.parse([UInt8](data), name: name).clippings).citations
        let outputs = Set(citations.map(\.text))
        let notes = citations.compactMap(\.note)
        var lost: [String] = []
        for (index, entry) in entries.enumerated() where !outputs.contains(entry.text) && !notes.contains(where: { $0.contains(entry.text) }) {
            let edited = entries[(index + 1)...].contains { later in
                later.title == entry.title && Self.overlap(entry, later)
                    && (later.normalised.contains(entry.normalised) || entry.normalised.contains(later.normalised))
            }
            if !edited { lost.append("\(entry.ranges.first.map { "\($0)" } ?? "-") \(entry.text.prefix(60))") }
        }
        #expect(lost.isEmpty, "\(lost.count) texts of \(name) are lost: \(lost.prefix(5))")
    }
}
