/// The smaller values to try when a property fails, most shrunk first, made one at a time.
///
/// A generator's shrinker returns one of these (`Generator(run:shrink:)`): the property checker
/// takes the first candidate that still fails and asks again, so the failure ends at a case where
/// no single step keeps it. Candidates are made only when the checker reaches them, so a list of
/// thousands of elements costs no more memory than one candidate. The common shapes have their
/// helpers: leaving out elements of an array (``removing(from:keeping:)``), characters of a
/// string, whole scalars of a byte array, whole lines of a file, words of a text; a case with
/// several parts joins its parts' candidates with `+` and ``map(_:)``. (Being the type's own, its
/// `map`, `compactMap` and `filter` stay lazy where `Sequence`'s would make arrays.)
///
/// ```swift
/// let texts = Generator(run: { rng in … }, shrink: { texts in
///     Shrinking.removing(from: texts) + Shrinking.replacingEach(in: texts) { Shrinking.removingCharacters(of: $0) }
/// })
/// ```
public struct Shrinking<Value: Sendable>: Sequence, Sendable {
    /// A run of candidates: `count` of them, made by position (`nil` skips one), or a group made
    /// only when the iterator reaches it.
    enum Stage: Sendable {
        case made(count: Int, candidate: @Sendable (Int) -> Value?)
        case deferred(@Sendable () -> Shrinking<Value>)
    }

    var stages: [Stage]

    /// No candidates: the value is as small as it gets.
    public init() {
        stages = []
    }

    /// `count` candidates made by position; a `nil` is skipped, for a candidate the property cannot take.
    public init(count: Int, _ candidate: @escaping @Sendable (Int) -> Value?) {
        stages = count > 0 ? [.made(count: count, candidate: candidate)] : []
    }

    /// The given candidates, in order.
    public init(_ values: [Value]) {
        self.init(count: values.count) { values[$0] }
    }

    /// The candidates of a group made only when the checker reaches it, for groups costly to list.
    public init(deferred make: @escaping @Sendable () -> Shrinking<Value>) {
        stages = [.deferred(make)]
    }

    /// The candidates of `lhs`, then those of `rhs`.
    public static func + (lhs: Shrinking, rhs: Shrinking) -> Shrinking {
        var joined = lhs
        joined.stages += rhs.stages
        return joined
    }

    /// The candidates, each changed by `transform`.
    public func map<Other: Sendable>(_ transform: @escaping @Sendable (Value) -> Other) -> Shrinking<Other> {
        compactMap(transform)
    }

    /// The candidates, each changed by `transform`; a `nil` drops one.
    public func compactMap<Other: Sendable>(_ transform: @escaping @Sendable (Value) -> Other?) -> Shrinking<Other> {
        var mapped = Shrinking<Other>()
        mapped.stages = stages.map { stage in
            switch stage {
            case .made(let count, let candidate):
                return .made(count: count) { position in candidate(position).flatMap(transform) }
            case .deferred(let make):
                return .deferred { make().compactMap(transform) }
            }
        }
        return mapped
    }

    /// The candidates `isValid` accepts, for a property that needs every input to have some shape.
    public func filter(_ isValid: @escaping @Sendable (Value) -> Bool) -> Shrinking {
        compactMap { isValid($0) ? $0 : nil }
    }

    /// Makes the candidates one by one.
    public func makeIterator() -> Iterator {
        Iterator(pending: stages.reversed())
    }

    /// Makes the candidates one by one, opening each deferred group when it comes to it.
    public struct Iterator: IteratorProtocol {
        /// The stages still to go, the next last.
        var pending: [Stage]
        var position = 0

        /// The next candidate, or `nil` when there are no more.
        public mutating func next() -> Value? {
            while let stage = pending.last {
                switch stage {
                case .deferred(let make):
                    pending.removeLast()
                    pending += make().stages.reversed()
                    position = 0
                case .made(let count, let candidate):
                    guard position < count else {
                        pending.removeLast()
                        position = 0
                        continue
                    }
                    position += 1
                    if let value = candidate(position - 1) { return value }
                }
            }
            return nil
        }
    }
}

// MARK: Common shapes

