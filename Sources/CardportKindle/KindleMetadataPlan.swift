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
        template.removeAll(keepingCapacity: true)
        runs.removeAll(keepingCapacity: true)
        var i = 0
        while i < line.count {
            let byte = line[i]
            if byte >= 0x30 && byte <= 0x39 {
                var j = i + 1
                while j < line.count, line[j] >= 0x30 && line[j] <= 0x39 { j += 1 }
                runs.append(Run(offset: i, length: j - i))
                template.append(0x01)
                i = j
            } else {
                template.append(byte)
                i += 1
            }
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
struct KindleMetadataPlans {
    private enum Entry {
        case plan(KindleMetadataPlan)
        case fullParse
    }

    private var plans: [ByteKey: Entry] = [:]
    private var template: [UInt8] = []
    private var runs: [KindleMetadataPlan.Run] = []

    /// Reads a metadata line by its shape's plan, making the plan on the shape's first line.
    mutating func parse(_ line: UnsafeRawBufferPointer) -> KindleMetadataLine? {
        KindleMetadataPlan.shape(of: line, template: &template, runs: &runs)
        let key = ByteKey(template)
        switch plans[key] {
        case .plan(let plan)?:
            return plan.read(line, runs: runs)
        case .fullParse?:
            return KindleMetadataLine.parse(line)
        case nil:
            guard let (parsed, trace) = KindleMetadataLine.read(line) else {
                plans[key] = .fullParse
                return nil
            }
            if let plan = KindleMetadataPlan(parsed, trace: trace, runs: runs) {
                plans[key] = .plan(plan)
                // The plan must read its own line as the full parser did, or it is not used.
                if plan.read(line, runs: runs) != parsed { plans[key] = .fullParse }
            } else {
                plans[key] = .fullParse
            }
            return parsed
        }
    }
}
