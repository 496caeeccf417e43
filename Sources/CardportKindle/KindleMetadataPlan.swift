import CardportCore
import CardportMachinery

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
    /// The shape is written to the front of `template`, which is grown as needed and kept between
    /// lines; its length is returned.
    static func shape(of line: UnsafeRawBufferPointer, template: inout [UInt8], runs: inout [Run]) -> Int {
        runs.removeAll(keepingCapacity: true)
        let count = line.count
        // The shape is never longer than the line; eight spare bytes let words be stored whole.
        if template.count < count + 8 { template = [UInt8](repeating: 0, count: Swift.max(count + 8, 256)) }
        guard count > 0 else { return 0 }
        let ones: UInt64 = 0x0101_0101_0101_0101
        return template.withUnsafeMutableBytes { out -> Int in
            let output = out.baseAddress!
            let input = line.baseAddress!
            var written = 0
            var i = 0
            while i < count {
                // Eight bytes without a digit are copied as they are.
                if i + 8 <= count {
                    let word = input.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                    // Some byte is a digit (strictly between 0x2F and 0x3A) when this is not zero; no
                    // carry crosses bytes, since only the low seven bits of each take part.
                    let low = word & (ones &* 0x7F)
                    let digits = ((ones &* (127 + 0x3A)) &- low) & ~word & (low &+ ones &* (127 - 0x2F)) & (ones &* 0x80)
                    if digits == 0 {
                        output.storeBytes(of: word, toByteOffset: written, as: UInt64.self)
                        written += 8
                        i += 8
                        continue
                    }
                }
                let byte = input.load(fromByteOffset: i, as: UInt8.self)
                if byte &- 0x30 < 10 {
                    var j = i + 1
                    while j < count, input.load(fromByteOffset: j, as: UInt8.self) &- 0x30 < 10 { j += 1 }
                    runs.append(Run(offset: i, length: j - i))
                    output.storeBytes(of: 0x01, toByteOffset: written, as: UInt8.self)
                    i = j
                } else {
                    output.storeBytes(of: byte, toByteOffset: written, as: UInt8.self)
                    i += 1
                }
                written += 1
            }
            return written
        }
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
            // Straight from the digits, as `KindleRange` would read them, unless a number is too long for an `Int`.
            if runs[location.first].length <= 18 && location.last.map({ runs[$0].length <= 18 }) != false {
                let first = value(location.first)
                start = first
                end = location.last.map { KindleRange.expand(first: first, last: value($0), lastDigits: runs[$0].length) } ?? first
            } else {
                let range = KindleRange(offset: 0, endOffset: 0, firstText: text(location.first), lastText: location.last.map(text))
                start = range.first
                end = range.expandedLast
            }
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
/// Shapes are looked up in a ``ByteTable``, so that reading a line of a known shape allocates
/// nothing: its bytes are copied only the first time the shape is seen.
struct KindleMetadataPlans {
    private enum Entry {
        case plan(KindleMetadataPlan)
        case fullParse
    }

    private var entries = ByteTable<Entry>()
    private var template: [UInt8] = []
    private var runs: [KindleMetadataPlan.Run] = []

    /// Reads a metadata line by its shape's plan, making the plan on the shape's first line.
    mutating func parse(_ line: UnsafeRawBufferPointer) -> KindleMetadataLine? {
        let length = KindleMetadataPlan.shape(of: line, template: &template, runs: &runs)
        let place: ByteTable<Entry>.Place
        switch template.withUnsafeBytes({ entries.find(UnsafeRawBufferPointer(rebasing: $0[..<length])) }) {
        case .found(let known):
            switch entries[known] {
            case .plan(let plan): return plan.read(line, runs: runs)
            case .fullParse: return KindleMetadataLine.parse(line)
            }
        case .missing(let missing):
            place = missing
        }
        var entry: Entry
        let parsed: KindleMetadataLine?
        if let (read, trace) = KindleMetadataLine.read(line) {
            parsed = read
            // A line with a part the reader cannot understand is read in full every time, so its
            // problem is reported for every entry.
            entry = read.problem != nil ? .fullParse : KindleMetadataPlan(read, trace: trace, runs: runs).map { .plan($0) } ?? .fullParse
        } else {
            parsed = nil
            entry = .fullParse
        }
        // The plan must read its own line as the full parser did, or it is not used.
        if case .plan(let plan) = entry, plan.read(line, runs: runs) != parsed { entry = .fullParse }
        template.withUnsafeBytes { _ = entries.add(UnsafeRawBufferPointer(rebasing: $0[..<length]), entry, at: place) }
        return parsed
    }
}
