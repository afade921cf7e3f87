import Glibc
import OffstageCore

/// Opening the files a request reads or writes, before anything is sent.
enum PartFile {
    /// Opens `<parts>/<id>.part` for a download at `request.offset`.
    ///
    /// Offset 0: created `O_EXCL|O_NOFOLLOW` with mode 0600, or, when it exists, opened and
    /// truncated to 0. Offset > 0: opened and truncated to the offset (dropping bytes past the
    /// durable checkpoint); a missing file, or one shorter than the offset, means restart from zero.
    static func open(_ request: TransferRequest, configuration: EngineConfiguration) -> Result<
        (fd: Int32, path: String), EndNow
    > {
        let path = configuration.partPath(taskID: request.taskID)
        var fd: Int32 = -1
        if request.offset <= 0 {
            fd = Glibc.open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            if fd < 0 && errno == EEXIST { fd = Glibc.open(path, O_WRONLY | O_NOFOLLOW | O_CLOEXEC) }
        } else {
            fd = Glibc.open(path, O_WRONLY | O_NOFOLLOW | O_CLOEXEC)
            if fd < 0 && errno == ENOENT {
                return .failure(EndNow(end: .rejected(.restartFromZero(reason: "partial file missing"))))
            }
        }
        guard fd >= 0 else { return .failure(failure("cannot open \(path)", errno, bytes: 0)) }
        let offset = max(0, request.offset)
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let code = errno
            Glibc.close(fd)
            return .failure(failure("cannot stat \(path)", code, bytes: 0))
        }
        if Int64(info.st_size) < offset {
            Glibc.close(fd)
            let reason = "partial file holds \(info.st_size) bytes, fewer than offset \(offset)"
            return .failure(EndNow(end: .rejected(.restartFromZero(reason: reason))))
        }
        if Int64(info.st_size) > offset, ftruncate(fd, off_t(offset)) != 0 {
            let code = errno
            Glibc.close(fd)
            return .failure(failure("cannot truncate \(path)", code, bytes: offset))
        }
        return .success((fd, path))
    }

    /// Opens an upload's source file read-only.
    static func openUpload(_ request: TransferRequest) -> Result<(fd: Int32, path: String), EndNow> {
        guard let path = request.uploadPath, !path.isEmpty else {
            return .failure(EndNow(end: .permanentFailure(reason: "upload without a file")))
        }
        let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            return .failure(EndNow(end: .permanentFailure(reason: "cannot read \(path): \(errorText(errno))")))
        }
        return .success((fd, path))
    }

    /// The size of an open file, or nil.
    static func size(of fd: Int32) -> Int64? {
        var info = stat()
        guard fstat(fd, &info) == 0 else { return nil }
        return Int64(info.st_size)
    }

    private static func failure(_ what: String, _ code: Int32, bytes: Int64) -> EndNow {
        if code == ENOSPC || code == EDQUOT { return EndNow(end: .diskFull(bytes: bytes)) }
        return EndNow(end: .permanentFailure(reason: "\(what): \(errorText(code))"))
    }
}
