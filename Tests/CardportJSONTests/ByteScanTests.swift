@testable import CardportJSON
import Testing

@Suite struct ByteScanTests {
    /// The first byte JSON must escape, found a byte at a time.
    static func reference(_ bytes: [UInt8], from: Int) -> Int {
        bytes[from...].firstIndex { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C } ?? bytes.count
    }

    /// Every kind of stop at every offset of runs long and short, from every start: the words, the
    /// blocks and the tail all land on the same byte as the byte-by-byte search.
    @Test func findsTheFirstStopWhereverItIs() {
        let plain: [UInt8] = Array("Zoë's plain text, with ümlauts ".utf8)
        for length in [0, 1, 7, 8, 15, 16, 17, 31, 32, 33, 47, 48, 63, 64, 65, 100, 130] {
            let run = (0..<length).map { plain[$0 % plain.count] }
            for stop: UInt8 in [0x22, 0x5C, 0x00, 0x0A, 0x1F] {
                for position in [nil] + Array(0..<length).map(Optional.some) {
                    var bytes = run
                    if let position { bytes[position] = stop }
                    for from in Set([0, 1, 5, 16, length / 2]) where from <= length {
                        let found = bytes.withUnsafeBytes { ByteScan.plainEnd($0.baseAddress ?? UnsafeRawPointer(bitPattern: 1)!, from: from, count: length) }
                        #expect(found == Self.reference(bytes, from: from), "length \(length), stop \(stop) at \(String(describing: position)), from \(from)")
                    }
                }
            }
        }
    }
}
