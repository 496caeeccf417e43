import CardportCore

/// How to read metadata lines of one shape by position: lines that differ only in their digits
/// (`Location 123-125 | Added on Sunday, March 5, 2023 10:15:42 PM` and the next day's line) are
/// read alike, so the word matching and date analysis run once per shape, not once per entry.
///
/// A plan is made from a line the full parser read, by noting which run of digits gave each
/// number. When a number did not come from exactly one run (`Location 1,234`), there is no plan and
/// lines of that shape always take the full parser.
struct KindleMetadataPlan {
    /// A run of digits in a line.
    struct Run {
        var offset: Int
        var length: Int
    }

    enum PageSource {
        case none
        case literal(String)
        case range(first: Int, last: Int?)
    }

    enum DateField {
        case run(Int)
        case constant(Int)
    }

    struct DatePlan {
        var year: Int
        var month: DateField
        var day: Int
        var hour: Int?
        var minute: Int?
        var second: Int?
        var clock: KindleDate.Reading.Clock
    }

    var kind: KindleClipping.Kind
    var page: PageSource
    var location: (first: Int, last: Int?)?
    var date: DatePlan?
    var barsBeforeDate: Int?

    /// The shape of a line: its bytes with each run of digits replaced by one byte, and the runs.
    ///
    /// Runs of any length share a shape: whatever depends on a number's digits (a two-digit year,
    /// Kindle 3's short range ends) is worked out again from the line's own digits when a plan reads it.
    static func shape(of line: UnsafeRawBufferPointer, template: inout [UInt8], runs: inout [Run]) {
        runs.removeAll(keepingCapacity: true)
        template.removeAll(keepingCapacity: true)
        template.append(contentsOf: line)
        // Compacted in place: the template is never longer than the part of the line already read.
        let length = template.withUnsafeMutableBufferPointer { out -> Int in
            let count = out.count
            var written = 0
            var i = 0
            while i < count {
                let byte = out[i]
                if byte &- 0x30 < 10 {
                    var j = i + 1
                    while j < count, out[j] &- 0x30 < 10 { j += 1 }
                    runs.append(Run(offset: i, length: j - i))
                    out[written] = 0x01
                    i = j
                } else {
                    out[written] = byte
                    i += 1
                }
                written += 1
            }
            return written
        }
        template.removeLast(template.count - length)
    }

    /// The plan for lines shaped like `line`, from the full parser's trace; `nil` when a number did
    /// not come from exactly one run.
    init?(_ parsed: KindleMetadataLine, trace: KindleMetadataLine.Trace, runs: [Run]) {
        func run(at offset: Int?, length: Int) -> Int? {
            guard let offset, let index = runs.firstIndex(where: { $0.offset == offset }),
                  runs[index].length == length else { return nil }
            return index
        }
        kind = parsed.kind
        barsBeforeDate = trace.barsBeforeDate
        if let source = trace.page {
            if source.first == nil {
                page = .literal(source.firstText)
            } else {
                guard let first = run(at: source.offset, length: source.firstText.utf8.count) else { return nil }
                var last: Int?
                if let text = source.lastText {
                    guard let index = run(at: source.lastOffset, length: text.utf8.count) else { return nil }
                    last = index
                }
                page = .range(first: first, last: last)
            }
        } else {
            page = .none
        }
        if let source = trace.location {
            guard let first = run(at: source.offset, length: source.firstText.utf8.count) else { return nil }
            var last: Int?
            if let text = source.lastText {
                guard let index = run(at: source.lastOffset, length: text.utf8.count) else { return nil }
                last = index
            }
            location = (first, last)
        }
        if let reading = trace.date {
            func field(_ value: KindleDate.Reading.Field) -> DateField? {
                guard let offset = value.offset else { return .constant(value.value) }
                return run(at: offset, length: value.digits).map { .run($0) }
            }
            func required(_ value: KindleDate.Reading.Field?) -> Int?? {
                guard let value else { return .some(nil) }
                guard case .run(let index)? = field(value) else { return nil }
                return .some(index)
            }
            guard case .run(let year)? = field(reading.year), let month = field(reading.month),
                  case .run(let day)? = field(reading.day),
                  let hour = required(reading.hour), let minute = required(reading.minute),
                  let second = required(reading.second) else { return nil }
            date = DatePlan(year: year, month: month, day: day, hour: hour, minute: minute, second: second,
                            clock: reading.clock)
        }
    }

