import FuzzSupport

/// The libFuzzer target for format resolution: an input's extension, sniffing and the trial reads
/// choose the reader, as for `cardport convert` without `--from`.
///
/// The first byte of an input picks the file's extension and `--strict` (see `FuzzHarness`).
@main
enum FuzzResolution {
    /// Runs libFuzzer on resolution and whatever reader it chooses.
    static func main() {
        FuzzDriver.run(FuzzHarness(resolving: ()))
    }
}
