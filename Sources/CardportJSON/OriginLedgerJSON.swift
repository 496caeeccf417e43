import CardportCore

/// The `sources` and `origins` sections of a backup (document version 2): where its store's
/// cards came from, so that a restored store re-imports its sources as a sync.
///
/// ```json
/// "sources": [{"key":"kindle:/media/Kindle/documents/My Clippings.txt","format":"kindle","last_import":0}],
/// "origins": [{"source":0,"item":"9f86d081884c7d659a2feaa0c55ad015","kind":"citation","card":0,
///              "digest":-4211,"book":1234,"start":120,"end":124}]
/// ```
///
/// `card` is the card's place among the document's cards of its kind; `base`, present only when
/// the source last gave another version than the card as it is, is that version as text.
enum OriginLedgerJSON {
    static func encode(_ source: OriginLedger.Source, into w: JSONWriter) {
        w.raw("{\"key\":"); w.string(source.key)
        w.raw(",\"format\":"); w.string(source.format)
        if let last = source.lastImport { w.raw(",\"last_import\":"); w.int(last) }
        w.byte(0x7D)
    }

    static func encode(_ entry: OriginLedger.Entry, into w: JSONWriter) {
        w.raw("{\"source\":"); w.int(entry.source)
        w.raw(",\"item\":"); w.string(hex(entry.itemHigh) + hex(entry.itemLow))
        w.raw(",\"kind\":"); w.string(entry.kind.rawValue)
        w.raw(",\"card\":"); w.int(entry.card)
        w.raw(",\"digest\":"); w.unescaped(String(entry.digest))
        if let base = entry.base { w.raw(",\"base\":"); w.string(base) }
        if let book = entry.book { w.raw(",\"book\":"); w.unescaped(String(book)) }
        if let start = entry.locationStart { w.raw(",\"start\":"); w.int(start) }
        if let end = entry.locationEnd { w.raw(",\"end\":"); w.int(end) }
        w.byte(0x7D)
    }

    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    static func decodeSource(_ value: JSONValue, at offset: Int, stream: JSONStream) throws(CardportError) -> OriginLedger.Source {
        let object = try members(value, "a source", at: offset, stream: stream)
        guard let key = try text(object, "key", stream), let format = try text(object, "format", stream) else {
            throw stream.error(.invalidValue, "a source needs \"key\" and \"format\"", at: object.offset)
        }
        return OriginLedger.Source(key: key, format: format, lastImport: try number(object, "last_import", stream).map(Int.init))
    }

    static func decodeEntry(_ value: JSONValue, at offset: Int, stream: JSONStream) throws(CardportError) -> OriginLedger.Entry {
        let object = try members(value, "an origin", at: offset, stream: stream)
        guard let source = try number(object, "source", stream), let card = try number(object, "card", stream),
              let digest = try number(object, "digest", stream), let item = try text(object, "item", stream),
              let kindName = try text(object, "kind", stream) else {
            throw stream.error(.invalidValue, "an origin needs \"source\", \"item\", \"kind\", \"card\" and \"digest\"",
                               at: object.offset)
        }
        guard item.utf8.count == 32, let high = UInt64(item.prefix(16), radix: 16), let low = UInt64(item.suffix(16), radix: 16)
        else {
            throw stream.error(.invalidValue, "an origin's \"item\" must be 32 hex digits, not \"\(item)\"",
                               at: object["item"]?.offset ?? object.offset)
        }
        guard let kind = RecordKind(rawValue: kindName), kind != .tag, kind != .settings else {
            throw stream.error(.invalidValue, "an origin's \"kind\" must be a card kind, not \"\(kindName)\"",
                               at: object["kind"]?.offset ?? object.offset)
        }
        guard source >= 0, card >= 0 else {
            throw stream.error(.invalidValue, "an origin's \"source\" and \"card\" are places in lists, 0 or more",
                               at: object.offset)
        }
        return OriginLedger.Entry(source: Int(source), itemHigh: high, itemLow: low, kind: kind, card: Int(card),
                                  digest: digest, base: try text(object, "base", stream), book: try number(object, "book", stream),
                                  locationStart: try number(object, "start", stream).map(Int.init),
                                  locationEnd: try number(object, "end", stream).map(Int.init))
    }

    /// `"added_by": {"citations": [0, 0, null], …}`: each card's import, by place.
    static func decodeAddedBy(_ value: JSONValue, at offset: Int, stream: JSONStream) throws(CardportError) -> [RecordKind: [Int?]] {
        let object = try members(value, "\"added_by\"", at: offset, stream: stream)
        var addedBy: [RecordKind: [Int?]] = [:]
        for kind in RecordKind.allCases where kind != .tag && kind != .settings {
            guard let member = object[kind.pluralName] else { continue }
            guard case .array(let places) = member.value else {
                throw stream.error(.invalidValue, "\"\(kind.pluralName)\" must be a list, not \(member.value.typeName)", at: member.offset)
            }
            var list: [Int?] = []
            list.reserveCapacity(places.count)
            for place in places {
                switch place {
                case .null: list.append(nil)
                case .number(let text) where Int(text).map({ $0 >= 0 }) == true: list.append(Int(text))
                default:
                    throw stream.error(.invalidValue, "an import's place must be a whole number or null, not \(place.jsonText)",
                                       at: member.offset)
                }
            }
            addedBy[kind] = list
        }
        return addedBy
    }

    private static func members(_ value: JSONValue, _ what: String, at offset: Int,
                                stream: JSONStream) throws(CardportError) -> JSONObject {
        guard case .object(let object) = value else {
            throw stream.error(.invalidValue, "\(what) must be an object, not \(value.typeName)", at: offset)
        }
        return object
    }

    private static func text(_ object: JSONObject, _ key: String, _ stream: JSONStream) throws(CardportError) -> String? {
        guard let member = object[key] else { return nil }
        guard case .string(let text) = member.value else {
            throw stream.error(.invalidValue, "\"\(key)\" must be a string, not \(member.value.typeName)", at: member.offset)
        }
        return text
    }

    private static func number(_ object: JSONObject, _ key: String, _ stream: JSONStream) throws(CardportError) -> Int64? {
        guard let member = object[key] else { return nil }
        guard case .number(let text) = member.value, let value = Int64(text) else {
            throw stream.error(.invalidValue, "\"\(key)\" must be a whole number, not \(member.value.jsonText)", at: member.offset)
        }
        return value
    }
}
