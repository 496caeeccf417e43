import CardportMachinery
import Foundation
import Testing

@Suite struct ProcessCallsTests {
    @Test func killsAChildWithTheGroupItWasGiven() throws {
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/bin/sleep")
        child.arguments = ["30"]
        try child.run()
        let group = ProcessCalls.ownGroup(child.processIdentifier)
        #expect(group == child.processIdentifier)
        ProcessCalls.killGroup(group)
        child.waitUntilExit()
        #expect(child.terminationReason == .uncaughtSignal)
        #expect(child.terminationStatus == SIGKILL)
    }

    @Test func noProcessHasNoGroup() {
        #expect(ProcessCalls.ownGroup(0) == 0)
    }
}
