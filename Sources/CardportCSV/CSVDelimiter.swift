/// How a CSV file's delimiter is told when `--delimiter` does not say: the one rule that both the
/// format's sniff and its reader follow.
///
/// The delimiter is the one of `,` tab `;` `|` that occurs most often outside quotes on the first
/// line that has any of them (ties go in that order); a comma when no line of the bytes has one.
///
/// ```swift
/// CSVDelimiter.guess(Array("\"Title, subtitle\";Author;Tags\n".utf8))   // 0x3B, ';'
/// ```
enum CSVDelimiter {
    /// The delimiters told apart, in the order that breaks a tie.
    static let candidates: [UInt8] = [0x2C, 0x09, 0x3B, 0x7C]

    /// The delimiter of the CSV text that starts with `bytes`.
    static func guess(_ bytes: some Sequence<UInt8>) -> UInt8 {
        // Counts of `,` tab `;` `|`, in the order of `candidates`.
        var counts = [0, 0, 0, 0]
        var quoted = false
        for byte in bytes {
            switch byte {
            case 0x22: quoted.toggle()
            case _ where quoted: continue
            case 0x0A, 0x0D: if counts != [0, 0, 0, 0] { return pick(counts) }
            case 0x2C: counts[0] += 1
            case 0x09: counts[1] += 1
            case 0x3B: counts[2] += 1
            case 0x7C: counts[3] += 1
            default: continue
            }
        }
        return pick(counts)
    }

    /// The candidate counted most often (the earlier one on a tie), a comma when none was.
    private static func pick(_ counts: [Int]) -> UInt8 {
        var best = 0
        for position in counts.indices where counts[position] > counts[best] { best = position }
        return candidates[best]
    }
}
