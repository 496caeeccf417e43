import CardportCore
import Foundation

/// How many values a property list holds once every reference is followed, and how deeply they
/// nest: measured on its bytes before Foundation's `PropertyListSerialization` reads it, so that a
/// list Foundation would not read safely is refused first.
///
/// In a binary list a dictionary or array names its values by their number in an offset table, so
/// one value may be named many times, and a damaged list may name itself or hold a set. Foundation
/// crashes the process while it bridges a set (a `FuzzPlist` finding, `Fuzz/Findings/plist-binary-set`);
/// a list that names itself, or whose dictionaries each name the next one twice, expands without
/// end to a reader that follows every name (`Fuzz/Findings/plist-binary-cycle`). The binary shape is
/// read from the offset table, with work bounded by the expansion limit; the XML depth from the
/// `<array>` and `<dict>` tags.
///
/// ```swift
/// let shape = try PlistShape(measuring: bytes, upTo: 1_000_000)
/// shape.values   // 3 for a dictionary of one key and its value
/// ```
struct PlistShape {
    /// The values the list holds with every reference followed (keys included), at most the limit
    /// it was measured up to plus one.
    var values: Int
    /// The deepest nesting of arrays and dictionaries (1 for a dictionary of strings).
    var depth: Int

    /// What is wrong with a binary list's structure.
    struct Malformed: Error {
        var reason: String
    }

    /// Measures `bytes`, counting values up to `limit` (a list of more says `limit + 1`). Throws
    /// ``Malformed`` when a binary list's offset table or references are broken or form a cycle.
    init(measuring bytes: [UInt8], upTo limit: Int) throws {
        // Foundation reads any `bplist0?` as a binary list.
        if bytes.starts(with: Array("bplist0".utf8)) {
            self = try PlistShape.binary(bytes, limit: limit)
        } else {
            self = PlistShape(values: 0, depth: PlistShape.xmlDepth(bytes))
        }
    }

    /// Refuses, before Foundation decodes it, a list whose references expand past
    /// `--max-expansion`, nest past `--max-depth`, or are broken (``PlistShape``).
    static func check(_ data: Data, limits: ReadLimits, name: String, location: SourceLocation?) throws(CardportError) {
        let shape: PlistShape
        do {
            shape = try PlistShape(measuring: [UInt8](data), upTo: limits.maximumExpansion)
        } catch {
            throw CardportError(.malformedInput, "\(name) is not a property list Cardport can read: \((error as? PlistShape.Malformed)?.reason ?? "\(error)")",
                                location: location, hint: "check that the file is a whole XML or binary property list (plutil -lint on a Mac)")
        }
        if shape.values > limits.maximumExpansion {
            throw limits.exceeded(.expansion, "the values in \(name), each counted as often as the list refers to it, are more than",
                                 location: location)
        }
        if shape.depth > limits.maximumDepth {
            throw limits.exceeded(.depth, "the arrays and dictionaries in \(name) nest deeper than", location: location)
        }
    }

    private init(values: Int, depth: Int) {
        self.values = values
        self.depth = depth
    }

    // MARK: Binary

