import CardportMachinery
import CardportCore

/// Reads ahead of libxml2 through the bytes it is about to be given, and holds back a tag, comment or
/// declaration until it is whole, so that libxml2 never spends time or memory on markup the limits
/// refuse.
///
/// libxml2 2.9 checks an element's attributes for duplicates by comparing each with every one before
/// it, and its push parsers look for the end of an unfinished tag again with every chunk; both cost
/// the square of a tag's size, and an unfinished tag is buffered whole. The gate walks the markup
/// once, counting as it goes: an element or attribute name, an attribute value, or a whole tag,
/// comment or declaration longer than ``ReadLimits/maximumFieldSize``, or an element with more than
/// ``ReadLimits/maximumAttributes`` attributes, is refused at its byte before libxml2 sees any of it.
/// What it lets through are whole constructs (or text), each parsed once.
///
/// The gate knows only the lexical shape common to XML and HTML (quotes, `<!--`, `<![CDATA[`, `<?`,
/// `<!…>` with an internal subset); well-formedness stays libxml2's to judge.
struct MarkupGate {
    private enum State {
        case text
        /// After `<`.
        case open
        case elementName
        case beforeAttribute
        case attributeName
        case afterAttributeName
        case beforeValue
        case quotedValue(UInt8)
        case unquotedValue
        case endTag
        /// After `<!`.
        case bang
        /// After `<!-`.
        case commentOpening
        /// After `<!` and `matched` bytes of `[CDATA[`.
        case cdataOpening(matched: Int)
        case comment(dashes: Int)
        case cdata(brackets: Int)
        case declaration(depth: Int, quote: UInt8)
        case instruction(question: Bool)
    }

    private enum Construct {
        case startTag, endTag, comment, declaration, instruction

        /// What a message calls it, ending in "than" before the limit's name.
        var tooLong: String {
            switch self {
            case .startTag: return "a start tag (an element with all its attributes) is longer than twice"
            case .endTag: return "an end tag is longer than"
            case .comment: return "a comment is longer than"
            case .declaration: return "a declaration is longer than"
            case .instruction: return "a processing instruction is longer than"
            }
        }
    }

    private let limits: ReadLimits
    /// The longest start tag: twice the field size.
    private let tagLimit: Int
    private let isHTML: Bool
    private var state = State.text
    private var construct = Construct.startTag
    /// The input offset of the `<` that opened the construct being held, when one is.
    private var heldStart: Int?
    /// The input offset of the name or value being measured.
    private var partStart = 0
    private var attributes = 0
    /// The element's name as far as messages need it.
    private var elementName: [UInt8] = []
    /// The input offset of the next byte to look at.
    private(set) var scanned: Int

    /// A gate for an input whose next byte is at `offset`.
    init(limits: ReadLimits, isHTML: Bool, offset: Int) {
        self.limits = limits
        let (doubled, overflow) = limits.maximumFieldSize.multipliedReportingOverflow(by: 2)
        self.tagLimit = overflow ? Int.max : doubled
        self.isHTML = isHTML
        self.scanned = offset
    }

    /// Whether a construct has begun that has not ended by ``scanned``.
    var isHolding: Bool { heldStart != nil }

    /// The input offset of the `<!--` of a comment that has not ended by ``scanned``, if one is held.
    var openComment: Int? {
        if case .comment = state { return heldStart }
        return nil
    }

    /// How many bytes from `base` (the input offset of the window's first byte) libxml2 may be given:
    /// up to the construct being held, else everything scanned.
    /// A construct the input ended inside was given to libxml2 whole, so it may start before `base`.
    func passable(from base: Int) -> Int {
        Swift.max(0, (heldStart ?? scanned) - base)
    }

