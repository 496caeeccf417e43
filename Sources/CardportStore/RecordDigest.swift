import CardportCore
import CardportMachinery

/// A 64-bit digest of a record's whole content, kept in each row.
///
/// An import compares the incoming copy's digest with the row's: when they are equal the copies
/// are the same and nothing is read back or merged, which keeps re-importing a file cheap. Any
/// difference (a tag, a flag, a date's written form) gives another digest, except in what the
/// store cannot keep: a card's tags are links to the store's tags, one per normalised name (`Swift` and
/// `swift` are one tag), so tags are digested normalised, and a card reads back with the digest it
/// went in with.
enum RecordDigest {
    static func digest(_ record: Record) -> Int64 {
        var h = StableHash()
        h.combine(record.kind.rawValue)
        switch record {
        case .citation(let c):
            h.combine(c.id); h.combine(c.text); h.combine(c.author); h.combine(c.source)
            tags(c.tags, into: &h)
            number(c.isFavourite ? 1 : 0, into: &h); number(c.isArchived ? 1 : 0, into: &h)
            dates(c.createdAt, c.updatedAt, into: &h)
            h.combine(c.note)
            h.combine(c.location?.page)
            number(c.location?.start.map(Int64.init) ?? -1, into: &h); number(c.location?.end.map(Int64.init) ?? -1, into: &h)
            // Only when one is set, so a card without them keeps the digest it had before the store held them.
            if c.chapter != nil || c.colour != nil || c.position != nil || c.sourceID != nil {
                number(-2, into: &h)
                h.combine(c.chapter); h.combine(c.colour); h.combine(c.position); h.combine(c.sourceID)
            }
            extras(c.extras, into: &h)
        case .bookmark(let b):
            h.combine(b.id); h.combine(b.name); h.combine(b.text)
            tags(b.tags, into: &h)
            dates(b.createdAt, b.updatedAt, into: &h)
            extras(b.extras, into: &h)
        case .task(let t):
            h.combine(t.id); h.combine(t.description); number(Int64(t.progress.percent), into: &h)
            dates(t.createdAt, t.updatedAt, into: &h)
            extras(t.extras, into: &h)
        case .topic(let t):
            h.combine(t.id); h.combine(t.title); date(t.dueDate, into: &h); h.combine(t.status.rawValue)
            h.combine(t.notes)
            list(t.links, into: &h)
            number(Int64(t.questions.count), into: &h)
            for q in t.questions {
                h.combine(q.text); h.combine(q.answer); number(q.isDone ? 1 : 0, into: &h)
            }
            dates(t.createdAt, t.updatedAt, into: &h)
            extras(t.extras, into: &h)
        case .tag(let t):
            h.combine(t.name); h.combine(t.colour?.description)
        case .settings(let s):
            number(s.showFavouriteOnTop ? 1 : 0, into: &h); list(s.widgetTags, into: &h)
            h.combine(s.appearance.rawValue); h.combine(s.language)
        }
        return Int64(bitPattern: h.finalize().0)
    }

    /// Adds tag names as the store keeps them: normalised as tag identity normalises them.
    private static func tags(_ names: [String], into h: inout StableHash) {
        number(Int64(names.count), into: &h)
        var normalised: [UInt8] = []
        for var name in names {
            // Most tags are lower-case ASCII letters and digits, which normalising leaves as they are.
            let hashedAsWritten = name.withUTF8 { bytes in
                guard !bytes.isEmpty, bytes.allSatisfy({ ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) }) else {
                    return false
                }
                h.combine(bytes: bytes)
                return true
            }
            if hashedAsWritten { continue }
            TextNormalisation.normalise(name, into: &normalised)
            // The same bytes as `combine(String)` adds for the normalised name.
            normalised.withUnsafeBufferPointer { h.combine(bytes: $0) }
        }
    }

    private static func list(_ items: [String], into h: inout StableHash) {
        number(Int64(items.count), into: &h)
        for item in items { h.combine(item) }
    }

    /// Adds a number as its eight bytes (no string is made: a digest runs for every imported record).
    private static func number(_ value: Int64, into h: inout StableHash) {
        withUnsafeBytes(of: value.littleEndian) { h.combine(bytes: $0.bindMemory(to: UInt8.self)) }
    }

    /// Adds a date in every part of its written form, so `…Z` and `…+00:00` differ.
    private static func date(_ value: Timestamp?, into h: inout StableHash) {
        guard let value else { return number(Int64.min, into: &h) }
        number(value.secondsSince1970, into: &h)
        let zone: Int64
        switch value.zone {
        case .utc: zone = 1 << 20
        case .floating: zone = 2 << 20
        case .offset(let minutes): zone = Int64(minutes)
        }
        number(Int64(value.nanoseconds) | Int64(value.fractionDigits) << 32 | (value.isDateOnly ? 1 << 40 : 0), into: &h)
        number(zone, into: &h)
    }

    private static func dates(_ created: Timestamp?, _ updated: Timestamp?, into h: inout StableHash) {
        date(created, into: &h)
        date(updated, into: &h)
    }

    private static func extras(_ extras: [String: String], into h: inout StableHash) {
        number(Int64(extras.count), into: &h)
        guard !extras.isEmpty else { return }
        for key in extras.keys.sorted() {
            h.combine(key)
            h.combine(extras[key]!)
        }
    }
}
