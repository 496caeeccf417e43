/// The location ranges of a book's live highlights, found again by overlap without looking at
/// every highlight: ranges are kept in buckets of 16 locations by where they start, and a range
/// longer than ``longest`` (a clipped article) in a short list of its own.
///
/// A query for `start...end` looks at the buckets from `start` less the longest range in a bucket
/// to `end`, so its work grows with the highlights near the range, not with the book.
struct KindleLiveRanges {
    private static let shift = 4
    static let longest = 256

    /// Buckets by `start >> shift`: one array when the book's locations are few enough, else a dictionary.
    private var buckets: [[Int32]]
    private var sparse: [Int: [Int32]] = [:]
    private let isFlat: Bool
    private var long: [Int32] = []
    /// The longest range ever put in a bucket: how far back of a query's start to look.
    private var reach = 0

    /// An index for ranges whose starts are at most `maximumStart`.
    init(maximumStart: Int) {
        isFlat = maximumStart >= 0 && maximumStart < 1 << 22
        buckets = isFlat ? [[Int32]](repeating: [], count: (maximumStart >> KindleLiveRanges.shift) + 1) : []
    }

    mutating func insert(_ item: Int32, start: Int, end: Int) {
        if end - start > KindleLiveRanges.longest {
            long.append(item)
        } else if isFlat {
            reach = Swift.max(reach, end - start)
            buckets[start >> KindleLiveRanges.shift].append(item)
        } else {
            reach = Swift.max(reach, end - start)
            sparse[start >> KindleLiveRanges.shift, default: []].append(item)
        }
    }

    mutating func remove(_ item: Int32, start: Int, end: Int) {
        func drop(_ list: inout [Int32]) {
            if let index = list.firstIndex(of: item) { list.swapAt(index, list.count - 1); list.removeLast() }
        }
        if end - start > KindleLiveRanges.longest {
            drop(&long)
        } else if isFlat {
            drop(&buckets[start >> KindleLiveRanges.shift])
        } else {
            let key = start >> KindleLiveRanges.shift
            drop(&sparse[key, default: []])
            if sparse[key]?.isEmpty == true { sparse[key] = nil }
        }
    }

    /// Appends to `found` every item whose range (`starts[item]...ends[item]`) overlaps `start...end`.
    func overlapping(_ start: Int, _ end: Int, starts: [Int], ends: [Int], into found: inout [Int32]) {
        for item in long where starts[Int(item)] <= end && ends[Int(item)] >= start { found.append(item) }
        let (low, overflow) = start.subtractingReportingOverflow(reach)
        let first = overflow ? Int.min >> KindleLiveRanges.shift : low >> KindleLiveRanges.shift
        let last = end >> KindleLiveRanges.shift
        guard first <= last else { return }
        if isFlat {
            let (low, high) = (Swift.max(first, 0), Swift.min(last, buckets.count - 1))
            guard low <= high else { return }
            for bucket in low...high {
                for item in buckets[bucket] where starts[Int(item)] <= end && ends[Int(item)] >= start {
                    found.append(item)
                }
            }
        } else if last - first < sparse.count {
            for bucket in first...last {
                for item in sparse[bucket] ?? [] where starts[Int(item)] <= end && ends[Int(item)] >= start {
                    found.append(item)
                }
            }
        } else {
            for (bucket, items) in sparse where bucket >= first && bucket <= last {
                for item in items where starts[Int(item)] <= end && ends[Int(item)] >= start { found.append(item) }
            }
        }
    }
}