    /// Walks `window` (whose first byte is at input offset `base`) from ``scanned`` up to `end`;
    /// throws the first limit exceeded, located in `input`.
    mutating func scan(_ window: UnsafeRawBufferPointer, base: Int, upTo end: Int, in input: ByteInput) throws(CardportError) {
        // Past the end of an input that stops inside a construct, libxml2 was given what the gate had
        // not seen; nothing follows it.
        var index = Swift.max(scanned - base, 0)
        while index < end {
            switch state {
            case .text:
                // Text is passed on as it comes; only a `<` matters.
                guard let found = MarkupGate.find(0x3C, in: window, from: index, to: end) else {
                    index = end
                    continue
                }
                index = found + 1
                heldStart = base + found
                state = .open
                continue
            case .elementName, .attributeName:
                // Names are most of a tag's other bytes: step to the byte that ends the name, then
                // measure it, and let the byte that ended it through the state machine below.
                var isElement = false
                if case .elementName = state { isElement = true }
                let stop = MarkupGate.nameEnd(in: window, from: index, to: end, atEquals: !isElement)
                if isElement {
                    for at in index..<Swift.min(stop, index + Swift.max(0, 64 - elementName.count)) {
                        elementName.append(window[at])
                    }
                }
                if base + stop - partStart > limits.maximumFieldSize {
                    let what = isElement ? "an element name is longer than" : "an attribute name is longer than"
                    throw limits.exceeded(.fieldSize, what, at: partStart, in: input)
                }
                index = stop
                if index == end { continue }
            case .quotedValue(let quote):
                // Values are the bulk of a tag: skip to the closing quote, then measure.
                let found = MarkupGate.find(quote, in: window, from: index, to: end)
                let stop = found ?? end
                try check(base + stop - partStart, .fieldSize, "an attribute value is longer than", at: partStart, input)
                try checkConstruct(base + stop, input)
                if let found {
                    state = .beforeAttribute
                    index = found + 1
                } else {
                    index = end
                }
                continue
            default:
                break
            }
            let byte = window[index]
            let offset = base + index
            index += 1
            switch state {
            case .open:
                switch byte {
                case 0x2F:
                    construct = .endTag
                    partStart = offset + 1
                    state = .endTag
                case 0x21: state = .bang
                case 0x3F:
                    construct = .instruction
                    state = .instruction(question: false)
                case _ where MarkupGate.isNameStart(byte):
                    construct = .startTag
                    attributes = 0
                    elementName.removeAll(keepingCapacity: true)
                    elementName.append(byte)
                    partStart = offset
                    state = .elementName
                default:
                    // `<` before a space or a digit is text to HTML and an error to XML: libxml2 decides.
                    heldStart = nil
                    state = .text
                    index -= 1
                }
            case .elementName:
                // The byte that ended the name (see above).
                if byte == 0x3E {
                    try release(at: offset, input)
                } else {
                    state = .beforeAttribute
                }
            case .beforeAttribute:
                if byte == 0x3E {
                    try release(at: offset, input)
                } else if !MarkupGate.isSpace(byte), byte != 0x2F {
                    try startAttribute(at: offset, input)
                }
            case .attributeName:
                // The byte that ended the name (see above).
                if MarkupGate.isSpace(byte) {
                    state = .afterAttributeName
                } else if byte == 0x3D {
                    state = .beforeValue
                } else if byte == 0x3E {
                    try release(at: offset, input)
                } else {
                    state = .beforeAttribute
                }
            case .afterAttributeName:
                if byte == 0x3D {
                    state = .beforeValue
                } else if byte == 0x3E {
                    try release(at: offset, input)
                } else if byte == 0x2F {
                    state = .beforeAttribute
                } else if !MarkupGate.isSpace(byte) {
                    try startAttribute(at: offset, input)
                }
            case .beforeValue:
                if byte == 0x22 || byte == 0x27 {
                    partStart = offset + 1
                    state = .quotedValue(byte)
                } else if byte == 0x3E {
                    try release(at: offset, input)
                } else if !MarkupGate.isSpace(byte) {
                    partStart = offset
                    state = .unquotedValue
                }
            case .unquotedValue:
                if MarkupGate.isSpace(byte) {
                    state = .beforeAttribute
                } else if byte == 0x3E {
                    try release(at: offset, input)
                } else {
                    if offset + 1 - partStart > limits.maximumFieldSize {
                        throw limits.exceeded(.fieldSize, "an attribute value is longer than", at: partStart, in: input)
                    }
                }
            case .endTag:
                if byte == 0x3E { try release(at: offset, input) }
            case .bang:
                if byte == 0x2D {
                    state = .commentOpening
                } else if byte == MarkupGate.cdataOpening[0] {
                    state = .cdataOpening(matched: 1)
                } else {
                    declaration(&index)
                }
            case .commentOpening:
                if byte == 0x2D {
                    construct = .comment
                    state = .comment(dashes: 0)
                } else {
                    declaration(&index)
                }
            case .cdataOpening(let matched):
                if byte != MarkupGate.cdataOpening[matched] {
                    declaration(&index)
                } else if matched + 1 == MarkupGate.cdataOpening.count {
                    // CDATA is text: libxml2 streams it, so it is passed on as it comes.
                    heldStart = nil
                    state = .cdata(brackets: 0)
                } else {
                    state = .cdataOpening(matched: matched + 1)
                }
            case .comment(let dashes):
                if byte == 0x3E, dashes >= 2 {
                    try release(at: offset, input)
                } else {
                    state = .comment(dashes: byte == 0x2D ? Swift.min(dashes + 1, 2) : 0)
                }
            case .cdata(let brackets):
                if byte == 0x3E, brackets >= 2 {
                    state = .text
                } else {
                    state = .cdata(brackets: byte == 0x5D ? Swift.min(brackets + 1, 2) : 0)
                }
            case .declaration(let depth, let quote):
                if quote != 0 {
                    if byte == quote { state = .declaration(depth: depth, quote: 0) }
                } else if byte == 0x22 || byte == 0x27 {
                    state = .declaration(depth: depth, quote: byte)
                } else if byte == 0x5B {
                    state = .declaration(depth: depth + 1, quote: 0)
                } else if byte == 0x5D {
                    state = .declaration(depth: Swift.max(depth - 1, 0), quote: 0)
                } else if byte == 0x3E, depth == 0 {
                    try release(at: offset, input)
                }
            case .instruction(let question):
                if byte == 0x3E, question || isHTML {
                    try release(at: offset, input)
                } else {
                    state = .instruction(question: byte == 0x3F)
                }
            case .text, .quotedValue:
                break
            }
        }
        // Checked here and where each construct ends rather than at every byte: the error is placed
        // at the construct's start either way, and the window grows by at most a read between checks.
        try checkConstruct(base + end, input)
        scanned = base + end
    }

