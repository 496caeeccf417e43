@testable import CardportKindle
import CardportTestSupport
import PropertyBased
import Testing

/// The index of live ranges finds exactly the live ranges a look at every one of them finds,
/// whatever was put in and taken out, in a book of few locations (one array of buckets) or of
/// locations past four million (buckets by key), with clipped articles longer than a bucket reaches.
@Suite struct KindleLiveRangesTests {
    /// One step: put item `item` in, take it out, or ask for what overlaps `start...end`.
    enum Step: Sendable, CustomStringConvertible {
        case insert(Int)
        case remove(Int)
        case query(Int, Int)

        var description: String {
            switch self {
            case .insert(let item): "insert \(item)"
            case .remove(let item): "remove \(item)"
            case .query(let start, let end): "query \(start)...\(end)"
            }
        }
    }

    /// A book of ranges and the steps taken over them.
    struct History: Sendable, CustomStringConvertible {
        var starts: [Int]
        var ends: [Int]
        var steps: [Step]
        var description: String {
            "ranges \(zip(starts, ends).map { "\($0)...\($1)" }), steps \(steps)"
        }
    }

    static let histories = Generator<History, Shrinking<History>>(run: { rng in
        let base = Bool.random(using: &rng) ? 0 : 5_000_000   // past 1 << 22: buckets by key
        let count = Int.random(in: 1...30, using: &rng)
        var starts: [Int] = []
        var ends: [Int] = []
        for _ in 0..<count {
            let start = base + Int.random(in: 0...600, using: &rng)
            let length = Int.random(in: 0...9, using: &rng) == 0 ? Int.random(in: 257...700, using: &rng)
                : Int.random(in: 0...40, using: &rng)
            starts.append(start)
            ends.append(start + length)
        }
        var steps: [Step] = []
        for _ in 0..<Int.random(in: 0...80, using: &rng) {
            let item = Int.random(in: 0..<count, using: &rng)
            switch Int.random(in: 0...2, using: &rng) {
            case 0: steps.append(.insert(item))
            case 1: steps.append(.remove(item))
            default:
                let start = base + Int.random(in: -50...700, using: &rng)
                steps.append(.query(start, start + Int.random(in: 0...60, using: &rng)))
            }
        }
        return History(starts: starts, ends: ends, steps: steps)
    }, shrink: { history in
        Shrinking.removing(from: history.steps).map { History(starts: history.starts, ends: history.ends, steps: $0) }
    })

    @Test func anIndexFindsWhatALookAtEveryRangeFinds() async {
        await propertyCheck(count: 300, input: Self.histories) { history in
            var ranges = KindleLiveRanges(maximumStart: history.starts.max()!, items: history.starts.count)
            var live = Set<Int>()
            for step in history.steps {
                switch step {
                case .insert(let item):
                    // As the replay does: an item is put in only while it is out.
                    guard live.insert(item).inserted else { continue }
                    ranges.insert(Int32(item), start: history.starts[item], end: history.ends[item])
                case .remove(let item):
                    guard live.remove(item) != nil else { continue }
                    ranges.remove(Int32(item), start: history.starts[item], end: history.ends[item])
                case .query(let start, let end):
                    var found: [Int32] = []
                    ranges.overlapping(start, end, starts: history.starts, ends: history.ends, into: &found)
                    let expected = live.filter { history.starts[$0] <= end && history.ends[$0] >= start }
                    #expect(found.count == Set(found).count, "an item found twice")
                    #expect(Set(found.map(Int.init)) == expected)
                }
            }
        }
    }

    @Test func aRangeTakenOutOfTheMiddleOfItsBucketLeavesTheOthers() {
        let starts = [100, 101, 102]
        let ends = [110, 111, 112]
        var ranges = KindleLiveRanges(maximumStart: 102, items: 3)
        for item in 0..<3 { ranges.insert(Int32(item), start: starts[item], end: ends[item]) }
        ranges.remove(1, start: 101, end: 111)
        var found: [Int32] = []
        ranges.overlapping(100, 120, starts: starts, ends: ends, into: &found)
        #expect(found.sorted() == [0, 2])
        ranges.insert(1, start: 101, end: 111)
        found.removeAll()
        ranges.overlapping(111, 111, starts: starts, ends: ends, into: &found)
        #expect(found.sorted() == [1, 2])
    }
}