extension Shrinking {
    /// Copies of `array` with a run of elements left out: all of them, then each half, each quarter,
    /// and so on down to each single element; none with fewer than `minimum` elements.
    ///
    /// Halves first, so a long failing list loses most of itself in a few steps; single elements
    /// last, so the case ends with only the elements the failure needs.
    public static func removing<Element: Sendable>(from array: [Element], keeping minimum: Int = 0) -> Shrinking
    where Value == [Element] {
        let count = array.count
        var shrinking = Shrinking()
        var size = count
        while size >= 1 {
            let width = size
            guard count - width >= minimum else {
                size /= 2
                continue
            }
            shrinking.stages.append(.made(count: (count + width - 1) / width) { run in
                var fewer = array
                fewer.removeSubrange((run * width)..<Swift.min(count, run * width + width))
                return fewer
            })
            size /= 2
        }
        return shrinking
    }

    /// Copies of `array` with one element replaced by one of its own candidates, element by element.
    public static func replacingEach<Element: Sendable>(
        in array: [Element], with simpler: @escaping @Sendable (Element) -> Shrinking<Element>
    ) -> Shrinking where Value == [Element] {
        var shrinking = Shrinking()
        shrinking.stages = array.indices.map { index in
            .deferred {
                simpler(array[index]).map { element in
                    var changed = array
                    changed[index] = element
                    return changed
                }
            }
        }
        return shrinking
    }

    /// Copies of `text` with runs of whole characters left out (a CRLF or an emoji family goes whole),
    /// keeping at least `minimum` characters.
    public static func removingCharacters(of text: String, keeping minimum: Int = 0) -> Shrinking where Value == String {
        Shrinking<[Character]>.removing(from: Array(text), keeping: minimum).map { String($0) }
    }

    /// Copies of `text`, words separated by single spaces, with runs of whole words left out, keeping
    /// at least `minimum` words.
    public static func removingWords(of text: String, keeping minimum: Int = 1) -> Shrinking where Value == String {
        let words = text.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        return Shrinking<[String]>.removing(from: words, keeping: minimum).map { $0.joined(separator: " ") }
    }

    /// Copies of `bytes` with runs of whole UTF-8 scalars left out, so valid UTF-8 stays valid.
    ///
    /// A scalar is a byte that is not a continuation byte (`10xxxxxx`) with the continuation bytes
    /// after it; in invalid UTF-8, a stray continuation byte goes with the byte before it.
    public static func removingScalars(of bytes: [UInt8]) -> Shrinking where Value == [UInt8] {
        var scalars: [[UInt8]] = []
        for byte in bytes {
            if byte & 0xC0 == 0x80, !scalars.isEmpty {
                scalars[scalars.count - 1].append(byte)
            } else {
                scalars.append([byte])
            }
        }
        return Shrinking<[[UInt8]]>.removing(from: scalars).map { Array($0.joined()) }
    }

    /// Copies of a text file's `bytes` with runs of whole lines left out (a line ends with LF, CRLF or
    /// a lone CR, which stays with it), always keeping the first `header` lines.
    public static func removingLines(of bytes: [UInt8], keepingFirst header: Int = 0) -> Shrinking where Value == [UInt8] {
        var lines: [[UInt8]] = []
        var start = 0
        for index in bytes.indices where bytes[index] == 0x0A
            || (bytes[index] == 0x0D && (index + 1 == bytes.count || bytes[index + 1] != 0x0A)) {
            lines.append(Array(bytes[start...index]))
            start = index + 1
        }
        if start < bytes.count { lines.append(Array(bytes[start...])) }
        let kept = Array(lines.prefix(header).joined())
        return Shrinking<[[UInt8]]>.removing(from: Array(lines.dropFirst(header))).map { kept + $0.joined() }
    }

    /// `value` cleared to `simpler` (a default, `nil`, `false`) when it is not that already.
    public static func clearing(_ value: Value, to simpler: Value) -> Shrinking where Value: Equatable {
        value == simpler ? Shrinking() : Shrinking([simpler])
    }
}

// MARK: Searching

extension Shrinking {
    /// The smallest failing value the property checker reaches from `value`: it takes the first of
    /// `shrink`'s candidates for which `fails` holds, and asks again, until none does.
    ///
    /// The same walk as PropertyBased's `propertyCheck` makes after a failure, for tests that check
    /// a generator's shrinker ends at a small case.
    public static func smallest<Candidates: Sequence<Value>>(
        from value: Value, shrink: (Value) -> Candidates, fails: (Value) throws -> Bool
    ) rethrows -> (value: Value, steps: Int) {
        var smallest = value
        var steps = 0
        search: while true {
            for candidate in shrink(smallest) where try fails(candidate) {
                smallest = candidate
                steps += 1
                continue search
            }
            return (smallest, steps)
        }
    }
}
