import CardportMachinery
import Foundation
import Synchronization
import Testing

@Suite struct OrderedWorkersTests {
    @Test(arguments: [1, 2, 4])
    func handsOutputsBackInTheOrderJobsCameIn(workers: Int) {
        // Later jobs finish first: the pool must still hand them back in order.
        let pool = OrderedWorkers<Int, Int>(workers: workers, depth: 5) { job in
            usleep(UInt32((job % 5) * 200))
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
        let running = Mutex((now: 0, most: 0))
        let pool = OrderedWorkers<Int, Int>(workers: 4, depth: 3) { job in
            running.withLock { $0.now += 1; $0.most = max($0.most, $0.now) }
            usleep(500)
            running.withLock { $0.now -= 1 }
            return job
        }
        for job in 0..<3 { pool.submit(job) }
        #expect(!pool.hasRoom)
        #expect(pool.take() == 0)
        #expect(pool.hasRoom)
        pool.submit(3)
        #expect([pool.take(), pool.take(), pool.take()] == [1, 2, 3])
        #expect(running.withLock { $0.most } <= 3)
    }

    @Test func aReleasedPoolRunsNoMoreJobs() {
        let started = Mutex<[Int]>([])
        let gate = DispatchSemaphore(value: 0)
        do {
            let pool = OrderedWorkers<Int, Int>(workers: 1, depth: 4) { job in
                started.withLock { $0.append(job) }
                // Every job after the first waits until the pool is gone.
                if job > 0 { gate.wait() }
                return job
            }
            for job in 0..<4 { pool.submit(job) }
            #expect(pool.take() == 0)
        }
        gate.signal()
        // The worker finishes the job it was running, if any, and stops: the jobs still queued never start.
        usleep(50_000)
        gate.signal()
        gate.signal()
        let jobs = started.withLock { $0 }
        #expect(jobs == [0] || jobs == [0, 1])
    }
}
