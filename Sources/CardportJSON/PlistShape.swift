import Foundation

/// How many values a property list holds once every reference is followed, and how deeply they
/// nest: measured on its bytes before Foundation's `PropertyListSerialization` reads it, so that a
/// list Foundation would not read safely is refused first.
///
/// In a binary list a dictionary or array names its values by their number in an offset table, so
/// one value may be named many times, and a damaged list may name itself or hold a set. Foundation
/// crashes the process while it bridges a set (a `FuzzPlist` finding, `Fuzz/Findings/plist-binary-set`);
/// a list that names itself, or whose dictionaries each name the next one twice, expands without
/// end to a reader that follows every name (`Fuzz/Findings/plist-binary-cycle`). The binary shape is
/// read exactly from the offset table, in time linear in its size; the XML depth from the
/// `<array>` and `<dict>` tags.
///
/// ```swift
/// let shape = try PlistShape(measuring: bytes, upTo: 1_000_000)
/// shape.values   // 3 for a dictionary of one key and its value
/// ```
struct PlistShape {
    /// The values the list holds with every reference followed (keys included), at most the limit
    /// it was measured up to plus one.
    var values: Int
    /// The deepest nesting of arrays and dictionaries (1 for a dictionary of strings).
    var depth: Int

    /// What is wrong with a binary list's structure.
    struct Malformed: Error {
        var reason: String
    }

    /// Measures `bytes`, counting values up to `limit` (a list of more says `limit + 1`). Throws
    /// ``Malformed`` when a binary list's offset table or references are broken or form a cycle.
    init(measuring bytes: [UInt8], upTo limit: Int) throws {
        if bytes.starts(with: Array("bplist00".utf8)) {
            self = try PlistShape.binary(bytes, limit: limit)
        } else {
            self = PlistShape(values: 0, depth: PlistShape.xmlDepth(bytes))
        }
    }

    private init(values: Int, depth: Int) {
        self.values = values
        self.depth = depth
    }

    // MARK: Binary

    private static func binary(_ b: [UInt8], limit: Int) throws -> PlistShape {
        func int(_ at: Int, _ size: Int) -> Int? {
            guard size >= 1, size <= 8, at >= 0, at + size <= b.count else { return nil }
            var value: UInt64 = 0
            for i in at..<(at + size) { value = value << 8 | UInt64(b[i]) }
            return value > UInt64(Int.max) ? nil : Int(value)
        }
        guard b.count >= 8 + 1 + 32 else { throw Malformed(reason: "the file is too short for its trailer") }
        let trailer = b.count - 32
        let offsetSize = Int(b[trailer + 6]), referenceSize = Int(b[trailer + 7])
        guard let count = int(trailer + 8, 8), let top = int(trailer + 16, 8), let table = int(trailer + 24, 8),
              (1...8).contains(offsetSize), (1...8).contains(referenceSize), count >= 1, count <= trailer,
              top < count, table >= 9, table <= trailer, count <= (trailer - table) / offsetSize else {
            throw Malformed(reason: "its trailer does not describe an offset table inside the file")
        }
        // Each value's references, one after another (`firsts[i]` is where value i's begin).
        var firsts = [Int](repeating: 0, count: count + 1)
        var references: [Int] = []
        var containers = [Bool](repeating: false, count: count)
        for index in 0..<count {
            firsts[index] = references.count
            guard let offset = int(table + index * offsetSize, offsetSize), offset >= 8, offset < table else {
                throw Malformed(reason: "value \(index) lies outside the file")
            }
            let marker = b[offset]
            let type = marker >> 4
            guard type != 0xC else { throw Malformed(reason: "value \(index) is a set, which a property list does not hold") }
            guard type == 0xA || type == 0xD else { continue }
            containers[index] = true
            var members = Int(marker & 0x0F)
            var position = offset + 1
            if members == 0x0F {
                guard position < table, b[position] >> 4 == 1, let long = int(position + 1, 1 << Int(b[position] & 0x0F)) else {
                    throw Malformed(reason: "value \(index) has no count it can be read by")
                }
                position += 1 + (1 << Int(b[position] & 0x0F))
                members = long
            }
            let named = type == 0xD ? 2 : 1
            guard members <= (table - position) / referenceSize / named else {
                throw Malformed(reason: "value \(index) names more values than the file holds")
            }
            for slot in 0..<(members * named) {
                guard let reference = int(position + slot * referenceSize, referenceSize), reference < count else {
                    throw Malformed(reason: "value \(index) names a value the offset table does not list")
                }
                references.append(reference)
            }
        }
        firsts[count] = references.count
        // Values and depth below each value, depth first without recursion; a value met again
        // while its own references are being measured is a cycle.
        var values = [Int](repeating: 0, count: count)
        var depths = [Int](repeating: 0, count: count)
        var state = [UInt8](repeating: 0, count: count)   // 0 unseen, 1 being measured, 2 measured
        var stack: [(value: Int, next: Int)] = [(top, firsts[top])]
        state[top] = 1
        while let (value, next) = stack.last {
            if next < firsts[value + 1] {
                stack[stack.count - 1].next += 1
                let child = references[next]
                switch state[child] {
                case 0:
                    state[child] = 1
                    stack.append((child, firsts[child]))
                case 1:
                    throw Malformed(reason: "value \(child) contains itself")
                default:
                    break
                }
                continue
            }
            stack.removeLast()
            state[value] = 2
            var total = 1, deepest = 0
            for reference in references[firsts[value]..<firsts[value + 1]] {
                total = min(limit + 1, total + values[reference])
                deepest = max(deepest, depths[reference])
            }
            values[value] = total
            depths[value] = deepest + (containers[value] ? 1 : 0)
        }
        return PlistShape(values: values[top], depth: depths[top])
    }

    // MARK: XML

    /// The deepest nesting of `<array>` and `<dict>` elements; an empty one (`<array/>`) does not nest.
    private static func xmlDepth(_ b: [UInt8]) -> Int {
        let open: [[UInt8]] = [Array("array>".utf8), Array("dict>".utf8)]
        let close: [[UInt8]] = [Array("/array>".utf8), Array("/dict>".utf8)]
        func matches(_ word: [UInt8], at index: Int) -> Bool {
            index + word.count <= b.count && b[index..<(index + word.count)].elementsEqual(word)
        }
        var depth = 0, deepest = 0
        var index = 0
        while let lt = b[index...].firstIndex(of: UInt8(ascii: "<")) {
            let next = lt + 1
            if open.contains(where: { matches($0, at: next) }) {
                depth += 1
                deepest = max(deepest, depth)
            } else if close.contains(where: { matches($0, at: next) }) {
                depth = max(0, depth - 1)
            }
            index = next
        }
        return deepest
    }
}
