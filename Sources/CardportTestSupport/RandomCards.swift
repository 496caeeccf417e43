public import CardportCore
public import PropertyBased

/// Generators of random cards for property tests: every kind, every optional field sometimes set,
/// and text that exercises what formats get wrong (quotes, backslashes, line breaks of every kind,
/// control characters, markup, the separators of line formats, accents, emoji sequences, CJK,
/// right-to-left scripts), URLs of every shape.
///
/// The library generators shrink: a failing library is cut down record by record and field by field
/// (see ``LibraryShrinker``), so a failure prints a small case.
public enum RandomCards {
    /// Whole libraries of 0–12 records of every kind.
    public static let library = library(of: Set(RecordKind.allCases))

    /// Libraries that hold only the given kinds.
    public static func library(of kinds: Set<RecordKind>) -> Generator<Library, [Library]> {
        Generator(run: { rng in randomLibrary(using: &rng, kinds: kinds) }, shrink: LibraryShrinker.candidates)
    }

    /// Libraries of every kind where every optional text that is set is empty half the time, for
    /// checking that every format reads an empty optional text as none (``withoutEmptyTexts(_:)``).
    public static let libraryWithEmptyStrings = library.map { library in
        var rng = SplitRandom(seed: UInt64(truncatingIfNeeded: library.count &* 7919 &+ library.citations.count))
        func empty(_ text: String?) -> String? { text.map { Bool.random(using: &rng) ? "" : $0 } }
        var library = library
        library.citations = library.citations.map { c in
            var c = c
            (c.author, c.source, c.note) = (empty(c.author), empty(c.source), empty(c.note))
            c.extras = c.extras.mapValues { Bool.random(using: &rng) ? "" : $0 }
            return c
        }
        library.bookmarks = library.bookmarks.map { b in var b = b; b.name = empty(b.name); return b }
        library.topics = library.topics.map { t in
            var t = t
            t.notes = empty(t.notes)
            t.questions = t.questions.map { q in var q = q; q.answer = empty(q.answer); return q }
            return t
        }
        return library
    }

    /// `library` with every empty optional text as none: what a format reads back for it.
    public static func withoutEmptyTexts(_ library: Library) -> Library {
        func none(_ text: String?) -> String? { text?.isEmpty == true ? nil : text }
        var library = library
        library.citations = library.citations.map { c in
            var c = c
            (c.author, c.source, c.note) = (none(c.author), none(c.source), none(c.note))
            return c
        }
        library.bookmarks = library.bookmarks.map { b in var b = b; b.name = none(b.name); return b }
        library.topics = library.topics.map { t in
            var t = t
            t.notes = none(t.notes)
            t.questions = t.questions.map { q in var q = q; q.answer = none(q.answer); return q }
            return t
        }
        return library
    }

    /// A library of up to 12 records of the given kinds (and settings, half the time, when asked for).
    public static func randomLibrary(using rng: inout some RandomNumberGenerator, kinds: Set<RecordKind>) -> Library {
        var library = Library()
        if kinds.contains(.settings), Bool.random(using: &rng) { library.settings = settings(using: &rng) }
        let count = Int.random(in: 0...12, using: &rng)
        // Sorted: a set's order changes from one process to the next, and a seed must give one library.
        let cardKinds = kinds.filter { $0 != .settings }.sorted()
        for _ in 0..<count {
            let kind = cardKinds.randomElement(using: &rng)
            switch kind {
            case .citation: library.citations.append(citation(using: &rng))
            case .bookmark: library.bookmarks.append(bookmark(using: &rng))
            case .task: library.tasks.append(task(using: &rng))
            case .topic: library.topics.append(topic(using: &rng))
            case .tag: library.tags.append(tag(using: &rng))
            case .settings, nil: break
            }
        }
        return library
    }

    // MARK: Records

