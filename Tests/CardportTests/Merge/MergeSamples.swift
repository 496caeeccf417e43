import Cardport
import CardportCore
import CardportTestSupport
import PropertyBased

/// Collections full of copies: citations that repeat each other with other case, spacing,
/// punctuation, tags, flags and dates, shortened (near duplicates), and bookmarks with and without
/// `www.` and tracking parameters.
enum MergeSamples {
    static let words = ["well", "begun", "is", "half", "done", "carpe", "diem", "the", "art", "heart", "of", "war", "été", "ΣΟΦΊΑ", "知之"]
    static let authors = ["Aristotle", "aristotle", "Horace", "Sun Tzu", nil]
    static let sources = ["Politics", "Odes", nil]
    static let tags = ["Wisdom", "wisdom", "latin", "war", "été", "Books"]

    /// Shrinks by leaving records out, one at a time, so a failure prints the few records that matter.
    static let records = Generator<[Record], [[Record]]>(run: { rng in
        var originals: [Citation] = []
        var records: [Record] = []
        for _ in 0..<Int.random(in: 0...24, using: &rng) {
            switch Int.random(in: 0..<10, using: &rng) {
            case 0..<4 where !originals.isEmpty:
                records.append(.citation(variant(of: originals.randomElement(using: &rng)!, using: &rng)))
            case 0..<7:
                let citation = original(using: &rng)
                originals.append(citation)
                records.append(.citation(citation))
            case 7..<9:
                records.append(.bookmark(bookmark(using: &rng)))
            default:
                records.append(.tag(Tag(name: tags.randomElement(using: &rng)!,
                                        colour: Bool.random(using: &rng) ? .named(.teal) : nil)))
            }
        }
        return records
    }, shrink: { records in records.indices.map { index in var fewer = records; fewer.remove(at: index); return fewer } })

    static func original(using rng: inout some RandomNumberGenerator) -> Citation {
        let text = (0..<Int.random(in: 1...6, using: &rng)).map { _ in words.randomElement(using: &rng)! }.joined(separator: " ")
        return Citation(text: text + (Bool.random(using: &rng) ? "." : ""),
                        author: authors.randomElement(using: &rng)!, source: sources.randomElement(using: &rng)!,
                        tags: (0..<Int.random(in: 0...2, using: &rng)).map { _ in tags.randomElement(using: &rng)! },
                        isFavourite: Int.random(in: 0..<4, using: &rng) == 0,
                        isArchived: Int.random(in: 0..<4, using: &rng) == 0,
                        createdAt: Bool.random(using: &rng) ? RandomCards.timestamp(using: &rng) : nil,
                        updatedAt: Bool.random(using: &rng) ? RandomCards.timestamp(using: &rng) : nil,
                        note: Int.random(in: 0..<4, using: &rng) == 0 ? "note \(Int.random(in: 0..<3, using: &rng))" : nil,
                        extras: Bool.random(using: &rng) ? ["origin": ["a", "b"].randomElement(using: &rng)!] : [:])
    }

    static func variant(of base: Citation, using rng: inout some RandomNumberGenerator) -> Citation {
        var copy = original(using: &rng)
        copy.author = base.author.map { Bool.random(using: &rng) ? $0.uppercased() : $0 }
        copy.source = Bool.random(using: &rng) ? base.source : copy.source
        switch Int.random(in: 0..<4, using: &rng) {
        case 0: copy.text = "“" + base.text.uppercased() + "”"
        case 1: copy.text = "  " + base.text.replacingSpaces() + "…"
        case 2:
            // Shortened by whole words: a near duplicate when author and source agree.
            let words = base.text.split(separator: " ")
            copy.text = words.prefix(max(1, words.count - 1)).joined(separator: " ")
            copy.source = base.source
        default: copy.text = base.text
        }
        copy.id = RecordID.citation(text: copy.text, author: copy.author, source: copy.source)
        return copy
    }

    static func bookmark(using rng: inout some RandomNumberGenerator) -> Bookmark {
        let host = ["example.org", "www.example.org", "Example.org"].randomElement(using: &rng)!
        let path = ["/a", "/a/", "/b", "/a?utm_source=x", "/#/inbox"].randomElement(using: &rng)!
        return Bookmark(name: Bool.random(using: &rng) ? "Example" : nil, text: "https://\(host)\(path)",
                        tags: Bool.random(using: &rng) ? ["web"] : [],
                        updatedAt: Bool.random(using: &rng) ? RandomCards.timestamp(using: &rng) : nil)
    }
}

extension String {
    func replacingSpaces() -> String { split(separator: " ").joined(separator: " \t ") }
}
