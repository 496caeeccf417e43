import CardportMachinery
import Foundation
import Synchronization
import Testing

/// Synchronised with semaphores only: a test that waits on the clock would pass or fail with the load.
@Suite(.timeLimit(.minutes(1))) struct OrderedWorkersTests {
    @Test(arguments: [1, 2, 4])
    func handsOutputsBackInTheOrderJobsCameIn(workers: Int) {
        // With more than one worker, every even job waits until the odd job after it has finished, so
        // outputs are made out of order and the pool must still hand them back in order. The odd job is
        // next in the queue and another worker is free to take it, so the wait always ends.
        let finished = (0..<200).map { _ in DispatchSemaphore(value: 0) }
        let pool = OrderedWorkers<Int, Int>(workers: workers, depth: 5) { job in
            if workers > 1 && job.isMultiple(of: 2) && job + 1 < 200 { finished[job + 1].wait() }
            finished[job].signal()
            return job * 10
        }
        var outputs: [Int] = []
        var next = 0
        while next < 200 || pool.outstanding > 0 {
            while next < 200 && pool.hasRoom {
                pool.submit(next)
                next += 1
            }
            if let output = pool.take() { outputs.append(output) }
        }
        #expect(outputs == (0..<200).map { $0 * 10 })
        #expect(pool.take() == nil)
    }

    @Test func neverHasMoreJobsUnderWayThanItsDepth() {
        // Four workers, depth three: the jobs hold until the test lets them go, so all that can run at
        // once do, and the test sees how many that is.
        let running = Mutex((now: 0, most: 0))
        let started = DispatchSemaphore(value: 0)
        let gates = (0..<4).map { _ in DispatchSemaphore(value: 0) }
        let pool = OrderedWorkers<Int, Int>(workers: 4, depth: 3) { job in
            running.withLock { $0.now += 1; $0.most = max($0.most, $0.now) }
            started.signal()
            gates[job].wait()
            running.withLock { $0.now -= 1 }
            return job
        }
        for job in 0..<3 { pool.submit(job) }
        #expect(!pool.hasRoom)
        for _ in 0..<3 { started.wait() }
        #expect(running.withLock { $0.now } == 3)
        gates[0].signal()
        #expect(pool.take() == 0)
        #expect(pool.hasRoom)
        pool.submit(3)
        started.wait()
        #expect(running.withLock { $0.now } == 3)
        for gate in gates.dropFirst() { gate.signal() }
        #expect([pool.take(), pool.take(), pool.take()] == [1, 2, 3])
        #expect(running.withLock { $0.most } == 3)
    }

    @Test func aReleasedPoolRunsNoMoreJobs() {
        let started = Mutex<[Int]>([])
        let runningSecond = DispatchSemaphore(value: 0)
        let gate = DispatchSemaphore(value: 0)
        let finishingSecond = DispatchSemaphore(value: 0)
        do {
            let pool = OrderedWorkers<Int, Int>(workers: 1, depth: 4) { job in
                started.withLock { $0.append(job) }
                // The second job holds its worker until the pool is gone; later ones would not wait.
                if job == 1 {
                    runningSecond.signal()
                    gate.wait()
                    finishingSecond.signal()
                }
                return job
            }
            for job in 0..<4 { pool.submit(job) }
            #expect(pool.take() == 0)
            // Released only once its one worker is inside job 1, with jobs 2 and 3 still queued.
            runningSecond.wait()
        }
        gate.signal()
        finishingSecond.wait()
        // Releasing the pool emptied its queue under the lock before job 1 returned, so jobs 2 and 3
        // can never start, whatever the worker does next.
        #expect(started.withLock { $0 } == [0, 1])
    }
}
