public import CardportCore

/// A Markdown document's leading `---` YAML block, as ordered typed entries.
///
/// Front matter is read with the same parser and limits as YAML files, YAML 1.1 pitfalls
/// included: `tags: [no, on]` reads as two strings, a bare `true` or `false` as a flag, a date as
/// the text it was written as. A value of any other shape (a nested mapping, a list of lists) is
/// kept as its YAML text, never dropped.
///
/// ```swift
/// var front = FrontMatter()
/// front["title"] = .string("Meditations")
/// front["tags"] = .list(["stoic", "no"])
/// front.rendered()   // "---\ntitle: Meditations\ntags: [stoic, \"no\"]\n---\n"
/// ```
public struct FrontMatter: Sendable, Hashable {
    /// One value: text, a flag, a list of texts, or (anything else) the value's YAML text.
    public enum Value: Sendable, Hashable {
        /// Text, exactly as written (dates and YAML 1.1 words like `no` included); null reads as `""`.
        case string(String)
        /// A plain `true` or `false`.
        case bool(Bool)
        /// A list of scalars, each as text.
        case list([String])
    }

    /// One `key: value` line, in document order.
    public struct Entry: Sendable, Hashable {
        /// The key, as text.
        public var key: String
        /// The value.
        public var value: Value

        /// An entry.
        public init(key: String, value: Value) {
            self.key = key
            self.value = value
        }
    }

    /// The entries in document order, each key once.
    public var entries: [Entry]

    /// Front matter with these entries.
    public init(entries: [Entry] = []) {
        self.entries = entries
    }

    /// The value of `key`, or nil; setting appends or replaces in place, `nil` removes.
    public subscript(key: String) -> Value? {
        get { entries.first { $0.key == key }?.value }
        set {
            let index = entries.firstIndex { $0.key == key }
            switch (index, newValue) {
            case (let index?, let value?): entries[index].value = value
            case (let index?, nil): entries.remove(at: index)
            case (nil, let value?): entries.append(Entry(key: key, value: value))
            case (nil, nil): break
            }
        }
    }

    /// Finds a front-matter block at the very start of `bytes` (after an optional BOM): a line `---`,
    /// YAML, and a line `---` or `...`. Returns nil when the document has none.
    ///
    /// `bodyOffset` is the byte offset where the body starts, `bodyLine` its 1-based line number.
    /// Errors carry `name`, 1-based line and column of the YAML problem in the whole file.
    public static func extract(from bytes: UnsafeRawBufferPointer, name: String, limits: YAMLLimits = YAMLLimits())
        throws(CardportError) -> (frontMatter: FrontMatter, bodyOffset: Int, bodyLine: Int)?
    {
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        let opening = line(in: bytes, from: start)
        guard fence(bytes, opening.content) == UInt8(ascii: "-") else { return nil }
        var cursor = opening.next
        var lineNumber = 2
        while cursor < bytes.count {
            let current = line(in: bytes, from: cursor)
            if fence(bytes, current.content) != nil {
                let yaml = UnsafeRawBufferPointer(rebasing: bytes[opening.next..<cursor])
                do {
                    let frontMatter = try parse(yaml, name: name, offset: opening.next, limits: limits)
                    return (frontMatter, current.next, lineNumber + 1)
                } catch {
                    throw echoingWholeLine(error, in: bytes, from: start)
                }
            }
            cursor = current.next
            lineNumber += 1
        }
        return nil
    }