    /// Reads a line of this plan's shape.
    func read(_ line: UnsafeRawBufferPointer, runs: [Run]) -> KindleMetadataLine {
        func text(_ index: Int) -> String {
            String(decoding: UnsafeRawBufferPointer(rebasing: line[runs[index].offset..<(runs[index].offset + runs[index].length)]),
                   as: UTF8.self)
        }
        func value(_ index: Int) -> Int {
            var value = 0
            for i in runs[index].offset..<(runs[index].offset + runs[index].length) { value = value &* 10 &+ Int(line[i] - 0x30) }
            return value
        }
        var pageText: String?
        switch page {
        case .none: break
        case .literal(let text): pageText = text
        case .range(let first, let last):
            pageText = KindleRange(offset: 0, endOffset: 0, firstText: text(first), lastText: last.map(text)).pageText
        }
        var start: Int?
        var end: Int?
        if let location {
            let range = KindleRange(offset: 0, endOffset: 0, firstText: text(location.first), lastText: location.last.map(text))
            start = range.first
            end = range.expandedLast
        }
        var added: KindleDate.Reading?
        if let date {
            func field(_ index: Int) -> KindleDate.Reading.Field {
                KindleDate.Reading.Field(value: value(index), digits: runs[index].length, offset: nil)
            }
            let month: KindleDate.Reading.Field = switch date.month {
            case .run(let index): field(index)
            case .constant(let value): KindleDate.Reading.Field(value: value, digits: 0, offset: nil)
            }
            added = KindleDate.Reading(year: field(date.year), month: month, day: field(date.day),
                                       hour: date.hour.map(field), minute: date.minute.map(field),
                                       second: date.second.map(field), clock: date.clock)
        }
        let timestamp = added.flatMap(KindleDate.timestamp)
        var dateText = ""
        if timestamp == nil, let barsBeforeDate {
            var bars = 0
            var i = 0
            while i < line.count, bars < barsBeforeDate {
                if line[i] == 0x7C { bars += 1 }
                i += 1
            }
            dateText = String(Substring(String(decoding: UnsafeRawBufferPointer(rebasing: line[i...]), as: UTF8.self)).trimmingSpaces)
        }
        return KindleMetadataLine(kind: kind, location: CitationLocation(page: pageText, start: start, end: end),
                                  dateText: dateText, added: timestamp)
    }
}

/// The plans of the shapes seen so far in one file.
///
/// An open-addressing table of shapes, so that looking a line's shape up allocates nothing: the
/// shape is digested where it was built, and its bytes are copied only the first time it is seen.
struct KindleMetadataPlans {
    private enum Entry {
        case plan(KindleMetadataPlan)
        case fullParse
    }

    private var slots = [Int32](repeating: -1, count: 64)
    private var shapes: [[UInt8]] = []
    private var digests: [UInt64] = []
    private var entries: [Entry] = []
    private var template: [UInt8] = []
    private var runs: [KindleMetadataPlan.Run] = []

    /// Reads a metadata line by its shape's plan, making the plan on the shape's first line.
    mutating func parse(_ line: UnsafeRawBufferPointer) -> KindleMetadataLine? {
        KindleMetadataPlan.shape(of: line, template: &template, runs: &runs)
        let digest = template.withUnsafeBytes { ByteDigest.of($0) }
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: digest) & mask
        while slots[slot] >= 0 {
            let known = Int(slots[slot])
            if digests[known] == digest && shapes[known] == template {
                switch entries[known] {
                case .plan(let plan): return plan.read(line, runs: runs)
                case .fullParse: return KindleMetadataLine.parse(line)
                }
            }
            slot = (slot + 1) & mask
        }
        let entry: Entry
        let parsed: KindleMetadataLine?
        if let (read, trace) = KindleMetadataLine.read(line) {
            parsed = read
            entry = KindleMetadataPlan(read, trace: trace, runs: runs).map { .plan($0) } ?? .fullParse
        } else {
            parsed = nil
            entry = .fullParse
        }
        // The plan must read its own line as the full parser did, or it is not used.
        if case .plan(let plan) = entry, plan.read(line, runs: runs) != parsed {
            add(.fullParse, digest: digest, at: slot)
        } else {
            add(entry, digest: digest, at: slot)
        }
        return parsed
    }

    private mutating func add(_ entry: Entry, digest: UInt64, at slot: Int) {
        slots[slot] = Int32(entries.count)
        shapes.append(template)
        digests.append(digest)
        entries.append(entry)
        // At most half full, so that probes stay short.
        guard entries.count * 2 > slots.count else { return }
        slots = [Int32](repeating: -1, count: slots.count * 2)
        let mask = slots.count - 1
        for (index, digest) in digests.enumerated() {
            var slot = Int(truncatingIfNeeded: digest) & mask
            while slots[slot] >= 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(index)
        }
    }
}