    /// Walks the values the top one reaches, depth first without recursion, reading each
    /// container's references when it is first met. Every reference read adds at least one value
    /// to the top's count, so the walk stops once it has read more than `limit` of them: the work,
    /// and the memory, are bounded by the limit whatever the offset table says.
    private static func binary(_ b: [UInt8], limit: Int) throws -> PlistShape {
        func int(_ at: Int, _ size: Int) -> Int? {
            guard size >= 1, size <= 8, at >= 0, at <= b.count - size else { return nil }
            var value: UInt64 = 0
            for i in at..<(at + size) { value = value << 8 | UInt64(b[i]) }
            return value > UInt64(Int.max) ? nil : Int(value)
        }
        guard b.count >= 8 + 1 + 32 else { throw Malformed(reason: "the file is too short for its trailer") }
        let trailer = b.count - 32
        let offsetSize = Int(b[trailer + 6]), referenceSize = Int(b[trailer + 7])
        guard let count = int(trailer + 8, 8), let top = int(trailer + 16, 8), let table = int(trailer + 24, 8),
              (1...8).contains(offsetSize), (1...8).contains(referenceSize), count >= 1, count <= trailer,
              top < count, table >= 9, table <= trailer, count <= (trailer - table) / offsetSize,
              referenceSize == 8 || count <= 1 << (8 * referenceSize) else {
            throw Malformed(reason: "its trailer does not describe an offset table inside the file")
        }
        /// The values `index` names, read from the file; `nil` for a value that is no container.
        func references(of index: Int) throws -> [Int]? {
            guard let offset = int(table + index * offsetSize, offsetSize), offset >= 8, offset < table else {
                throw Malformed(reason: "value \(index) lies outside the file")
            }
            let marker = b[offset]
            let type = marker >> 4
            guard type != 0xC else { throw Malformed(reason: "value \(index) is a set, which a property list does not hold") }
            guard type == 0xA || type == 0xD else { return nil }
            var members = Int(marker & 0x0F)
            var position = offset + 1
            if members == 0x0F {
                let width = position < table && b[position] >> 4 == 1 ? 1 << Int(b[position] & 0x0F) : 0
                guard let long = int(position + 1, width) else { throw Malformed(reason: "value \(index) has no count it can be read by") }
                position += 1 + width
                members = long
            }
            let named = type == 0xD ? 2 : 1
            guard position <= table, members <= (table - position) / referenceSize / named else {
                throw Malformed(reason: "value \(index) names more values than the file holds")
            }
            read += members * named
            if read > limit { throw TooMany() }
            return try (0..<(members * named)).map { slot in
                guard let reference = int(position + slot * referenceSize, referenceSize), reference < count else {
                    throw Malformed(reason: "value \(index) names a value the offset table does not list")
                }
                return reference
            }
        }
        struct TooMany: Error {}
        var read = 0
        // What is known of each value met: being measured (met again: a cycle), or measured.
        // Only values the top reaches are held, at most one per reference read.
        enum Known { case measuring, measured(values: Int, depth: Int) }
        var known: [Int: Known] = [:]
        do {
            var stack: [(value: Int, children: [Int]?, next: Int)] = [(top, try references(of: top), 0)]
            known[top] = .measuring
            while let last = stack.last {
                if let children = last.children, last.next < children.count {
                    stack[stack.count - 1].next += 1
                    let child = children[last.next]
                    switch known[child] {
                    case nil:
                        known[child] = .measuring
                        stack.append((child, try references(of: child), 0))
                    case .measuring:
                        throw Malformed(reason: "value \(child) contains itself")
                    case .measured:
                        break
                    }
                    continue
                }
                stack.removeLast()
                var total = 1, deepest = 0
                for child in last.children ?? [] {
                    guard case .measured(let values, let depth) = known[child] else { continue }
                    total = min(limit + 1, total + values)
                    deepest = max(deepest, depth)
                }
                known[last.value] = .measured(values: total, depth: last.children == nil ? 0 : deepest + 1)
            }
        } catch is TooMany {
            return PlistShape(values: limit + 1, depth: 0)
        }
        guard case .measured(let values, let depth) = known[top] else { return PlistShape(values: 1, depth: 0) }
        return PlistShape(values: values, depth: depth)
    }

    // MARK: XML

    /// The deepest nesting of `<array>` and `<dict>` elements, read from their tags (a name followed
    /// by a space or `>`); an empty one (`<array/>`) does not nest, and comments and CDATA sections
    /// are skipped. A list in UTF-16 or in the old text form is not measured: Foundation's own limit
    /// of 512 levels stands for it.
    private static func xmlDepth(_ b: [UInt8]) -> Int {
        func starts(_ word: String, at index: Int) -> Bool {
            let word = Array(word.utf8)
            return index <= b.count - word.count && b[index..<(index + word.count)].elementsEqual(word)
        }
        func endsName(at index: Int) -> Bool {
            index < b.count && [UInt8(ascii: ">"), UInt8(ascii: "/"), 0x20, 0x09, 0x0A, 0x0D].contains(b[index])
        }
        func skip(past end: String, from index: Int) -> Int {
            let word = Array(end.utf8)
            var at = index
            while at <= b.count - word.count {
                if b[at] == word[0] && b[at..<(at + word.count)].elementsEqual(word) { return at + word.count }
                at += 1
            }
            return b.count
        }
        var depth = 0, deepest = 0
        var index = 0
        while index < b.count, let lt = b[index...].firstIndex(of: UInt8(ascii: "<")) {
            let next = lt + 1
            if starts("!--", at: next) {
                index = skip(past: "-->", from: next + 3)
                continue
            }
            if starts("![CDATA[", at: next) {
                index = skip(past: "]]>", from: next + 8)
                continue
            }
            let closing = starts("/", at: next)
            let name = closing ? next + 1 : next
            for word in ["array", "dict"] where starts(word, at: name) && endsName(at: name + word.count) {
                let close = b[name...].firstIndex(of: UInt8(ascii: ">")) ?? b.count
                if closing {
                    depth = max(0, depth - 1)
                } else if close == b.count || b[close - 1] != UInt8(ascii: "/") {
                    depth += 1
                    deepest = max(deepest, depth)
                }
            }
            index = next
        }
        return deepest
    }
}
