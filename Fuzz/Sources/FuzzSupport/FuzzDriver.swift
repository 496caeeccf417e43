internal import CFuzzerDriver
import Glibc

/// Hands an executable's command line to libFuzzer with one harness.
///
/// SwiftPM renames each executable's entry point, so libFuzzer's own `main` never links; each
/// target's `@main` calls ``run(_:)`` instead, which accepts every libFuzzer flag.
///
/// ```swift
/// @main enum FuzzXML {
///     static func main() { FuzzDriver.run(FuzzHarness(formatIDs: ["opml", "xbel", "netscape"])) }
/// }
/// ```
public enum FuzzDriver {
    /// The harness of this process. libFuzzer calls its callback on one thread, after ``run(_:)``
    /// has set this, and never concurrently.
    nonisolated(unsafe) static var harness: FuzzHarness?

    /// Runs libFuzzer with the process's arguments and exits with its status.
    public static func run(_ harness: FuzzHarness) -> Never {
        FuzzDriver.harness = harness
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv, fuzzOneInput))
    }
}

/// The libFuzzer entry point: one input per call.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, let harness = FuzzDriver.harness else { return 0 }
    harness.run(UnsafeRawBufferPointer(start: data, count: size))
    return 0
}
