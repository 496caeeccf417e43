import CardportCore
internal import CLibXML2
import CardportMachinery

/// A libxml2 push parser fed from a ``ByteInput`` a chunk at a time, calling an ``XMLEventHandler``
/// for every element and piece of text: no tree is built and the input is never held whole, so memory
/// stays at about one chunk plus what the handler keeps.
///
/// The parser owns its libxml2 context and frees it in `deinit`. It is set up so hostile input cannot
/// reach out or blow up: no network (`XML_PARSE_NONET`), no DTD loading, no entity substitution, and
/// any entity declaration stops the parse (OPML and XBEL never need one; refusing them outright is what
/// defeats entity-expansion bombs and external-entity reads). XML elements may nest
/// ``ReadLimits/maximumDepth`` deep. (HTML never closes `<DT>`, so its element depth says nothing; the bookmark reader limits how
/// deep folders nest instead.)
///
/// libxml2 prints nothing: its diagnostics arrive through a structured error handler installed on this
/// context only (no process-wide handler), and become ``CardportError``s with the file, line, column and
/// the line's text. For HTML, which browsers write loosely, libxml2's complaints are not errors.
final class StreamingParser {
    /// Which libxml2 parser reads the input.
    enum Language {
        /// XML 1.0 (OPML, XBEL).
        case xml
        /// HTML as browsers write it (Netscape bookmark files): unclosed elements are closed implicitly.
        case html
    }

    /// Bytes handed to libxml2 at a time.
    static let chunkSize = 64 * 1024
    /// Past these, libxml2 refuses the input by its own limits unless told `XML_PARSE_HUGE`; Cardport's
    /// limits (``ReadLimits``) then bound it instead.
    private static let libxml2Depth = 256
    private static let libxml2Text = 10_000_000

    private let input: ByteInput
    private let language: Language
    private let context: SAXContext
    private var parser: xmlParserCtxtPtr?
    private var isFinished = false
    /// Bytes before the first one libxml2 sees (a UTF-8 byte-order mark), so offsets match the file.
    private let baseOffset: Int
    private let limits: ReadLimits
    /// What holds back markup libxml2 would spend too much on (see ``MarkupGate``).
    private var gate: MarkupGate

    init(input: ByteInput, language: Language, handler: any XMLEventHandler, limits: ReadLimits) {
        self.input = input
        self.language = language
        self.baseOffset = input.offset
        self.limits = limits
        self.gate = MarkupGate(limits: limits, isHTML: language == .html, offset: input.offset)
        self.context = SAXContext(handler: handler, language: language, limits: limits)
    }

    deinit {
        guard let parser else { return }
        // libxml2 builds a document of its own to hold entity declarations (its SAX compatibility
        // mode); the parser context does not free it.
        if let document = parser.pointee.myDoc {
            parser.pointee.myDoc = nil
            xmlFreeDoc(document)
        }
        switch language {
        case .xml: xmlFreeParserCtxt(parser)
        case .html: htmlFreeParserCtxt(parser)
        }
    }

    /// Parses the next chunk of the input; returns `false` once the whole input has been parsed.
    ///
    /// Throws the first fatal error; recoverable ones go to the handler's queue.
    func feed() throws(CardportError) -> Bool {
        guard !isFinished else { return false }
        if parser == nil, try isBlank() {
            isFinished = true
            return false
        }
        let parser = try start()
        if input.available.count < StreamingParser.chunkSize { _ = try input.fill() }
        var window = input.available
        var count = try gatePass(window, upTo: Swift.min(window.count, StreamingParser.chunkSize))
        // The front of the window is a construct not yet whole: read on until it is (the gate bounds
        // how far), so that libxml2 parses it once.
        while count == 0, gate.isHolding {
            count = try gatePass(window, upTo: window.count)
            guard count == 0, gate.isHolding else { break }
            guard try input.fill() else {
                // libxml2's HTML parser takes a comment that never ends as running to the end of the
                // file, and every bookmark after it would go without a word.
                if language == .html, let start = gate.openComment {
                    isFinished = true
                    throw input.error(.malformedInput, "a comment opened here is never closed with '-->', so everything after it would be lost",
                                      at: start, hint: "close the comment, or remove the '<!--' if it was not meant")
                }
                // The input ends inside the construct: libxml2 says what is missing.
                count = window.count
                break
            }
            window = input.available
        }
        // libxml2 takes a chunk's length as a C int.
        count = Swift.min(count, 1 << 30)
        if language == .html, count < window.count || !input.isAtEnd {
            count = StreamingParser.cutAfterLastTag(window, count)
        }
        // libxml2's HTML parser reads bytes that are not UTF-8 as Latin-1 without a word; a
        // bookmark file that is not UTF-8 is refused at the byte instead, like every other input.
        if language == .html, count > 0 {
            try refuseInvalidUTF8(UnsafeRawBufferPointer(rebasing: window[0..<count]), isFinal: count == window.count && input.isAtEnd)
        }
        let terminate: Int32 = count == 0 ? 1 : 0
        let pointer = count == 0 ? nil : window.baseAddress!.assumingMemoryBound(to: CChar.self)
        switch language {
        case .xml: _ = xmlParseChunk(parser, pointer, Int32(count), terminate)
        case .html: _ = htmlParseChunk(parser, pointer, Int32(count), terminate)
        }
        if let failure = context.failure { isFinished = true; throw failure }
        input.consume(count)
        if terminate == 1 {
            isFinished = true
            try context.handler.finish()
        }
        return !isFinished
    }

