import CardportCore
import CardportMachinery

/// A book as a clipping's title line names it: `Title (Author)`, `Title - Author`, or a bare title.
///
/// The author is the last balanced parenthesised group at the end of the line, so titles keep
/// their own parentheses and authors keep nested ones:
///
/// ```swift
/// KindleBook(titleLine: "Dune (Series Book 1) (Frank Herbert)").title    // "Dune (Series Book 1)"
/// KindleBook(titleLine: "飘（上下） ((美)米切尔)").author                    // "(美)米切尔"
/// KindleBook(titleLine: "Presuasion - Robert Cialdini").author           // "Robert Cialdini"
/// ```
public struct KindleBook: Sendable, Hashable {
    /// The title, without byte-order marks or surrounding spaces.
    public var title: String { didSet { digest = KindleBook.digest(title, author) } }
    /// The author as written (`Last, First` stays so), or `nil` when the line names none.
    public var author: String? { didSet { digest = KindleBook.digest(title, author) } }
    /// A digest of the title's and author's bytes: books are looked up once per entry, and a
    /// dictionary then hashes eight bytes instead of both texts.
    private(set) var digest: UInt64

    /// Books are the same when their title and author are the same bytes (no Unicode
    /// normalisation: a file names one book by one title line, and hashing stays cheap).
    public static func == (lhs: KindleBook, rhs: KindleBook) -> Bool {
        lhs.digest == rhs.digest && sameBytes(lhs.title, rhs.title) && (lhs.author == nil) == (rhs.author == nil)
            && sameBytes(lhs.author ?? "", rhs.author ?? "")
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(digest)
    }

    private static func digest(_ title: String, _ author: String?) -> UInt64 {
        let titleDigest = title.withUTF8Bytes { ByteDigest.of(UnsafeRawBufferPointer($0)) }
        guard var author else { return titleDigest }
        return (titleDigest &* 31) ^ (author.withUTF8 { ByteDigest.of(UnsafeRawBufferPointer($0)) } &+ 1)
    }

    /// Creates a book from its parts.
    public init(title: String, author: String?) {
        self.title = title
        self.author = author
        digest = KindleBook.digest(title, author)
    }

    /// Splits a title line into title and author.
    public init(titleLine: String) {
        var line = Substring(titleLine)
        while let first = line.unicodeScalars.first, first == "\u{FEFF}" || first.properties.isWhitespace {
            line = Substring(line.unicodeScalars.dropFirst())
        }
        while let last = line.unicodeScalars.last, last == "\u{FEFF}" || last.properties.isWhitespace {
            line = Substring(line.unicodeScalars.dropLast())
        }
        if let open = KindleBook.openingOfTrailingGroup(line), open > line.startIndex {
            let author = line[line.index(after: open)..<line.index(before: line.endIndex)]
            let title = line[..<open].trimmingSpaces
            if !title.isEmpty {
                self.init(title: String(title), author: author.trimmingSpaces.isEmpty ? nil : String(author.trimmingSpaces))
                return
            }
        }
        if line.last != ")", let dash = line.ranges(of: " - ").last {
            let title = line[..<dash.lowerBound].trimmingSpaces
            let author = line[dash.upperBound...].trimmingSpaces
            if !title.isEmpty && !author.isEmpty {
                self.init(title: String(title), author: String(author))
                return
            }
        }
        self.init(title: String(line), author: nil)
    }

    /// The authors one by one: the author split at `;`, ` and ` and ` & ` (commas stay, since
    /// `Last, First` is how many books name their author).
    ///
    /// ```swift
    /// KindleBook(title: "T", author: "Andrew Hunt;David Thomas").authors   // ["Andrew Hunt", "David Thomas"]
    /// ```
    public var authors: [String] {
        guard let author else { return [] }
        var parts = [Substring(author)]
        for separator in [";", " and ", " & "] {
            parts = parts.flatMap { $0.split(separator: separator) }
        }
        return parts.map { part in
            var part = part.trimmingSpaces
            while part.last == "," { part = part.dropLast().trimmingSpaces }
            return String(part)
        }.filter { !$0.isEmpty }
    }

    /// Where the balanced `(...)` group that ends the line opens, or `nil` when the line does not end in one.
    private static func openingOfTrailingGroup(_ line: Substring) -> Substring.Index? {
        guard line.last == ")" else { return nil }
        var depth = 0
        var index = line.endIndex
        while index > line.startIndex {
            index = line.index(before: index)
            switch line[index] {
            case ")": depth += 1
            case "(":
                depth -= 1
                if depth == 0 { return index }
            default: break
            }
        }
        return nil
    }
}

/// Whether two strings are the same UTF-8 bytes (one `memcmp`, no Unicode comparison).
func sameBytes(_ a: String, _ b: String) -> Bool {
    guard a.utf8.count == b.utf8.count else { return false }
    var a = a, b = b
    return a.withUTF8 { x in b.withUTF8 { y in x.count == 0 || ByteSearch.equal(x.baseAddress!, y.baseAddress!, count: x.count) } }
}

extension Substring {
    /// The text without spaces, tabs and other white space at either end.
    var trimmingSpaces: Substring {
        // Most texts start and end with a printable ASCII byte: nothing to trim.
        if let first = utf8.first, let last = utf8.last, first > 0x20, first < 0x7F, last > 0x20, last < 0x7F {
            return self
        }
        var text = self
        while let first = text.unicodeScalars.first, first.properties.isWhitespace {
            text = Substring(text.unicodeScalars.dropFirst())
        }
        while let last = text.unicodeScalars.last, last.properties.isWhitespace {
            text = Substring(text.unicodeScalars.dropLast())
        }
        return text
    }
}
