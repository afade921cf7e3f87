import Foundation
import OffstageCore

/// Android work and device state in the dashboard's words: schedules, countdowns, states, Doze, the job gate.
enum WorkText {
    /// `45 s`, `12 min`, `1 h 12 min`, `2 d 3 h`: a span of time to the minute, never shorter than it is.
    static func span(_ seconds: Double) -> String {
        guard seconds.isFinite else { return "∞" }
        let s = max(0, min(seconds, 3_650 * 86_400))
        if s < 60 { return "\(Int(s.rounded(.up))) s" }
        let minutes = Int((s / 60).rounded(.up))
        if minutes < 60 { return "\(minutes) min" }
        let hours = minutes / 60, rest = minutes % 60
        if hours < 48 { return rest == 0 ? "\(hours) h" : "\(hours) h \(rest) min" }
        let days = hours / 24, restHours = hours % 24
        return restHours == 0 ? "\(days) d" : "\(days) d \(restHours) h"
    }

    /// A compact countdown for a column: `45 s`, `12:30`, `1h12m`, `3d`.
    static func compact(_ seconds: Double) -> String {
        guard seconds.isFinite else { return "∞" }
        let s = max(0, seconds)
        if s < 3600 { return Format.countdown(s) }
        let minutes = Int(min(s, 3_650 * 86_400) / 60)
        if minutes < 48 * 60 { return "\(minutes / 60)h" + (minutes % 60 == 0 ? "" : "\(minutes % 60)m") }
        return "\(minutes / 1440)d"
    }

    /// An interval for the schedule column: `15m`, `1h`, `1h30m`, `1d`.
    static func interval(_ seconds: Double) -> String {
        guard seconds.isFinite else { return "∞" }
        let minutes = Int(max(0, min(seconds, 3_650 * 86_400)) / 60)
        if minutes < 60 { return "\(minutes)m" }
        if minutes % 1440 == 0 { return "\(minutes / 1440)d" }
        return "\(minutes / 60)h" + (minutes % 60 == 0 ? "" : "\(minutes % 60)m")
    }

    /// The schedule column: `one-time`, `expedited`, or `every 15m`.
    static func schedule(_ work: WorkSnapshot) -> String {
        if let periodic = work.periodic { return "every " + interval(periodic.interval) }
        return work.expedited ? "expedited" : "one-time"
    }

    /// The schedule in words for the details: `one-time`, `periodic every 1 h, flex 15 min`.
    static func scheduleWords(_ work: WorkSnapshot) -> String {
        guard let periodic = work.periodic else { return work.expedited ? "one-time, expedited" : "one-time" }
        return "periodic every " + span(periodic.interval) + ", flex " + span(periodic.flex)
            + " (runs in the last " + span(periodic.flex) + " of each period)"
    }

    /// The style of a work state, as the iOS rows style theirs.
    static func style(_ state: WorkState, _ c: RenderContext) -> Style {
        switch state {
        case .running, .succeeded: c.palette.good
        case .enqueued: c.palette.plain
        case .blocked: c.palette.warn
        case .failed: c.palette.bad
        case .cancelled: c.palette.muted
        }
    }

    /// The glyph of a work state and its style.
    static func glyph(_ state: WorkState, _ c: RenderContext) -> Span {
        switch state {
        case .running: Span(c.glyphs.running, c.palette.good)
        case .enqueued: Span(c.glyphs.waiting, c.palette.muted)
        case .blocked: Span(c.glyphs.paused, c.palette.warn)
        case .succeeded: Span(c.glyphs.completed, c.palette.good)
        case .failed: Span(c.glyphs.failed, c.palette.bad)
        case .cancelled: Span(c.glyphs.failed, c.palette.muted)
        }
    }

    /// A running worker's time: `9:12 left of 10:00`, or nil for a foreground worker (no limit) or no deadline.
    static func runLeft(_ work: WorkSnapshot, _ c: RenderContext) -> Double? {
        guard work.state == .running, !work.foreground, let deadline = work.runDeadline else { return nil }
        return c.seconds(until: deadline)
    }

    /// `1 attempt`, `3 attempts`.
    static func attempts(_ count: Int) -> String { count == 1 ? "1 attempt" : "\(count) attempts" }

    /// Doze in words: `Doze off`, `dozing, window in 1 h 12 min`, `Doze maintenance until 22:20:00`.
    static func doze(_ doze: DozeState, _ c: RenderContext) -> (text: String, compact: String, style: Style) {
        switch doze {
        case .off: return ("Doze off", "Doze off", c.palette.muted)
        case .dozing(let next?):
            let left = c.seconds(until: next)
            return ("dozing, window in " + span(left), "dozing, " + compact(left), c.palette.warn)
        case .dozing(nil): return ("dozing", "dozing", c.palette.warn)
        case .maintenance(let until):
            return (
                "Doze maintenance until " + Format.clock(until.timeIntervalSince1970),
                "maint. " + compact(c.seconds(until: until)), c.palette.info
            )
        }
    }

    /// The job gate in words: `jobs allowed`, `jobs allowed for 8 min, no network`, `jobs held: Doze, opens in 2 h`.
    static func gate(_ gate: AndroidJobGate, _ c: RenderContext) -> String {
        switch gate {
        case .open(let closesAt, let networkAllowed):
            let window = closesAt.map { " for " + span(c.seconds(until: $0)) } ?? ""
            return "jobs allowed" + window + (networkAllowed ? "" : ", no network")
        case .closed(let deferral, let opensAt):
            return "jobs held: " + WorkWaitReason.deferred(deferral, opensAt: opensAt).text(now: c.snapshot.clock.now)
        }
    }

    /// The process phase: `foreground`, `background` (it runs with no visible activity), `gone (low-memory killer)`,
    /// with a compact form.
    static func process(_ process: AndroidProcessSnapshot, _ c: RenderContext) -> (
        text: String, compact: String, style: Style
    ) {
        switch process.phase {
        case .foreground: return ("foreground", "foreground", c.palette.good)
        case .background: return ("background", "background", c.palette.warn)
        case .gone:
            let why = process.lastEnd.map { " (" + c.safe($0) + ")" } ?? ""
            return ("gone" + why, "gone", c.palette.muted)
        }
    }
}
