import Foundation
import OffstageCore

/// What the key bar says after a command went to the engine: "sent", never "done" (the engine decides; its
/// answer shows in the panes and the event log). With no engine running, it is only "requested": the host
/// applies it or says why not.
enum SentMessage {
    /// The line for a command, for the engine role the snapshot names.
    static func of(_ command: DaemonCommand, role: EngineSnapshot.Role) -> String {
        let line = sent(command)
        guard role == .notRunning else { return line }
        let requested = line.replacingOccurrences(of: "sent to the engine", with: "requested (no engine runs)")
        if case .setPlatform = command { return requested + ": it takes effect when one starts" }
        return requested
    }

    /// The line for a command an engine receives now.
    private static func sent(_ command: DaemonCommand) -> String {
        func p(_ text: String) -> String { TransferDaemon.printable(text) }
        switch command {
        case .add(let spec) where spec.kind == .upload:
            return "upload sent to the engine: \(p(spec.uploadPath ?? "?")) to \(p(URLCredentials.masked(spec.url)))"
        case .add(let spec): return "add sent to the engine: \(p(URLCredentials.masked(spec.url)))"
        case .pause(let id): return "pause sent to the engine: task \(id)"
        case .resume(let id): return "resume sent to the engine: task \(id)"
        case .cancel(let id): return "cancel sent to the engine: task \(id)"
        case .setConditions(let conditions): return "device conditions sent to the engine: \(describe(conditions))"
        case .setDeviceInUse(let inUse): return "device \(inUse ? "in use" : "idle") sent to the engine"
        case .schedule(let request):
            let kind = request.kind == .appRefresh ? "app refresh" : "processing"
            var needs: [String] = []
            if request.requiresNetworkConnectivity { needs.append("network") }
            if request.requiresExternalPower { needs.append("power") }
            return "schedule sent to the engine: \(kind) \(p(request.identifier))"
                + (needs.isEmpty ? "" : " (needs \(needs.joined(separator: " and ")))")
        case .launchTask(let identifier): return "simulated launch sent to the engine: \(p(identifier))"
        case .expireTask(let identifier): return "simulated expiration sent to the engine: \(p(identifier))"
        case .app(.open): return "open sent to the engine: the app comes to the foreground"
        case .app(.home): return "home sent to the engine: the app goes to the background"
        case .app(.kill(let reason)): return "system termination (\(p(reason))) sent to the engine"
        case .app(.forceQuit): return "force-quit sent to the engine"
        case .app(.relaunch): return "background relaunch sent to the engine"
        case .android(let request): return android(request)
        case .setRateLimit(let limit?):
            return "limit \(RateLimit.describe(limit)) sent to the engine: every running transfer together"
        case .setRateLimit(nil): return "no limit sent to the engine"
        case .setPlatform(let profile): return "platform \(profile.rawValue) sent to the engine"
        default: return "command sent to the engine"
        }
    }

    /// The line for an Android command.
    private static func android(_ request: AndroidRequest) -> String {
        func p(_ text: String) -> String { TransferDaemon.printable(text) }
        let onOff = { (on: Bool) in on ? "on" : "off" }
        switch request {
        case .enqueue(let work): return "work enqueue sent to the engine: \(p(work.name))"
        case .cancel(.id(let id)): return "work cancel sent to the engine: work \(p(id))"
        case .cancel(.name(let name)): return "work cancel sent to the engine: \(p(name))"
        case .cancel(.tag(let tag)): return "work cancel sent to the engine: tag \(p(tag))"
        case .cancel(.all): return "work cancel sent to the engine: all work"
        case .run(let name): return "work run sent to the engine: \(p(name)), constraints bypassed"
        case .startForegroundService(let name, _): return "foreground service start sent to the engine: \(p(name))"
        case .stopForegroundService(let name): return "foreground service stop sent to the engine: \(p(name))"
        case .doze(let on): return "Doze \(onOff(on)) sent to the engine"
        case .bucket(let bucket): return "standby bucket \(bucket.title) sent to the engine"
        case .batterySaver(let on): return "battery saver \(onOff(on)) sent to the engine"
        case .backgroundRestricted(let on): return "background restriction \(onOff(on)) sent to the engine"
        case .roaming(let on): return "roaming \(onOff(on)) sent to the engine"
        case .storageLow(let on): return "storage low \(onOff(on)) sent to the engine"
        case .appOpened: return "open sent to the engine: the Android app comes to the foreground"
        case .appLeft: return "leave sent to the engine: the Android app goes to the background"
        case .lowMemoryKill: return "low-memory kill sent to the engine"
        case .forceStop: return "force-stop sent to the engine"
        case .reboot: return "reboot sent to the engine"
        }
    }

    /// Device conditions in a few words: `Wi-Fi, charging, 80%, Low Power Mode on, refresh on`.
    static func describe(_ c: DeviceConditions) -> String {
        let network =
            switch c.network {
            case .wifi: "Wi-Fi"
            case .cellular: "cellular"
            case .offline: "offline"
            }
        return [
            network, c.charging ? "charging" : "on battery", "\(c.batteryLevel)%",
            "Low Power Mode \(c.lowPowerMode ? "on" : "off")", "refresh \(c.backgroundRefresh ? "on" : "off")",
        ].joined(separator: ", ")
    }
}

/// A key's name as a message shows it: `x`, `F5`, `←`, `Ctrl-G`.
enum KeyName {
    /// The name.
    static func of(_ key: Key) -> String {
        switch key {
        case .character(" "): "Space"
        case .character(let c): TransferDaemon.printable(String(c))
        case .control(let c): "Ctrl-\(TransferDaemon.printable(c.uppercased()))"
        case .up: "↑"
        case .down: "↓"
        case .left: "←"
        case .right: "→"
        case .pageUp: "PgUp"
        case .pageDown: "PgDn"
        case .home: "Home"
        case .end: "End"
        case .tab: "Tab"
        case .backTab: "Shift-Tab"
        case .enter: "Enter"
        case .escape: "Esc"
        case .backspace: "Backspace"
        case .delete: "Delete"
        case .function(let n): "F\(n)"
        }
    }
}
