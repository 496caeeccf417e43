/// The location ranges of a book's live highlights, found again by overlap without looking at
/// every highlight: ranges are kept in buckets of 16 locations by where they start, and a range
/// longer than ``longest`` (a clipped article) in a short list of its own.
///
/// A query for `start...end` looks at the buckets from `start` less the longest range in a bucket
/// to `end`, so its work grows with the highlights near the range, not with the book.
///
/// A bucket is a list threaded through the items: the first item of each bucket, and after each
/// item the next one in its bucket. A book whose locations run to 80,000 has 5,000 buckets; as
/// integers they are made and freed at once, where 5,000 arrays would each be kept and released.
struct KindleLiveRanges {
    private static let shift = 4
    static let longest = 256
    private static let none: Int32 = -1

    /// The first item of each bucket by `start >> shift` (or ``none``), when the book's locations
    /// are few enough for one array; else ``sparse``.
    private var heads: [Int32]
    private var sparse: [Int: Int32] = [:]
    private let isFlat: Bool
    /// The item after each item in its bucket (or ``none``).
    private var nexts: [Int32]
    private var long: [Int32] = []
    /// The longest range ever put in a bucket: how far back of a query's start to look.
    private var reach = 0

    /// An index for the ranges of items `0..<items` whose starts are at most `maximumStart`.
    init(maximumStart: Int, items: Int) {
        isFlat = maximumStart >= 0 && maximumStart < 1 << 22
        heads = isFlat ? [Int32](repeating: KindleLiveRanges.none, count: (maximumStart >> KindleLiveRanges.shift) + 1) : []
        nexts = [Int32](repeating: KindleLiveRanges.none, count: items)
    }

    mutating func insert(_ item: Int32, start: Int, end: Int) {
        if end - start > KindleLiveRanges.longest {
            long.append(item)
            return
        }
        reach = Swift.max(reach, end - start)
        let bucket = start >> KindleLiveRanges.shift
        if isFlat {
            nexts[Int(item)] = heads[bucket]
            heads[bucket] = item
        } else {
            nexts[Int(item)] = sparse[bucket] ?? KindleLiveRanges.none
            sparse[bucket] = item
        }
    }

    mutating func remove(_ item: Int32, start: Int, end: Int) {
        if end - start > KindleLiveRanges.longest {
            if let index = long.firstIndex(of: item) { long.swapAt(index, long.count - 1); long.removeLast() }
            return
        }
        let bucket = start >> KindleLiveRanges.shift
        let head = isFlat ? heads[bucket] : sparse[bucket] ?? KindleLiveRanges.none
        let after = nexts[Int(item)]
        nexts[Int(item)] = KindleLiveRanges.none
        if head == item {
            if isFlat {
                heads[bucket] = after
            } else {
                sparse[bucket] = after == KindleLiveRanges.none ? nil : after
            }
            return
        }
        var previous = head
        while previous != KindleLiveRanges.none {
            let next = nexts[Int(previous)]
            if next == item {
                nexts[Int(previous)] = after
                return
            }
            previous = next
        }
    }

    /// Appends to `found` every item whose range (`starts[item]...ends[item]`) overlaps `start...end`.
    func overlapping(_ start: Int, _ end: Int, starts: [Int], ends: [Int], into found: inout [Int32]) {
        for item in long where starts[Int(item)] <= end && ends[Int(item)] >= start { found.append(item) }
        let (low, overflow) = start.subtractingReportingOverflow(reach)
        let first = overflow ? Int.min >> KindleLiveRanges.shift : low >> KindleLiveRanges.shift
        let last = end >> KindleLiveRanges.shift
        guard first <= last else { return }
        func collect(from head: Int32) {
            var item = head
            while item != KindleLiveRanges.none {
                if starts[Int(item)] <= end && ends[Int(item)] >= start { found.append(item) }
                item = nexts[Int(item)]
            }
        }
        if isFlat {
            let (low, high) = (Swift.max(first, 0), Swift.min(last, heads.count - 1))
            guard low <= high else { return }
            for bucket in low...high where heads[bucket] != KindleLiveRanges.none { collect(from: heads[bucket]) }
        } else if last - first < sparse.count {
            for bucket in first...last {
                if let head = sparse[bucket] { collect(from: head) }
            }
        } else {
            for (bucket, head) in sparse where bucket >= first && bucket <= last { collect(from: head) }
        }
    }
}
