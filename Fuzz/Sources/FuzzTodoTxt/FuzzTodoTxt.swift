import FuzzSupport

/// The libFuzzer target for todo.txt.
///
/// The first byte of an input picks the format and the options (see `FuzzHarness`).
@main
enum FuzzTodoTxt {
    /// Runs libFuzzer on this target's formats.
    static func main() {
        FuzzDriver.run(FuzzHarness(formatIDs: ["todotxt"]))
    }
}
