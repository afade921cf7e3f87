import Foundation
import OffstageCore
import OffstageRuntime
import OffstageStore
import Testing

/// A scratch folder under the temporary directory, removed after `body` returns or throws.
private func withScratchFolder<T>(_ body: (String) throws -> T) throws -> T {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("offstage-config-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    return try body(folder.path)
}

/// Writes `text` to `folder/name`.
private func write(_ text: String, _ folder: String, _ name: String) throws {
    try Data(text.utf8).write(to: URL(fileURLWithPath: folder + "/" + name))
}

/// A `bgtasks.json` holding one handler entry (its JSON body without braces).
private func bgTasks(_ handler: String) -> String {
    #"{"handlers": [{\#(handler)}]}"#
}

/// An `Info.plist` permitting `identifiers`, with the given modes.
private func infoPlist(_ identifiers: [String], modes: [String] = ["fetch", "processing"]) -> String {
    let ids = identifiers.map { "<string>\($0)</string>" }.joined()
    let modeList = modes.map { "<string>\($0)</string>" }.joined()
    return """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict>
        <key>BGTaskSchedulerPermittedIdentifiers</key><array>\(ids)</array>
        <key>UIBackgroundModes</key><array>\(modeList)</array>
        </dict></plist>
        """
}

@Suite("Configuration files")
struct ConfigurationTests {
    /// The repository's `config/` folder: three levels up from this file.
    static let sampleFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("config").path

    /// The error `body` throws, as its one-line message.
    private func message(_ body: () throws -> Void) -> String? {
        do {
            try body()
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test("every file in config/ parses: JSON files as JSON, Info.plist as a property list")
    func everySampleFileParses() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.sampleFolder).sorted()
        #expect(names.contains("Info.plist") && names.contains("bgtasks.json") && names.contains("scheduler.json"))
        #expect(names.contains("app.json") && names.contains("transfers.json"))
        for name in names {
            let path = Self.sampleFolder + "/" + name
            let data = try #require(FileManager.default.contents(atPath: path))
            if name.hasSuffix(".json") {
                #expect(throws: Never.self, "\(name)") { _ = try JSONSerialization.jsonObject(with: data) }
            }
            switch name {
            case "Info.plist":
                let plist = try InfoPlistFile.parse(data, path: path)
                #expect(plist.schedulerModes == [.fetch, .processing])
                _ = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
            case "bgtasks.json":
                _ = try JSONDecoder().decode(BGTasksFile.self, from: data)
            case "scheduler.json":
                _ = try SchedulerPolicyFile.parse(data, path: path)
            case "android.json":
                #expect(try AndroidFile.parse(data, path: path) == OffstageConfiguration.builtIn.android)
            case "transfers.json":
                #expect(try TransfersFile.parse(data, path: path) == OffstageConfiguration.builtIn.transfers)
            case "app.json":
                let app = try JSONDecoder().decode(AppConfiguration.self, from: data)
                #expect(app == OffstageConfiguration.builtIn.appSession)
                #expect(app.problem == nil)
            default:
                break
            }
        }
    }

    @Test("the sample folder parses to exactly the built-in configuration")
    func sampleEqualsBuiltIn() throws {
        var loaded = try OffstageConfiguration.load(directory: Self.sampleFolder)
        #expect(loaded.directory == Self.sampleFolder)
        loaded.directory = nil
        #expect(loaded == OffstageConfiguration.builtIn)
    }

    @Test("the sample covers every kind of work and scheduler.json names every parameter at its default")
    func sampleCoverage() throws {
        let handlers = OffstageConfiguration.builtIn.app.handlers
        let works = handlers.map(\.work)
        #expect(works.contains { if case .shellCommand = $0 { true } else { false } })
        #expect(works.contains { if case .download = $0 { true } else { false } })
        #expect(works.contains(.simulatedWork(seconds: 120, honoursExpiration: true)))
        #expect(works.contains(.simulatedWork(seconds: 900, honoursExpiration: false)))
        #expect(handlers.contains { $0.kind == .processing && $0.requiresNetworkConnectivity })
        #expect(handlers.contains { $0.kind == .processing && $0.requiresExternalPower })
        let data = try #require(FileManager.default.contents(atPath: Self.sampleFolder + "/scheduler.json"))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object.keys.sorted() == SchedulerPolicyFile.keys)
        #expect(SchedulerPolicyFile.keys.count == 33)
    }

    @Test("app.json names every key at its default, and the built-in session is AppConfiguration()")
    func appSample() throws {
        #expect(OffstageConfiguration.builtIn.appSession == AppConfiguration())
        let data = try #require(FileManager.default.contents(atPath: Self.sampleFolder + "/app.json"))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(
            object.keys.sorted() == [
                "backgroundWorkSeconds", "lifecycle", "mistakes", "reconciliation", "sessionIdentifier",
            ])
        #expect(object["sessionIdentifier"] as? String == "com.example.offstage.background")
        #expect(object["backgroundWorkSeconds"] as? Double == 2)
        let lifecycle = try #require(object["lifecycle"] as? [String: Any])
        #expect(lifecycle.count == 7)
        #expect(lifecycle["backgroundTaskLimit"] as? Double == 30)
        #expect(lifecycle["didEnterBackgroundGrace"] as? Double == 5)
        #expect(lifecycle["expirationLead"] as? Double == 1)
        #expect(lifecycle["completionHandlerDeadline"] as? Double == 30)
        #expect(lifecycle["rebootPolicy"] as? String == "resume")
        #expect(lifecycle["relaunchInitialDelay"] as? Double == 60)
        #expect(lifecycle["relaunchMaxDelay"] as? Double == 3600)
        let reconciliation = try #require(object["reconciliation"] as? [String: String])
        #expect(reconciliation == ["whenUnknownToSystem": "re-enqueue", "whenUnknownToApp": "cancel"])
        let mistakes = try #require(object["mistakes"] as? [String: Bool])
        #expect(
            mistakes == [
                "skipsCompletionHandler": false, "movesFileAsynchronously": false, "omitsExpirationHandler": false,
                "omitsTaskDescription": false, "skipsSessionRecreation": false,
            ])
        let loaded = try OffstageConfiguration.load(directory: Self.sampleFolder).appSession
        #expect(loaded.sessionIdentifier == "com.example.offstage.background")
        #expect(loaded.lifecycle.rebootPolicy == .resumeTransfers)
        #expect(loaded.reconciliation.whenUnknownToSystem == .reEnqueue)
        #expect(loaded.reconciliation.whenUnknownToApp == .cancel)
        #expect(loaded.mistakes.enabled.isEmpty)
        #expect(loaded.backgroundWorkSeconds == 2)
    }

    @Test("a partial app.json takes the defaults for every key it leaves out; a missing one, all of them")
    func partialAppFile() throws {
        try withScratchFolder { folder in
            #expect(try OffstageConfiguration.load(directory: folder).appSession == AppConfiguration())
            try write(
                #"""
                {"sessionIdentifier": "com.example.photos.bg",
                 "lifecycle": {"backgroundTaskLimit": 180, "rebootPolicy": "cancel"},
                 "reconciliation": {"whenUnknownToApp": "adopt"},
                 "mistakes": {"omitsTaskDescription": true}}
                """#, folder, "app.json")
            let loaded = try OffstageConfiguration.load(directory: folder)
            let app = loaded.appSession
            #expect(app.sessionIdentifier == "com.example.photos.bg")
            #expect(app.lifecycle.backgroundTaskLimit == 180)
            #expect(app.lifecycle.rebootPolicy == .cancelTransfers)
            #expect(app.lifecycle.didEnterBackgroundGrace == 5)
            #expect(app.lifecycle.expirationLead == 1)
            #expect(app.lifecycle.completionHandlerDeadline == 30)
            #expect(app.lifecycle.relaunchInitialDelay == 60)
            #expect(app.lifecycle.relaunchMaxDelay == 3600)
            #expect(app.reconciliation.whenUnknownToSystem == .reEnqueue)
            #expect(app.reconciliation.whenUnknownToApp == .adopt)
            #expect(app.mistakes == AppMistakes(omitsTaskDescription: true))
            #expect(app.mistakes.enabled == ["no-task-description"])
            #expect(app.backgroundWorkSeconds == 2)
            // The other parts stay built in.
            #expect(loaded.app == OffstageConfiguration.builtIn.app)
            #expect(loaded.policy == SchedulerPolicyConfiguration())

            try write("{}", folder, "app.json")
            #expect(try OffstageConfiguration.load(directory: folder).appSession == AppConfiguration())
        }
    }

    @Test(
        "app.json: each bad value is one clear line naming the file",
        arguments: [
            (
                #"{"lifecycle": {"backgroundTaskLimit": -1}}"#,
                "lifecycle.backgroundTaskLimit must be a number of seconds ≥ 0, not -1.0"
            ),
            (
                #"{"lifecycle": {"rebootPolicy": "wait-for-launch"}}"#,
                "lifecycle.rebootPolicy wait-for-launch is modelled in the core only; the runtime takes resume or cancel"
            ),
            (
                #"{"reconciliation": {"whenUnknownToApp": "re-enqueue"}}"#,
                #"at reconciliation.whenUnknownToApp: must be "adopt" or "cancel", not "re-enqueue""#
            ),
            (
                #"{"reconciliation": {"whenUnknownToSystem": "cancel"}}"#,
                #"at reconciliation.whenUnknownToSystem: must be "re-enqueue" or "mark-lost", not "cancel""#
            ),
            (
                #"{"reconciliation": {"whenUnknownToSystem": "forget"}}"#,
                #"at reconciliation.whenUnknownToSystem: must be "re-enqueue" or "mark-lost", not "forget""#
            ),
            (
                #"{"reconciliation": {"whenUnknownToApp": 1}}"#,
                "at reconciliation.whenUnknownToApp: expected a string"
            ),
            (
                #"{"lifecycle": {"expirationLead": 40}}"#,
                "lifecycle.expirationLead must be between 0 and backgroundTaskLimit"
            ),
            (
                #"{"lifecycle": {"relaunchMaxDelay": 10}}"#,
                "lifecycle.relaunchMaxDelay must be ≥ relaunchInitialDelay"
            ),
            (#"{"sessionIdentifier": ""}"#, "sessionIdentifier must not be empty"),
            (#"{"backgroundWorkSeconds": -2}"#, "backgroundWorkSeconds must be a number of seconds ≥ 0, not -2.0"),
            (
                #"{"mistakes": {"skipsCompletionHandler": "yes"}}"#,
                "at mistakes.skipsCompletionHandler: expected true or false"
            ),
            (
                #"{"lifecycle": {"backgroundTaskLimt": 30}}"#,
                #"at lifecycle: unknown key "backgroundTaskLimt" (known keys: backgroundTaskLimit, "#
                    + "completionHandlerDeadline, didEnterBackgroundGrace, expirationLead, rebootPolicy, "
                    + "relaunchInitialDelay, relaunchMaxDelay)"
            ),
            (
                #"{"mistake": {}}"#,
                #"unknown key "mistake" (known keys: backgroundWorkSeconds, lifecycle, mistakes, "#
                    + "reconciliation, sessionIdentifier)"
            ),
            (#"[1, 2]"#, "expected an object"),
            (
                "{\"lifecycle\": {\n  \"expirationLead\": 1,,\n}}",
                "not valid JSON (Invalid value around character 38 at line 2, column 23)"
            ),
        ])
    func appFileErrors(json: String, problem: String) throws {
        try withScratchFolder { folder in
            try write(json, folder, "app.json")
            let text = try #require(message { _ = try OffstageConfiguration.load(directory: folder) })
            #expect(text == "\(folder)/app.json: \(problem)")
            #expect(!text.contains("\n"))
            #expect(throws: ConfigurationError(path: folder + "/app.json", problem: problem)) {
                _ = try OffstageConfiguration.load(directory: folder)
            }
        }
    }

    @Test("AppConfiguration.problem rejects what the runtime cannot take, even when set in code")
    func appProblemInCode() {
        var config = AppConfiguration()
        #expect(config.problem == nil)
        config.reconciliation.whenUnknownToApp = .reEnqueue
        #expect(config.problem == "reconciliation.whenUnknownToApp must be adopt or cancel, not re-enqueue")
        config.reconciliation = ReconciliationPolicy(whenUnknownToSystem: .adopt, whenUnknownToApp: .reEnqueue)
        #expect(config.reconciliation == ReconciliationPolicy())  // the initializer coerces
        config.reconciliation.whenUnknownToSystem = .deliver
        #expect(config.problem == "reconciliation.whenUnknownToSystem must be re-enqueue or mark-lost, not deliver")
        config = AppConfiguration(lifecycle: AppLifecyclePolicy(rebootPolicy: .waitForAppLaunch))
        #expect(
            config.problem?.hasPrefix("lifecycle.rebootPolicy wait-for-launch is modelled in the core only") == true)
        #expect(AppConfiguration(lifecycle: AppLifecyclePolicy(rebootPolicy: .cancelTransfers)).problem == nil)
    }

    @Test("the built-in bgtasks.json round-trips through the file format")
    func fileFormatRoundTrip() throws {
        let builtIn = OffstageConfiguration.builtIn
        let file = BGTasksFile(mistakes: builtIn.taskMistakes, handlers: builtIn.app.handlers)
        let data = try JSONEncoder().encode(file)
        let decoded = try JSONDecoder().decode(BGTasksFile.self, from: data)
        #expect(decoded == file)
        let resolved = try decoded.resolved(permitted: builtIn.app.permittedIdentifiers, path: "x")
        #expect(resolved.mistakes == builtIn.taskMistakes)
        #expect(resolved.handlers == builtIn.app.handlers)
        let json = String(decoding: data, as: UTF8.self)
        #expect(json.contains(#""kind":"appRefresh""#))
        #expect(json.contains(#""simulated":{"#))
    }

    @Test("search order: --config, then $OFFSTAGE_CONFIG, then <home>/config, then built in")
    func searchOrder() throws {
        try withScratchFolder { root in
            let home = OffstageHome(path: root + "/home")
            for name in ["explicit", "env", "home/config"] {
                try FileManager.default.createDirectory(atPath: root + "/" + name, withIntermediateDirectories: true)
                try write(#"{"wakeInterval": \#(name.count)}"#, root + "/" + name, "scheduler.json")
            }
            let env = ["OFFSTAGE_CONFIG": root + "/env"]
            let explicit = try OffstageConfiguration.load(explicit: root + "/explicit", home: home, environment: env)
            #expect(explicit.directory == root + "/explicit")
            #expect(explicit.policy.wakeInterval == 8)
            let fromEnv = try OffstageConfiguration.load(explicit: nil, home: home, environment: env)
            #expect(fromEnv.directory == root + "/env")
            #expect(fromEnv.policy.wakeInterval == 3)
            let fromHome = try OffstageConfiguration.load(
                explicit: "", home: home, environment: ["OFFSTAGE_CONFIG": ""])
            #expect(fromHome.directory == root + "/home/config")
            #expect(fromHome.policy.wakeInterval == 11)
            #expect(fromHome.app == OffstageConfiguration.builtIn.app)
            let other = OffstageHome(path: root + "/nowhere")
            #expect(try OffstageConfiguration.load(explicit: nil, home: other, environment: [:]) == .builtIn)
            // A folder that was named but does not exist is an error, not a silent fallback.
            #expect(
                message {
                    _ = try OffstageConfiguration.load(explicit: root + "/missing", home: home, environment: [:])
                }
                    == "\(root)/missing: no such configuration folder")
        }
    }

    @Test("missing files take their built-in part; an Info.plist alone keeps the permitted built-in handlers")
    func missingFiles() throws {
        try withScratchFolder { folder in
            #expect(try OffstageConfiguration.load(directory: folder).app == OffstageConfiguration.builtIn.app)
            try write(
                infoPlist(["com.example.feed", "com.example.mine"], modes: ["audio", "fetch"]), folder, "Info.plist")
            let loaded = try OffstageConfiguration.load(directory: folder)
            #expect(loaded.app.permittedIdentifiers == ["com.example.feed", "com.example.mine"])
            #expect(loaded.app.backgroundModes == [.fetch])
            #expect(loaded.app.handlers.map(\.identifier) == ["com.example.feed"])
            #expect(loaded.policy == SchedulerPolicyConfiguration())
        }
    }

    @Test("optional fields take their documented defaults")
    func optionalFields() throws {
        try withScratchFolder { folder in
            try write(infoPlist(["a", "b"]), folder, "Info.plist")
            try write(
                #"""
                {"app": {"completesTask": false}, "handlers": [
                  {"identifier": "a", "kind": "appRefresh", "work": {"shell": {"command": "true"}}},
                  {"identifier": "b", "kind": "processing", "work": {"simulated": {"seconds": 1.5}}}]}
                """#, folder, "bgtasks.json")
            let loaded = try OffstageConfiguration.load(directory: folder)
            #expect(loaded.taskMistakes == AppMistakes(skipsSetTaskCompleted: true))
            #expect(
                loaded.app.handlers == [
                    TaskHandlerConfiguration(
                        identifier: "a", kind: .appRefresh, work: .shellCommand(command: "true", timeout: 20)),
                    TaskHandlerConfiguration(
                        identifier: "b", kind: .processing, work: .simulatedWork(seconds: 1.5, honoursExpiration: true)),
                ])
        }
    }

    @Test(
        "each validation error is one clear line naming the file",
        arguments: [
            (
                #""identifier": "x", "kind": "appRefresh", "work": {"simulated": {"seconds": 1}}"#,
                "handler x is not in BGTaskSchedulerPermittedIdentifiers"
            ),
            (
                #""identifier": "a", "kind": "later", "work": {"simulated": {"seconds": 1}}"#,
                #"handler a: unknown kind "later" (expected appRefresh or processing)"#
            ),
            (
                #""identifier": "a", "kind": "appRefresh", "interval": -1, "work": {"simulated": {"seconds": 1}}"#,
                "handler a: interval must not be negative (got -1.0)"
            ),
            (
                #""identifier": "a", "kind": "processing", "work": {"simulated": {"seconds": -5}}"#,
                "handler a: simulated seconds must not be negative (got -5.0)"
            ),
            (
                #""identifier": "a", "kind": "appRefresh", "work": {"shell": {"command": "true", "timeout": 0}}"#,
                "handler a: shell timeout must be greater than 0 (got 0.0)"
            ),
            (
                #""identifier": "a", "kind": "appRefresh", "work": {"shell": {"command": " ", "timeout": 3}}"#,
                "handler a: shell command is empty"
            ),
            (
                #""identifier": "a", "kind": "appRefresh", "work": {"download": {"url": "ftp://h/f"}}"#,
                #"handler a: download URL "ftp://h/f" is not an http or https URL"#
            ),
            (
                #""identifier": "a", "kind": "appRefresh", "requiresExternalPower": true, "work": {"download": {"url": "https://h/f"}}"#,
                "handler a: requiresExternalPower applies only to processing tasks"
            ),
            (
                #""identifier": "a", "kind": "appRefresh", "work": {"shell": {"command": "true"}, "download": {"url": "http://h"}}"#,
                "at handlers[0].work: work must have exactly one of shell, download, simulated"
            ),
            (
                #""identifier": "a", "kind": "appRefresh", "work": {"shel": {"command": "true"}}"#,
                #"at handlers[0].work: unknown key "shel" (known keys: shell, download, simulated)"#
            ),
            (
                #""identifier": "a", "kind": "appRefresh", "work": {"simulated": {"seconds": "5"}}"#,
                "at handlers[0].work.simulated.seconds: expected a number"
            ),
            (#""identifier": "a", "kind": "appRefresh""#, #"at handlers[0]: missing key "work""#),
        ])
    func validationErrors(handler: String, problem: String) throws {
        try withScratchFolder { folder in
            try write(infoPlist(["a"]), folder, "Info.plist")
            try write(bgTasks(handler), folder, "bgtasks.json")
            let text = message { _ = try OffstageConfiguration.load(directory: folder) }
            #expect(text == "\(folder)/bgtasks.json: \(problem)")
        }
    }

    @Test("a handler listed twice is an error")
    func duplicateHandler() throws {
        try withScratchFolder { folder in
            try write(infoPlist(["a"]), folder, "Info.plist")
            let entry = #"{"identifier": "a", "kind": "processing", "work": {"simulated": {"seconds": 1}}}"#
            try write(#"{"handlers": [\#(entry), \#(entry)]}"#, folder, "bgtasks.json")
            #expect(
                message { _ = try OffstageConfiguration.load(directory: folder) }
                    == "\(folder)/bgtasks.json: handler a is listed twice")
        }
    }

    @Test(
        "scheduler.json: missing keys default; unknown keys, negative values and wrong types are errors",
        arguments: [
            (#"{"wakeInterval": 60}"#, nil),
            (#"{"wakeIntervall": 60}"#, #"unknown key "wakeIntervall""#),
            (#"{"penaltyDuration": -1}"#, "penaltyDuration must not be negative (got -1)"),
            (#"{"wakeInterval": 0}"#, "wakeInterval must be greater than 0"),
            (#"{"maxPendingProcessing": "ten"}"#, "at maxPendingProcessing: expected a number"),
            (#"[1, 2]"#, "expected an object"),
        ])
    func schedulerFile(json: String, problem: String?) throws {
        try withScratchFolder { folder in
            try write(json, folder, "scheduler.json")
            let text = message {
                let loaded = try OffstageConfiguration.load(directory: folder)
                var expected = SchedulerPolicyConfiguration()
                expected.wakeInterval = 60
                #expect(loaded.policy == expected)
            }
            if let problem {
                #expect(text?.hasPrefix("\(folder)/scheduler.json: \(problem)") == true, "\(text ?? "")")
            } else {
                #expect(text == nil)
            }
        }
    }

    @Test("malformed files give one-line errors naming the file")
    func malformedFiles() throws {
        try withScratchFolder { folder in
            try write("<?xml version=\"1.0\"?>\n<plist><dict><key>x</key>\n", folder, "Info.plist")
            let plistError = try #require(message { _ = try OffstageConfiguration.load(directory: folder) })
            #expect(plistError.hasPrefix("\(folder)/Info.plist: not a valid property list"))
            #expect(!plistError.contains("\n"))

            try write(
                infoPlist(["a"]).replacingOccurrences(of: "<string>a</string>", with: "<integer>1</integer>"),
                folder, "Info.plist")
            #expect(
                message { _ = try OffstageConfiguration.load(directory: folder) }
                    == "\(folder)/Info.plist: BGTaskSchedulerPermittedIdentifiers must be an array of strings")

            try write(infoPlist(["a"]), folder, "Info.plist")
            try write("{\"handlers\": [\n{\"identifier\": \"a\",,}\n", folder, "bgtasks.json")
            let jsonError = try #require(message { _ = try OffstageConfiguration.load(directory: folder) })
            #expect(
                jsonError
                    == "\(folder)/bgtasks.json: not valid JSON (Invalid value around character 34 at line 2, column 20)"
            )
            #expect(!jsonError.contains("\n"))

            try write("{\"wakeInterval\": 900", folder, "scheduler.json")
            try FileManager.default.removeItem(atPath: folder + "/bgtasks.json")
            let policyError = try #require(message { _ = try OffstageConfiguration.load(directory: folder) })
            #expect(policyError.hasPrefix("\(folder)/scheduler.json: not valid JSON"))
        }
    }
}

/// The relaunch rate limiter's delays live in `app.json` only; `scheduler.json`'s old keys are ignored with a warning.
@Suite struct RelaunchLimiterConfigurationTests {
    @Test func oldSchedulerKeysAreAcceptedIgnoredAndWarnedAbout() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("limiter-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let scheduler = #"{"wakeInterval": 600, "relaunchInitialDelay": 5, "relaunchMaxDelay": 50}"#
        let app = #"{"lifecycle": {"relaunchInitialDelay": 30, "relaunchMaxDelay": 300}}"#
        #expect(FileManager.default.createFile(atPath: folder + "/scheduler.json", contents: Data(scheduler.utf8)))
        #expect(FileManager.default.createFile(atPath: folder + "/app.json", contents: Data(app.utf8)))
        let loaded = try OffstageConfiguration.load(directory: folder)
        #expect(loaded.policy.wakeInterval == 600)
        #expect(loaded.appSession.lifecycle.relaunchInitialDelay == 30)
        #expect(loaded.appSession.lifecycle.relaunchMaxDelay == 300)
        #expect(
            loaded.warnings == [
                "\(folder)/scheduler.json: relaunchInitialDelay is deprecated and ignored: the relaunch rate limiter "
                    + "is the app's (one per app, as on iOS); set lifecycle.relaunchInitialDelay in app.json",
                "\(folder)/scheduler.json: relaunchMaxDelay is deprecated and ignored: the relaunch rate limiter "
                    + "is the app's (one per app, as on iOS); set lifecycle.relaunchMaxDelay in app.json",
            ])
        #expect(!SchedulerPolicyFile.keys.contains("relaunchInitialDelay"))
        // A typo is still an error.
        let typo = #"{"relaunchInitialDelayy": 5}"#
        #expect(throws: ConfigurationError.self) { _ = try SchedulerPolicyFile.parse(Data(typo.utf8), path: "s.json") }
    }
}