    /// The error with its source line taken from the whole file: a problem found at the end of the
    /// YAML points at the closing `---`, which the parser never saw.
    private static func echoingWholeLine(_ error: CardportError, in bytes: UnsafeRawBufferPointer,
                                         from start: Int) -> CardportError {
        guard let location = error.location else { return error }
        var cursor = start
        for _ in 1..<location.line { cursor = line(in: bytes, from: cursor).next }
        var end = cursor
        while end < bytes.count, bytes[end] != 0x0A { end += 1 }
        if end > cursor, bytes[end - 1] == 0x0D { end -= 1 }
        var copy = error
        copy.sourceLine = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[cursor..<end]), as: UTF8.self)
        return copy
    }

    /// The line starting at `start`: its content (without `\r\n`) and where the next line starts.
    private static func line(in bytes: UnsafeRawBufferPointer, from start: Int) -> (content: Range<Int>, next: Int) {
        var end = start
        while end < bytes.count, bytes[end] != 0x0A { end += 1 }
        let next = end < bytes.count ? end + 1 : end
        var contentEnd = end
        while contentEnd > start, bytes[contentEnd - 1] == 0x0D || bytes[contentEnd - 1] == 0x20
                || bytes[contentEnd - 1] == 0x09 { contentEnd -= 1 }
        return (start..<contentEnd, next)
    }

    /// `-` for a `---` line, `.` for a `...` line, else nil.
    private static func fence(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>) -> UInt8? {
        guard range.count == 3 else { return nil }
        let first = bytes[range.lowerBound]
        guard first == UInt8(ascii: "-") || first == UInt8(ascii: "."),
              bytes[range.lowerBound + 1] == first, bytes[range.lowerBound + 2] == first else { return nil }
        return first
    }

    private static func parse(_ yaml: UnsafeRawBufferPointer, name: String, offset: Int, limits: YAMLLimits) throws(CardportError) -> FrontMatter {
        let input = try ByteInput(bytes: yaml, name: name)
        let source = YAMLSource(input: input, lineShift: 1, offsetShift: offset)
        let composer = YAMLComposer(parser: YAMLParser(source: source), limits: limits)
        var root: YAMLNode?
        while let event = try composer.next() {
            switch event {
            case .streamStart, .documentEnd, .streamEnd: continue
            case .documentStart:
                guard root == nil else {
                    throw source.error(.malformedInput, "front matter holds one YAML document, not several",
                                       at: composer.mark, hint: "end the front matter with a line '---'")
                }
                root = try composer.node()
            default:
                throw source.error(.malformedInput, "unexpected YAML structure", at: composer.mark)
            }
        }
        guard let root else { return FrontMatter() }
        switch root.value {
        case .scalar(let scalar) where scalar.isNull:
            return FrontMatter()
        case .mapping(let pairs):
            let lines = YAMLLines(yaml)
            var frontMatter = FrontMatter()
            for pair in pairs {
                let key = pair.key.scalar?.text ?? pair.key.flowText
                frontMatter[key] = value(of: pair.value, lines: lines)
            }
            return frontMatter
        default:
            throw source.error(.invalidValue, "front matter must be key: value lines, not \(root.typeName)",
                               at: root.mark, hint: "write one 'key: value' per line between the '---' lines")
        }
    }

    private static func value(of node: YAMLNode, lines: YAMLLines) -> Value {
        switch node.value {
        case .scalar(let scalar):
            if scalar.isNull { return .string("") }
            if scalar.isPlain || scalar.tag == YAMLScalar.boolTag {
                switch scalar.text {
                case "true", "True", "TRUE": return .bool(true)
                case "false", "False", "FALSE": return .bool(false)
                default: break
                }
                if scalar.tag == YAMLScalar.boolTag, let flag = scalar.bool { return .bool(flag) }
            }
            return .string(scalar.text)
        case .sequence(let items):
            var texts: [String] = []
            for item in items {
                guard let scalar = item.scalar else { return .string(lines.text(from: node.mark, to: node.endMark)) }
                texts.append(scalar.isNull ? "" : scalar.text)
            }
            return .list(texts)
        case .mapping:
            return .string(lines.text(from: node.mark, to: node.endMark))
        }
    }

    /// The block with both `---` lines, ending in a newline; deterministic, strings quoted only when
    /// YAML needs it, lists in flow style `[a, b]` when short or block style otherwise.
    public func rendered() -> String {
        var writer = YAMLBlockWriter(capacity: 256)
        writer.append("---\n")
        for entry in entries {
            writer.key(text: entry.key, indent: 0)
            switch entry.value {
            case .string(let text): writer.string(text, indent: 2)
            case .bool(let flag): writer.plain(flag ? "true" : "false")
            case .list(let items):
                if FrontMatter.isShort(items) { writer.flowList(items) } else { writer.blockList(items, indent: 0) }
            }
        }
        writer.append("---\n")
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    /// Whether a list reads well on one line.
    private static func isShort(_ items: [String]) -> Bool {
        var width = 0
        for item in items {
            if item.utf8.contains(0x0A) { return false }
            width += item.utf8.count + 2
        }
        return width <= 60
    }
}
