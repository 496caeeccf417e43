import CardportCore

/// What a format's reader does with the events of a streaming parse: elements opening and closing,
/// and the text between them.
///
/// Names are local names (no namespace prefix); the HTML parser gives them in lower case. Errors a
/// handler throws without a location are placed at the parser's position; a recoverable one becomes
/// a rejected record and the parse goes on, any other stops it.
protocol XMLEventHandler: AnyObject {
    /// An element opens, with its attributes in document order.
    func start(_ name: String, attributes: [XMLAttribute]) throws(CardportError)
    /// An element closes (the HTML parser also closes the elements it closes implicitly).
    func end(_ name: String) throws(CardportError)
    /// Text inside the current element, in pieces of any size.
    func text(_ bytes: UnsafeBufferPointer<UInt8>)
    /// The input has ended (after the last ``end(_:)``).
    func finish() throws(CardportError)
    /// The records and recoverable errors the handler has produced, in order.
    var queue: RecordQueue { get }
    /// What the handler counted besides records (entries it skipped on purpose).
    var notes: ReaderNotes { get }
}

extension XMLEventHandler {
    /// Handlers that emit every record when its element closes have nothing left at the end.
    func finish() throws(CardportError) {}
}

/// One attribute of an element.
struct XMLAttribute {
    /// The attribute's local name (lower case from the HTML parser).
    var name: String
    /// The value with character and predefined entity references resolved.
    var value: String
}

extension Array where Element == XMLAttribute {
    /// The value of the first attribute with this name (XML names are case-sensitive; the HTML parser
    /// gives them in lower case).
    subscript(named name: String) -> String? {
        for attribute in self where attribute.name == name { return attribute.value }
        return nil
    }
}

extension String {
    /// ASCII case-insensitive equality, enough for element and attribute names.
    func caseInsensitiveEquals(_ other: String) -> Bool {
        let a = utf8, b = other.utf8
        guard a.count == b.count else { return false }
        return zip(a, b).allSatisfy { x, y in
            x == y || (x | 0x20 == y | 0x20 && (x | 0x20) >= 0x61 && (x | 0x20) <= 0x7A)
        }
    }
}
