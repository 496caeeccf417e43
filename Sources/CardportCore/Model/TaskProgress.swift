/// A task's progress: 0 to 100 percent in steps of 5, as the planner's slider sets it.
///
/// Other values are rejected by ``init(percent:)``; a reader of another program's file rounds them
/// with ``nearestStep(to:)`` and counts each one it changed, so a file that says 33 % is never
/// silently changed:
///
/// ```swift
/// try TaskProgress(percent: 35)   // ok
/// try TaskProgress(percent: 33)   // throws .invalidValue
/// ```
public struct TaskProgress: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// The percentage, a multiple of 5 in `0...100`.
    public let percent: Int

    /// Not started.
    public static let zero = TaskProgress(unchecked: 0)
    /// Finished.
    public static let done = TaskProgress(unchecked: 100)

    /// A progress of `percent`; throws ``CardportError/Code/invalidValue`` unless it is 0, 5, … 100.
    public init(percent: Int) throws(CardportError) {
        guard (0...100).contains(percent), percent % 5 == 0 else {
            throw CardportError(
                .invalidValue, "task progress \(percent) is not one of 0, 5, 10, … 100",
                hint: "progress is a percentage in steps of 5; fix the value in the input")
        }
        self.percent = percent
    }

    /// The step nearest to `percent`, halves rounded up (32.5 → 35), for a value another program
    /// wrote; `nil` outside 0…100 or when `percent` is not a number.
    ///
    /// A reader that rounds counts it (``roundedNote``), so the change is never silent.
    public static func nearestStep(to percent: Double) -> TaskProgress? {
        guard percent.isFinite, (0...100).contains(percent) else { return nil }
        return TaskProgress(unchecked: Int((percent / 5).rounded(.toNearestOrAwayFromZero)) * 5)
    }

    /// The reader note that counts progress values rounded to the nearest step.
    public static let roundedNote = "progress rounded to a 5 % step"

    private init(unchecked percent: Int) { self.percent = percent }

    public static func < (lhs: TaskProgress, rhs: TaskProgress) -> Bool { lhs.percent < rhs.percent }

    public var description: String { "\(percent)%" }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let value = try container.decode(Int.self)
        do { self = try TaskProgress(percent: value) } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: error.message)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(percent)
    }
}