    /// A citation with every optional field set half the time.
    public static func citation(using rng: inout some RandomNumberGenerator) -> Citation {
        var citation = Citation(id: Bool.random(using: &rng) ? nil : word(using: &rng),
                 text: text(using: &rng, nonEmpty: true),
                 author: optional(using: &rng) { text(using: &$0, nonEmpty: true) },
                 source: optional(using: &rng) { text(using: &$0, nonEmpty: true) },
                 tags: list(using: &rng) { text(using: &$0, nonEmpty: true) },
                 isFavourite: Bool.random(using: &rng), isArchived: Bool.random(using: &rng),
                 createdAt: optional(using: &rng) { timestamp(using: &$0) },
                 updatedAt: optional(using: &rng) { timestamp(using: &$0) },
                 note: optional(using: &rng) { text(using: &$0, nonEmpty: true) },
                 location: optional(using: &rng) { location(using: &$0) },
                 extras: extras(using: &rng))
        // The e-reader fields come last, so the fields above are drawn as they were before these existed.
        citation.chapter = optional(using: &rng) { text(using: &$0, nonEmpty: true) }
        citation.colour = optional(using: &rng) { word(using: &$0) }
        citation.position = optional(using: &rng) { text(using: &$0, nonEmpty: true) }
        citation.sourceID = optional(using: &rng) { word(using: &$0) }
        return citation
    }

    /// A bookmark whose text is a URL half the time.
    public static func bookmark(using rng: inout some RandomNumberGenerator) -> Bookmark {
        Bookmark(id: Bool.random(using: &rng) ? nil : word(using: &rng),
                 name: optional(using: &rng) { text(using: &$0, nonEmpty: true) },
                 text: Bool.random(using: &rng) ? url(using: &rng) : text(using: &rng, nonEmpty: true),
                 tags: list(using: &rng) { text(using: &$0, nonEmpty: true) },
                 createdAt: optional(using: &rng) { timestamp(using: &$0) },
                 updatedAt: optional(using: &rng) { timestamp(using: &$0) },
                 extras: extras(using: &rng))
    }

    /// A task with a valid progress.
    public static func task(using rng: inout some RandomNumberGenerator) -> TaskItem {
        TaskItem(id: Bool.random(using: &rng) ? nil : word(using: &rng),
                 description: text(using: &rng, nonEmpty: true),
                 progress: try! TaskProgress(percent: 5 * Int.random(in: 0...20, using: &rng)),
                 createdAt: optional(using: &rng) { timestamp(using: &$0) },
                 updatedAt: optional(using: &rng) { timestamp(using: &$0) },
                 extras: extras(using: &rng))
    }

    /// A topic with links and questions.
    public static func topic(using rng: inout some RandomNumberGenerator) -> Topic {
        Topic(id: Bool.random(using: &rng) ? nil : word(using: &rng),
              title: text(using: &rng, nonEmpty: true),
              dueDate: optional(using: &rng) { timestamp(using: &$0) },
              status: Topic.Status.allCases.randomElement(using: &rng)!,
              notes: optional(using: &rng) { text(using: &$0, nonEmpty: true) },
              links: list(using: &rng) { url(using: &$0) },
              questions: list(using: &rng) { rng in
                  Question(text: text(using: &rng, nonEmpty: true),
                           answer: optional(using: &rng) { text(using: &$0, nonEmpty: true) },
                           isDone: Bool.random(using: &rng))
              },
              createdAt: optional(using: &rng) { timestamp(using: &$0) },
              updatedAt: optional(using: &rng) { timestamp(using: &$0) },
              extras: extras(using: &rng))
    }

    /// A tag with no colour, a palette colour or an RGB colour.
    public static func tag(using rng: inout some RandomNumberGenerator) -> Tag {
        let colour: TagColour? = switch Int.random(in: 0...2, using: &rng) {
        case 0: nil
        case 1: .named(TagColour.Name.allCases.randomElement(using: &rng)!)
        default: .rgb(UInt8.random(in: 0...255, using: &rng), UInt8.random(in: 0...255, using: &rng),
                      UInt8.random(in: 0...255, using: &rng))
        }
        return Tag(name: text(using: &rng, nonEmpty: true), colour: colour)
    }

