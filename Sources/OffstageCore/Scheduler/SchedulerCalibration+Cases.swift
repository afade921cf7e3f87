import Foundation

/// The observations, each with its source (see `shared/reference/platform-semantics.md` §4.5 for most of them).
extension SchedulerCalibration {
    /// Every case, in the order the table shows them.
    public static let cases: [CalibrationCase] = [
        CalibrationCase(
            observation: "No refresh overnight: in the background from 17:09, not refreshed until opened at 05:26.",
            source: "https://github.com/owntracks/ios/issues/839", situation: "daily user",
            measured: "of refresh runs between 01:00 and 05:00", usage: .daily, refreshInterval: 900,
            figure: { refresh($0).flatMap { HourOfDayFigures.share($0.runsByHour, in: 1..<5) } }, bounds: 0...0.1,
            unit: .share),
        CalibrationCase(
            observation: "A user who opens the app every morning around 10:00: it is woken sometime before 10:00.",
            source: "https://ebookreading.net/view/book/Complete+iOS+12+Development+Guide-EB9781838643799_209.html",
            situation: "daily user (morning, midday, evening)",
            measured: "of refresh runs within the 3 h before the hour of an open", usage: .daily,
            refreshInterval: 900, figure: { refresh($0)?.runsBeforeUse }, bounds: 0.5...1, unit: .share),
        CalibrationCase(
            observation: "A user who checks the app every day at 8:00 gets a fetch shortly before, around 7:50.",
            source: "https://cocoaallocinit.com/2014/05/08/implementing-background-fetch/",
            situation: "--opens 08:00", measured: "of refresh runs within the 3 h before the hour of an open",
            usage: .daily, opens: DailyOpens(minutes: [480]), refreshInterval: 900,
            figure: { refresh($0)?.runsBeforeUse }, bounds: 0.5...1, unit: .share),
        CalibrationCase(
            observation: "Refresh granted a few times in the daytime: 12:38, 16:30, 16:51 and 18:26 on one day.",
            source: "https://github.com/perezjuanj/OpenCircuit/issues/177", situation: "daily user",
            measured: "refresh runs", usage: .daily, refreshInterval: 900, figure: { refresh($0)?.runsPerDay },
            bounds: 2...8, unit: .perDay),
        CalibrationCase(
            observation: "Processing never ran by day: \"iOS reserves BGProcessing for overnight/charger\".",
            source: "https://github.com/perezjuanj/OpenCircuit/issues/177", situation: "daily user",
            measured: "of processing runs between 23:00 and 07:00 (on the charger)", usage: .daily,
            refreshInterval: 900,
            figure: { processing($0).flatMap { HourOfDayFigures.share($0.runsByHour, in: [23..<24, 0..<7]) } },
            bounds: 0.8...1, unit: .share),
        CalibrationCase(
            observation: "\"A 4h floor caps the number of run windows the system can offer per day.\"",
            source: "https://github.com/MattFaz/actuali/pull/177", situation: "heavy user, refresh every 4 h",
            measured: "refresh runs", usage: .heavy, refreshInterval: 14_400, figure: { refresh($0)?.runsPerDay },
            bounds: 0...6, unit: .perDay),
        CalibrationCase(
            observation: "Refresh asked for every 12 h came \"every 12h or so\".",
            source: "https://github.com/0xCUB3/wBlock/issues/685", situation: "heavy user, refresh every 12 h",
            measured: "refresh runs", usage: .heavy, refreshInterval: 43_200, figure: { refresh($0)?.runsPerDay },
            bounds: 1...2, unit: .perDay),
        CalibrationCase(
            observation: "Fetch wakes an app \"about every 15 minutes (during the user's prime-time hours)\".",
            source: "https://github.com/transistorsoft/react-native-background-fetch/issues/14",
            situation: "heavy user", measured: "refresh runs", usage: .heavy, refreshInterval: 900,
            figure: { refresh($0)?.runsPerDay }, bounds: 0...24, unit: .perDay),
        CalibrationCase(
            observation: "An app little used: \"maybe only one or 2 requests a day, sometime none\".",
            source: "https://github.com/transistorsoft/react-native-background-fetch/issues/14",
            situation: "weekly user", measured: "refresh runs", usage: .weekly, refreshInterval: 900,
            figure: { refresh($0)?.runsPerDay }, bounds: 0...2, unit: .perDay),
        CalibrationCase(
            observation: "\"If they don't bring your iOS app into the foreground daily, iOS will pause fetch events.\"",
            source: "https://github.com/transistorsoft/flutter_background_fetch/issues/32", situation: "weekly user",
            measured: "of days without a refresh run", usage: .weekly, refreshInterval: 900,
            figure: { report in refresh(report).map { Double($0.daysWithoutRun) / Double(max(1, report.days)) } },
            bounds: 0.5...1, unit: .share),
        CalibrationCase(
            observation: "Processing runs \"within the next two days as long as the user has used your app "
                + "within the past week\".",
            source: "Apple, BackgroundTasks/BGTaskRequest.h (BGProcessingTaskRequest)", situation: "daily user",
            measured: "processing's 90th-percentile delay", usage: .daily, refreshInterval: 900,
            figure: { processing($0)?.p90Delay }, bounds: 0...172_800, unit: .hours),
    ]

    /// The refresh identifier's figures.
    static func refresh(_ report: SimulationReport) -> IdentifierReport? {
        report.identifier(CalibrationCase.refresh)
    }

    /// The processing identifier's figures.
    static func processing(_ report: SimulationReport) -> IdentifierReport? {
        report.identifier(CalibrationCase.processing)
    }
}
