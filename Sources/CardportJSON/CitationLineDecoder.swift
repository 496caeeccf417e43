import CardportCore
import CardportMachinery

/// Decodes the common JSON Lines citation straight from the bytes of its line: one pass, member
/// names matched on bytes, each string made once, dates parsed from bytes.
///
/// Most lines of a large citation file look alike: a flat object of `text`, `author`, `source`,
/// `tags`, `favourite` and the two dates. Going through a ``JSONValue`` tree and
/// ``RecordJSONDecoder`` costs a string per member name, a tree per line and a look-up by name per
/// member. This decoder handles exactly that common shape and says `nil` to anything else: an
/// unknown or repeated member, a number, a nested object, a value of an unexpected type, a date
/// that does not parse, invalid UTF-8, a string past the field-size limit, any syntax error. The
/// reader then decodes the line again through the tree, which gives the record or the located
/// error; so the fast path never changes a result, it only skips work. Escaped strings go through
/// ``JSONParser/parseString()``, the tree's own code.
struct CitationLineDecoder {
    /// ``ReadLimits/maximumFieldSize``: a longer string is left to the tree, which reports it.
    let maximumString: Int
    /// ``ReadLimits/maximumDepth`` allows a list inside the object.
    let isEnabled: Bool
    private let limits: ReadLimits

    init(limits: ReadLimits) {
        self.limits = limits
        self.maximumString = limits.maximumFieldSize
        self.isEnabled = limits.maximumDepth >= 2
    }

    /// The members this path knows, as the tree path maps them (``RecordField``).
    private enum Member: UInt16 {
        case kind = 1, id = 2, text = 4, author = 8, source = 16, tags = 32, favourite = 64, archived = 128
        case note = 256, createdAt = 512, updatedAt = 1024

        /// The member a name spells, matched on bytes; `nil` for any other name.
        static func named(_ p: UnsafePointer<UInt8>, _ count: Int) -> Member? {
            @inline(__always) func equals(_ word: StaticString) -> Bool {
                word.utf8CodeUnitCount == count && spells(p, word, count: count)
            }
            switch count {
            case 2: return equals("id") ? .id : nil
            case 4:
                if equals("text") { return .text }
                if equals("tags") { return .tags }
                if equals("kind") { return .kind }
                if equals("note") { return .note }
                return nil
            case 5: return equals("quote") ? .text : nil
            case 6:
                if equals("author") { return .author }
                if equals("source") { return .source }
                return nil
            case 8:
                if equals("favorite") { return .favourite }
                if equals("archived") { return .archived }
                return nil
            case 9:
                if equals("favourite") { return .favourite }
                if equals("createdAt") { return .createdAt }
                if equals("updatedAt") { return .updatedAt }
                return nil
            case 10:
                if equals("created_at") { return .createdAt }
                if equals("updated_at") { return .updatedAt }
                return nil
            default: return nil
            }
        }
    }

    /// The citation on `line` (without its line break), or `nil` when the tree path must decide.
    ///
    /// `kind` is the reader's kind hint: a line without a `kind` member is a citation only when
    /// the hint is `citation` or absent (a `text` member then makes the guess a citation).
    func citation(_ line: UnsafeRawBufferPointer, kind hint: RecordKind?) -> Citation? {
        guard let (citation, end) = decode(line, kind: hint), end == line.count else { return nil }
        return citation
    }

    /// The citation on the line that starts `window`, and the length of that line with its line
    /// break; `nil` when the tree path must decide, or when the line's break is not in the window.
    ///
    /// The reader then need not look for the line's end before decoding it: the decoder reads up
    /// to the end of the object, and only a line break may follow it (after spaces).
    func citationLine(_ window: UnsafeRawBufferPointer, kind hint: RecordKind?) -> (citation: Citation, length: Int)? {
        guard let (citation, end) = decode(window, kind: hint), end < window.count,
              window[end] == 0x0A else { return nil }
        return (citation, end + 1)
    }