    /// Lets the gate look at the window up to `end` and returns how many bytes from its front libxml2 may have.
    private func gatePass(_ window: UnsafeRawBufferPointer, upTo end: Int) throws(CardportError) -> Int {
        do {
            try gate.scan(window, base: input.offset, upTo: Swift.max(end, gate.scanned - input.offset), in: input)
        } catch {
            isFinished = true
            throw error
        }
        return gate.passable(from: input.offset)
    }

    /// Throws at the first byte of `chunk` (the front of the window) that is not UTF-8; a sequence cut
    /// by the end of a chunk that is not the last is left for the next one to check whole.
    private func refuseInvalidUTF8(_ chunk: UnsafeRawBufferPointer, isFinal: Bool) throws(CardportError) {
        guard let bad = UTF8Validation.firstInvalidOffset(chunk) else { return }
        if !isFinal, chunk.count - bad < 4, chunk[bad] >= 0xC2, chunk[bad] <= 0xF4,
           chunk[(bad + 1)...].allSatisfy({ $0 & 0xC0 == 0x80 }) { return }
        throw input.error(.malformedInput, "this is not UTF-8 text (byte 0x\(String(chunk[bad], radix: 16, uppercase: true)))",
                          at: input.offset + bad, hint: "convert it first, e.g. iconv -f WINDOWS-1252 -t UTF-8")
    }

    /// The length of the chunk up to and with the last `>` in its first `count` bytes (all of them when
    /// there is none). libxml2 2.9's HTML push parser loses its place when a chunk ends inside a tag
    /// and then parses nothing until the input ends; chunks that end after a `>` keep it streaming.
    static func cutAfterLastTag(_ window: UnsafeRawBufferPointer, _ count: Int) -> Int {
        var index = count
        while index > 0 {
            if window[index - 1] == 0x3E { return index }
            index -= 1
        }
        return count
    }

    /// Whether the whole input is white space (an empty file holds no records; libxml2 would call it
    /// an error). Looks without consuming, so libxml2 still sees every byte otherwise.
    private func isBlank() throws(CardportError) -> Bool {
        var scanned = 0
        while true {
            let window = input.available
            while scanned < window.count {
                let byte = window[scanned]
                guard byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D else { return false }
                scanned += 1
            }
            guard try input.fill() else { return true }
        }
    }

    /// The libxml2 context, created on first use.
    private func start() throws(CardportError) -> xmlParserCtxtPtr {
        if let parser { return parser }
        var sax = SAXContext.handler(for: language)
        let user = Unmanaged.passUnretained(context).toOpaque()
        let created: xmlParserCtxtPtr?
        switch language {
        case .xml:
            created = xmlCreatePushParserCtxt(&sax, user, nil, 0, input.name)
            if let created {
                // RECOVER only keeps libxml2 going after an error we choose to tolerate (see
                // SAXContext.tolerates); every other error stops the parse from the error handler.
                var options = XML_PARSE_NONET.rawValue | XML_PARSE_RECOVER.rawValue
                if limits.maximumDepth > StreamingParser.libxml2Depth || limits.maximumFieldSize > StreamingParser.libxml2Text {
                    options |= XML_PARSE_HUGE.rawValue
                }
                _ = xmlCtxtUseOptions(created, Int32(options))
            }
        case .html:
            created = htmlCreatePushParserCtxt(&sax, user, nil, 0, input.name, XML_CHAR_ENCODING_UTF8)
            if let created {
                _ = htmlCtxtUseOptions(created, Int32(HTML_PARSE_NONET.rawValue))
            }
        }
        guard let created else {
            throw CardportError(.io, "cannot start the XML parser for '\(input.name)' (out of memory)")
        }
        parser = created
        context.locate = { [unowned self] line, column in self.location(line: line, column: column) }
        context.position = { [unowned self] in
            guard let parser = self.parser else { return (1, 1) }
            return (Int(xmlSAX2GetLineNumber(parser)), Int(xmlSAX2GetColumnNumber(parser)))
        }
        context.stop = { [unowned self] in if let parser = self.parser { xmlStopParser(parser) } }
        context.forgive = { [unowned self] in self.parser?.pointee.wellFormed = 1 }
        return created
    }

    /// A location for a line and column libxml2 reports, with the line's text when it is still in the window.
    private func location(line: Int, column: Int) -> (SourceLocation, String?) {
        let offset = baseOffset + (parser.map { Int(xmlByteConsumed($0)) } ?? 0)
        let line = Swift.max(line, 1)
        let column = Swift.max(column, 1)
        let (found, text) = input.location(at: offset)
        let location = SourceLocation(file: input.name, line: line, column: column, offset: offset)
        return (location, found.line == line ? text : nil)
    }
}