    /// App settings.
    public static func settings(using rng: inout some RandomNumberGenerator) -> Settings {
        Settings(showFavouriteOnTop: Bool.random(using: &rng),
                 widgetTags: list(using: &rng) { text(using: &$0, nonEmpty: true) },
                 appearance: Settings.Appearance.allCases.randomElement(using: &rng)!,
                 language: optional(using: &rng) { ["en", "pt-BR", "de", "zh-Hans"].randomElement(using: &$0)! })
    }

    // MARK: Values

    /// Pieces text is built from: each one something a reader or writer could mishandle.
    static let pieces: [String] = [
        "Well begun is half done.", "a", "Z", "42", " ", "  ", ",", ";", "\"", "'", "\\", "/", "\\n",
        "\n", "\r\n", "\r", "\t", "\u{1}", "\u{7F}", "{", "}", "[", "]", ":", "#", "=cmd", "-", "+", "@",
        "é", "e\u{301}", "Straße", "Ærøskøbing", "“curly”", "‘single’", "—", "…", "\u{A0}", "\u{200B}",
        "👍🏽", "👨‍👩‍👧", "🇫🇷", "🏳️‍🌈", "学而时习之", "猿も木から落ちる", "시작이 반이다",
        "الصبر مفتاح الفرج", "\u{200F}", "אם אין אני לי", "Ω", "\u{FEFF}", "null", "true", "0x1F",
        // Markup: HTML and XML, Markdown emphasis, links, tables, strike-through.
        "<", ">", "&", "&amp;", "<b>", "(", ")", "*", "_", "|", "!", "~", "`", "](", "[x]",
        // Line breaks Unicode has besides CR and LF: next line, line and paragraph separators.
        "\u{85}", "\u{2028}", "\u{2029}",
        // Lines other formats give meaning to: a Kindle separator, a front-matter fence, a heading,
        // a quotation, todo.txt's done and priority prefixes.
        "\n==========\n", "==========", "\n---\n", "---", "\n# ", "> ", "x ", "(A) ", "x 2024-01-01 ",
    ]

    /// Text made of awkward pieces (see ``pieces``); empty only when `nonEmpty` is false.
    public static func text(using rng: inout some RandomNumberGenerator, nonEmpty: Bool = false) -> String {
        let count = Int.random(in: (nonEmpty ? 1 : 0)...6, using: &rng)
        var out = ""
        for _ in 0..<count { out += pieces.randomElement(using: &rng)! }
        return out
    }

    /// A URL of one of the shapes bookmarks hold: a query with several parameters, a fragment, a port,
    /// user information, an IPv6 or internationalised host, percent escapes, a path with spaces
    /// escaped, a trailing slash, other schemes.
    public static func url(using rng: inout some RandomNumberGenerator) -> String {
        let name = word(using: &rng)
        let shapes = [
            "https://example.org/\(name)?q=\(Int.random(in: 0...99, using: &rng))",
            "https://example.org/\(name)?a=1&b=two&c=%20three#section-\(name)",
            "http://example.org:8080/\(name)/",
            "https://user:p%40ss@example.org/\(name)",
            "http://[2001:db8::1]:8443/\(name)",
            "https://xn--bcher-kva.example/\(name)",
            "https://例え.テスト/\(name)",
            "https://example.org/path%20with%20spaces/\(name).html",
            "https://example.org/wiki/Caf%C3%A9_(\(name))",
            "https://example.org/?q=a+b&lang=en-GB&empty=",
            "ftp://ftp.example.org/pub/\(name).tar.gz",
            "file:///home/me/\(name).pdf",
            "mailto:\(name)@example.org",
            "https://EXAMPLE.org/\(name)/",
        ]
        return shapes.randomElement(using: &rng)!
    }

