/// What `offstage app …` asks of the hosted model app and its system side.
public enum AppRequest: Codable, Sendable, Equatable {
    /// The user opens the app (launch, resume or bring to the front).
    case open
    /// The user goes to the Home screen.
    case home
    /// The user locks the device.
    case lock
    /// The system terminates the background or suspended app (memory pressure) for this reason.
    case kill(reason: String)
    /// The user swipes the app away in the app switcher.
    case forceQuit
    /// The system relaunches the app in the background for its session's waiting events (rate limiter permitting).
    case relaunch
    /// The running app creates a download task in its background session (`downloadTask(with:)`, then `resume()`).
    case download(url: String, taskDescription: String?)
    /// The running app creates an upload task from a file (`uploadTask(with:fromFile:)`, then `resume()`).
    case upload(path: String, url: String, taskDescription: String?)
    /// Switches an app mistake on or off at run time (see `AppMistakes.names`).
    case setMistake(name: String, on: Bool)
    /// The user switches the app's own Background App Refresh on or off (Settings → the app).
    case setBackgroundRefresh(on: Bool)
    /// The running app makes a call background sessions restrict, to see how the platform answers.
    case tryCall(RestrictedCall, url: String)

    /// A remote notification arrives for the app (`offstage push`).
    case push(SilentPush)

    /// The life-cycle event the request stands for (nil: the request is the app's own call, or a switch).
    public var lifecycleEvent: AppLifecycleEvent? {
        switch self {
        case .open: .userOpened
        case .home: .userPressedHome
        case .lock: .userLockedDevice
        case .kill(let reason): .systemTerminated(reason: reason)
        case .forceQuit: .userForceQuit
        case .push(let push): .pushReceived(push)
        case .relaunch, .download, .upload, .setMistake, .setBackgroundRefresh, .tryCall: nil
        }
    }
}

/// Calls a background session refuses or cuts short, as `offstage app try NAME URL` makes them.
public enum RestrictedCall: String, Codable, Sendable, CaseIterable {
    /// `downloadTask(with:completionHandler:)`: refused, "Completion handler blocks are not supported…".
    case completionHandler = "completion-handler"
    /// `uploadTask(with:from: Data)`: refused, uploads from memory are not supported.
    case uploadFromMemory = "upload-from-memory"
    /// `dataTask(with:)`: allowed while the app runs, disconnected with −997 when the app is suspended.
    case dataTask = "data-task"
    /// `URLSession(configuration: .background(withIdentifier:))` again with the live identifier: the existing
    /// session comes back, with Apple's warning.
    case sessionAgain = "session-again"
}
