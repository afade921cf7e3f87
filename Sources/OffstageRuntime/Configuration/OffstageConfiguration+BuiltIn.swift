import Foundation
import OffstageCore

extension OffstageConfiguration {
    /// The built-in configuration: exactly what the sample folder `config/` parses to (a test keeps them equal).
    ///
    /// Five handlers cover every kind of work: an app refresh running a shell command, an app refresh
    /// downloading from the local origin, processing tasks of simulated work that do and do not honour
    /// expiration, and a processing task running a shell command that needs a network. The model app's background
    /// session takes every default of `AppConfiguration`.
    public static let builtIn = OffstageConfiguration(
        app: AppTaskConfiguration(
            permittedIdentifiers: [
                "com.example.refresh", "com.example.feed", "com.example.db-cleanup", "com.example.backup",
                "com.example.slow-report",
            ],
            backgroundModes: [.fetch, .processing],
            handlers: [
                TaskHandlerConfiguration(
                    identifier: "com.example.refresh", kind: .appRefresh,
                    work: .shellCommand(
                        command: "echo \"refreshed $OFFSTAGE_TASK_IDENTIFIER at $(date)\"", timeout: 20),
                    interval: 900),
                TaskHandlerConfiguration(
                    identifier: "com.example.feed", kind: .processing,
                    work: .download(url: "http://127.0.0.1:8080/gen/1m"), interval: 3600,
                    requiresNetworkConnectivity: true),
                TaskHandlerConfiguration(
                    identifier: "com.example.db-cleanup", kind: .processing,
                    work: .simulatedWork(seconds: 120, honoursExpiration: true), interval: 3600),
                TaskHandlerConfiguration(
                    identifier: "com.example.slow-report", kind: .processing,
                    work: .simulatedWork(seconds: 900, honoursExpiration: false), interval: 7200,
                    requiresExternalPower: true),
                TaskHandlerConfiguration(
                    identifier: "com.example.backup", kind: .processing,
                    work: .shellCommand(command: "echo backup started; sleep 3; echo backup done", timeout: 300),
                    interval: 86_400, requiresNetworkConnectivity: true),
            ]),
        taskMistakes: AppMistakes(), policy: SchedulerPolicyConfiguration(), appSession: AppConfiguration(),
        android: AndroidFile(), directory: nil)
}
