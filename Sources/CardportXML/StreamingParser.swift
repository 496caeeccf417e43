import CardportCore
internal import CLibXML2

/// A libxml2 push parser fed from a ``ByteInput`` a chunk at a time, calling an ``XMLEventHandler``
/// for every element and piece of text: the input is never held whole and no tree is built, so memory
/// stays at one chunk plus what the handler keeps.
///
/// The parser owns its libxml2 context and frees it in `deinit`. It is set up so hostile input cannot
/// reach out or blow up: no network (`XML_PARSE_NONET`), no DTD loading, no entity substitution, and
/// any entity declaration stops the parse (OPML and XBEL never need one; refusing them outright is what
/// defeats entity-expansion bombs and external-entity reads). Elements may nest ``maximumDepth`` deep.
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

    /// How deep elements may nest before the input is refused.
    static let maximumDepth = 200
    /// Bytes handed to libxml2 at a time.
    static let chunkSize = 64 * 1024

    private let input: ByteInput
    private let language: Language
    private let context: SAXContext
    private var parser: xmlParserCtxtPtr?
    private var isFinished = false
    /// Bytes before the first one libxml2 sees (a UTF-8 byte-order mark), so offsets match the file.
    private let baseOffset: Int

    init(input: ByteInput, language: Language, handler: any XMLEventHandler) {
        self.input = input
        self.language = language
        self.baseOffset = input.offset
        self.context = SAXContext(handler: handler, language: language)
    }

    deinit {
        guard let parser else { return }
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
        if input.available.isEmpty { _ = try input.fill() }
        let window = input.available
        let count = Swift.min(window.count, StreamingParser.chunkSize)
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
        var sax = xmlSAXHandler()
        sax.initialized = XML_SAX2_MAGIC
        sax.characters = onCharacters
        sax.cdataBlock = onCharacters
        sax.entityDecl = onEntityDeclaration
        sax.reference = onReference
        sax.serror = onError
        let user = Unmanaged.passUnretained(context).toOpaque()
        let created: xmlParserCtxtPtr?
        switch language {
        case .xml:
            sax.startElementNs = onStartElementNS
            sax.endElementNs = onEndElementNS
            created = xmlCreatePushParserCtxt(&sax, user, nil, 0, input.name)
            if let created {
                // RECOVER only keeps libxml2 going after an error we choose to tolerate (see
                // SAXContext.tolerates); every other error stops the parse from the error handler.
                _ = xmlCtxtUseOptions(created, Int32(XML_PARSE_NONET.rawValue | XML_PARSE_RECOVER.rawValue))
            }
        case .html:
            sax.startElement = onStartElement
            sax.endElement = onEndElement
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

/// What the C callbacks reach through libxml2's user-data pointer: the handler, the first fatal
/// error, and how to ask the parser where it is and to stop.
final class SAXContext {
    let handler: any XMLEventHandler
    let language: StreamingParser.Language
    var failure: CardportError?
    var depth = 0
    /// Whether the root element has opened (faults before it are in the prolog).
    var hasRoot = false
    var locate: (Int, Int) -> (SourceLocation, String?) = { _, _ in (SourceLocation(file: "", line: 1, column: 1, offset: 0), nil) }
    var position: () -> (Int, Int) = { (1, 1) }
    var stop: () -> Void = {}
    /// Marks the document well-formed again: libxml2 drops entity references in a document it has
    /// seen a fault in, even one that was tolerated.
    var forgive: () -> Void = {}
    /// Whether a fault was tolerated (see ``tolerates(_:)``).
    var hasToleratedFault = false

    init(handler: any XMLEventHandler, language: StreamingParser.Language) {
        self.handler = handler
        self.language = language
    }

    static func from(_ pointer: UnsafeMutableRawPointer?) -> SAXContext {
        Unmanaged<SAXContext>.fromOpaque(pointer!).takeUnretainedValue()
    }

    /// Places an error at the parser's position; queues it when recoverable, else stops the parse.
    func fail(_ error: CardportError) {
        guard failure == nil else { return }
        let (line, column) = position()
        let (location, text) = locate(line, column)
        let located = error.located(at: location, sourceLine: text)
        if located.isRecoverable {
            handler.queue.append(located)
        } else {
            failure = located
            stop()
        }
    }

    func start(_ name: String, _ attributes: [XMLAttribute]) {
        guard failure == nil else { return }
        if !hasRoot, hasToleratedFault { forgive() }
        hasRoot = true
        depth += 1
        if depth > StreamingParser.maximumDepth {
            fail(CardportError(.limitExceeded, "elements nest more than \(StreamingParser.maximumDepth) levels deep",
                               hint: "no bookmark file nests this deep; the file is probably hostile or broken"))
            return
        }
        do { try handler.start(name, attributes: attributes) } catch { fail(error) }
    }

    func end(_ name: String) {
        guard failure == nil else { return }
        depth -= 1
        do { try handler.end(name) } catch { fail(error) }
    }

    /// Whether a libxml2 error is one Cardport reads past: buku writes its XBEL doctype without the
    /// spaces around the public id (`PUBLIC"…""…"`), a fault in the prolog that changes nothing.
    func tolerates(_ code: Int32) -> Bool {
        !hasRoot && code == Int32(XML_ERR_SPACE_REQUIRED.rawValue)
    }
}

// MARK: - Callbacks (C function pointers: no captures, the context comes through the user data)

private let onCharacters: charactersSAXFunc = { user, bytes, length in
    let context = SAXContext.from(user)
    guard context.failure == nil, let bytes, length > 0 else { return }
    context.handler.text(UnsafeBufferPointer(start: bytes, count: Int(length)))
}

private let onStartElementNS: startElementNsSAX2Func = { user, localName, _, _, _, _, count, _, attributes in
    let context = SAXContext.from(user)
    guard context.failure == nil, let localName else { return }
    var list: [XMLAttribute] = []
    if let attributes, count > 0 {
        list.reserveCapacity(Int(count))
        for index in 0..<Int(count) {
            guard let name = attributes[5 * index], let value = attributes[5 * index + 3],
                  let end = attributes[5 * index + 4] else { continue }
            let bytes = UnsafeBufferPointer(start: value, count: end - value)
            list.append(XMLAttribute(name: String(cString: name), value: decodeAttribute(bytes)))
        }
    }
    context.start(String(cString: localName), list)
}

private let onEndElementNS: endElementNsSAX2Func = { user, localName, _, _ in
    guard let localName else { return }
    SAXContext.from(user).end(String(cString: localName))
}

private let onStartElement: startElementSAXFunc = { user, name, attributes in
    let context = SAXContext.from(user)
    guard context.failure == nil, let name else { return }
    var list: [XMLAttribute] = []
    if let attributes {
        var index = 0
        while let attribute = attributes[index] {
            let value = attributes[index + 1].map { String(cString: $0) } ?? ""
            list.append(XMLAttribute(name: String(cString: attribute), value: value))
            index += 2
        }
    }
    context.start(String(cString: name), list)
}

private let onEndElement: endElementSAXFunc = { user, name in
    guard let name else { return }
    SAXContext.from(user).end(String(cString: name))
}

private let onEntityDeclaration: entityDeclSAXFunc = { user, name, _, _, _, _ in
    let context = SAXContext.from(user)
    let shown = name.map { String(cString: $0) } ?? "?"
    context.fail(CardportError(
        .limitExceeded, "the document declares an entity ('\(shown)'); Cardport reads no entity declarations",
        hint: "entities are how XML bombs and external-entity attacks work, and bookmark files never need them"))
}

private let onReference: referenceSAXFunc = { user, name in
    let context = SAXContext.from(user)
    let shown = name.map { String(cString: $0) } ?? "?"
    context.fail(CardportError(.malformedInput, "reference to the undeclared entity '&\(shown);'",
                               hint: "write the character itself, or a character reference such as &#233;"))
}

private let onError: xmlStructuredErrorFunc = { user, error in
    guard let user, let error else { return }
    let context = SAXContext.from(user)
    let details = error.pointee
    // HTML is written loosely by design; its parser's complaints are not errors .
    guard context.language == .xml, context.failure == nil else { return }
    guard details.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
    guard !context.tolerates(details.code) else {
        context.hasToleratedFault = true
        return
    }
    var message = details.message.map { String(cString: $0) } ?? "the XML is not well-formed"
    while let last = message.last, last.isWhitespace { message.removeLast() }
    let (location, text) = context.locate(Int(details.line), Int(details.int2))
    let code: CardportError.Code
    switch details.code {
    case Int32(XML_ERR_ENTITY_LOOP.rawValue), Int32(XML_ERR_INTERNAL_ERROR.rawValue): code = .limitExceeded
    default: code = .malformedInput
    }
    context.failure = CardportError(code, "not well-formed XML: \(message)", location: location, sourceLine: text,
                                    hint: "check the file with 'xmllint --noout FILE'")
    context.stop()
}

/// libxml2 hands attribute values over with `&` kept as `&#38;` when it does not substitute
/// entities (the only reference that can survive, since entity declarations are refused).
private func decodeAttribute(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
    guard bytes.contains(0x26) else { return String(decoding: bytes, as: UTF8.self) }
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count)
    var index = 0
    let reference: [UInt8] = Array("&#38;".utf8)
    while index < bytes.count {
        if bytes[index] == 0x26, index + 5 <= bytes.count, Array(bytes[index..<index + 5]) == reference {
            out.append(0x26)
            index += 5
        } else {
            out.append(bytes[index])
            index += 1
        }
    }
    return String(decoding: out, as: UTF8.self)
}
