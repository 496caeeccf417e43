public import PropertyBased

/// Inputs for properties of line and column counting: short texts of multi-byte characters, line
/// breaks (LF and CRLF), quotes and commas.
public enum LineTextSamples {
    /// Text of short lines, some empty, some with non-ASCII characters and CRLF ends; it shrinks by
    /// whole characters (a CRLF stays one line end), to one at least.
    public static var text: Generator<String, Shrinking<String>> {
        Generator(run: { rng in
            let pieces = ["a", "bc", "é", "👨‍👩‍👧", "\n", "\r\n", " ", "\"", "x,y"]
            return (0..<Int.random(in: 1...60, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined()
        }, shrink: { Shrinking.removingCharacters(of: $0, keeping: 1) })
    }
}
