/// Punycode (RFC 3492) and the IDNA host form built on it: `bücher.example` → `xn--bcher-kva.example`.
///
/// Only encoding is needed: identity keys compare hosts, they never show them.
///
/// ```swift
/// Punycode.encode("bücher")            // "bcher-kva"
/// Punycode.asciiHost("Bücher.Example") // "xn--bcher-kva.example"
/// ```
enum Punycode {
    private static let base: UInt32 = 36
    private static let tMin: UInt32 = 1
    private static let tMax: UInt32 = 26
    private static let skew: UInt32 = 38
    private static let damp: UInt32 = 700
    private static let initialBias: UInt32 = 72
    private static let initialN: UInt32 = 128

    /// The Punycode of a label (without the `xn--` prefix), or `nil` if it would overflow.
    static func encode(_ label: String) -> String? {
        let input = label.unicodeScalars.map(\.value)
        var output: [UInt8] = input.filter { $0 < 0x80 }.map { UInt8($0) }
        let basicCount = UInt32(output.count)
        if basicCount > 0 { output.append(UInt8(ascii: "-")) }
        var n = initialN
        var delta: UInt32 = 0
        var bias = initialBias
        var handled = basicCount
        while handled < UInt32(input.count) {
            guard let m = input.filter({ $0 >= n }).min() else { break }
            let (step, overflow) = (m - n).multipliedReportingOverflow(by: handled + 1)
            guard !overflow, delta <= UInt32.max - step else { return nil }
            delta += step
            n = m
            for c in input {
                if c < n {
                    guard delta < UInt32.max else { return nil }
                    delta += 1
                }
                if c == n {
                    var q = delta
                    var k = base
                    while true {
                        let t = k <= bias ? tMin : (k >= bias + tMax ? tMax : k - bias)
                        if q < t { break }
                        output.append(digit(t + (q - t) % (base - t)))
                        q = (q - t) / (base - t)
                        k += base
                    }
                    output.append(digit(q))
                    bias = adapt(delta, handled + 1, handled == basicCount)
                    delta = 0
                    handled += 1
                }
            }
            delta += 1
            n += 1
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// A host with every non-ASCII label in its `xn--` form; ASCII labels are only lower-cased.
    ///
    /// Non-ASCII labels are first mapped as IDNA does in practice (NFKC, lower case), so `BÜCHER`
    /// and `bücher` give the same host. A label that cannot be encoded is kept as it is.
    static func asciiHost(_ host: String) -> String {
        let labels = host.split(separator: ".", omittingEmptySubsequences: false).map { label -> String in
            if label.utf8.allSatisfy({ $0 < 0x80 }) { return label.lowercased() }
            let mapped = IDNAMapping.map(String(label))
            guard let encoded = encode(mapped) else { return mapped }
            return "xn--" + encoded
        }
        return labels.joined(separator: ".")
    }

    private static func digit(_ value: UInt32) -> UInt8 {
        value < 26 ? UInt8(value) + UInt8(ascii: "a") : UInt8(value - 26) + UInt8(ascii: "0")
    }

    private static func adapt(_ delta: UInt32, _ count: UInt32, _ first: Bool) -> UInt32 {
        var delta = first ? delta / damp : delta / 2
        delta += delta / count
        var k: UInt32 = 0
        while delta > ((base - tMin) * tMax) / 2 {
            delta /= base - tMin
            k += base
        }
        return k + (base - tMin + 1) * delta / (delta + skew)
    }
}
