import CardportMachinery
internal import CLibXML2
import CardportCore

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
    /// Element and attribute names by libxml2's pointer: libxml2 keeps names in a dictionary, so the
    /// same name comes back at the same address and is turned into a `String` once.
    private var names: [UnsafePointer<UInt8>: String] = [:]

    let limits: ReadLimits

    init(handler: any XMLEventHandler, language: StreamingParser.Language, limits: ReadLimits) {
        self.handler = handler
        self.language = language
        self.limits = limits
    }

    /// The callbacks for a parse of `language`: one set for both parsers (XML calls the namespace-aware
    /// element callbacks, HTML the plain ones); with `XML_SAX2_MAGIC` so libxml2 reports errors to
    /// ``onError`` rather than printing them.
    static func handler(for language: StreamingParser.Language) -> xmlSAXHandler {
        var sax = xmlSAXHandler()
        sax.initialized = XML_SAX2_MAGIC
        sax.characters = onCharacters
        sax.cdataBlock = onCharacters
        sax.entityDecl = onEntityDeclaration
        sax.reference = onReference
        sax.serror = onError
        switch language {
        case .xml:
            sax.startElementNs = onStartElementNS
            sax.endElementNs = onEndElementNS
        case .html:
            sax.startElement = onStartElement
            sax.endElement = onEndElement
        }
        return sax
    }

    /// The name at a libxml2 address, as a `String`.
    func name(_ pointer: UnsafePointer<UInt8>) -> String {
        let length = ByteSearch.length(ofCString: pointer)
        // Checked, not trusted: a name that libxml2 did not intern could reuse an address.
        if let known = names[pointer], known.utf8.elementsEqual(UnsafeBufferPointer(start: pointer, count: length)) {
            return known
        }
        let name = String(decoding: UnsafeBufferPointer(start: pointer, count: length), as: UTF8.self)
        // A parser that does not intern a name would fill the table; keep it small.
        if names.count < 4096 { names[pointer] = name }
        return name
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
        if language == .xml, depth > limits.maximumDepth {
            fail(limits.exceeded(.depth, "elements nest deeper than", location: nil))
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

let onCharacters: charactersSAXFunc = { user, bytes, length in
    let context = SAXContext.from(user)
    guard context.failure == nil, let bytes, length > 0 else { return }
    context.handler.text(UnsafeBufferPointer(start: bytes, count: Int(length)))
}

let onStartElementNS: startElementNsSAX2Func = { user, localName, _, _, _, _, count, _, attributes in
    let context = SAXContext.from(user)
    guard context.failure == nil, let localName else { return }
    var list: [XMLAttribute] = []
    if let attributes, count > 0 {
        list.reserveCapacity(Int(count))
        for index in 0..<Int(count) {
            guard let name = attributes[5 * index], let value = attributes[5 * index + 3],
                  let end = attributes[5 * index + 4] else { continue }
            let bytes = UnsafeBufferPointer(start: value, count: end - value)
            list.append(XMLAttribute(name: context.name(name), value: decodeAttribute(bytes)))
        }
    }
    context.start(context.name(localName), list)
}

let onEndElementNS: endElementNsSAX2Func = { user, localName, _, _ in
    guard let localName else { return }
    let context = SAXContext.from(user)
    context.end(context.name(localName))
}

let onStartElement: startElementSAXFunc = { user, name, attributes in
    let context = SAXContext.from(user)
    guard context.failure == nil, let name else { return }
    var list: [XMLAttribute] = []
    if let attributes {
        var index = 0
        while let attribute = attributes[index] {
            let value = attributes[index + 1].map { String(cString: $0) } ?? ""
            list.append(XMLAttribute(name: context.name(attribute), value: value))
            index += 2
        }
    }
    context.start(context.name(name), list)
}

let onEndElement: endElementSAXFunc = { user, name in
    guard let name else { return }
    let context = SAXContext.from(user)
    context.end(context.name(name))
}

let onEntityDeclaration: entityDeclSAXFunc = { user, name, _, _, _, _ in
    let context = SAXContext.from(user)
    let shown = name.map { String(cString: $0) } ?? "?"
    context.fail(CardportError(
        .limitExceeded, "the document declares an entity ('\(shown)'); Cardport reads no entity declarations",
        hint: "entities are how XML bombs and external-entity attacks work, and bookmark files never need them"))
}

/// libxml2 reports an undeclared entity itself; this catches one it hands over instead.
let onReference: referenceSAXFunc = { user, name in
    let context = SAXContext.from(user)
    let shown = name.map { String(cString: $0) } ?? "?"
    context.fail(CardportError(.malformedInput, "reference to the undeclared entity '&\(shown);'",
                               hint: "write the character itself, or a character reference such as &#233;"))
}

let onError: xmlStructuredErrorFunc = { user, error in
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
    // Some messages run over two lines ("… indicate encoding !\nBytes: 0xC3 …"); a diagnostic has one.
    message = message.split(separator: "\n").joined(separator: "; ")
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
func decodeAttribute(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
    guard bytes.contains(0x26) else { return String(decoding: bytes, as: UTF8.self) }
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count)
    var index = 0
    while index < bytes.count {
        if bytes[index] == 0x26, index + 5 <= bytes.count, bytes[index + 1] == 0x23, bytes[index + 2] == 0x33,
           bytes[index + 3] == 0x38, bytes[index + 4] == 0x3B {
            out.append(0x26)
            index += 5
        } else {
            out.append(bytes[index])
            index += 1
        }
    }
    return String(decoding: out, as: UTF8.self)
}
