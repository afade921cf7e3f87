import Foundation
import OffstageUI

/// Writes what a dashboard draws to an asciinema v2 file (`--record FILE.cast`): the header when it opens, then
/// each frame as the difference from the one before, with its time. Each event is written as it comes (a recording
/// stopped by a signal or a crash is valid up to its last frame).
public final class CastRecorder {
    private let descriptor: Int32
    private let clock: any FrameClock
    private var start: Double?
    private var previous: Screen?

    /// Creates `path` (0600; an existing file is never overwritten) and writes the header for a terminal of `size`
    /// titled `title`.
    ///
    /// - Throws: `CastRecorderError` when the file exists or cannot be written.
    public init(path: String, size: Size, title: String, clock: any FrameClock = SystemFrameClock()) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            let reason = errno == EEXIST ? "it exists (give a new name)" : String(cString: strerror(errno))
            throw CastRecorderError(message: "cannot record to \(path): \(reason)")
        }
        self.descriptor = descriptor
        self.clock = clock
        let timestamp = Int(Date().timeIntervalSince1970)
        try write(Asciicast.header(width: size.width, height: size.height, timestamp: timestamp, title: title))
    }

    deinit { close(descriptor) }

    /// Records `screen` as drawn now.
    public func record(_ screen: Screen) {
        let now = clock.seconds()
        let since = now - (start ?? now)
        if start == nil { start = now }
        if let previous, previous.size != screen.size {
            try? write(Asciicast.resize(at: since, width: screen.width, height: screen.height))
        }
        let text = ScreenANSI.diff(from: previous, to: screen)
        previous = screen
        guard !text.isEmpty else { return }
        try? write(Asciicast.output(at: since, text))
    }

    /// Marks the end of the recording: the cursor shown again, below the last frame.
    public func finish() {
        guard let start, let previous else { return }
        try? write(
            Asciicast.output(at: clock.seconds() - start, "\u{1B}[0m\u{1B}[\(previous.height);1H\u{1B}[?25h\r\n"))
    }

    private func write(_ text: String) throws {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return Glibc.write(descriptor, base + offset, buffer.count - offset)
            }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else {
                throw CastRecorderError(message: "cannot write the recording: \(String(cString: strerror(errno)))")
            }
            offset += written
        }
    }
}

/// A recording that cannot be written.
public struct CastRecorderError: Error, CustomStringConvertible {
    /// Why.
    public let message: String

    /// One line.
    public var description: String { message }
}

/// A terminal that records every frame it presents (`CastRecorder`) and passes everything on to `inner`.
public final class RecordingTerminal: TerminalDevice {
    private let inner: any TerminalDevice
    private let recorder: CastRecorder

    /// Records what `inner` shows.
    public init(inner: any TerminalDevice, recorder: CastRecorder) {
        self.inner = inner
        self.recorder = recorder
    }

    /// `inner`'s size.
    public var size: Size { inner.size }
    /// `inner`'s capabilities.
    public var capabilities: TerminalCapabilities { inner.capabilities }

    /// Presents on `inner` and records.
    public func present(_ screen: Screen) {
        inner.present(screen)
        recorder.record(screen)
    }

    /// Passed on.
    public func invalidate() { inner.invalidate() }

    /// Passed on.
    public func readInputs(timeout: Double?) -> [TerminalInput] { inner.readInputs(timeout: timeout) }

    /// Passed on.
    public func wake() { inner.wake() }

    /// Passed on (a notification is not part of the recording).
    public func notify(_ text: String) { inner.notify(text) }
}
