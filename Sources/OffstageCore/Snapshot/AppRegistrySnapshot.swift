import Foundation

/// The model app's registry as a view shows it: one record per `taskDescription`, with the home's id of its task.
public struct AppRegistrySnapshot: Codable, Sendable, Equatable {
    /// One registry record.
    public struct Record: Codable, Sendable, Equatable, Identifiable {
        /// The `taskDescription` the app set on the task: the record's key.
        public var taskDescription: String
        /// Download or upload.
        public var kind: SessionTaskKind
        /// Where the record stands, as far as the app knows.
        public var status: AppRecordStatus
        /// The URL, credentials masked.
        public var url: String
        /// The app's `taskIdentifier` of the task it last made for the record (numbered per session).
        public var lastTaskIdentifier: Int?
        /// The home's id of that task (nil when the system no longer has it).
        public var taskID: Int64?
        /// Where the app put the delivered file.
        public var deliveredPath: String?
        /// The offset of the resume data the app keeps, if any.
        public var resumeOffset: Int64?
        /// The app's note: why it failed or was lost, what reconciliation did.
        public var note: String?

        /// A record reading.
        public init(
            taskDescription: String, kind: SessionTaskKind = .download, status: AppRecordStatus, url: String,
            lastTaskIdentifier: Int? = nil, taskID: Int64? = nil, deliveredPath: String? = nil,
            resumeOffset: Int64? = nil, note: String? = nil
        ) {
            self.taskDescription = taskDescription
            self.kind = kind
            self.status = status
            self.url = url
            self.lastTaskIdentifier = lastTaskIdentifier
            self.taskID = taskID
            self.deliveredPath = deliveredPath
            self.resumeOffset = resumeOffset
            self.note = note
        }

        /// The record's key.
        public var id: String { taskDescription }
    }

    /// The records, in `taskDescription` order.
    public var records: [Record]

    /// A registry reading (by default empty: the app made no task).
    public init(records: [Record] = []) {
        self.records = records
    }

    /// How many records have this status.
    public func count(_ status: AppRecordStatus) -> Int { records.filter { $0.status == status }.count }
}
