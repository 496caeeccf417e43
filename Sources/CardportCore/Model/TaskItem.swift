/// A task of the study planner: a description and how far along it is.
///
/// Named `TaskItem` so it never shadows Swift concurrency's `Task`.
public struct TaskItem: Sendable, Hashable, Codable {
    /// The task's id: kept from the source, else derived from the description
    /// (``RecordID/task(description:)``).
    public var id: String
    /// What is to be done.
    public var description: String
    /// How far along the task is.
    public var progress: TaskProgress
    /// When the task was made, if known.
    public var createdAt: Timestamp?
    /// When it last changed, if known.
    public var updatedAt: Timestamp?
    /// Fields a format carries that the model has no place for.
    public var extras: [String: String]

    /// Creates a task; without an `id`, one is derived from `description`.
    public init(id: String? = nil, description: String, progress: TaskProgress = .zero,
                createdAt: Timestamp? = nil, updatedAt: Timestamp? = nil, extras: [String: String] = [:]) {
        self.id = id.nonEmpty ?? RecordID.task(description: description)
        self.description = description
        self.progress = progress
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.extras = extras
    }

    /// Whether the task is finished (progress 100 %).
    public var isDone: Bool { progress.percent == 100 }
}
