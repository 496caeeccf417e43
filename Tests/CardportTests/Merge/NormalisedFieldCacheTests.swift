@testable import Cardport
@testable import CardportCore
import CardportTestSupport
import PropertyBased
import CardportMachinery
import Testing

@Suite struct NormalisedFieldCacheTests {
    /// Short values of every length up to and past 32 bytes, many more than the table of values
    /// met lately has slots, and values that differ only in their last byte or only in length
    /// (the zero padding), each fold as themselves however often they come back.
    @Test func shortValuesMetAgainFoldAsThemselves() {
        var cache = NormalisedFieldCache()
        var values: [String] = []
        for length in 0...40 {
            let base = String(repeating: "Ab", count: 20).prefix(length)
            values.append(String(base))
            values.append(String(base) + "\u{0}")
            values.append(String(base.dropLast()) + "É")
        }
        for number in 0..<30_000 { values.append("Author \(number)") }
        for round in 0..<3 {
            for (index, value) in values.enumerated() where (index + round) % 2 == 0 || round == 2 {
                let folded = cache.withNormalised(value) { String(decoding: $0, as: UTF8.self) }
                #expect(folded == TextNormalisation.normalise(value), "\(value.debugDescription)")
            }
        }
    }

    @Test func aCachedFoldIsTheFold() async {
        await propertyCheck(count: 200, input: NormalisationSamples.text) { text in
            var cache = NormalisedFieldCache()
            let long = String(repeating: text + " ", count: 40)
            for value in [text, text.uppercased(), text, long, long] {
                let folded = cache.withNormalised(value) { String(decoding: $0, as: UTF8.self) }
                #expect(folded == TextNormalisation.normalise(value))
            }
        }
    }
}