    private mutating func startAttribute(at offset: Int, _ input: ByteInput) throws(CardportError) {
        attributes += 1
        if attributes > limits.maximumAttributes {
            let name = String(decoding: elementName, as: UTF8.self)
            throw limits.exceeded(.attributes, "<\(name)> has more attributes than", at: offset, in: input)
        }
        partStart = offset
        state = .attributeName
    }

    /// `<!` opens a declaration (`<!DOCTYPE …>`); the byte at `index - 1` is read again as part of it.
    private mutating func declaration(_ index: inout Int) {
        construct = .declaration
        state = .declaration(depth: 0, quote: 0)
        index -= 1
    }

    /// The construct being held has ended at `offset`: it may be passed on whole.
    private mutating func release(at offset: Int, _ input: ByteInput) throws(CardportError) {
        try checkConstruct(offset + 1, input)
        heldStart = nil
        state = .text
    }

    /// A start tag holds several fields, and its names and values are measured on their own: it
    /// may be twice the field size, so a value just within the limit is refused for being a value.
    /// Every other construct is one field.
    private func checkConstruct(_ end: Int, _ input: ByteInput) throws(CardportError) {
        guard let heldStart, end - heldStart > (construct == .startTag ? tagLimit : limits.maximumFieldSize) else { return }
        throw limits.exceeded(.fieldSize, construct.tooLong, at: heldStart, in: input)
    }

    private func check(_ length: Int, _ limit: ReadLimits.Limit, _ what: String, at offset: Int,
                       _ input: ByteInput) throws(CardportError) {
        guard length > limits[limit] else { return }
        throw limits.exceeded(limit, what, at: offset, in: input)
    }

    private static let cdataOpening: [UInt8] = Array("[CDATA[".utf8)

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D || byte == 0x0C
    }

    /// The index of the first byte of `window[from..<to]` that ends a name (a space, `>`, `/`,
    /// and for an attribute's name `=`), else `to`.
    private static func nameEnd(in window: UnsafeRawBufferPointer, from: Int, to: Int, atEquals: Bool) -> Int {
        var index = from
        while index < to {
            let byte = window[index]
            if byte <= 0x20 && isSpace(byte) || byte == 0x3E || byte == 0x2F || (atEquals && byte == 0x3D) { return index }
            index += 1
        }
        return to
    }

    /// A byte that can start an element name (a letter, `_`, `:` or any byte of a non-ASCII character).
    private static func isNameStart(_ byte: UInt8) -> Bool {
        byte >= 0x80 || byte == 0x5F || byte == 0x3A || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
    }

    /// The index of the first `byte` in `window[from..<to]`.
    private static func find(_ byte: UInt8, in window: UnsafeRawBufferPointer, from: Int, to: Int) -> Int? {
        guard from < to, let base = window.baseAddress, let hit = ByteSearch.first(byte, from: base + from, count: to - from) else { return nil }
        return UnsafeRawPointer(hit) - base
    }
}
