import Glibc
import OffstageCore

/// How a `CurlEngine` stores partial files, sizes its buffers and paces its reports.
public struct EngineConfiguration: Sendable {
    /// Downloads go to `<partsDirectory>/<taskID>.part`.
    public var partsDirectory: String
    /// `CURLOPT_BUFFERSIZE`: bytes libcurl reads from the socket per `recv` (512 KiB measured best).
    public var receiveBufferSize: Int
    /// Seconds between checkpoints (`fdatasync` plus a `.checkpointed` report) while at least
    /// `checkpointMinimumBytes` arrive in between.
    public var checkpointInterval: Double
    /// The least new bytes a checkpoint by time is worth: fewer wait for `checkpointLongestInterval`. A checkpoint
    /// costs a sync and a transaction whatever it saves, so a thousand slow downloads do not each sync every 2 s
    /// to keep a few hundred kilobytes.
    public var checkpointMinimumBytes: Int64
    /// The longest a download that receives anything goes without a checkpoint, in seconds.
    public var checkpointLongestInterval: Double
    /// Bytes written between checkpoints, whichever of time and bytes comes first (128 MiB: a fast download
    /// syncs a few times a second at most; 64 MiB cost `get` of 1 GiB about a tenth of its wall time).
    public var checkpointBytes: Int64
    /// The most body gathered before one write to the part file (libcurl hands over what one `recv` read). 256 KiB
    /// stays in the CPU's cache between the copy in and the kernel's copy out: 1 MiB writes cost the kernel about
    /// twice the CPU per byte here (measured with `offstage-bench transfer`, and `dd` at 64 KiB against 1 MiB).
    public var writeBufferSize: Int
    /// Bytes after which writeback of what was written is started in the background (0: never), so the disk
    /// works while the network does and checkpoints find little left to sync.
    public var writebackWindow: Int64
    /// Free bytes a download leaves on its disk: below this it stops as if the disk were full, so the store,
    /// usually on the same disk, can still record the checkpoint and the pause.
    public var diskReserve: Int64
    /// Minimum seconds between two `.progressed` reports for one task (from the start, and the shortest a watcher
    /// gets with `CurlEngine.setWatched(every:)`).
    public var progressInterval: Double
    /// Minimum seconds between two `.progressed` reports while nobody watches (`CurlEngine.setWatched(every: nil)`):
    /// a `get -s` or an unattended `run` then reports twice a second (as often as a dashboard is sent progress), so
    /// its loop is not woken ten times a second for bars no one draws (checkpoints and stall checks keep their own
    /// times). Never shorter than `progressInterval`.
    public var unwatchedProgressInterval: Double
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
        checkpointMinimumBytes: Int64 = 1 << 20,
        checkpointLongestInterval: Double = 30,
        checkpointBytes: Int64 = 128 << 20,
        writeBufferSize: Int = 256 << 10,
        writebackWindow: Int64 = 8 << 20,
        diskReserve: Int64 = 1 << 20,
        progressInterval: Double = 0.1,
        unwatchedProgressInterval: Double = 0.5,
        connectTimeout: Double = 30,
        userAgent: String = OffstageVersion.userAgent,
        netrcFile: String? = nil,
        caBundle: String? = nil,
        fileSync: @escaping @Sendable (Int32) -> Int32 = { fdatasync($0) }
    ) {
        self.partsDirectory = partsDirectory
        self.receiveBufferSize = receiveBufferSize
        self.checkpointInterval = checkpointInterval
        self.checkpointMinimumBytes = checkpointMinimumBytes
        self.checkpointLongestInterval = checkpointLongestInterval
        self.checkpointBytes = checkpointBytes
        self.writeBufferSize = writeBufferSize
        self.writebackWindow = writebackWindow
        self.diskReserve = diskReserve
        self.progressInterval = progressInterval
        self.unwatchedProgressInterval = unwatchedProgressInterval
        self.connectTimeout = connectTimeout
        self.userAgent = userAgent
        self.netrcFile = netrcFile
        self.caBundle = caBundle
        self.fileSync = fileSync
    }

    /// Whether a download whose last checkpoint was `elapsed` seconds ago, with `unsynced` bytes received since,
    /// checkpoints now (by time; `checkpointBytes` is looked at as bytes arrive).
    public func checkpointDue(elapsed: Double, unsynced: Int64) -> Bool {
        guard unsynced > 0 else { return false }
        if elapsed >= checkpointInterval && unsynced >= checkpointMinimumBytes { return true }
        return elapsed >= max(checkpointInterval, checkpointLongestInterval)
    }

    /// The receive buffer for a request that starts while `concurrent` others run: `receiveBufferSize` for the
    /// first few, libcurl's own 16 KiB (at most) once eight or more share the network. A large buffer saves system
    /// calls on one fast transfer; a thousand slow ones each touch what their server's first burst fills, and a
    /// thousand 512 KiB buffers would be half a gigabyte.
    public func receiveBufferSize(concurrent: Int) -> Int {
        concurrent < 8 ? receiveBufferSize : min(receiveBufferSize, 16 << 10)
    }

    /// The partial file of a task.
    public func partPath(taskID: Int64) -> String {
        partsDirectory + "/\(taskID).part"
    }
}
