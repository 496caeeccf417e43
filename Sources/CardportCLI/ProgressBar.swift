import Cardport
import Foundation

/// A one-line progress bar on standard error, shown only on a terminal and only once a job has
/// run for a second (or the seconds `CARDPORT_PROGRESS_AFTER` gives), so quick conversions print
/// nothing extra.
final class ProgressBar {
    private let start = Date()
    private let after: TimeInterval
    private var shown = false
    private var lastDraw = Date.distantPast

    private init(after: TimeInterval) {
        self.after = after
    }

    /// A bar when standard error is a terminal, else `nil`.
    static func forTerminal() -> ProgressBar? {
        guard Terminal.stderrIsTerminal else { return nil }
        let setting = ProcessInfo.processInfo.environment["CARDPORT_PROGRESS_AFTER"].flatMap(TimeInterval.init)
        return ProgressBar(after: setting.map { Swift.max(0, $0) } ?? 1)
    }

    func update(_ progress: ConversionProgress) {
        let now = Date()
        guard now.timeIntervalSince(start) >= after, now.timeIntervalSince(lastDraw) >= 0.1 else { return }
        lastDraw = now
        shown = true
        let records = "\(progress.records) records"
        guard let total = progress.totalBytes, total > 0 else {
            Terminal.printError("\r\u{1B}[2K\(records)")
            return
        }
        let fraction = min(1, Double(progress.bytesRead) / Double(total))
        let width = 30
        let filled = Int(fraction * Double(width))
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        let percent = Int(fraction * 100)
        Terminal.printError("\r\u{1B}[2K\(bar) \(percent)%  \(records)")
    }

    /// Clears the bar, if it was drawn, before the summary is printed.
    func finish() {
        if shown { Terminal.printError("\r\u{1B}[2K") }
    }
}
