@testable import Cardport
import Testing

/// The guess of a merge's size, from which the engine reserves room once.
@Suite struct MergingEstimateTests {
    @Test func guessesFromTheBytesTheFirstRecordsTook() {
        // 65,536 records in 26 MB of a 400 MB file: about a million, and a tenth more.
        let guess = Merging.estimatedCount(records: 65_536, read: 26_000_000, total: 400_000_000)
        #expect(guess > 1_000_000 && guess < 1_150_000)
    }

    @Test func neverAsksForFarMoreThanTheRecordsRead() {
        // Short records first, then a few very long ones: bytes say a billion records.
        let guess = Merging.estimatedCount(records: 65_536, read: 65_536, total: 1 << 40)
        #expect(guess == 65_536 * Merging.largestEstimateFactor)
    }

    @Test func aFileReadToTheEndIsGuessedAtItsOwnSize() {
        #expect(Merging.estimatedCount(records: 65_536, read: 1_000, total: 1_000) == 72_089)
    }
}