    /// The citation at the start of `line` and the offset of the first byte after it and the
    /// spaces after it, which is the end of `line` or a line break; `nil` when the tree path must
    /// decide. A line break never counts as a space, so a line's citation never runs on into the next.
    private func decode(_ line: UnsafeRawBufferPointer, kind hint: RecordKind?) -> (Citation, Int)? {
        guard isEnabled, let base = line.baseAddress else { return nil }
        var cursor = Cursor(p: base.assumingMemoryBound(to: UInt8.self), count: line.count)
        var seen: UInt16 = 0
        var text: String?, author: String?, source: String?, note: String?, id: String?
        var tags: [String] = [], favourite = false, archived = false
        var created: Timestamp?, updated: Timestamp?
        var dates = RepeatedDate()

        guard cursor.skipSpace() == 0x7B else { return nil }
        cursor.index += 1
        guard cursor.skipSpace() == 0x22 else { return nil }
        while true {
            // The member name: plain bytes up to the closing quote.
            cursor.index += 1
            let nameStart = cursor.index
            guard let nameEnd = cursor.plainStringEnd(), nameEnd > nameStart, nameEnd - nameStart <= maximumString,
                  let member = Member.named(cursor.p + nameStart, nameEnd - nameStart),
                  seen & member.rawValue == 0 else { return nil }
            seen |= member.rawValue
            cursor.index = nameEnd + 1
            guard cursor.skipSpace() == 0x3A else { return nil }
            cursor.index += 1
            guard let first = cursor.skipSpace() else { return nil }
            switch member {
            case .kind:
                // Only the exact name: anything else (`Citation`, `citations`) is the tree's to judge.
                guard first == 0x22, let value = plainBytes(&cursor), value.count == 8,
                      spells(value.baseAddress!, "citation", count: 8) else { return nil }
            case .text:
                guard first == 0x22, let value = string(&cursor, line) else { return nil }
                text = value
            case .author, .source, .note, .id:
                let value: String?
                if first == 0x22 {
                    guard let string = string(&cursor, line) else { return nil }
                    value = string
                } else {
                    guard cursor.literal("null") else { return nil }
                    value = nil
                }
                switch member {
                case .author: author = value
                case .source: source = value
                case .note: note = value
                default: id = value
                }
            case .tags:
                if first == 0x5B {
                    cursor.index += 1
                    if cursor.skipSpace() == 0x5D {
                        cursor.index += 1
                    } else {
                        while true {
                            guard cursor.skipSpace() == 0x22, let tag = string(&cursor, line) else { return nil }
                            tags.append(tag)
                            let separator = cursor.skipSpace()
                            cursor.index += 1
                            if separator == 0x2C { continue }
                            guard separator == 0x5D else { return nil }
                            break
                        }
                    }
                } else {
                    guard cursor.literal("null") else { return nil }
                }
            case .favourite, .archived:
                let value: Bool
                if cursor.literal("true") {
                    value = true
                } else if cursor.literal("false") || cursor.literal("null") {
                    value = false
                } else {
                    return nil
                }
                if member == .favourite { favourite = value } else { archived = value }
            case .createdAt, .updatedAt:
                let value: Timestamp?
                if first == 0x22 {
                    // Dates are ASCII; anything else (an escape, a stray byte) is the tree's.
                    guard let bytes = plainBytes(&cursor) else { return nil }
                    if bytes.isEmpty {
                        value = nil
                    } else {
                        // Most records are updated when they are created: the same text, parsed once.
                        guard UTF8Validation.isASCII(bytes), let parsed = dates.parse(bytes) else { return nil }
                        value = parsed
                    }
                } else {
                    guard cursor.literal("null") else { return nil }
                    value = nil
                }
                if member == .createdAt { created = value } else { updated = value }
            }
            let separator = cursor.skipSpace()
            cursor.index += 1
            if separator == 0x2C {
                guard cursor.skipSpace() == 0x22 else { return nil }
                continue
            }
            guard separator == 0x7D else { return nil }
            break
        }
        let after = cursor.skipSpace()
        guard after == nil || after == 0x0A, let text else { return nil }
        if seen & Member.kind.rawValue == 0 {
            guard hint == nil || hint == .citation else { return nil }
        }
        return (Citation(id: id, text: text, author: author, source: source, tags: tags, isFavourite: favourite,
                         isArchived: archived, createdAt: created, updatedAt: updated, note: note), cursor.index)
    }

    // MARK: Strings

    /// The string value at the cursor's opening quote; escaped strings through ``JSONParser``.
    private func string(_ cursor: inout Cursor, _ line: UnsafeRawBufferPointer) -> String? {
        let open = cursor.index
        cursor.index += 1
        let start = cursor.index
        guard let end = cursor.plainStringEnd() else {
            // Not a control character or the end of the line: an escape, which the parser decodes.
            guard cursor.index < cursor.count, cursor.p[cursor.index] == 0x5C else { return nil }
            var parser = JSONParser(bytes: line, base: 0, isFinal: true)
            parser.maximumString = maximumString
            parser.maximumDepth = limits.maximumDepth
            parser.index = open
            do throws(JSONParser.Failure) {
                let value = try parser.parseString()
                cursor.index = parser.index
                return value
            } catch {
                return nil
            }
        }
        cursor.index = end + 1
        guard end - start <= maximumString else { return nil }
        guard case .success(let value) = UTF8Validation.string(UnsafeRawBufferPointer(start: cursor.p + start, count: end - start))
        else { return nil }
        return value
    }

    /// The bytes of a string without escapes at the cursor's opening quote, past its closing quote.
    private func plainBytes(_ cursor: inout Cursor) -> UnsafeRawBufferPointer? {
        cursor.index += 1
        let start = cursor.index
        guard let end = cursor.plainStringEnd(), end - start <= maximumString else { return nil }
        cursor.index = end + 1
        return UnsafeRawBufferPointer(start: cursor.p + start, count: end - start)
    }

    /// A read position in one line.
    private struct Cursor {
        let p: UnsafePointer<UInt8>
        let count: Int
        var index = 0

        /// Skips JSON whitespace other than a line break (which ends the line); the byte after it,
        /// or `nil` at the end of the bytes.
        @inline(__always)
        mutating func skipSpace() -> UInt8? {
            while index < count {
                let byte = p[index]
                guard byte == 0x20 || byte == 0x09 || byte == 0x0D else { return byte }
                index += 1
            }
            return nil
        }

        /// From inside a string, the offset of its closing quote when no escape or control
        /// character comes first; `nil` otherwise, with `index` at the byte that stopped the scan.
        mutating func plainStringEnd() -> Int? {
            index = ByteScan.plainEnd(UnsafeRawPointer(p), from: index, count: count)
            return index < count && p[index] == 0x22 ? index : nil
        }

        /// Consumes `word` if the line continues with it.
        mutating func literal(_ word: StaticString) -> Bool {
            let length = word.utf8CodeUnitCount
            guard index + length <= count, spells(p + index, word, count: length) else { return false }
            index += length
            return true
        }
    }
}

/// Whether the `count` bytes at `p` are the first of `word`'s. Byte by byte: where the length is
/// known (a member name of a given length, a literal) the compiler compares a few words against
/// constants instead of calling a comparison.
@inline(__always)
private func spells(_ p: UnsafeRawPointer, _ word: StaticString, count: Int) -> Bool {
    let bytes = word.utf8Start
    for i in 0..<count where p.load(fromByteOffset: i, as: UInt8.self) != bytes[i] { return false }
    return true
}
