import OffstageCore
import OffstageTestSupport
import OffstageUI
import Testing

/// One golden screen: what is drawn, at what size, on what terminal.
struct GoldenCase: Sendable, CustomTestStringConvertible {
    /// The golden file's name.
    let name: String
    /// The snapshot drawn.
    let snapshot: Snapshot
    /// The dashboard state.
    let state: DashboardState
    /// The terminal size.
    let size: Size
    /// The terminal's abilities.
    let capabilities: TerminalCapabilities

    /// A case (by default 80×24, 256 colours, Unicode).
    init(
        _ name: String, _ snapshot: Snapshot, _ state: DashboardState = GoldenCase.selected(),
        size: Size = Size(width: 80, height: 24),
        capabilities: TerminalCapabilities = TerminalCapabilities(colors: 256, unicode: true)
    ) {
        self.name = name
        self.snapshot = snapshot
        self.state = state
        self.size = size
        self.capabilities = capabilities
    }

    /// The name Swift Testing shows.
    var testDescription: String { name }

    /// A state with transfer 1 selected in the focused transfers pane, changed by `change`.
    static func selected(_ change: (inout DashboardState) -> Void = { _ in }) -> DashboardState {
        var state = DashboardState()
        state.selectedTransfer = 1
        state.selectedRequest = "com.example.refresh"
        state.animationFrame = 3
        change(&state)
        return state
    }

    /// A state with the scheduled pane focused and nothing selected there, changed by `change`.
    static func scheduled(_ change: (inout DashboardState) -> Void = { _ in }) -> DashboardState {
        var state = DashboardState()
        state.focus = .scheduled
        state.animationFrame = 3
        change(&state)
        return state
    }

