import CardportMachinery
import Synchronization
import Foundation
import Testing

/// Threads or child processes that could wait on each other: a time limit turns a hang into a failure.
@Suite(.timeLimit(.minutes(2))) struct BatchHandOffTests {
    @Test func handsBatchesOverInOrderThenEnds() {
        let handOff = BatchHandOff<Int>(depth: 2)
        Thread.detachNewThread {
            for batch in 0..<100 { _ = handOff.put(batch) }
            handOff.finish()
        }
        var taken: [Int] = []
        while let batch = handOff.take() { taken.append(batch) }
        #expect(taken == Array(0..<100))
        #expect(handOff.hasFinished)
    }

    @Test func aStoppedConsumerReleasesAWaitingProducer() {
        let handOff = BatchHandOff<Int>(depth: 1)
        #expect(handOff.put(1))
        let refused = Mutex(false)
        Thread.detachNewThread {
            // Waits: the queue is full until the consumer stops.
            let queued = handOff.put(2)
            refused.withLock { $0 = !queued }
            handOff.finish()
        }
        handOff.stop(untilFinished: true)
        #expect(refused.withLock { $0 })
        #expect(handOff.take() == nil)
    }
}