    /// A short lower-case ASCII word, for ids and URLs.
    public static func word(using rng: inout some RandomNumberGenerator) -> String {
        let letters = Array("abcdefghijklmnopqrstuvwxyz0123456789")
        return String((0..<Int.random(in: 1...12, using: &rng)).map { _ in letters.randomElement(using: &rng)! })
    }

    /// A date in any written form Cardport keeps: date-only, UTC, an offset or floating, 0–9 fraction digits.
    public static func timestamp(using rng: inout some RandomNumberGenerator) -> Timestamp {
        let year = Int.random(in: 1900...2100, using: &rng)
        let month = Int.random(in: 1...12, using: &rng)
        let day = Int.random(in: 1...28, using: &rng)
        if Int.random(in: 0...5, using: &rng) == 0 {
            return Timestamp(year: year, month: month, day: day, isDateOnly: true)!
        }
        let digits = [0, 0, 3, 6, 9].randomElement(using: &rng)!
        var scale: Int32 = 1
        for _ in digits..<9 { scale *= 10 }
        let maxFraction = digits == 0 ? 0 : Int32(1_000_000_000 / Int(scale)) - 1
        let nanos = Int32.random(in: 0...maxFraction, using: &rng) * scale
        let zone: Timestamp.Zone = switch Int.random(in: 0...2, using: &rng) {
        case 0: .utc
        case 1: .offset(minutes: 15 * Int.random(in: -56...56, using: &rng))
        default: .floating
        }
        return Timestamp(year: year, month: month, day: day, hour: Int.random(in: 0...23, using: &rng),
                         minute: Int.random(in: 0...59, using: &rng), second: Int.random(in: 0...59, using: &rng),
                         nanoseconds: nanos, zone: zone, fractionDigits: digits)!
    }

    /// A location with a page, a location range, or both.
    public static func location(using rng: inout some RandomNumberGenerator) -> CitationLocation {
        let start = Int.random(in: 0...3, using: &rng) == 0 ? nil : Int.random(in: 1...90_000, using: &rng)
        let page = (start == nil || Bool.random(using: &rng)) ? ["12", "xii", "12-13", "A-4"].randomElement(using: &rng)! : nil
        let end = start.map { $0 + Int.random(in: 0...40, using: &rng) }
        return CitationLocation(page: page, start: start, end: end)
    }

    static func extras(using rng: inout some RandomNumberGenerator) -> [String: String] {
        guard Int.random(in: 0...3, using: &rng) == 0 else { return [:] }
        var extras: [String: String] = [:]
        for _ in 0..<Int.random(in: 1...3, using: &rng) {
            extras["x_" + word(using: &rng)] = text(using: &rng)
        }
        return extras
    }

    static func optional<T>(using rng: inout some RandomNumberGenerator,
                            _ make: (inout any RandomNumberGenerator) -> T) -> T? {
        guard Bool.random(using: &rng) else { return nil }
        var erased: any RandomNumberGenerator = SplitRandom(seed: rng.next())
        return make(&erased)
    }

    static func list<T>(using rng: inout some RandomNumberGenerator,
                        _ make: (inout any RandomNumberGenerator) -> T) -> [T] {
        var erased: any RandomNumberGenerator = SplitRandom(seed: rng.next())
        return (0..<Int.random(in: 0...3, using: &rng)).map { _ in make(&erased) }
    }
}

/// A small deterministic generator (SplitMix64) seeded from the caller's, for nested generation,
/// and for tests that want the same random cards on every run.
///
/// ```swift
/// var rng = SplitRandom(seed: 7)
/// let library = RandomCards.randomLibrary(using: &rng, kinds: [.task])   // the same every run
/// ```
public struct SplitRandom: RandomNumberGenerator {
    var state: UInt64

    /// A generator that starts from `seed`.
    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