    /// Every golden screen.
    static let listed: [GoldenCase] = [
        GoldenCase("main-80x24", SnapshotSamples.demoMidway),
        GoldenCase("main-40x12", SnapshotSamples.demoMidway, size: Size(width: 40, height: 12)),
        GoldenCase("main-120x40", SnapshotSamples.demoMidway, size: Size(width: 120, height: 40)),
        GoldenCase(
            "main-script-message-80x24", SnapshotSamples.demoMidway,
            selected {
                $0.focus = .scheduled
                $0.message = "no transfer selected"
                $0.scriptLine = "step 4/12: the system terminates the app mid-download"
            }),
        GoldenCase("help-80x24", SnapshotSamples.demoMidway, selected { $0.overlay = .help }),
        GoldenCase(
            "help-120x40", SnapshotSamples.demoMidway, selected { $0.overlay = .help },
            size: Size(width: 120, height: 40)),
        GoldenCase("transfer-details-80x24", SnapshotSamples.demoMidway, selected { $0.overlay = .transferDetails(1) }),
        GoldenCase(
            "transfer-details-retrying-80x24", SnapshotSamples.retryingDownload,
            selected { $0.overlay = .transferDetails(9) }),
        GoldenCase(
            "request-details-80x24", SnapshotSamples.expiringWithPenalty,
            selected { $0.overlay = .requestDetails("com.example.sync") }),
        GoldenCase(
            "prompt-error-80x24", SnapshotSamples.demoMidway,
            selected {
                $0.overlay = .prompt(
                    DashboardState.Prompt(
                        purpose: .addURL, text: "ftp://example.com/x",
                        error: "only http:// and https:// URLs can be added"))
            }),
        GoldenCase(
            "confirm-80x24", SnapshotSamples.demoMidway,
            selected {
                $0.overlay = .confirm(
                    DashboardState.Confirmation(
                        question: "Cancel task 1 \"ubuntu.iso\"? y/n", effect: .send(.cancel(id: 1))))
            }),
        GoldenCase(
            "request-decisions-80x24", SnapshotSamples.expiringWithPenalty,
            selected { $0.overlay = .requestDetails("com.example.sync") }),
        GoldenCase("device-80x24", SnapshotSamples.demoMidway, selected { $0.overlay = .device }),
        GoldenCase("relaunch-80x24", SnapshotSamples.relaunchReconciliation, selected { $0.selectedTransfer = 4 }),
        GoldenCase("expiring-80x24", SnapshotSamples.expiringWithPenalty, selected { $0.focus = .scheduled }),
        GoldenCase("retrying-80x24", SnapshotSamples.retryingDownload, selected { $0.selectedTransfer = 9 }),
        GoldenCase("empty-80x24", SnapshotSamples.empty, DashboardState()),
        GoldenCase("hostile-80x24", SnapshotSamples.hostile, selected { $0.selectedTransfer = 13 }),
        GoldenCase("hostile-details-80x24", SnapshotSamples.hostile, selected { $0.overlay = .transferDetails(13) }),
        GoldenCase(
            "thousand-120x40", SnapshotSamples.thousandTransfers(count: 1000),
            selected {
                $0.selectedTransfer = 500
                $0.transferScroll = 480
                $0.focus = .transfers
            }, size: Size(width: 120, height: 40)),
        GoldenCase(
            "filtered-80x24", SnapshotSamples.demoMidway, selected { $0.filters[.transfers] = "ISO" }),
        GoldenCase("too-small-30x8", SnapshotSamples.demoMidway, size: Size(width: 30, height: 8)),
        GoldenCase("limited-80x24", SnapshotSamples.limited),
        GoldenCase("limited-40x12", SnapshotSamples.limited, size: Size(width: 40, height: 12)),
        GoldenCase("limited-details-80x24", SnapshotSamples.limited, selected { $0.overlay = .transferDetails(1) }),
        GoldenCase(
            "limited-feed-details-80x24", SnapshotSamples.limited,
            selected {
                $0.selectedTransfer = 2
                $0.overlay = .transferDetails(2)
            }),
        GoldenCase(
            "limit-prompt-80x24", SnapshotSamples.limited,
            selected { $0.overlay = .prompt(DashboardState.Prompt(purpose: .limit, text: "2m")) }),
        GoldenCase(
            "ascii-80x24", SnapshotSamples.demoMidway, capabilities: TerminalCapabilities(colors: 8, unicode: false)),
        GoldenCase(
            "ascii-help-80x24", SnapshotSamples.demoMidway, selected { $0.overlay = .help },
            capabilities: TerminalCapabilities(colors: 0, unicode: false)),
        GoldenCase(
            "colors8-80x24", SnapshotSamples.demoMidway, capabilities: TerminalCapabilities(colors: 8, unicode: true)),
        GoldenCase("android-80x24", SnapshotSamples.android, scheduled { $0.selectedWork = "6f1c0b2e-sync" }),
        GoldenCase("both-80x24", SnapshotSamples.both, scheduled { $0.selectedWork = "0b9e3f12-feed" }),
        GoldenCase(
            "android-hostile-80x24", SnapshotSamples.androidHostile, scheduled { $0.selectedWork = "evil\u{1B}[2J-id" }),
        GoldenCase(
            "work-details-80x24", SnapshotSamples.android,
            scheduled {
                $0.selectedWork = "5c2a8d40-report"
                $0.overlay = .workDetails("5c2a8d40-report")
            }),
        GoldenCase(
            "work-details-hostile-80x24", SnapshotSamples.androidHostile,
            scheduled {
                $0.selectedWork = "evil\u{1B}[2J-id"
                $0.overlay = .workDetails("evil\u{1B}[2J-id")
            }),
        GoldenCase("android-help-80x24", SnapshotSamples.android, scheduled { $0.overlay = .help }),
        GoldenCase("both-help-80x24", SnapshotSamples.both, scheduled { $0.overlay = .help }),
        GoldenCase("android-device-80x24", SnapshotSamples.android, scheduled { $0.overlay = .device }),
        GoldenCase("both-device-80x24", SnapshotSamples.both, scheduled { $0.overlay = .device }),
        GoldenCase(
            "android-confirm-80x24", SnapshotSamples.android,
            scheduled {
                $0.selectedWork = "0b9e3f12-feed"
                $0.overlay = .confirm(
                    DashboardState.Confirmation(
                        question: "Cancel work \"refresh-feed\" (ENQUEUED) and what waits for it? y/n",
                        effect: .send(.android(.cancel(.id("0b9e3f12-feed"))))))
            }),
        GoldenCase(
            "android-ascii-80x24", SnapshotSamples.both, scheduled { $0.selectedWork = "0b9e3f12-feed" },
            capabilities: TerminalCapabilities(colors: 8, unicode: false)),
        GoldenCase(
            "nocolor-80x24", SnapshotSamples.demoMidway, capabilities: TerminalCapabilities(colors: 0, unicode: true)),
        GoldenCase("loading-80x24", GoldenCase.loading, DashboardState()),
        GoldenCase(
            "totals-80x24", SnapshotSamples.thousandTransfers(count: 1000),
            selected { $0.selectedTransfer = 500 }),
    ]

    /// An engine that starts on a home of 100,000 tasks and has not read them yet.
    static var loading: Snapshot {
        var snapshot = SnapshotSamples.empty
        snapshot.engine = EngineSnapshot(
            role: .starting, pid: 4242, home: "/home/me/.offstage", loadingTasks: 100_000)
        return snapshot
    }

    /// Every golden screen: those listed, and every 80×24 view again at 40×12 and 120×40.
    static let all: [GoldenCase] =
        listed
        + listed.flatMap { golden -> [GoldenCase] in
            guard golden.name.hasSuffix("-80x24"),
                golden.capabilities == TerminalCapabilities(colors: 256, unicode: true)
            else { return [] }
            let stem = String(golden.name.dropLast("-80x24".count))
            return [Size(width: 40, height: 12), Size(width: 120, height: 40)].compactMap { size in
                let name = "\(stem)-\(size.width)x\(size.height)"
                guard !listed.contains(where: { $0.name == name }) else { return nil }
                return GoldenCase(name, golden.snapshot, golden.state, size: size, capabilities: golden.capabilities)
            }
        }
}

@Suite struct GoldenScreenTests {
    @Test(arguments: GoldenCase.all)
    func screenMatchesItsGolden(_ golden: GoldenCase) {
        let screen = DashboardView.render(
            snapshot: golden.snapshot, state: golden.state, size: golden.size, capabilities: golden.capabilities)
        #expect(screen.size == golden.size)
        GoldenScreen.check(screen, golden.name)
    }
}
