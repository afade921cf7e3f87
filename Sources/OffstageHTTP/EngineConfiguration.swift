import Glibc
import OffstageCore

/// How a `CurlEngine` stores partial files, sizes its buffers and paces its reports.
public struct EngineConfiguration: Sendable {
    /// Downloads go to `<partsDirectory>/<taskID>.part`.
    public var partsDirectory: String
    /// `CURLOPT_BUFFERSIZE`: bytes libcurl reads from the socket per `recv` (512 KiB measured best).
    public var receiveBufferSize: Int
    /// Seconds between checkpoints (`fdatasync` plus a `.checkpointed` report) while bytes arrive.
    public var checkpointInterval: Double
    /// Bytes written between checkpoints, whichever of time and bytes comes first.
    public var checkpointBytes: Int64
    /// Bytes of body gathered before one write to the part file (libcurl hands over 16 KiB at a time).
    public var writeBufferSize: Int
    /// Bytes after which writeback of what was written is started in the background (0: never), so the disk
    /// works while the network does and checkpoints find little left to sync.
    public var writebackWindow: Int64
    /// Free bytes a download leaves on its disk: below this it stops as if the disk were full, so the store,
    /// usually on the same disk, can still record the checkpoint and the pause.
    public var diskReserve: Int64
    /// Minimum seconds between two `.progressed` reports for one task.
    public var progressInterval: Double
    /// Seconds allowed for the TCP and TLS connect.
    public var connectTimeout: Double
    /// The `User-Agent` header.
    public var userAgent: String
    /// An optional `.netrc` file for credentials: read by the runtime (`Netrc.credentials(for:file:)`) and bound to
    /// each task's origin, never handed to libcurl (which would match by host alone).
    public var netrcFile: String?
    /// A CA bundle to verify TLS peers with, replacing the system bundle (for tests); verification is always on.
    public var caBundle: String?
    /// Makes written bytes durable; `fdatasync` unless a test injects something else. Returns 0 on success.
    public var fileSync: @Sendable (Int32) -> Int32

    /// A configuration with the measured defaults.
    public init(
        partsDirectory: String,
        receiveBufferSize: Int = 512 * 1024,
        checkpointInterval: Double = 2,
        checkpointBytes: Int64 = 64 << 20,
        writeBufferSize: Int = 1 << 20,
        writebackWindow: Int64 = 8 << 20,
        diskReserve: Int64 = 1 << 20,
        progressInterval: Double = 0.1,
        connectTimeout: Double = 30,
        userAgent: String = OffstageVersion.userAgent,
        netrcFile: String? = nil,
        caBundle: String? = nil,
        fileSync: @escaping @Sendable (Int32) -> Int32 = { fdatasync($0) }
    ) {
        self.partsDirectory = partsDirectory
        self.receiveBufferSize = receiveBufferSize
        self.checkpointInterval = checkpointInterval
        self.checkpointBytes = checkpointBytes
        self.writeBufferSize = writeBufferSize
        self.writebackWindow = writebackWindow
        self.diskReserve = diskReserve
        self.progressInterval = progressInterval
        self.connectTimeout = connectTimeout
        self.userAgent = userAgent
        self.netrcFile = netrcFile
        self.caBundle = caBundle
        self.fileSync = fileSync
    }

    /// The partial file of a task.
    public func partPath(taskID: Int64) -> String {
        partsDirectory + "/\(taskID).part"
    }
}
